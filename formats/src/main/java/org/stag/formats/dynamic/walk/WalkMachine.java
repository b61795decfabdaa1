package org.stag.formats.dynamic.walk;

import static org.stag.formats.dynamic.walk.WalkSlots.COLLECT;
import static org.stag.formats.dynamic.walk.WalkSlots.FIND;
import static org.stag.formats.dynamic.walk.WalkTables.CHILD;
import static org.stag.formats.dynamic.walk.WalkTables.ELEM;

/**
 * The plan's walk as a machine with an explicit stack of frames (node type, node, step, position in an
 * interleaved array loop): a node's steps run in a loop until a child is entered, which saves the step to
 * resume at and continues with the child's frame. A child that is its node's last step replaces the frame (a
 * tail call), so lists and right spines need no stack. Chains and binary trees of runs are handed to
 * {@link WalkRuns} whole. Elements come in {@code seq} order (storage order for an unordered schema); empty
 * slots of fields that are not {@code nonempty} are skipped.
 */
final class WalkMachine {
    private final WalkTables t;
    private final WalkSlots slots;
    private final WalkRuns runs;
    private final int[][] stepKind;
    private final int[][] stepRef;
    private final int[] target;
    private final int[] kindBits;
    private final int[][] kindTypes;

    WalkMachine(WalkTables t) {
        this.t = t;
        this.slots = new WalkSlots(t);
        this.runs = new WalkRuns(t, slots);
        this.stepKind = t.stepKind;
        this.stepRef = t.stepRef;
        this.target = t.target;
        this.kindBits = t.kindBits;
        this.kindTypes = t.kindTypes;
    }

    /**
     * Runs the walk of the structure at {@code root} in {@code a}: counts ({@link WalkSlots#SIZE}; returns the
     * count), writes elements from {@code at} ({@link WalkSlots#COLLECT}; returns the next index) or looks for
     * {@code key} ({@link WalkSlots#FIND}; returns {@link WalkSlots#FOUND} with the value in the scratch, or
     * something else).
     */
    int run(int op, WalkArrays a, int root, int[] out, double[] val, int at, int key, WalkScratch sc) {
        sc.unpack(t, a);
        try {
            return machine(op, root, out, val, at, key, sc);
        } finally {
            sc.release();
        }
    }

    private int machine(int op, int root, int[] out, double[] val, int at, int key, WalkScratch sc) {
        int[][] in = sc.ints;
        int[] fr = sc.frames;
        fr[0] = t.rootType;
        fr[1] = root;
        fr[2] = 0;
        fr[3] = 0;
        int sp = 1;
        int acc = op == COLLECT ? at : 0;
        frames:
        while (sp > 0) {
            int o = 4 * (sp - 1);
            int type = fr[o];
            int h = fr[o + 1];
            int s = fr[o + 2];
            if (s == 0 && (t.chainLink[type] >= 0 || t.binLeft[type] >= 0)) {
                // A chain or a binary tree is the whole subtree: a tight loop walks it.
                sp--;
                acc = t.chainLink[type] >= 0 ? runs.chain(op, type, h, out, val, acc, key, sc)
                        : runs.binary(op, type, h, out, val, acc, key, sc);
                if (op == FIND && acc != 0) {
                    return acc;
                }
                continue;
            }
            int[] kinds = stepKind[type];
            int[] refs = stepRef[type];
            for (; s < kinds.length; s++) {
                int ref = refs[s];
                int kind = kinds[s];
                if (kind == ELEM) {
                    acc = slots.element(op, ref, h * t.stride[ref], out, val, acc, key, sc);
                    if (op == FIND && acc != 0) {
                        return acc;
                    }
                } else if (kind == CHILD) {
                    int x = in[ref][h];
                    if (x == 0) {
                        continue;
                    }
                    if (s + 1 < kinds.length) {
                        fr[o + 2] = s + 1;
                        o = 4 * sp++;
                        fr = sc.framesFor(o);
                    }
                    enter(fr, o, target[ref], x);
                    continue frames;
                } else {
                    int[] members = t.loopMembers[ref];
                    int len = t.loopSize[ref] < 0 ? t.loopBound[ref] : in[t.loopSize[ref]][h] + t.loopBound[ref];
                    if (members.length == 1 && t.element[members[0]]) {
                        int f = members[0];
                        acc = slots.elements(op, f, base(f, h, in), len, out, val, acc, key, sc);
                        if (op == FIND && acc != 0) {
                            return acc;
                        }
                        continue;
                    }
                    // Interleaved members: position q = i * M + m is member m of iteration i.
                    int mCount = members.length;
                    int end = len * mCount;
                    for (int q = fr[o + 3]; q < end; ) {
                        int i = q / mCount;
                        int f = members[q - i * mCount];
                        q++;
                        if (i >= (t.sizeOf[f] < 0 ? t.addend[f] : in[t.sizeOf[f]][h] + t.addend[f])) {
                            continue;
                        }
                        int slot = base(f, h, in) + i;
                        if (t.element[f]) {
                            acc = slots.element(op, f, slot, out, val, acc, key, sc);
                            if (op == FIND && acc != 0) {
                                return acc;
                            }
                            continue;
                        }
                        int x = in[f][slot];
                        if (x == 0) {
                            continue;
                        }
                        if (q == end && s + 1 == kinds.length) {
                            enter(fr, o, target[f], x);
                        } else {
                            fr[o + 2] = q == end ? s + 1 : s;
                            fr[o + 3] = q == end ? 0 : q;
                            o = 4 * sp++;
                            fr = sc.framesFor(o);
                            enter(fr, o, target[f], x);
                        }
                        continue frames;
                    }
                    fr[o + 3] = 0;
                }
            }
            sp--;
        }
        return acc;
    }

    /** Slot 0 of array field {@code f} of node {@code h}. */
    private int base(int f, int h, int[][] in) {
        return t.inArena[f] ? in[f][h] : h * t.stride[f];
    }

    /** Writes the frame of reference {@code x} of kind {@code k}, at its first step, at {@code o}. */
    private void enter(int[] fr, int o, int k, int x) {
        int bits = kindBits[k];
        fr[o] = kindTypes[k][x & ((1 << bits) - 1)];
        fr[o + 1] = x >>> bits;
        fr[o + 2] = 0;
        fr[o + 3] = 0;
    }
}
