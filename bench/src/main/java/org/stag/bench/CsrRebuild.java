package org.stag.bench;

import java.util.Arrays;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.UpdateBatch;
import org.stag.formats.dynamic.UpdateStats;
import org.stag.loaders.Graph;
import org.stag.loaders.Parallel;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * (dense, compressed) — CSR — taking updates by a merge rebuild: every batch produces new arrays, rows
 * merged in parallel. The baseline {@link UpdateBenchmark} measures the dynamic formats against (a
 * {@code dense,compressed} tensor takes no batches). Batches are checked whole by {@link UpdateBatch#of},
 * as a tensor's are.
 */
public final class CsrRebuild {
    private int rows;
    private int cols;
    private int[] rowPtr;
    private int[] col;
    private double[] val;

    public CsrRebuild(Graph g) {
        this.rows = g.numRows();
        this.cols = g.numCols();
        this.rowPtr = g.rowPtr().clone();
        this.col = Arrays.copyOf(g.colIdx(), g.numEdges());
        this.val = g.weights() == null ? null : Arrays.copyOf(g.weights(), g.numEdges());
    }

    /** Row offsets (not a copy). */
    public int[] rowPtr() {
        return rowPtr;
    }

    /** Columns (not a copy). */
    public int[] colIdx() {
        return col;
    }

    /** Values, or null when unweighted. */
    public double[] values() {
        return val;
    }

    /**
     * Inserts or updates the edges {@code (src[k], dst[k], vals[k])}, {@code k < n} (vals null: weight 1), by a
     * rebuild; {@code growth} says whether rows and columns beyond the matrix may be added.
     *
     * @throws IllegalArgumentException naming the first bad entry; nothing is changed then
     */
    public UpdateStats insertBatch(int[] src, int[] dst, double[] vals, int n, int threads, BatchGrowth growth) {
        UpdateBatch b = UpdateBatch.of(src, dst, vals, n, rows, cols, growth, val != null);
        cols = Math.max(cols, b.maxCol() + 1);
        if (b.maxRow() >= rows) {
            // New rows are empty: the last row's end repeats.
            int old = rows;
            rows = b.maxRow() + 1;
            rowPtr = Arrays.copyOf(rowPtr, rows + 1);
            Arrays.fill(rowPtr, old + 1, rows + 1, rowPtr[old]);
        }
        return merge(b, true, threads);
    }

    /** {@link #insertBatch} under {@link BatchGrowth#FIXED}. */
    public UpdateStats insertBatch(int[] src, int[] dst, double[] vals, int n, int threads) {
        return insertBatch(src, dst, vals, n, threads, BatchGrowth.FIXED);
    }

    /**
     * Deletes the edges {@code (src[k], dst[k])} by a rebuild; absent ones are counted as missing.
     *
     * @throws IllegalArgumentException for a negative or out-of-range coordinate; nothing is changed then
     */
    public UpdateStats deleteBatch(int[] src, int[] dst, int n, int threads) {
        UpdateBatch b = UpdateBatch.of(src, dst, null, n, rows, cols, BatchGrowth.FIXED, false);
        UpdateStats s = merge(b, false, threads);
        return new UpdateStats(0, 0, s.deleted(), n - s.deleted());
    }

    /** Rebuilds the arrays with the batch merged in: count, prefix-sum, then fill, rows split over threads. */
    private UpdateStats merge(UpdateBatch b, boolean insert, int threads) {
        int[] rowIds = b.rowIds();
        int[] rowStart = b.rowStart();
        int[] bcols = b.cols();
        double[] bvals = b.vals();
        int[] newLen = new int[rows];
        int[] batchRow = new int[rows];
        Arrays.fill(batchRow, -1);
        for (int i = 0; i < rowIds.length; i++) {
            if (rowIds[i] < rows) {
                batchRow[rowIds[i]] = i;
            }
        }
        int parts = Math.max(1, threads * 4);
        int[] bounds = Parallel.split(rows, parts);
        long[] changed = new long[parts];
        Parallel.forEachBlock(threads, parts, p -> {
            long c = 0;
            for (int r = bounds[p]; r < bounds[p + 1]; r++) {
                int i = batchRow[r];
                int len = rowPtr[r + 1] - rowPtr[r];
                if (i >= 0) {
                    int common = countCommon(col, rowPtr[r], rowPtr[r + 1], bcols, rowStart[i], rowStart[i + 1]);
                    int k = rowStart[i + 1] - rowStart[i];
                    len = insert ? len + k - common : len - common;
                    c += insert ? k - common : common;
                }
                newLen[r] = len;
            }
            changed[p] = c;
        });
        int[] ptr = new int[rows + 1];
        for (int r = 0; r < rows; r++) {
            ptr[r + 1] = ptr[r] + newLen[r];
        }
        int[] nc = new int[ptr[rows]];
        double[] nv = val == null ? null : new double[ptr[rows]];
        Parallel.forEachBlock(threads, parts, p -> {
            for (int r = bounds[p]; r < bounds[p + 1]; r++) {
                int i = batchRow[r];
                int lo = rowPtr[r];
                int hi = rowPtr[r + 1];
                int o = ptr[r];
                if (i < 0) {
                    System.arraycopy(col, lo, nc, o, hi - lo);
                    if (nv != null) {
                        System.arraycopy(val, lo, nv, o, hi - lo);
                    }
                    continue;
                }
                int a = lo;
                int k = rowStart[i];
                int kEnd = rowStart[i + 1];
                while (a < hi || k < kEnd) {
                    if (k == kEnd || (a < hi && col[a] < bcols[k])) {
                        nc[o] = col[a];
                        if (nv != null) {
                            nv[o] = val[a];
                        }
                        o++;
                        a++;
                    } else if (a == hi || bcols[k] < col[a]) {
                        if (insert) {
                            nc[o] = bcols[k];
                            if (nv != null) {
                                nv[o] = bvals[k];
                            }
                            o++;
                        }
                        k++;
                    } else {
                        if (insert) {
                            nc[o] = col[a];
                            if (nv != null) {
                                nv[o] = bvals[k];
                            }
                            o++;
                        }
                        a++;
                        k++;
                    }
                }
            }
        });
        long total = 0;
        for (long c : changed) {
            total += c;
        }
        rowPtr = ptr;
        col = nc;
        val = nv;
        return insert ? new UpdateStats(total, b.size() - total, 0, 0) : new UpdateStats(0, 0, total, 0);
    }

    private static int countCommon(int[] a, int alo, int ahi, int[] b, int blo, int bhi) {
        int c = 0;
        while (alo < ahi && blo < bhi) {
            if (a[alo] < b[blo]) {
                alo++;
            } else if (a[alo] > b[blo]) {
                blo++;
            } else {
                c++;
                alo++;
                blo++;
            }
        }
        return c;
    }

    /** Rows. */
    public int numRows() {
        return rows;
    }

    /** Columns. */
    public int numCols() {
        return cols;
    }

    /** Stored edges. */
    public long numEdges() {
        return rowPtr[rows];
    }

    /** The matrix as a loader graph (copies of the arrays). */
    public Graph toGraph() {
        return new Graph("dense,compressed", rows, cols, rowPtr.clone(), col.clone(), val == null ? null : val.clone(),
                Symmetry.GENERAL, val == null ? ValueKind.PATTERN : ValueKind.REAL, VertexIds.offset(0), 0);
    }

    /** Bytes held by the arrays. */
    public long memoryBytes() {
        return 4L * rowPtr.length + 4L * col.length + (val == null ? 0 : 8L * val.length);
    }

    /** Checks that every row's columns increase strictly; throws {@link IllegalStateException} otherwise. */
    public void check() {
        for (int r = 0; r < rows; r++) {
            for (int p = rowPtr[r] + 1; p < rowPtr[r + 1]; p++) {
                if (col[p] <= col[p - 1]) {
                    throw new IllegalStateException("csr: row " + r + " not strictly increasing at " + p);
                }
            }
        }
    }
}
