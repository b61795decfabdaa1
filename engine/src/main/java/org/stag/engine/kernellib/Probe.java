package org.stag.engine.kernellib;

/** Locating a coordinate in levels that have no O(1) locate, for computed coordinates in generated code. */
public final class Probe {
    private Probe() {
    }

    /** Position of {@code i} in the sorted segment {@code crd[from, to)}, or -1 (binary search). */
    public static int sorted(int[] crd, int from, int to, int i) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (crd[mid] < i) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < to && crd[lo] == i ? lo : -1;
    }

    /** Position of {@code i} among the buckets of parent {@code p} of a hashed level, or -1 (linear probing). */
    public static int hashed(int[] seg, int[] crd, int p, int i) {
        int base = seg[p];
        int mask = seg[p + 1] - base - 1;
        if (mask < 0) {
            return -1;
        }
        int s = org.stag.formats.level.HashedLevel.home(i, mask);
        for (int probes = 0; probes <= mask; probes++) {
            int c = crd[base + s];
            if (c == i) {
                return base + s;
            }
            if (c == -1) {
                return -1;
            }
            s = (s + 1) & mask;
        }
        return -1;
    }
}
