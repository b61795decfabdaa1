package org.stag.formats.dynamic.walk;

/** Binary search over sorted coordinates, shared by the schema walk and the static levels' lookup. */
public final class Bisect {
    private Bisect() {
    }

    /**
     * The first index in {@code [lo, hi)} whose coordinate is at or above {@code key} ({@code hi} if none), for
     * sorted distinct coordinates (a node's, a block's or a compressed level's segment).
     */
    public static int lowerBound(int[] c, int lo, int hi, int key) {
        // A plain halving loop: no range check and no early exit, which measured faster here than Arrays.binarySearch.
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (c[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
