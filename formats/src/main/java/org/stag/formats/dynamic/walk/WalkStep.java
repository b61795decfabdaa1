package org.stag.formats.dynamic.walk;

import java.util.List;

/**
 * One step of a node type's walk, in {@code seq} order ({@code NodeType.traversal()}), with what the walks
 * decide at it written down once: where a descent is a tail call, which child of a gap a search must tell
 * from the one before it, and the roles of an array loop's members.
 */
public sealed interface WalkStep permits WalkStep.Element, WalkStep.Child, WalkStep.Loop {

    /** Visit the element in a scalar element field. */
    record Element(PlanField field) implements WalkStep {
    }

    /**
     * Descend into a scalar child.
     *
     * @param tail   whether it is the node type's last step: the descent needs no resume point (lists and
     *               right spines walk without a stack)
     * @param second whether it directly follows another child, in the same gap between elements (a skip
     *               list's successor after the run below): a search descends into the earlier child when the
     *               key is below this one's first element
     */
    record Child(PlanField field, boolean tail, boolean second) implements WalkStep {
    }

    /**
     * Loop over arrays in interleaved order: for {@code i} below {@code size + bound} (or {@code bound}
     * without a size field), member {@code m}'s slot {@code i} of each member long enough.
     *
     * @param id         the loop's number in its plan
     * @param members    the array fields, in interleaved order
     * @param size       the size field bounding the loop, or null when every member has a constant length
     * @param bound      the largest addend (or constant length) among the members
     * @param element    the first element member (the one a search binary-searches), or null
     * @param child      the first child member, or null
     * @param childFirst whether {@link #child} comes before {@link #element} in an iteration: the gap before
     *                   slot {@code i}'s element is child slot {@code i}, not {@code i - 1}
     */
    record Loop(int id, List<PlanField> members, PlanField size, int bound, PlanField element, PlanField child,
            boolean childFirst) implements WalkStep {

        public Loop {
            members = List.copyOf(members);
        }

        /** Whether {@code m} may be shorter than the loop, so its slot {@code i} needs a bound check. */
        public boolean shorter(PlanField m) {
            return m.addend() < bound;
        }

        /** Whether the child member has one slot more than the element member (B-tree {@code c[B + 1]}). */
        public boolean childLonger() {
            return child != null && element != null && child.addend() > element.addend();
        }

        /** Whether the loop is one element array alone: its slots are one run. */
        public boolean lone() {
            return members.size() == 1 && members.get(0).element();
        }

        /** Whether some member holds children. */
        public boolean descends() {
            return child != null;
        }
    }
}
