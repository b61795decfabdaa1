package org.stag.formats.graph;

import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.BatchScratch;
import org.stag.formats.dynamic.ParallelLongSort;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.Parallel;
import org.stag.loaders.updates.UpdateBatch;

/**
 * Applies a batch to structures no snapshot reads, in one descent per row: the distinct edges' last updates
 * ({@link LastUpdates}) go to the level's batch insert and delete as they are, both directions at once, and the
 * level reports per entry the value it replaced or removed ({@link Tensor#insertSorted}), from which the batch is
 * classified afterwards ({@link EffectiveBatch}); there is no lookup pass before. Applying every insert (present
 * or not) and every delete (present or not) leaves exactly what applying only the effective ones does: an insert
 * of a present edge with its own weight sets it, a delete of an absent one changes nothing.
 *
 * <p>Sorting: the edges come sorted by (row, column); the other direction's entries are the same keys with row
 * and column swapped, sorted by a stable radix sort of the new row's bits only (the rest is in order already);
 * an undirected graph's two halves are then merged into one batch of its one structure.
 *
 * <p>Not for a weighted batch with an insert that gives no weight (it keeps a present edge's weight, which only
 * a lookup first knows) nor for vertex ids too wide to pack: {@link #apply} returns null and changes nothing.
 */
final class DirectApply {
    /** Entries below this are unpacked in the calling thread. */
    private static final int PARALLEL = 1 << 15;

    private DirectApply() {
    }

    /**
     * Applies {@code b} (checked, its last updates {@code e}) to {@code g}, growing it to {@code after} vertices;
     * returns its classification, or null, having changed nothing, when the batch needs the lookup path. Its
     * working arrays are borrowed from {@code s} (slots {@code longs} 1-4, {@code ints} 3-6 and 8-9, {@code doubles}
     * 0-3: not those of {@code e}, which may be borrowed from it too); only the classification's lists are
     * allocated.
     */
    static EffectiveBatch apply(UpdateBatch b, LastUpdates e, GraphTensor g, int threads, int before, int after,
            BatchScratch s) {
        int k = e.edges;
        boolean weighted = g.weighted();
        // One pass: each block lists its puts and deletes from its own offset (an insert without a weight sends
        // the batch to the lookup path), then the blocks' lists are moved down to be contiguous.
        int blocks = k < PARALLEL || threads <= 1 ? 1 : 4 * threads;
        int[] bounds = Parallel.split(k, blocks);
        int[] putsBefore = new int[blocks + 1];
        boolean[] unweighted = new boolean[blocks];
        int[] putEdge = s.ints(3, k);
        int[] delEdge = s.ints(4, k);
        double[] vals = weighted ? s.doubles(0, k) : null;
        Parallel.forEachBlock(threads, blocks, blk -> {
            int p = bounds[blk];
            int d = bounds[blk];
            boolean nw = false;
            for (int j = bounds[blk]; j < bounds[blk + 1]; j++) {
                if (!e.delete[j]) {
                    putEdge[p++] = j;
                    if (vals != null) {
                        double w = b.weight[e.last[j]];
                        nw |= Double.isNaN(w);
                        vals[j] = w;
                    }
                } else {
                    delEdge[d++] = j;
                }
            }
            putsBefore[blk + 1] = p - bounds[blk];
            unweighted[blk] = nw;
        });
        for (int blk = 0; blk < blocks; blk++) {
            if (unweighted[blk]) {
                return null;
            }
            putsBefore[blk + 1] += putsBefore[blk];
        }
        for (int blk = 1; blk < blocks; blk++) {
            int p = putsBefore[blk + 1] - putsBefore[blk];
            System.arraycopy(putEdge, bounds[blk], putEdge, putsBefore[blk], p);
            System.arraycopy(delEdge, bounds[blk], delEdge, bounds[blk] - putsBefore[blk],
                    bounds[blk + 1] - bounds[blk] - p);
        }
        int puts = putsBefore[blocks];
        int dels = k - puts;
        int vb = bits(after - 1);
        if (2 * vb + bits(Math.max(puts, dels) - 1) > 63) {
            return null;
        }
        g.growVertices(after);
        double[] old = s.doubles(1, k);
        if (puts > 0) {
            g.batchApplied(side(g, e, putEdge, puts, vals, vb, true, old, threads, s));
        }
        if (dels > 0) {
            g.batchApplied(-side(g, e, delEdge, dels, null, vb, false, old, threads, s));
        }
        return EffectiveBatch.classify(b, e, old, k, weighted, threads, before, after, false);
    }

