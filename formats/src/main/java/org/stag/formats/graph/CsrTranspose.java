package org.stag.formats.graph;

import org.stag.loaders.Parallel;

/**
 * The transpose of a CSR matrix by a counting sort: row {@code c} of the result lists the rows {@code r}
 * with an entry {@code (r, c)}, ascending.
 *
 * @param rowPtr offsets, {@code cols + 1} entries
 * @param col    the rows of each entry, {@code rowPtr[cols]} of them
 * @param vals   the values at the same indices, or {@code null} for a pattern
 */
record CsrTranspose(int[] rowPtr, int[] col, double[] vals) {
    /** Blocks beyond this cost a count array of {@code cols} ints each and gain nothing on a few cores. */
    private static final int MAX_BLOCKS = 8;

    /**
     * The transpose of the {@code rows x cols} matrix {@code (ptr, idx, w)}; {@code w} may be null. The rows
     * are cut into blocks of about equal entries, one per thread: each block counts its columns, then
     * scatters its entries into the slots its counts reserved. Block {@code b}'s slots in a column come
     * before block {@code b + 1}'s and each block scans its rows in order, so every result row is sorted.
     */
    static CsrTranspose of(int rows, int cols, int[] ptr, int[] idx, double[] w, int threads) {
        int m = ptr[rows];
        int blocks = Math.max(1, Math.min(Math.min(threads, MAX_BLOCKS), m / Math.max(1, cols)));
        int[] firstRow = Parallel.balancedRowSplit(rows, ptr, blocks);
        int[][] next = new int[blocks][];
        Parallel.forEachBlock(threads, blocks, b -> {
            int[] count = new int[cols];
            for (int p = ptr[firstRow[b]], end = ptr[firstRow[b + 1]]; p < end; p++) {
                count[idx[p]]++;
            }
            next[b] = count;
        });
        // Turn the counts into each block's first slot per column, and the column offsets.
        int[] outPtr = new int[cols + 1];
        int sum = 0;
        for (int c = 0; c < cols; c++) {
            outPtr[c] = sum;
            for (int b = 0; b < blocks; b++) {
                int k = next[b][c];
                next[b][c] = sum;
                sum += k;
            }
        }
        outPtr[cols] = sum;
        int[] outIdx = new int[m];
        double[] outW = w == null ? null : new double[m];
        Parallel.forEachBlock(threads, blocks, b -> {
            int[] slot = next[b];
            for (int r = firstRow[b]; r < firstRow[b + 1]; r++) {
                for (int p = ptr[r], end = ptr[r + 1]; p < end; p++) {
                    int q = slot[idx[p]]++;
                    outIdx[q] = r;
                    if (outW != null) {
                        outW[q] = w[p];
                    }
                }
            }
        });
        return new CsrTranspose(outPtr, outIdx, outW);
    }
}
