package org.stag.formats.dynamic.walk;

import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;

/**
 * A {@link WalkPlan} as int tables, the form {@link SchemaWalk} runs: per node type its steps' kinds and
 * references, per array loop its members and bound, per field its layout and roles, per reference kind its
 * tag bits and types. Nothing here is decided anew: every entry is read off the plan.
 */
final class WalkTables {
    static final int ELEM = 0;
    static final int CHILD = 1;
    static final int LOOP = 2;

    final int rootType;
    final boolean ordered;

    /** Per node type, per step: its kind, and its field number (element, child) or loop number. */
    final int[][] stepKind;
    final int[][] stepRef;
    /** Per node type, per step: a child the search tells from the one before it by its first key. */
    final boolean[][] secondChild;
    /** Per node type: the field of its first step when that is a scalar nonempty element, else -1. */
    final int[] firstElem;

    /** Per array loop: members, size field (or -1), bound, and the search's element and child members. */
    final int[][] loopMembers;
    final int[] loopSize;
    final int[] loopBound;
    final int[] loopElem;
    final int[] loopChild;
    final boolean[] loopChildFirst;
    final boolean[] loopChildLonger;

    /** Per field. */
    final boolean[] element;
    final boolean[] nonempty;
    final boolean[] inArena;
    final boolean[] scalar;
    final boolean[] read;
    final int[] stride;
    final int[] sizeOf;
    final int[] addend;
    final int[] target;

    /** Per node type: the link of a chain of runs, else -1; a binary tree of runs' children, else -1; the runs. */
    final int[] chainLink;
    final int[] binLeft;
    final int[] binRight;
    final int[][] runs;

    /** Per reference kind: tag bits, and the type number of each tag. */
    final int[] kindBits;
    final int[][] kindTypes;

    WalkTables(WalkPlan p) {
        rootType = p.root().id();
        ordered = p.ordered();
        List<PlanField> fs = p.fields();
        element = flags(fs, PlanField::element);
        nonempty = flags(fs, PlanField::nonempty);
        inArena = flags(fs, PlanField::inArena);
        scalar = flags(fs, PlanField::scalar);
        read = flags(fs, PlanField::read);
        stride = ints(fs, PlanField::stride);
        sizeOf = ints(fs, PlanField::sizeField);
        addend = ints(fs, PlanField::addend);
        target = ints(fs, PlanField::kind);
        kindBits = ints(p.kinds(), RefKind::bits);
        kindTypes = p.kinds().stream().map(RefKind::types).toArray(int[][]::new);
        List<NodePlan> ts = p.types();
        List<WalkStep.Loop> loops = ts.stream().flatMap(t -> t.steps().stream())
                .flatMap(s -> s instanceof WalkStep.Loop l ? Stream.of(l) : Stream.empty()).toList();
        loopMembers = loops.stream().map(l -> ints(l.members(), PlanField::id)).toArray(int[][]::new);
        loopSize = ints(loops, l -> id(l.size()));
        loopBound = ints(loops, WalkStep.Loop::bound);
        loopElem = ints(loops, l -> id(l.element()));
        loopChild = ints(loops, l -> id(l.child()));
        loopChildFirst = flags(loops, WalkStep.Loop::childFirst);
        loopChildLonger = flags(loops, WalkStep.Loop::childLonger);
        stepKind = ts.stream().map(t -> ints(t.steps(), WalkTables::kindOf)).toArray(int[][]::new);
        stepRef = ts.stream().map(t -> ints(t.steps(), WalkTables::refOf)).toArray(int[][]::new);
        secondChild = ts.stream().map(t -> flags(t.steps(), s -> s instanceof WalkStep.Child c && c.second()))
                .toArray(boolean[][]::new);
        firstElem = ints(ts, t -> id(t.firstElement()));
        chainLink = ints(ts, t -> t.chainOfRuns() ? t.link().id() : -1);
        binLeft = ints(ts, t -> t.treeOfRuns() ? t.left().id() : -1);
        binRight = ints(ts, t -> t.treeOfRuns() ? t.right().id() : -1);
        runs = ts.stream().map(t -> t.runs() == null ? null : ints(t.runs(), PlanField::id)).toArray(int[][]::new);
    }

    private static int kindOf(WalkStep s) {
        return s instanceof WalkStep.Element ? ELEM : s instanceof WalkStep.Child ? CHILD : LOOP;
    }

    /** A step's field number (element, child) or loop number. */
    private static int refOf(WalkStep s) {
        if (s instanceof WalkStep.Element e) {
            return e.field().id();
        }
        return s instanceof WalkStep.Child c ? c.field().id() : ((WalkStep.Loop) s).id();
    }

    private static int id(PlanField f) {
        return f == null ? -1 : f.id();
    }

    private static <T> int[] ints(List<T> items, ToIntFunction<T> f) {
        return items.stream().mapToInt(f).toArray();
    }

    private static <T> boolean[] flags(List<T> items, Predicate<T> p) {
        boolean[] b = new boolean[items.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = p.test(items.get(i));
        }
        return b;
    }
}
