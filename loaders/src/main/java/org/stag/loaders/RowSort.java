package org.stag.loaders;

/**
 * Sorts a row of (column, value) pairs by column, stably, when it is made of a few sorted runs, as rows are
 * after {@link GraphBuilder} places sorted input and its mirror: the runs are merged pairwise through a
 * scratch buffer, in O(length × log runs) instead of a general sort. One instance per thread.
 */
final class RowSort {
    /** Rows with more runs than this are left to a general sort. */
    static final int MAX_RUNS = 32;

    private final int[] bounds = new int[MAX_RUNS + 1];
    private int[] scratchCol = new int[64];
    private double[] scratchVal = new double[64];

    /**
     * Sorts {@code col[lo, hi)} (and {@code val} alike, when not {@code null}) if it holds at most
     * {@link #MAX_RUNS} ascending runs; equal columns keep their order. Returns {@code false}, changing
     * nothing, when there are more runs.
     */
    boolean mergeRuns(int[] col, double[] val, int lo, int hi) {
        int runs = 0;
        bounds[0] = 0;
        for (int p = lo + 1; p < hi; p++) {
            if (col[p] < col[p - 1]) {
                if (++runs == MAX_RUNS) {
                    return false;
                }
                bounds[runs] = p - lo;
            }
        }
        int len = hi - lo;
        bounds[++runs] = len;
        if (runs == 1) {
            return true;
        }
        if (scratchCol.length < len) {
            scratchCol = new int[Math.max(len, scratchCol.length * 2)];
            scratchVal = new double[scratchCol.length];
        }
        int[] ac = col;
        double[] av = val;
        int aOff = lo;
        int[] bc = scratchCol;
        double[] bv = val == null ? null : scratchVal;
        int bOff = 0;
        while (runs > 1) {
            int merged = 0;
            for (int i = 0; i < runs; i += 2) {
                int from = bounds[i];
                int mid = bounds[Math.min(i + 1, runs)];
                int to = bounds[Math.min(i + 2, runs)];
                merge(ac, av, aOff, from, mid, to, bc, bv, bOff);
                // Written at i / 2, never ahead of what is still to be read.
                bounds[merged++] = from;
            }
            bounds[merged] = len;
            runs = merged;
            int[] tc = ac;
            ac = bc;
            bc = tc;
            double[] tv = av;
            av = bv;
            bv = tv;
            int to = aOff;
            aOff = bOff;
            bOff = to;
        }
        if (ac != col) {
            System.arraycopy(ac, aOff, col, lo, len);
            if (val != null) {
                System.arraycopy(av, aOff, val, lo, len);
            }
        }
        return true;
    }

    /** Merges runs {@code [from, mid)} and {@code [mid, to)} of a into the same positions of b; ties from the left. */
    private static void merge(int[] ac, double[] av, int aOff, int from, int mid, int to, int[] bc, double[] bv, int bOff) {
        int i = from;
        int j = mid;
        int k = from;
        while (i < mid && j < to) {
            if (ac[aOff + j] < ac[aOff + i]) {
                bc[bOff + k] = ac[aOff + j];
                if (av != null) {
                    bv[bOff + k] = av[aOff + j];
                }
                j++;
            } else {
                bc[bOff + k] = ac[aOff + i];
                if (av != null) {
                    bv[bOff + k] = av[aOff + i];
                }
                i++;
            }
            k++;
        }
        System.arraycopy(ac, aOff + i, bc, bOff + k, mid - i);
        System.arraycopy(ac, aOff + j, bc, bOff + k + (mid - i), to - j);
        if (av != null) {
            System.arraycopy(av, aOff + i, bv, bOff + k, mid - i);
            System.arraycopy(av, aOff + j, bv, bOff + k + (mid - i), to - j);
        }
    }
}