    /**
     * Inserts (or deletes) the edges {@code list[0, n)} (indices into {@code e}, increasing) in both directions,
     * writing the value each replaced (or removed) to {@code old} at its edge index; returns the stored directed
     * entries added (or removed).
     */
    private static long side(GraphTensor g, LastUpdates e, int[] list, int n, double[] edgeVals, int vb,
            boolean insert, double[] old, int threads, BatchScratch s) {
        boolean directed = g.directed();
        int jb = bits(n - 1);
        int colShift = jb;
        int rowShift = vb + jb;
        // The other direction: (column, row, index), in order but for its new row, which a stable sort puts right.
        long[] keys = directed ? null : s.longs(2, n);
        long[] swapped = s.longs(3, n);
        int blocks = n < PARALLEL ? 1 : 4 * threads;
        int[] bounds = Parallel.split(n, blocks);
        // Self-loops have no mirror: each block writes its mirrors from its own offset and counts them, then the
        // blocks' mirrors are moved down to be contiguous.
        int[] at = new int[blocks + 1];
        Parallel.forEachBlock(threads, blocks, blk -> {
            int w = bounds[blk];
            for (int t = bounds[blk]; t < bounds[blk + 1]; t++) {
                int j = list[t];
                int u = e.src[j];
                int v = e.dst[j];
                if (!directed) {
                    keys[t] = ((long) u << rowShift) | ((long) v << colShift) | t;
                }
                if (directed || u != v) {
                    swapped[w++] = ((long) v << rowShift) | ((long) u << colShift) | t;
                }
            }
            at[blk + 1] = w - bounds[blk];
        });
        for (int blk = 0; blk < blocks; blk++) {
            at[blk + 1] += at[blk];
        }
        for (int blk = 1; blk < blocks; blk++) {
            System.arraycopy(swapped, bounds[blk], swapped, at[blk], at[blk + 1] - at[blk]);
        }
        int mirrors = at[blocks];
        long[] mirror = swapped;
        ParallelLongSort.sort(mirror, mirrors, threads, rowShift, s.longs(1, mirrors));
        long colMask = (1L << vb) - 1;
        long indexMask = (1L << jb) - 1;
        if (directed) {
            // Out-structure: the edges as they are, reporting; in-structure: the swapped keys.
            int[] rows = s.ints(5, n);
            int[] cols = s.ints(6, n);
            double[] vals = edgeVals == null ? null : s.doubles(2, n);
            for (int t = 0; t < n; t++) {
                int j = list[t];
                rows[t] = e.src[j];
                cols[t] = e.dst[j];
                if (vals != null) {
                    vals[t] = edgeVals[j];
                }
            }
            double[] rep = s.doubles(3, n);
            long changed = level(g.outBatchable(), rows, cols, vals, n, insert, rep, threads);
            for (int t = 0; t < n; t++) {
                old[list[t]] = rep[t];
            }
            int[] inRows = s.ints(8, mirrors);
            int[] inCols = s.ints(9, mirrors);
            unpack(mirror, mirrors, rowShift, colShift, colMask, indexMask, list, null, inRows, inCols, null, null,
                    threads);
            level(g.inBatchable(), inRows, inCols, null, mirrors, insert, null, threads);
            return changed;
        }
        // One structure: the edges and their mirrors merged into one batch.
        int m = n + mirrors;
        long[] merged = s.longs(4, m);
        ParallelLongSort.mergeRuns(keys, n, mirror, mirrors, merged, threads);
        int[] rows = s.ints(5, m);
        int[] cols = s.ints(6, m);
        double[] vals = edgeVals == null ? null : s.doubles(2, m);
        org.stag.formats.dynamic.UpdateBatch batch = unpackListed(merged, m, rowShift, colShift, colMask, indexMask,
                list, edgeVals, rows, cols, vals, threads);
        double[] rep = s.doubles(3, m);
        long changed = insert ? g.outBatchable().insertSorted(batch, threads, BatchGrowth.FIXED, rep)
                : g.outBatchable().deleteSorted(batch, threads, rep);
        // Each edge's own entry (row <= column) reports for it; its mirror holds the same. The own entries come in
        // the order of their packed index t (the edges' order), so list[t] is read in order, not gathered.
        int[] mb = Parallel.split(m, m < PARALLEL ? 1 : 4 * threads);
        Parallel.forEachBlock(threads, mb.length - 1, blk -> {
            for (int x = mb[blk]; x < mb[blk + 1]; x++) {
                if (rows[x] <= cols[x]) {
                    old[list[(int) (merged[x] & indexMask)]] = rep[x];
                }
            }
        });
        return changed;
    }

