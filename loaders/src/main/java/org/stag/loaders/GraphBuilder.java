package org.stag.loaders;

import java.util.Arrays;

/**
 * Builds the canonical CSR {@link Graph} from an {@link EdgeList}: mirrors symmetric entries, groups
 * entries by row with a stable parallel counting sort (so "first" and "last" mean file order), sorts
 * each row by column and resolves duplicates by the given policy. Time O(m + n) plus the per-row sorts;
 * memory: the output arrays plus one offset array per thread.
 */
public final class GraphBuilder {
    private static final int INSERTION_SORT_MAX = 24;

    private GraphBuilder() {
    }

    /** Builds with the given duplicate policy on {@code threads} threads. */
    public static Graph build(EdgeList edges, DuplicatePolicy policy, int threads) {
        int n = edges.numRows();
        int m = edges.size();
        boolean mirror = edges.symmetry() != Symmetry.GENERAL;
        boolean negateMirror = edges.symmetry() == Symmetry.SKEW_SYMMETRIC;
        int[] src = edges.src();
        int[] dst = edges.dst();
        double[] w = edges.weights();
        int blocks = Math.max(1, Math.min(threads, m / 65536 + 1));
        int[] bounds = Parallel.split(m, blocks);

        // Per-block row counts; offsets turn into per-block write cursors, which keeps the scatter stable.
        int[][] cursor = new int[blocks][];
        Parallel.forEachBlock(threads, blocks, b -> {
            int[] count = new int[n];
            for (int k = bounds[b], end = bounds[b + 1]; k < end; k++) {
                count[src[k]]++;
                if (mirror && src[k] != dst[k]) {
                    count[dst[k]]++;
                }
            }
            cursor[b] = count;
        });
        int[] rowPtr = new int[n + 1];
        long total = 0;
        for (int r = 0; r < n; r++) {
            rowPtr[r] = (int) total;
            for (int b = 0; b < blocks; b++) {
                int c = cursor[b][r];
                cursor[b][r] = (int) total;
                total += c;
            }
            if (total > Integer.MAX_VALUE - 8) {
                throw new BadInputException(edges.source(), 0,
                        "too many stored edges for one graph (more than " + (Integer.MAX_VALUE - 8) + ")");
            }
        }
        rowPtr[n] = (int) total;
        int stored = (int) total;
        int[] col = new int[stored];
        double[] val = w == null ? null : new double[stored];
        Parallel.forEachBlock(threads, blocks, b -> {
            int[] cur = cursor[b];
            for (int k = bounds[b], end = bounds[b + 1]; k < end; k++) {
                int s = src[k];
                int d = dst[k];
                int p = cur[s]++;
                col[p] = d;
                if (val != null) {
                    val[p] = w[k];
                }
                if (mirror && s != d) {
                    int q = cur[d]++;
                    col[q] = s;
                    if (val != null) {
                        val[q] = negateMirror ? -w[k] : w[k];
                    }
                }
            }
        });
        Arrays.fill(cursor, null);

        int[] unique = sortRows(n, rowPtr, col, val, policy, threads);
        long duplicates = stored - sum(unique);
        if (duplicates > 0 && policy == DuplicatePolicy.ERROR) {
            throw duplicateError(edges, rowPtr, col, unique);
        }
        Graph g;
        if (duplicates == 0) {
            g = new Graph(edges.source(), n, edges.numCols(), rowPtr, col, val, edges.symmetry(), edges.valueKind(),
                    edges.ids(), 0);
        } else {
            g = compact(edges, rowPtr, col, val, unique, duplicates);
        }
        return g;
    }

