package org.stag.formats.dynamic;

import it.unimi.dsi.fastutil.longs.LongArrays;
import org.stag.loaders.Parallel;

/**
 * Sorts a primitive {@code long[]} of keys that are not negative on several threads: one part per thread
 * radix-sorted (LSD, on the bits the largest key uses) in parallel, then merged
 * pairwise, each round's merges in parallel. How batches order their packed keys (row, column, index) without
 * boxing; small arrays are sorted in the calling thread, where a hand-off to the pool would cost more.
 */
public final class ParallelLongSort {
    /** Arrays shorter than this are sorted in the calling thread. */
    static final int PARALLEL = 1 << 16;
    /** Arrays shorter than this are sorted by comparisons: a radix pass clears 2^11 counters. */
    static final int SMALL = 256;
    private static final int DIGIT = 11;
    private static final int MASK = (1 << DIGIT) - 1;

    private ParallelLongSort() {
    }

    /** Sorts {@code a} (keys not negative) into increasing order on up to {@code threads} threads. */
    public static void sort(long[] a, int threads) {
        int m = a.length;
        long max = 0;
        for (long k : a) {
            if (k < 0) {
                throw new IllegalArgumentException("ParallelLongSort: negative key " + k);
            }
            max = Math.max(max, k);
        }
        int bits = 64 - Long.numberOfLeadingZeros(max);
        int run = 1;
        while (run < m && a[run - 1] <= a[run]) {
            run++;
        }
        if (run >= m) {
            return;
        }
        if (run >= m / 2 && m >= SMALL) {
            // A sorted first half (an undirected batch: its edges, then their mirrors): sort the rest, merge once.
            long[] rest = java.util.Arrays.copyOfRange(a, run, m);
            sort(rest, threads);
            long[] head = java.util.Arrays.copyOf(a, run);
            merge(head, rest, a);
            return;
        }
        if (m < SMALL) {
            LongArrays.quickSort(a);
            return;
        }
        if (threads <= 1 || m < PARALLEL) {
            radix(a, 0, m, bits);
            return;
        }
        int parts = threads;
        int[] bounds = Parallel.split(m, parts);
        Parallel.forEachBlock(threads, parts, p -> radix(a, bounds[p], bounds[p + 1], bits));
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

    /**
     * LSD radix sort of {@code a[from, to)} on its low {@code bits} bits, 11 at a time: the keys a batch packs
     * use only the bits its ids and indices need, so a batch of 10^6 kron-20 edges (61 bits) takes 6 passes.
     */
    private static void radix(long[] a, int from, int to, int bits) {
        int n = to - from;
        long[] buf = new long[n];
        int[] count = new int[1 << DIGIT];
        long[] f = a;
        int fo = from;
        long[] t = buf;
        int tOff = 0;
        for (int shift = 0; shift < bits; shift += DIGIT) {
            java.util.Arrays.fill(count, 0);
            for (int i = fo; i < fo + n; i++) {
                count[(int) (f[i] >>> shift) & MASK]++;
            }
            int sum = tOff;
            for (int d = 0; d < count.length; d++) {
                int c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (int i = fo; i < fo + n; i++) {
                long k = f[i];
                t[count[(int) (k >>> shift) & MASK]++] = k;
            }
            long[] x = f;
            f = t;
            t = x;
            int xo = fo;
            fo = tOff;
            tOff = xo;
        }
        if (f != a) {
            System.arraycopy(f, fo, a, from, n);
        }
    }

    /** Merges the sorted arrays {@code x} and {@code y} into {@code t}. */
    private static void merge(long[] x, long[] y, long[] t) {
        int i = 0;
        int j = 0;
        int o = 0;
        while (i < x.length && j < y.length) {
            t[o++] = x[i] <= y[j] ? x[i++] : y[j++];
        }
        System.arraycopy(x, i, t, o, x.length - i);
        o += x.length - i;
        System.arraycopy(y, j, t, o, y.length - j);
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
