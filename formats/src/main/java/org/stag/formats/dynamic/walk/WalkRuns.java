package org.stag.formats.dynamic.walk;

import static org.stag.formats.dynamic.walk.WalkSlots.ABSENT;
import static org.stag.formats.dynamic.walk.WalkSlots.COLLECT;
import static org.stag.formats.dynamic.walk.WalkSlots.FIND;
import static org.stag.formats.dynamic.walk.WalkSlots.SIZE;

/**
 * The two shapes a read walks with a tight loop instead of the machine ({@link WalkMachine}), since lists are
 * long and trees deep: a chain of runs (list nodes, by following the link) and a binary tree of runs (in order,
 * with a stack of nodes). Both visit exactly what the machine would, in the same order.
 */
final class WalkRuns {
    private final WalkTables t;
    private final WalkSlots slots;
    private final boolean ordered;

    WalkRuns(WalkTables t, WalkSlots slots) {
        this.t = t;
        this.slots = slots;
        this.ordered = t.ordered;
    }

    /** The slots of element field {@code f} in node {@code h}: its first slot. */
    private int base(int f, int h, int[][] in) {
        return t.inArena[f] ? in[f][h] : h * t.stride[f];
    }

    /** The slots of element field {@code f} in node {@code h}: how many. */
    private int count(int f, int h, int[][] in) {
        return t.scalar[f] ? 1 : t.sizeOf[f] < 0 ? t.addend[f] : in[t.sizeOf[f]][h] + t.addend[f];
    }

    /**
     * The nodes of chain type {@code type} from {@code h} on. A lookup in a chain of sorted blocks (or single
     * elements) skips every block whose last stored element is below the key; in unordered blocks it compares
     * every slot.
     */
    int chain(int op, int type, int h, int[] out, double[] val, int acc, int key, WalkScratch sc) {
        int[][] in = sc.ints;
        int[] link = in[t.chainLink[type]];
        int[] fs = t.runs[type];
        if (fs.length == 1 && !t.inArena[fs[0]]) {
            int f = fs[0];
            int st = t.stride[f];
            if (t.scalar[f] && t.nonempty[f]) {
                return list(op, f, st, link, h, out, val, acc, key, sc);
            }
            int[] c = sc.crd[f];
            int[] size = t.sizeOf[f] < 0 ? null : in[t.sizeOf[f]];
            int fixed = t.scalar[f] ? 1 : t.addend[f];
            boolean full = t.nonempty[f];
            for (; h != 0; h = link[h]) {
                int n = size == null ? fixed : size[h] + fixed;
                acc = op == FIND ? slots.find(f, c, h * st, n, full, key, sc)
                        : slots.elements(op, f, h * st, n, out, val, acc, key, sc);
                if (op == FIND && acc != 0) {
                    return acc;
                }
            }
            return acc;
        }
        for (; h != 0; h = link[h]) {
            for (int f : fs) {
                acc = slots.elements(op, f, base(f, h, in), count(f, h, in), out, val, acc, key, sc);
                if (op == FIND && acc != 0) {
                    return acc;
                }
            }
        }
        return acc;
    }

    /** A list of single {@code nonempty} elements in field {@code f} (stride {@code st}), from {@code h} on. */
    private int list(int op, int f, int st, int[] link, int h, int[] out, double[] val, int acc, int key, WalkScratch sc) {
        if (op == SIZE) {
            for (; h != 0; h = link[h]) {
                acc++;
            }
            return acc;
        }
        if (op == COLLECT) {
            for (; h != 0; h = link[h]) {
                WalkSlots.copy(sc, f, h * st, out, val, acc++);
            }
            return acc;
        }
        int[] c = sc.crd[f];
        for (; h != 0; h = link[h]) {
            int x = c[h * st];
            if (x == key) {
                return WalkSlots.found(sc, f, h * st);
            }
            if (x > key && ordered) {
                return ABSENT;
            }
        }
        return 0;
    }

    /** The binary tree of type {@code type} under {@code h}, in order. */
    int binary(int op, int type, int h, int[] out, double[] val, int acc, int key, WalkScratch sc) {
        int[][] in = sc.ints;
        int[] left = in[t.binLeft[type]];
        int[] right = in[t.binRight[type]];
        int[] fs = t.runs[type];
        // One element per node (a BST, a red-black tree): counted or copied inline.
        boolean single = op != FIND && fs.length == 1 && t.scalar[fs[0]];
        int f0 = fs.length == 0 ? 0 : fs[0];
        int st = t.stride[f0];
        boolean full = t.nonempty[f0];
        int[] c = sc.crd[f0];
        int sp = 0;
        while (h != 0 || sp > 0) {
            for (; h != 0; h = left[h]) {
                sc.nodesFor(sp)[sp++] = h;
            }
            h = sc.nodes[--sp];
            if (single) {
                int k = h * st;
                if (full || c[k] >= 0) {
                    if (op == COLLECT) {
                        WalkSlots.copy(sc, f0, k, out, val, acc);
                    }
                    acc++;
                }
            } else {
                for (int f : fs) {
                    acc = t.scalar[f] ? slots.element(op, f, h * t.stride[f], out, val, acc, key, sc)
                            : slots.elements(op, f, base(f, h, in), count(f, h, in), out, val, acc, key, sc);
                    if (op == FIND && acc != 0) {
                        return acc;
                    }
                }
            }
            h = right[h];
        }
        return acc;
    }
}
