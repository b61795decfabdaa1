package org.stag.formats.graph;

import it.unimi.dsi.fastutil.longs.LongArrays;
import org.stag.formats.dynamic.BatchScratch;
import org.stag.formats.dynamic.ParallelLongSort;
import org.stag.loaders.updates.UpdateBatch;

/**
 * The distinct edges of a batch in (row, column) order, each with the index of its last update (on an undirected
 * graph {@code u v} and {@code v u} are one edge, named {@code (min, max)}). Edge and update index are packed
 * into one long ({@code row | column | index}) when their bits fit, so one primitive sort orders the edges and
 * puts each edge's updates in file order ({@link ParallelLongSort}, on several threads for large batches).
 */
final class LastUpdates {
    /** Batches below this are packed and unpacked in the calling thread. */
    private static final int PARALLEL = 1 << 15;

    /** Row (source) of each distinct edge, increasing. */
    final int[] src;
    /** Column of each distinct edge, increasing within a row. */
    final int[] dst;
    /** Index in the batch of each edge's last update. */
    final int[] last;
    /** Whether each edge's last update is a delete. */
    final boolean[] delete;
    /**
     * Whether each edge's last update names it the other way round ({@code v u} for the edge {@code (u, v)} of an
     * undirected graph, {@code u < v}); never for a directed graph.
     */
    final boolean[] flipped;
    /** Number of distinct edges. */
    final int edges;

    private LastUpdates(int[] src, int[] dst, int[] last, boolean[] delete, boolean[] flipped, int edges) {
        this.src = src;
        this.dst = dst;
        this.last = last;
        this.delete = delete;
        this.flipped = flipped;
        this.edges = edges;
    }

    /** The source of edge {@code j} as its last update names it. */
    int updateSrc(int j) {
        return flipped[j] ? dst[j] : src[j];
    }

    /** The destination of edge {@code j} as its last update names it. */
    int updateDst(int j) {
        return flipped[j] ? src[j] : dst[j];
    }

    /**
     * The last update of each edge of {@code b}, whose vertex ids are below {@code vertices} (checked). The key of
     * an update packs {@code row | column | index | delete | flipped}, so that the sort carries what the edge's
     * last update does and the batch's arrays are not read again at random.
     */
    static LastUpdates of(UpdateBatch b, boolean directed, int vertices, int threads) {
        return of(b, directed, vertices, threads, null);
    }

    /**
     * {@link #of(UpdateBatch, boolean, int, int)} with its arrays borrowed from {@code scratch} (slots
     * {@code longs} 0-1, {@code ints} 0-2, {@code booleans} 0-1; fresh ones when null): the result is good until
     * the scratch's next user, and its arrays may be longer than {@link #edges}.
     */
    static LastUpdates of(UpdateBatch b, boolean directed, int vertices, int threads, BatchScratch scratch) {
        int m = b.size();
        int vb = bits(vertices - 1);
        int ib = bits(m - 1) + 2;
        if (2 * vb + ib > 63) {
            return unpacked(b, directed);
        }
        long[] key = scratch == null ? new long[m] : scratch.longs(0, m);
        int colShift = ib;
        int rowShift = vb + ib;
        int blocks = m < PARALLEL ? 1 : 4 * threads;
        int[] bounds = org.stag.loaders.Parallel.split(m, blocks);
        org.stag.loaders.Parallel.forEachBlock(threads, blocks, blk -> {
            for (int i = bounds[blk]; i < bounds[blk + 1]; i++) {
                int u = b.src[i];
                int v = b.dst[i];
                long flip = 0;
                if (!directed && u > v) {
                    int t = u;
                    u = v;
                    v = t;
                    flip = 1;
                }
                long del = b.op[i] == UpdateBatch.DELETE ? 2 : 0;
                key[i] = ((long) u << rowShift) | ((long) v << colShift) | ((long) i << 2) | del | flip;
            }
        });
        // Keys are made in index order: the stable radix sort leaves the index (and flag) bits alone.
        ParallelLongSort.sort(key, m, threads, ib, scratch == null ? null : scratch.longs(1, m));
        // Updates of one edge are adjacent, in file order: the run's end is its last.
        int[] ends = new int[blocks + 1];
        org.stag.loaders.Parallel.forEachBlock(threads, blocks, blk -> {
            int c = 0;
            for (int j = bounds[blk]; j < bounds[blk + 1]; j++) {
                if (j + 1 == m || key[j + 1] >>> ib != key[j] >>> ib) {
                    c++;
                }
            }
            ends[blk + 1] = c;
        });
        for (int blk = 0; blk < blocks; blk++) {
            ends[blk + 1] += ends[blk];
        }
        int k = ends[blocks];
        long colMask = (1L << vb) - 1;
        long indexMask = (1L << (ib - 2)) - 1;
        int[] src = scratch == null ? new int[k] : scratch.ints(0, k);
        int[] dst = scratch == null ? new int[k] : scratch.ints(1, k);
        int[] last = scratch == null ? new int[k] : scratch.ints(2, k);
        boolean[] delete = scratch == null ? new boolean[k] : scratch.booleans(0, k);
        boolean[] flipped = scratch == null ? new boolean[k] : scratch.booleans(1, k);
        org.stag.loaders.Parallel.forEachBlock(threads, blocks, blk -> {
            int at = ends[blk];
            for (int j = bounds[blk]; j < bounds[blk + 1]; j++) {
                long x = key[j];
                if (j + 1 == m || key[j + 1] >>> ib != x >>> ib) {
                    src[at] = (int) (x >>> rowShift);
                    dst[at] = (int) ((x >>> colShift) & colMask);
                    last[at] = (int) ((x >>> 2) & indexMask);
                    delete[at] = (x & 2) != 0;
                    flipped[at++] = (x & 1) != 0;
                }
            }
        });
        return new LastUpdates(src, dst, last, delete, flipped, k);
    }

    /** Bits needed for {@code x >= 0} (at least 1). */
    private static int bits(int x) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(0, x)));
    }

    /** For ids too wide to pack beside the index: (edge, index) pairs sorted together. */
    private static LastUpdates unpacked(UpdateBatch b, boolean directed) {
        int m = b.size();
        long[] key = new long[m];
        long[] index = new long[m];
        for (int i = 0; i < m; i++) {
            int u = b.src[i];
            int v = b.dst[i];
            if (!directed && u > v) {
                int t = u;
                u = v;
                v = t;
            }
            key[i] = ((long) u << 32) | v;
            index[i] = i;
        }
        LongArrays.radixSort(key, index);
        int[] src = new int[m];
        int[] dst = new int[m];
        int[] last = new int[m];
        boolean[] delete = new boolean[m];
        boolean[] flipped = new boolean[m];
        int k = 0;
        for (int j = 0; j < m; j++) {
            if (j + 1 == m || key[j + 1] != key[j]) {
                int i = (int) index[j];
                src[k] = (int) (key[j] >>> 32);
                dst[k] = (int) key[j];
                last[k] = i;
                delete[k] = b.op[i] == UpdateBatch.DELETE;
                flipped[k++] = !directed && b.src[i] > b.dst[i];
            }
        }
        return new LastUpdates(src, dst, last, delete, flipped, k);
    }
}
