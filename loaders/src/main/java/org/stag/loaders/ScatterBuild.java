package org.stag.loaders;

import java.util.Arrays;
import java.util.concurrent.ForkJoinTask;

/**
 * The build by scatter and row sorts, for entries in any order: rows grouped by a stable parallel counting sort
 * (so "first" and "last" mean file order), each row sorted by column and its duplicates resolved by the policy
 * ({@link RowMerge}); for a symmetric file the mirrors are placed in the same pass. The general case of
 * {@link GraphBuilder}.
 */
final class ScatterBuild {
    private ScatterBuild() {
    }

    /**
     * The build by scatter and row sorts, for entries in any order ({@link SortedBuild} having turned them
     * down, or not applying).
     */
    static Graph build(EdgeList edges, DuplicatePolicy policy, boolean policyGiven, int threads) {
        int n = edges.rowBound();
        int m = edges.size();
        boolean mirror = edges.symmetry() != Symmetry.GENERAL;
        boolean negateMirror = edges.symmetry() == Symmetry.SKEW_SYMMETRIC;
        // Mirrored entries of a paired edge list are stored as ~source, so the row merge can tell a line's
        // mirror from a repeated line without a second pass or a second array.
        boolean pairs = mirror && edges.oneEdgePerPair();
        int[] src = edges.src();
        int[] dst = edges.dst();
        double[] w = edges.weights();
        MemoryBudget.require(edges.source(), 0, MemoryBudget.buildBytes(n, m, w != null, mirror, threads),
                MemoryBudget.describe(edges.numRows(), edges.numCols(), m));
        int blocks = Math.max(1, Math.min(threads, m / 65536 + 1));
        int[] bounds = Parallel.split(m, blocks);

        // Per-block row counts; offsets turn into per-block write cursors, which keeps the scatter stable.
        int[][] cursor = new int[blocks][];
        Runnable counting = () -> Parallel.forEachBlock(threads, blocks, b -> {
            int[] count = new int[n];
            for (int k = bounds[b], end = bounds[b + 1]; k < end; k++) {
                count[src[k]]++;
                if (mirror && src[k] != dst[k]) {
                    count[dst[k]]++;
                }
            }
            cursor[b] = count;
        });
        // Without mirrors every entry is stored, so the output arrays can be allocated before the rows are
        // counted: this thread zeroes them (a fresh array's first touch is slow) while the pool counts.
        int[] early = null;
        double[] earlyVal = null;
        if (!mirror && threads > 1 && blocks > 1) {
            ForkJoinTask<?> task = Parallel.pool(threads).submit(counting);
            try {
                early = new int[m];
                earlyVal = w == null ? null : new double[m];
            } finally {
                task.quietlyJoin();
            }
            task.join();
        } else {
            counting.run();
        }
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
        int[] col = early != null ? early : new int[stored];
        double[] val = early != null ? earlyVal : w == null ? null : new double[stored];
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
                    col[q] = pairs ? ~s : s;
                    if (val != null) {
                        val[q] = negateMirror ? -w[k] : w[k];
                    }
                }
            }
        });
        // The cursors are spent; the first array holds the per-row unique counts from here on.
        int[] unique = cursor[0];
        Arrays.fill(cursor, null);

        RowMerge merge = new RowMerge(policy, policyGiven, pairs);
        sortRows(n, rowPtr, col, val, unique, merge, threads);
        long kept = sum(unique);
        long duplicates = pairs ? merge.repeatedLines : stored - kept;
        boolean mirrorsAreDuplicates = !pairs || policyGiven;
        if (policy == DuplicatePolicy.ERROR && (duplicates > 0 || mirrorsAreDuplicates && merge.mirroredPairs > 0)) {
            throw duplicateError(edges, rowPtr, col, unique, mirrorsAreDuplicates);
        }
        if (!merge.conflicts.isEmpty()) {
            throw MirrorConflicts.error(edges, merge.conflicts, policy);
        }
        int[] keptCol = col;
        double[] keptVal = val;
        if (kept != stored) {
            compact(n, rowPtr, col, val, unique);
            keptCol = Arrays.copyOf(col, (int) kept);
            keptVal = val == null ? null : Arrays.copyOf(val, (int) kept);
        }
        return new Graph(edges.source(), edges.numRows(), edges.numCols(), rowPtr, keptCol, keptVal, edges.symmetry(),
                edges.valueKind(), edges.ids(), duplicates, merge.mirroredPairs);
    }

    private static long sum(int[] a) {
        long s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    /** Sorts every row by column (stably) and merges duplicates in place, leaving each row's unique count. */
    private static void sortRows(int n, int[] rowPtr, int[] col, double[] val, int[] unique, RowMerge merge,
                                 int threads) {
        int parts = threads == 1 ? 1 : threads * 8;
        int[] rowBounds = Parallel.balancedRowSplit(n, rowPtr, parts);
        RowMerge[] partMerges = new RowMerge[parts];
        Parallel.forEachBlock(threads, parts, part -> {
            RowMerge pm = merge.forPart();
            partMerges[part] = pm;
            for (int r = rowBounds[part]; r < rowBounds[part + 1]; r++) {
                unique[r] = pm.row(r, col, val, rowPtr[r], rowPtr[r + 1]);
            }
        });
        for (RowMerge pm : partMerges) {
            merge.add(pm);
        }
    }

    /** Moves every row's unique entries to the front, rows one after another; updates the offsets. */
    private static void compact(int n, int[] rowPtr, int[] col, double[] val, int[] unique) {
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
    }

    /**
     * Finds the first entry, in file order, whose (row, column) was already stored, and names its line.
     * Runs only on the error path, so it may be slow.
     */
    private static BadInputException duplicateError(EdgeList edges, int[] rowPtr, int[] col, int[] unique,
                                                    boolean countMirrors) {
        int n = edges.rowBound();
        int[] src = edges.src();
        int[] dst = edges.dst();
        boolean mirror = countMirrors && edges.symmetry() != Symmetry.GENERAL;
        // Rows with duplicates are few; remember which (row, column) pairs have been seen only for them.
        it.unimi.dsi.fastutil.longs.LongOpenHashSet seen = new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
        boolean[] dupRow = new boolean[n];
        for (int r = 0; r < n; r++) {
            // A paired row may also have merged mirrors; the scan below tells them apart.
            dupRow[r] = unique[r] < rowPtr[r + 1] - rowPtr[r];
        }
        for (int k = 0; k < edges.size(); k++) {
            int s = src[k];
            int d = dst[k];
            if (dupRow[s] && !seen.add(((long) s << 32) | d)
                    || mirror && s != d && dupRow[d] && !seen.add(((long) d << 32) | s)) {
                return edges.duplicateAt(k, mirror);
            }
        }
        return new BadInputException(edges.source(), 0, "duplicate entries");
    }
}
