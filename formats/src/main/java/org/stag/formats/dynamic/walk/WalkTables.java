package org.stag.formats.dynamic.walk;

import java.util.List;

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
        int nf = fs.size();
        element = new boolean[nf];
        nonempty = new boolean[nf];
        inArena = new boolean[nf];
        scalar = new boolean[nf];
        read = new boolean[nf];
        stride = new int[nf];
        sizeOf = new int[nf];
        addend = new int[nf];
        target = new int[nf];
        for (PlanField f : fs) {
            int i = f.id();
            element[i] = f.element();
            nonempty[i] = f.nonempty();
            inArena[i] = f.inArena();
            scalar[i] = f.scalar();
            read[i] = f.read();
            stride[i] = f.stride();
            sizeOf[i] = f.sizeField();
            addend[i] = f.addend();
            target[i] = f.kind();
        }
        int nk = p.kinds().size();
        kindBits = new int[nk];
        kindTypes = new int[nk][];
        for (RefKind k : p.kinds()) {
            kindBits[k.id()] = k.bits();
            kindTypes[k.id()] = k.types();
        }
        int nl = p.loops();
        loopMembers = new int[nl][];
        loopSize = new int[nl];
        loopBound = new int[nl];
        loopElem = new int[nl];
        loopChild = new int[nl];
        loopChildFirst = new boolean[nl];
        loopChildLonger = new boolean[nl];
        int nt = p.types().size();
        stepKind = new int[nt][];
        stepRef = new int[nt][];
        secondChild = new boolean[nt][];
        firstElem = new int[nt];
        chainLink = new int[nt];
        binLeft = new int[nt];
        binRight = new int[nt];
        runs = new int[nt][];
        for (NodePlan t : p.types()) {
            int i = t.id();
            List<WalkStep> steps = t.steps();
            stepKind[i] = new int[steps.size()];
            stepRef[i] = new int[steps.size()];
            secondChild[i] = new boolean[steps.size()];
            for (int s = 0; s < steps.size(); s++) {
                WalkStep step = steps.get(s);
                if (step instanceof WalkStep.Element e) {
                    stepKind[i][s] = ELEM;
                    stepRef[i][s] = e.field().id();
                } else if (step instanceof WalkStep.Child c) {
                    stepKind[i][s] = CHILD;
                    stepRef[i][s] = c.field().id();
                    secondChild[i][s] = c.second();
                } else {
                    WalkStep.Loop l = (WalkStep.Loop) step;
                    stepKind[i][s] = LOOP;
                    stepRef[i][s] = l.id();
                    loop(l);
                }
            }
            firstElem[i] = t.firstElement() == null ? -1 : t.firstElement().id();
            chainLink[i] = t.chainOfRuns() ? t.link().id() : -1;
            binLeft[i] = t.treeOfRuns() ? t.left().id() : -1;
            binRight[i] = t.treeOfRuns() ? t.right().id() : -1;
            runs[i] = t.runs() == null ? null : t.runs().stream().mapToInt(PlanField::id).toArray();
        }
    }

    private void loop(WalkStep.Loop l) {
        int i = l.id();
        loopMembers[i] = l.members().stream().mapToInt(PlanField::id).toArray();
        loopSize[i] = l.size() == null ? -1 : l.size().id();
        loopBound[i] = l.bound();
        loopElem[i] = l.element() == null ? -1 : l.element().id();
        loopChild[i] = l.child() == null ? -1 : l.child().id();
        loopChildFirst[i] = l.childFirst();
        loopChildLonger[i] = l.childLonger();
    }
}
