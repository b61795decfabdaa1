package org.stag.formats.dynamic.walk;

import java.util.List;
import org.stag.formats.schema.NodeType;

/**
 * One node type's walk: its steps, and the shapes read off them that walks take with a tight loop instead
 * of the general machine.
 *
 * @param id           the type's number in its plan (the schema's order of node types)
 * @param type         the node type
 * @param steps        its steps, in {@code seq} order (declaration order for an unordered type)
 * @param link         for a chain in coordinate order (a list node: one child, of its own type, after all
 *                     its elements; {@code NodeType.chain()}), the link; else null
 * @param left         for a binary tree node (its first and last steps children of its own type, no child
 *                     between them), the first child; else null
 * @param right        for a binary tree node, the last child; else null
 * @param runs         the element fields of its non-child steps in order, when each such step is a scalar
 *                     element or an element array looped alone (so a node's elements are runs of slots);
 *                     else null
 * @param firstElement the field of its first step when that is a scalar {@code nonempty} element (the
 *                     smallest key of the subtree, in an ordered schema); else null
 */
public record NodePlan(int id, NodeType type, List<WalkStep> steps, PlanField link, PlanField left, PlanField right,
        List<PlanField> runs, PlanField firstElement) {

    public NodePlan {
        steps = List.copyOf(steps);
        runs = runs == null ? null : List.copyOf(runs);
    }

    /** Whether lists of this type are walked by following the link: a chain whose elements are runs. */
    public boolean chainOfRuns() {
        return link != null && runs != null;
    }

    /** Whether subtrees of this type are walked in order with a stack of nodes: a binary tree whose elements are runs. */
    public boolean treeOfRuns() {
        return left != null && runs != null;
    }
}
