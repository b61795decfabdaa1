package org.stag.formats.dynamic;

import it.unimi.dsi.fastutil.longs.LongArrays;

/**
 * A batch of edge updates prepared for merging: sorted by (row, column), one entry per coordinate (the
 * last value given for a repeated coordinate wins), with row boundaries. Sorting packs (row, column) into
 * one long key and radix-sorts it (in parallel for large batches).
 */
public final class UpdateBatch {
    final int[] rows;
    final int[] cols;
    final double[] vals;
    final int size;
    /** Distinct rows, ascending, and where each starts in {@link #cols}: {@code start[i] .. start[i+1]}. */
    final int[] rowIds;
    final int[] rowStart;
    final int duplicatesDropped;

    private UpdateBatch(int[] rows, int[] cols, double[] vals, int size, int duplicatesDropped) {
        this.rows = rows;
        this.cols = cols;
        this.vals = vals;
        this.size = size;
        this.duplicatesDropped = duplicatesDropped;
        int distinct = 0;
        for (int k = 0; k < size; k++) {
            if (k == 0 || rows[k] != rows[k - 1]) {
                distinct++;
            }
        }
        rowIds = new int[distinct];
        rowStart = new int[distinct + 1];
        int d = 0;
        for (int k = 0; k < size; k++) {
            if (k == 0 || rows[k] != rows[k - 1]) {
                rowIds[d] = rows[k];
                rowStart[d] = k;
                d++;
            }
        }
        rowStart[distinct] = size;
    }

    /**
     * Prepares {@code n} updates; {@code vals} may be null (all values 1). The inputs are not modified.
     *
     * @throws IllegalArgumentException for a negative coordinate
     */
    public static UpdateBatch of(int[] src, int[] dst, double[] vals, int n) {
        long[] keys = new long[n];
        for (int k = 0; k < n; k++) {
            if (src[k] < 0 || dst[k] < 0) {
                throw new IllegalArgumentException("negative coordinate (" + src[k] + ", " + dst[k] + ") in an update batch");
            }
            keys[k] = ((long) src[k] << 32) | dst[k];
        }
        boolean sorted = true;
        for (int k = 1; k < n && sorted; k++) {
            sorted = keys[k - 1] < keys[k];
        }
        int[] order = null;
        if (!sorted) {
            if (vals == null) {
                LongArrays.parallelRadixSort(keys);
            } else {
                // Sorting (key, position) pairs keeps repeated keys in input order, so the last value wins.
                long[] idx = new long[n];
                for (int k = 0; k < n; k++) {
                    idx[k] = k;
                }
                LongArrays.parallelRadixSort(keys, idx);
                order = new int[n];
                for (int k = 0; k < n; k++) {
                    order[k] = (int) idx[k];
                }
            }
        }
        int[] rows = new int[n];
        int[] cols = new int[n];
        double[] v = vals == null ? null : new double[n];
        int m = 0;
        int dropped = 0;
        for (int k = 0; k < n; k++) {
            if (m > 0 && keys[k] == (((long) rows[m - 1] << 32) | cols[m - 1])) {
                dropped++;
                if (v != null) {
                    v[m - 1] = vals[order == null ? k : order[k]];
                }
                continue;
            }
            rows[m] = (int) (keys[k] >>> 32);
            cols[m] = (int) keys[k];
            if (v != null) {
                v[m] = vals[order == null ? k : order[k]];
            }
            m++;
        }
        return new UpdateBatch(rows, cols, v, m, dropped);
    }

    /** Distinct coordinates in the batch. */
    public int size() {
        return size;
    }

    /** Entries dropped because their coordinate came again later in the batch. */
    public int duplicatesDropped() {
        return duplicatesDropped;
    }

    /** Number of distinct rows touched. */
    public int rowCount() {
        return rowIds.length;
    }

    /** Largest row id in the batch, or -1. */
    public int maxRow() {
        return rowIds.length == 0 ? -1 : rowIds[rowIds.length - 1];
    }

    /** Largest column id in the batch, or -1. */
    public int maxCol() {
        int m = -1;
        for (int k = 0; k < size; k++) {
            m = Math.max(m, cols[k]);
        }
        return m;
    }
}
