package org.stag.loaders;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;

/**
 * What a row merge keeps from row to row, and what its plain and paired halves ({@link RowMerge},
 * {@link PairedRowMerge}) share: the duplicate policy, the sort keys' scratch, the counts of repeated lines and
 * mirrored pairs, and the conflicting pairs.
 */
abstract class MergeState {
    /** Conflicts remembered per worker; one is reported, the rest only need to exist. */
    static final int MAX_CONFLICTS = 1 << 12;

    final DuplicatePolicy policy;
    final boolean policyGiven;

    /** Scratch of {@link #loadKeys}: sorted {@code (column << 32) | position}, and the values in row order. */
    long[] keys = new long[16];
    double[] values = new double[16];
    /** Lines that repeat an earlier line's (row, column), counted once each (paired rows only). */
    long repeatedLines;
    /** Lines whose mirror is also a line, counted once per pair. */
    long mirroredPairs;
    /** {@code (row << 32) | column} of pairs whose two directions have different values. */
    final LongArrayList conflicts = new LongArrayList();

    MergeState(DuplicatePolicy policy, boolean policyGiven) {
        this.policy = policy;
        this.policyGiven = policyGiven;
    }

    /** Adds a worker's counts to this one's. */
    void add(MergeState part) {
        repeatedLines += part.repeatedLines;
        mirroredPairs += part.mirroredPairs;
        for (int i = 0; i < part.conflicts.size() && conflicts.size() < MAX_CONFLICTS; i++) {
            conflicts.add(part.conflicts.getLong(i));
        }
    }

    /** Fills {@link #keys} with sorted {@code (column << 32) | position} and {@link #values} in row order. */
    void loadKeys(int[] col, double[] val, int lo, int hi) {
        int len = hi - lo;
        if (keys.length < len) {
            keys = new long[Math.max(len, keys.length * 2)];
            values = new double[keys.length];
        }
        for (int i = 0; i < len; i++) {
            keys[i] = ((long) col[lo + i] << 32) | i;
            values[i] = val[lo + i];
        }
        Arrays.sort(keys, 0, len);
    }

    /** Equal values, NaN equal to NaN (a pair written twice as {@code nan} is one edge). */
    static boolean same(double a, double b) {
        return a == b || a != a && b != b;
    }

    /** The policy applied to the keys {@code [from, to)}, which are in file order. */
    double combine(int from, int to) {
        double v = values[(int) keys[from]];
        for (int i = from + 1; i < to; i++) {
            v = policy.combine(v, values[(int) keys[i]]);
        }
        return v;
    }
}
