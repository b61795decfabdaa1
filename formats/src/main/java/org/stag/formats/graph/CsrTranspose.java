package org.stag.formats.graph;

/**
 * The transpose of a CSR matrix by one counting sort: row {@code c} of the result lists the rows {@code r}
 * with an entry {@code (r, c)}, ascending, because the input's rows are scanned in order.
 *
 * @param rowPtr offsets, {@code cols + 1} entries
 * @param col    the rows of each entry, {@code rowPtr[cols]} of them
 * @param vals   the values at the same indices, or {@code null} for a pattern
 */
record CsrTranspose(int[] rowPtr, int[] col, double[] vals) {

    /** The transpose of the {@code rows x cols} matrix {@code (ptr, idx, w)}; {@code w} may be null. */
    static CsrTranspose of(int rows, int cols, int[] ptr, int[] idx, double[] w) {
        int m = ptr[rows];
        int[] outPtr = new int[cols + 1];
        for (int p = 0; p < m; p++) {
            outPtr[idx[p] + 1]++;
        }
        for (int c = 0; c < cols; c++) {
            outPtr[c + 1] += outPtr[c];
        }
        int[] next = new int[cols];
        System.arraycopy(outPtr, 0, next, 0, cols);
        int[] outIdx = new int[m];
        double[] outW = w == null ? null : new double[m];
        for (int r = 0; r < rows; r++) {
            for (int p = ptr[r], end = ptr[r + 1]; p < end; p++) {
                int q = next[idx[p]]++;
                outIdx[q] = r;
                if (outW != null) {
                    outW[q] = w[p];
                }
            }
        }
        return new CsrTranspose(outPtr, outIdx, outW);
    }
}
