package org.stag.formats.dynamic;

import java.util.Arrays;
import org.stag.loaders.Graph;
import org.stag.loaders.Parallel;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * (dense, compressed) — CSR — taking updates by a merge rebuild: every batch produces new arrays, rows
 * merged in parallel. The baseline the dynamic formats are measured against.
 */
public final class CsrMatrix implements MutableMatrix {
    private int rows;
    private int cols;
    private int[] rowPtr;
    private int[] col;
    private double[] val;

    public CsrMatrix(Graph g) {
        this.rows = g.numRows();
        this.cols = g.numCols();
        this.rowPtr = g.rowPtr().clone();
        this.col = Arrays.copyOf(g.colIdx(), g.numEdges());
        this.val = g.weights() == null ? null : Arrays.copyOf(g.weights(), g.numEdges());
    }

    public int[] rowPtr() {
        return rowPtr;
    }

    public int[] colIdx() {
        return col;
    }

    /** Values, or null when unweighted. */
    public double[] values() {
        return val;
    }

    @Override
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

    @Override
    public UpdateStats deleteBatch(int[] src, int[] dst, int n, int threads) {
        UpdateBatch b = UpdateBatch.of(src, dst, null, n, rows, cols, BatchGrowth.FIXED, false);
        UpdateStats s = merge(b, false, threads);
        return new UpdateStats(0, 0, s.deleted(), n - s.deleted());
    }

    /** Rebuilds the arrays with the batch merged in: count, prefix-sum, then fill, rows split over threads. */
    private UpdateStats merge(UpdateBatch b, boolean insert, int threads) {
        int[] newLen = new int[rows];
        int[] batchRow = new int[rows];
        Arrays.fill(batchRow, -1);
        for (int i = 0; i < b.rowIds.length; i++) {
            if (b.rowIds[i] < rows) {
                batchRow[b.rowIds[i]] = i;
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
                    int common = countCommon(col, rowPtr[r], rowPtr[r + 1], b.cols, b.rowStart[i], b.rowStart[i + 1]);
                    int k = b.rowStart[i + 1] - b.rowStart[i];
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
                int k = b.rowStart[i];
                int kEnd = b.rowStart[i + 1];
                while (a < hi || k < kEnd) {
                    if (k == kEnd || (a < hi && col[a] < b.cols[k])) {
                        nc[o] = col[a];
                        if (nv != null) {
                            nv[o] = val[a];
                        }
                        o++;
                        a++;
                    } else if (a == hi || b.cols[k] < col[a]) {
                        if (insert) {
                            nc[o] = b.cols[k];
                            if (nv != null) {
                                nv[o] = b.vals[k];
                            }
                            o++;
                        }
                        k++;
                    } else {
                        if (insert) {
                            nc[o] = col[a];
                            if (nv != null) {
                                nv[o] = b.vals[k];
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
        return insert ? new UpdateStats(total, b.size - total, 0, 0) : new UpdateStats(0, 0, total, 0);
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

    @Override
    public int numRows() {
        return rows;
    }

    @Override
    public int numCols() {
        return cols;
    }

    @Override
    public long numEdges() {
        return rowPtr[rows];
    }

    @Override
    public Graph toGraph() {
        return new Graph("dense,compressed", rows, cols, rowPtr.clone(), col.clone(), val == null ? null : val.clone(),
                Symmetry.GENERAL, val == null ? ValueKind.PATTERN : ValueKind.REAL, VertexIds.offset(0), 0);
    }

    @Override
    public long memoryBytes() {
        return 4L * rowPtr.length + 4L * col.length + (val == null ? 0 : 8L * val.length);
    }

    @Override
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
