package org.stag.formats.graph;

import it.unimi.dsi.fastutil.longs.LongArrays;
import org.stag.formats.dynamic.ParallelLongSort;
import org.stag.loaders.updates.UpdateBatch;

/**
 * The distinct edges of a batch in (row, column) order, each with the index of its last update (on an undirected
 * graph {@code u v} and {@code v u} are one edge, named {@code (min, max)}). Edge and update index are packed
 * into one long ({@code row | column | index}) when their bits fit, so one primitive sort orders the edges and
 * puts each edge's updates in file order ({@link ParallelLongSort}, on several threads for large batches).
 */
final class LastUpdates {
    /** Row (source) of each distinct edge, increasing. */
    final int[] src;
    /** Column of each distinct edge, increasing within a row. */
    final int[] dst;
    /** Index in the batch of each edge's last update. */
    final int[] last;
    /** Number of distinct edges. */
    final int edges;

    private LastUpdates(int[] src, int[] dst, int[] last, int edges) {
        this.src = src;
        this.dst = dst;
        this.last = last;
        this.edges = edges;
    }

    /** The last update of each edge of {@code b}, whose vertex ids are below {@code vertices} (checked). */
    static LastUpdates of(UpdateBatch b, boolean directed, int vertices, int threads) {
        int m = b.size();
        int vb = bits(vertices - 1);
        int ib = bits(m - 1);
        if (2 * vb + ib > 63) {
            return unpacked(b, directed);
        }
        long[] key = new long[m];
        int colShift = ib;
        int rowShift = vb + ib;
        for (int i = 0; i < m; i++) {
            int u = b.src[i];
            int v = b.dst[i];
            if (!directed && u > v) {
                int t = u;
                u = v;
                v = t;
            }
            key[i] = ((long) u << rowShift) | ((long) v << colShift) | i;
        }
        ParallelLongSort.sort(key, threads);
        long indexMask = (1L << ib) - 1;
        long colMask = (1L << vb) - 1;
        int[] src = new int[m];
        int[] dst = new int[m];
        int[] last = new int[m];
        int k = 0;
        for (int j = 0; j < m; j++) {
            // Updates of one edge are adjacent, in file order: the run's end is its last.
            if (j + 1 == m || key[j + 1] >>> ib != key[j] >>> ib) {
                src[k] = (int) (key[j] >>> rowShift);
                dst[k] = (int) ((key[j] >>> colShift) & colMask);
                last[k++] = (int) (key[j] & indexMask);
            }
        }
        return new LastUpdates(src, dst, last, k);
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
        int k = 0;
        for (int j = 0; j < m; j++) {
            if (j + 1 == m || key[j + 1] != key[j]) {
                src[k] = (int) (key[j] >>> 32);
                dst[k] = (int) key[j];
                last[k++] = (int) index[j];
            }
        }
        return new LastUpdates(src, dst, last, k);
    }
}
