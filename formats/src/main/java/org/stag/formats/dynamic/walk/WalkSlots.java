package org.stag.formats.dynamic.walk;

/**
 * What a read does at element slots, for each of its three operations: count them ({@link #SIZE}), copy them
 * out ({@link #COLLECT}) or look for a key ({@link #FIND}). Each method takes and returns the operation's
 * accumulator: the count, the next index written, or for a lookup {@link #FOUND} (the value in the scratch),
 * {@link #ABSENT} (an ordered structure has passed the key) or 0 to go on.
 */
final class WalkSlots {
    static final int SIZE = 0;
    static final int COLLECT = 1;
    static final int FIND = 2;

    static final int FOUND = 1;
    static final int ABSENT = 2;

    private final boolean ordered;
    private final boolean[] nonempty;

    WalkSlots(WalkTables t) {
        this.ordered = t.ordered;
        this.nonempty = t.nonempty;
    }

    /** Records slot {@code k} of field {@code f} as the one found. */
    static int found(WalkScratch sc, int f, int k) {
        sc.value = Carried.get(sc.dv[f], sc.pv[f], k);
        return FOUND;
    }

    /** Writes slot {@code k} of field {@code f} at {@code out[at]} (and its value at {@code val[at]} unless null). */
    static void copy(WalkScratch sc, int f, int k, int[] out, double[] val, int at) {
        out[at] = sc.crd[f][k];
        if (val != null) {
            val[at] = Carried.get(sc.dv[f], sc.pv[f], k);
        }
    }

    /** The one element in slot {@code k} of field {@code f}. */
    int element(int op, int f, int k, int[] out, double[] val, int acc, int key, WalkScratch sc) {
        int c = sc.crd[f][k];
        if (c < 0 && !nonempty[f]) {
            return acc;
        }
        if (op == COLLECT) {
            copy(sc, f, k, out, val, acc);
            return acc + 1;
        }
        if (op == SIZE) {
            return acc + 1;
        }
        if (c == key) {
            return found(sc, f, k);
        }
        return ordered && c > key ? ABSENT : 0;
    }

    /** Slots {@code [b, b + n)} of element field {@code f}. */
    int elements(int op, int f, int b, int n, int[] out, double[] val, int acc, int key, WalkScratch sc) {
        if (n <= 0) {
            return acc;
        }
        int[] c = sc.crd[f];
        boolean full = nonempty[f];
        if (op == SIZE) {
            if (full) {
                return acc + n;
            }
            for (int k = b; k < b + n; k++) {
                if (c[k] >= 0) {
                    acc++;
                }
            }
            return acc;
        }
        if (op == COLLECT) {
            if (full) {
                System.arraycopy(c, b, out, acc, n);
                if (val != null && sc.dv[f] != null) {
                    System.arraycopy(sc.dv[f], b, val, acc, n);
                } else if (val != null) {
                    int[] p = sc.pv[f];
                    for (int k = 0; k < n; k++) {
                        val[acc + k] = p != null ? p[b + k] : 1.0;
                    }
                }
                return acc + n;
            }
            for (int k = b; k < b + n; k++) {
                if (c[k] >= 0) {
                    copy(sc, f, k, out, val, acc++);
                }
            }
            return acc;
        }
        return find(f, c, b, n, full, key, sc);
    }

    /** {@link #FIND} over slots {@code [b, b + n)} of field {@code f}, coordinates {@code c}. */
    int find(int f, int[] c, int b, int n, boolean full, int key, WalkScratch sc) {
        int hi = b + n;
        if (!ordered) {
            for (int k = b; k < hi; k++) {
                if (c[k] == key) {
                    return found(sc, f, k);
                }
            }
            return 0;
        }
        // Empty slots (-1) may lie anywhere: skip the block when its last stored coordinate is below the key.
        int last = hi - 1;
        while (!full && last >= b && c[last] < 0) {
            last--;
        }
        if (last < b || c[last] < key) {
            return 0;
        }
        // The key is in this block or nowhere: the first slot at or above it decides.
        int k = full ? Bisect.lowerBound(c, b, last, key) : b;
        while (c[k] < key) {
            k++;
        }
        return c[k] == key ? found(sc, f, k) : ABSENT;
    }
}
