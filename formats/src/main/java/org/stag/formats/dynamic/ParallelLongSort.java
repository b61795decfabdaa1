package org.stag.formats.dynamic;

import it.unimi.dsi.fastutil.longs.LongArrays;
import org.stag.loaders.Parallel;

/**
 * Sorts a primitive {@code long[]} on several threads: one part per thread radix-sorted in parallel, then merged
 * pairwise, each round's merges in parallel. How batches order their packed keys (row, column, index) without
 * boxing; small arrays are sorted in the calling thread, where a hand-off to the pool would cost more.
 */
public final class ParallelLongSort {
    /** Arrays shorter than this are sorted in the calling thread. */
    static final int PARALLEL = 1 << 16;

    private ParallelLongSort() {
    }

    /** Sorts {@code a} into increasing order on up to {@code threads} threads. */
    public static void sort(long[] a, int threads) {
        int m = a.length;
        if (threads <= 1 || m < PARALLEL) {
            LongArrays.radixSort(a);
            return;
        }
        int parts = threads;
        int[] bounds = Parallel.split(m, parts);
        Parallel.forEachBlock(threads, parts, p -> LongArrays.radixSort(a, bounds[p], bounds[p + 1]));
        long[] from = a;
        long[] to = new long[m];
        for (int width = 1; width < parts; width *= 2) {
            int w = width;
            long[] f = from;
            long[] t = to;
            int merges = (parts + 2 * w - 1) / (2 * w);
            Parallel.forEachBlock(threads, merges, q -> {
                int lo = bounds[2 * q * w];
                int mid = bounds[Math.min(parts, 2 * q * w + w)];
                int hi = bounds[Math.min(parts, 2 * q * w + 2 * w)];
                merge(f, lo, mid, hi, t);
            });
            from = t;
            to = f;
        }
        if (from != a) {
            System.arraycopy(from, 0, a, 0, m);
        }
    }

    /** Merges the sorted runs {@code f[lo, mid)} and {@code f[mid, hi)} into {@code t[lo, hi)}. */
    private static void merge(long[] f, int lo, int mid, int hi, long[] t) {
        int i = lo;
        int j = mid;
        int o = lo;
        while (i < mid && j < hi) {
            t[o++] = f[i] <= f[j] ? f[i++] : f[j++];
        }
        System.arraycopy(f, i, t, o, mid - i);
        o += mid - i;
        System.arraycopy(f, j, t, o, hi - j);
    }
}