    private static long sum(int[] a) {
        long s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    /** Sorts every row by column (stably) and merges duplicates in place; returns each row's unique count. */
    private static int[] sortRows(int n, int[] rowPtr, int[] col, double[] val, DuplicatePolicy policy, int threads) {
        int[] unique = new int[n];
        int parts = threads == 1 ? 1 : threads * 8;
        int[] rowBounds = balancedRowSplit(n, rowPtr, parts);
        Parallel.forEachBlock(threads, parts, part -> {
            long[] scratch = new long[16];
            double[] scratchVal = val == null ? null : new double[16];
            RowSort runs = new RowSort();
            for (int r = rowBounds[part]; r < rowBounds[part + 1]; r++) {
                int lo = rowPtr[r];
                int hi = rowPtr[r + 1];
                int len = hi - lo;
                // Rows of sorted input and its mirror are a few sorted runs: merging them is the cheap sort.
                if (len > 1 && !runs.mergeRuns(col, val, lo, hi)) {
                    if (val == null) {
                        Arrays.sort(col, lo, hi);
                    } else if (len <= INSERTION_SORT_MAX) {
                        insertionSort(col, val, lo, hi);
                    } else {
                        if (scratch.length < len) {
                            scratch = new long[Math.max(len, scratch.length * 2)];
                            scratchVal = new double[scratch.length];
                        }
                        stableSort(col, val, lo, hi, scratch, scratchVal);
                    }
                }
                unique[r] = mergeDuplicates(col, val, lo, hi, policy);
            }
        });
        return unique;
    }

    /** Row ranges holding about equally many entries, so one hub row does not serialize a thread. */
    static int[] balancedRowSplit(int n, int[] rowPtr, int parts) {
        int[] bounds = new int[parts + 1];
        long total = rowPtr[n];
        int r = 0;
        for (int p = 1; p < parts; p++) {
            long target = total * p / parts;
            while (r < n && rowPtr[r] < target) {
                r++;
            }
            bounds[p] = r;
        }
        bounds[parts] = n;
        return bounds;
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
    private static void stableSort(int[] col, double[] val, int lo, int hi, long[] keys, double[] tmp) {
        int len = hi - lo;
        for (int i = 0; i < len; i++) {
            keys[i] = ((long) col[lo + i] << 32) | i;
            tmp[i] = val[lo + i];
        }
        Arrays.sort(keys, 0, len);
        for (int i = 0; i < len; i++) {
            col[lo + i] = (int) (keys[i] >>> 32);
            val[lo + i] = tmp[(int) keys[i]];
        }
    }

    /** Merges runs of equal columns to the front of the row; returns the number of distinct columns. */
    private static int mergeDuplicates(int[] col, double[] val, int lo, int hi, DuplicatePolicy policy) {
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

    private static Graph compact(EdgeList edges, int[] rowPtr, int[] col, double[] val, int[] unique, long duplicates) {
        int n = edges.numRows();
        int write = 0;
        for (int r = 0; r < n; r++) {
            int lo = rowPtr[r];
            rowPtr[r] = write;
            if (write != lo) {
                System.arraycopy(col, lo, col, write, unique[r]);
                if (val != null) {
                    System.arraycopy(val, lo, val, write, unique[r]);
                }
            }
            write += unique[r];
        }
        rowPtr[n] = write;
        int[] c = Arrays.copyOf(col, write);
        double[] v = val == null ? null : Arrays.copyOf(val, write);
        return new Graph(edges.source(), n, edges.numCols(), rowPtr, c, v, edges.symmetry(), edges.valueKind(),
                edges.ids(), duplicates);
    }

    /**
     * Finds the first entry, in file order, whose (row, column) was already stored, and names its line.
     * Runs only on the error path, so it may be slow.
     */
    private static BadInputException duplicateError(EdgeList edges, int[] rowPtr, int[] col, int[] unique) {
        int n = edges.numRows();
        int[] src = edges.src();
        int[] dst = edges.dst();
        boolean mirror = edges.symmetry() != Symmetry.GENERAL;
        // Rows with duplicates are few; remember which (row, column) pairs have been seen only for them.
        it.unimi.dsi.fastutil.longs.LongOpenHashSet seen = new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
        boolean[] dupRow = new boolean[n];
        for (int r = 0; r < n; r++) {
            dupRow[r] = unique[r] < rowPtr[r + 1] - rowPtr[r];
        }
        for (int k = 0; k < edges.size(); k++) {
            int s = src[k];
            int d = dst[k];
            if (dupRow[s] && !seen.add(((long) s << 32) | d)
                    || mirror && s != d && dupRow[d] && !seen.add(((long) d << 32) | s)) {
                long line = edges.lineOf(k);
                String id = "(" + edges.ids().external(s) + ", " + edges.ids().external(d) + ")";
                return new BadInputException(edges.source(), line,
                        "duplicate entry " + id + (mirror ? " (counting the mirror of symmetric entries)" : "")
                                + "; choose --duplicates first|last|sum|min to accept duplicates");
            }
        }
        return new BadInputException(edges.source(), 0, "duplicate entries");
    }
}
