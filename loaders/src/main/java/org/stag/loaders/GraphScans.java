package org.stag.loaders;

import java.util.Arrays;

/** The scans behind {@link Graph}'s facts over its arrays or row blocks: degrees, self-loops, non-finite values. */
final class GraphScans {
    private GraphScans() {
    }

    /** The smallest degree over the stored row offsets {@code r} of {@code rows} rows (0 when rows were left out). */
    static int minDegree(int[] r, int rows) {
        int stored = r.length - 1;
        if (stored < rows || rows == 0) {
            return 0;
        }
        int min = Integer.MAX_VALUE;
        for (int v = 0; v < stored; v++) {
            min = Math.min(min, r[v + 1] - r[v]);
        }
        return min;
    }

    /** The largest degree over the stored row offsets {@code r} (0 without edges). */
    static int maxDegree(int[] r) {
        int max = 0;
        for (int v = 0, stored = r.length - 1; v < stored; v++) {
            max = Math.max(max, r[v + 1] - r[v]);
        }
        return max;
    }

    /** Stored values of {@code bl} that are NaN or infinite. */
    static long nonFinite(RowBlocks bl) {
        if (!bl.weighted()) {
            return 0;
        }
        long count = 0;
        for (int b = 0; b < bl.blockCount(); b++) {
            double[] w = bl.weights(b);
            for (int p = 0, m = (int) (bl.first(b + 1) - bl.first(b)); p < m; p++) {
                if (w[p] - w[p] != 0) {
                    count++;
                }
            }
        }
        return count;
    }

    /** Stored entries {@code (v, v)} of the rows {@code rowPtr} over {@code colIdx}, columns below {@code numCols}. */
    static long selfLoops(int[] rowPtr, int[] colIdx, int numCols) {
        long loops = 0;
        int n = Math.min(rowPtr.length - 1, numCols);
        for (int v = 0; v < n; v++) {
            int lo = rowPtr[v];
            int hi = rowPtr[v + 1] - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                int c = colIdx[mid];
                if (c < v) {
                    lo = mid + 1;
                } else if (c > v) {
                    hi = mid - 1;
                } else {
                    loops++;
                    break;
                }
            }
        }
        return loops;
    }

    /** Stored entries {@code (v, v)} of row blocks, columns below {@code numCols}. */
    static long selfLoops(RowBlocks blocks, int numCols) {
        long loops = 0;
        for (int v = 0, n = Math.min(blocks.rows(), numCols); v < n; v++) {
            int b = blocks.blockOf(v);
            int l = v - blocks.firstRow(b);
            int[] p = blocks.ptr(b);
            if (Arrays.binarySearch(blocks.col(b), p[l], p[l + 1], v) >= 0) {
                loops++;
            }
        }
        return loops;
    }
}
