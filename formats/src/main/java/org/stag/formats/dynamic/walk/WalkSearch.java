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
    private final WalkTables t;

    WalkSearch(WalkTables t) {
        this.t = t;
    }

    private int[] crds(WalkArrays a, int f) {
        return t.inArena[f] ? a.arenaCoordinates() : a.ints(f);
    }

    private double value(WalkArrays a, int f, int k) {
        boolean arena = t.inArena[f];
        return Carried.get(arena ? a.arenaValues() : a.values(f), arena ? a.arenaPositions() : a.positions(f), k);
    }

    private int base(WalkArrays a, int f, int h) {
        return t.inArena[f] ? a.ints(f)[h] : h * t.stride[f];
    }

    private int length(WalkArrays a, int f, int h) {
        return t.sizeOf[f] < 0 ? t.addend[f] : a.ints(t.sizeOf[f])[h] + t.addend[f];
    }

    /** The first (smallest) key under reference {@code x} of kind {@code k}, whose types start with an element. */
    private int firstKey(WalkArrays a, int k, int x) {
        int bits = t.kindBits[k];
        int f = t.firstElem[t.kindTypes[k][x & ((1 << bits) - 1)]];
        return crds(a, f)[(x >>> bits) * t.stride[f]];
    }

    /** The value of {@code key} in the structure at {@code root}, or NaN. */
    double search(WalkArrays a, int root, int key) {
        int type = t.rootType;
        int h = root;
        while (true) {
            int g = 0;
            int gk = 0;
            int[] kinds = t.stepKind[type];
            int[] refs = t.stepRef[type];
            for (int s = 0; s < kinds.length; s++) {
                int ref = refs[s];
                if (kinds[s] == ELEM) {
                    int c = crds(a, ref)[h];
                    if (key <= c) {
                        if (key == c) {
                            return value(a, ref, h);
                        }
                        break;
                    }
                    g = 0;
                } else if (kinds[s] == CHILD) {
                    int x = a.ints(ref)[h];
                    if (!t.secondChild[type][s]) {
                        g = x;
                        gk = t.target[ref];
                    } else if (x != 0) {
                        if (g != 0 && key < firstKey(a, t.target[ref], x)) {
                            break;
                        }
                        g = x;
                        gk = t.target[ref];
                    }
                } else {
                    int e = t.loopElem[ref];
                    int ch = t.loopChild[ref];
                    int[] c = crds(a, e);
                    int b = base(a, e, h);
                    int n = length(a, e, h);
                    int lo = WalkSlots.lowerBound(c, b, b + n, key);
                    int[] kids = ch < 0 ? null : a.ints(ch);
                    int cb = ch < 0 ? 0 : base(a, ch, h);
                    boolean childFirst = t.loopChildFirst[ref];
                    if (lo < b + n) {
                        if (c[lo] == key) {
                            return value(a, e, lo);
                        }
                        if (ch >= 0 && childFirst) {
                            g = kids[cb + lo - b];
                            gk = t.target[ch];
                        } else if (lo > b) {
                            g = ch < 0 ? 0 : kids[cb + lo - b - 1];
                            gk = ch < 0 ? gk : t.target[ch];
                        }
                        break;
                    }
                    // The key is above every element of the loop: the gap is what follows the last one.
                    if (ch >= 0 && childFirst && t.loopChildLonger[ref]) {
                        g = kids[cb + n];
                        gk = t.target[ch];
                    } else if (n > 0) {
                        g = ch < 0 || childFirst ? 0 : kids[cb + n - 1];
                        gk = ch < 0 ? gk : t.target[ch];
                    }
                }
            }
            if (g == 0) {
                return Double.NaN;
            }
            int bits = t.kindBits[gk];
            type = t.kindTypes[gk][g & ((1 << bits) - 1)];
            h = g >>> bits;
        }
    }
}
