package org.stag.formats.dynamic.walk;

import static org.stag.formats.dynamic.walk.WalkTables.ELEM;
import static org.stag.formats.dynamic.walk.WalkTables.CHILD;

/**
 * The descent of a search tree, for a plan that {@link SearchRule} allows: O(depth) nodes, a binary search per
 * array loop. A node's steps are read in order keeping the child of the current gap {@code g}: a scalar child
 * becomes the gap (a second child in a row replaces it unless the key is below its first element), a scalar
 * element at or above the key ends the node (found, or descend into the gap), and an array loop
 * binary-searches its element member for the first slot at or above the key, whose gap is the child member
 * just before it in the interleaving (or the gap before the loop). Past the last step, the key is above every
 * element, and the search descends into the gap. It reads the store's arrays directly, fetching each as it
 * meets it. Generated {@code locate} emits the same descent.
 */
final class WalkSearch {
    // The tables the descent reads, as fields of its own: one load less per use in the loop.
    private final int rootType;
    private final int[][] stepKind;
    private final int[][] stepRef;
    private final boolean[][] secondChild;
    private final boolean[] inArena;
    private final int[] stride;
    private final int[] sizeOf;
    private final int[] addend;
    private final int[] target;
    private final int[] loopElem;
    private final int[] loopChild;
    private final boolean[] loopChildFirst;
    private final boolean[] loopChildLonger;
    private final int[] kindBits;
    private final int[][] kindTypes;
    private final int[] firstElem;

    WalkSearch(WalkTables t) {
        rootType = t.rootType;
        stepKind = t.stepKind;
        stepRef = t.stepRef;
        secondChild = t.secondChild;
        inArena = t.inArena;
        stride = t.stride;
        sizeOf = t.sizeOf;
        addend = t.addend;
        target = t.target;
        loopElem = t.loopElem;
        loopChild = t.loopChild;
        loopChildFirst = t.loopChildFirst;
        loopChildLonger = t.loopChildLonger;
        kindBits = t.kindBits;
        kindTypes = t.kindTypes;
        firstElem = t.firstElem;
    }

    private int[] crds(WalkArrays a, int f) {
        return inArena[f] ? a.arenaCoordinates() : a.ints(f);
    }

    private static double value(WalkArrays a, boolean arena, int f, int k) {
        double[] d = arena ? a.arenaValues() : a.values(f);
        return d != null ? d[k] : Carried.get(null, arena ? a.arenaPositions() : a.positions(f), k);
    }

    private int base(WalkArrays a, int f, int h) {
        return inArena[f] ? a.ints(f)[h] : h * stride[f];
    }

    private int length(WalkArrays a, int f, int h) {
        return sizeOf[f] < 0 ? addend[f] : a.ints(sizeOf[f])[h] + addend[f];
    }

    /** The first (smallest) key under reference {@code x} of kind {@code k}, whose types start with an element. */
    private int firstKey(WalkArrays a, int k, int x) {
        int bits = kindBits[k];
        int f = firstElem[kindTypes[k][x & ((1 << bits) - 1)]];
        return crds(a, f)[(x >>> bits) * stride[f]];
    }

    /** The value of {@code key} in the structure at {@code root}, or NaN. */
    double search(WalkArrays a, int root, int key) {
        int type = rootType;
        int h = root;
        while (true) {
            int g = 0;
            int gk = 0;
            int[] kinds = stepKind[type];
            int[] refs = stepRef[type];
            for (int s = 0; s < kinds.length; s++) {
                int ref = refs[s];
                if (kinds[s] == ELEM) {
                    int c = crds(a, ref)[h];
                    if (key <= c) {
                        if (key == c) {
                            return value(a, inArena[ref], ref, h);
                        }
                        break;
                    }
                    g = 0;
                } else if (kinds[s] == CHILD) {
                    int x = a.ints(ref)[h];
                    if (!secondChild[type][s]) {
                        g = x;
                        gk = target[ref];
                    } else if (x != 0) {
                        if (g != 0 && key < firstKey(a, target[ref], x)) {
                            break;
                        }
                        g = x;
                        gk = target[ref];
                    }
                } else {
                    int e = loopElem[ref];
                    int ch = loopChild[ref];
                    int[] c = crds(a, e);
                    int b = base(a, e, h);
                    int n = length(a, e, h);
                    int lo = Bisect.lowerBound(c, b, b + n, key);
                    int[] kids = ch < 0 ? null : a.ints(ch);
                    int cb = ch < 0 ? 0 : base(a, ch, h);
                    boolean childFirst = loopChildFirst[ref];
                    if (lo < b + n) {
                        if (c[lo] == key) {
                            return value(a, inArena[e], e, lo);
                        }
                        if (ch >= 0 && childFirst) {
                            g = kids[cb + lo - b];
                            gk = target[ch];
                        } else if (lo > b) {
                            g = ch < 0 ? 0 : kids[cb + lo - b - 1];
                            gk = ch < 0 ? gk : target[ch];
                        }
                        break;
                    }
                    // The key is above every element of the loop: the gap is what follows the last one.
                    if (ch >= 0 && childFirst && loopChildLonger[ref]) {
                        g = kids[cb + n];
                        gk = target[ch];
                    } else if (n > 0) {
                        g = ch < 0 || childFirst ? 0 : kids[cb + n - 1];
                        gk = ch < 0 ? gk : target[ch];
                    }
                }
            }
            if (g == 0) {
                return Double.NaN;
            }
            int bits = kindBits[gk];
            type = kindTypes[gk][g & ((1 << bits) - 1)];
            h = g >>> bits;
        }
    }
}
