package org.stag.loaders;

import java.util.Arrays;

/**
 * Sorts one row of a graph being built by column and merges the entries that share a column, keeping
 * counts of what it merged. One instance per worker (its scratch arrays are reused from row to row);
 * {@link #forPart()} makes them and {@link #add} sums their counts. A row of an undirected edge list, whose
 * mirrors are marked, goes to {@link PairedRowMerge}.
 */
final class RowMerge extends MergeState {
    private static final int INSERTION_SORT_MAX = 24;
    private final boolean pairs;
    private final RowSort runs = new RowSort();
    private final PairedRowMerge paired;

    RowMerge(DuplicatePolicy policy, boolean policyGiven, boolean pairs) {
        super(policy, policyGiven);
        this.pairs = pairs;
        this.paired = pairs ? new PairedRowMerge(this) : null;
    }

    /** A fresh merger with the same rules, for one worker. */
    RowMerge forPart() {
        return new RowMerge(policy, policyGiven, pairs);
    }

    /** Sorts and merges row {@code r}, stored in {@code [lo, hi)}; returns how many columns it keeps. */
    int row(int r, int[] col, double[] val, int lo, int hi) {
        int len = hi - lo;
        if (pairs && len > 0) {
            int kept = paired.row(r, col, val, lo, hi);
            if (kept >= 0) {
                return kept;
            }
        }
        // Rows of sorted input and its mirror are a few sorted runs: merging them is the cheap sort.
        if (len > 1 && !runs.mergeRuns(col, val, lo, hi)) {
            if (val == null) {
                Arrays.sort(col, lo, hi);
            } else if (len <= INSERTION_SORT_MAX) {
                insertionSort(col, val, lo, hi);
            } else {
                stableSort(col, val, lo, hi);
            }
        }
        int kept = mergeDuplicates(col, val, lo, hi);
        repeatedLines += len - kept;
        return kept;
    }

    private static void insertionSort(int[] col, double[] val, int lo, int hi) {
        for (int i = lo + 1; i < hi; i++) {
            int c = col[i];
            double v = val[i];
            int j = i - 1;
            while (j >= lo && col[j] > c) {
                col[j + 1] = col[j];
                val[j + 1] = val[j];
                j--;
            }
            col[j + 1] = c;
            val[j + 1] = v;
        }
    }

    /** Sorts (column, position) keys, which are unique, so the result is stable without a stable sort. */
    private void stableSort(int[] col, double[] val, int lo, int hi) {
        int len = hi - lo;
        loadKeys(col, val, lo, hi);
        for (int i = 0; i < len; i++) {
            col[lo + i] = (int) (keys[i] >> 32);
            val[lo + i] = values[(int) keys[i]];
        }
    }

    /** Merges runs of equal columns to the front of the row; returns the number of distinct columns. */
    private int mergeDuplicates(int[] col, double[] val, int lo, int hi) {
        if (hi - lo < 2) {
            return hi - lo;
        }
        int out = lo;
        for (int p = lo + 1; p < hi; p++) {
            if (col[p] == col[out]) {
                if (val != null) {
                    val[out] = policy.combine(val[out], val[p]);
                }
            } else {
                out++;
                col[out] = col[p];
                if (val != null) {
                    val[out] = val[p];
                }
            }
        }
        return out - lo + 1;
    }
}