    /**
     * {@link #unpack} that also lists the distinct rows (each block counts its own, then writes them at its
     * offset) and finds the largest column, giving the level's batch without {@code UpdateBatch.ofSorted}'s pass
     * over the rows and columns: the keys come out of a sort, so they are in order.
     */
    private static org.stag.formats.dynamic.UpdateBatch unpackListed(long[] keys, int m, int rowShift, int colShift,
            long colMask, long indexMask, int[] list, double[] edgeVals, int[] rows, int[] cols, double[] vals,
            int threads) {
        int blocks = m < PARALLEL ? 1 : 4 * threads;
        int[] bounds = Parallel.split(m, blocks);
        int[] firsts = new int[blocks + 1];
        int[] maxCols = new int[blocks];
        Parallel.forEachBlock(threads, blocks, blk -> {
            int distinct = 0;
            int maxCol = -1;
            long prev = bounds[blk] > 0 ? keys[bounds[blk] - 1] >>> rowShift : -1;
            for (int x = bounds[blk]; x < bounds[blk + 1]; x++) {
                long key = keys[x];
                long row = key >>> rowShift;
                int c = (int) ((key >>> colShift) & colMask);
                rows[x] = (int) row;
                cols[x] = c;
                if (row != prev) {
                    distinct++;
                    prev = row;
                }
                maxCol = Math.max(maxCol, c);
                if (vals != null) {
                    vals[x] = edgeVals[list[(int) (key & indexMask)]];
                }
            }
            firsts[blk + 1] = distinct;
            maxCols[blk] = maxCol;
        });
        return org.stag.formats.dynamic.UpdateBatch.ofCountedBlocks(rows, cols, vals, m, bounds, firsts, maxCols, threads);
    }

    /** Row, column, value and edge index of each packed key. */
    private static void unpack(long[] keys, int m, int rowShift, int colShift, long colMask, long indexMask,
            int[] list, double[] edgeVals, int[] rows, int[] cols, double[] vals, int[] edge, int threads) {
        int blocks = m < PARALLEL ? 1 : 4 * threads;
        int[] bounds = Parallel.split(m, blocks);
        Parallel.forEachBlock(threads, blocks, blk -> {
            for (int x = bounds[blk]; x < bounds[blk + 1]; x++) {
                long key = keys[x];
                rows[x] = (int) (key >>> rowShift);
                cols[x] = (int) ((key >>> colShift) & colMask);
                int j = list[(int) (key & indexMask)];
                if (edge != null) {
                    edge[x] = j;
                }
                if (vals != null) {
                    vals[x] = edgeVals[j];
                }
            }
        });
    }

    private static long level(Tensor t, int[] rows, int[] cols, double[] vals, int n, boolean insert, double[] rep,
            int threads) {
        org.stag.formats.dynamic.UpdateBatch b = org.stag.formats.dynamic.UpdateBatch.ofSorted(rows, cols, vals, n,
                threads);
        return insert ? t.insertSorted(b, threads, BatchGrowth.FIXED, rep) : t.deleteSorted(b, threads, rep);
    }

    /** Bits needed for {@code x >= 0} (at least 1). */
    private static int bits(int x) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(0, x)));
    }
}
