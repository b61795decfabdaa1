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
        sort(a, threads, 0);
    }

    /**
     * Sorts {@code a} (keys not negative) into increasing order on up to {@code threads} threads, given that its
     * keys are already in increasing order of their low {@code sortedBits} bits wherever their higher bits are
     * equal (as keys that pack an index in increasing order into their low bits are): the radix passes then skip
     * those bits, being stable.
     */
    public static void sort(long[] a, int threads, int sortedBits) {
        sort(a, a.length, threads, sortedBits, null);
    }

    /**
     * {@link #sort(long[], int, int)} of {@code a[0, m)} (the rest of {@code a} is left alone), using
     * {@code buf[0, m)} as its working space when {@code buf} is not null (at least {@code m} long; its contents
     * are lost), so that a caller sorting batch after batch allocates nothing per sort.
     */
    public static void sort(long[] a, int m, int threads, int sortedBits, long[] buf) {
        if (buf != null && buf.length < m) {
            throw new IllegalArgumentException("ParallelLongSort: buffer of " + buf.length + " for " + m + " keys");
        }
        long max = maxKey(a, m, threads);
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
            sort(rest, threads, sortedBits);
            long[] head = java.util.Arrays.copyOf(a, run);
            merge(head, rest, a);
            return;
        }
        if (m < SMALL) {
            LongArrays.quickSort(a, 0, m);
            return;
        }
        int low = Math.min(sortedBits, bits);
        long[] tmp = buf != null ? buf : new long[m];
        if (threads <= 1 || m < PARALLEL) {
            radix(a, 0, m, low, bits, tmp);
            return;
        }
        int parts = threads;
        int[] bounds = Parallel.split(m, parts);
        Parallel.forEachBlock(threads, parts, p -> radix(a, bounds[p], bounds[p + 1], low, bits, tmp));
        long[] from = a;
        long[] to = tmp;
        for (int width = 1; width < parts; width *= 2) {
            int w = width;
            long[] f = from;
            long[] t = to;
            int merges = (parts + 2 * w - 1) / (2 * w);
            // Each merge is cut into pieces of equal output (co-ranks), so the last round uses every thread too.
            int pieces = Math.max(1, threads / merges) * 2;
            Parallel.forEachBlock(threads, merges * pieces, qp -> {
                int q = qp / pieces;
                int piece = qp % pieces;
                int lo = bounds[2 * q * w];
                int mid = bounds[Math.min(parts, 2 * q * w + w)];
                int hi = bounds[Math.min(parts, 2 * q * w + 2 * w)];
                int outFrom = lo + (int) ((long) (hi - lo) * piece / pieces);
                int outTo = lo + (int) ((long) (hi - lo) * (piece + 1) / pieces);
                int i0 = coRank(f, lo, mid, mid, hi, outFrom - lo);
                int i1 = coRank(f, lo, mid, mid, hi, outTo - lo);
                merge(f, i0, i1, mid + (outFrom - lo) - (i0 - lo), mid + (outTo - lo) - (i1 - lo), t, outFrom);
            });
            from = t;
            to = f;
        }
        if (from != a) {
            System.arraycopy(from, 0, a, 0, m);
        }
    }

    /** The largest key, checking that none is negative; in parallel blocks for large arrays. */
    private static long maxKey(long[] a, int m, int threads) {
        if (threads <= 1 || m < PARALLEL) {
            long max = 0;
            for (int i = 0; i < m; i++) {
                long k = a[i];
                if (k < 0) {
                    throw new IllegalArgumentException("ParallelLongSort: negative key " + k);
                }
                max = Math.max(max, k);
            }
            return max;
        }
        int blocks = 2 * threads;
        int[] bounds = Parallel.split(m, blocks);
        long[] max = new long[blocks];
        Parallel.forEachBlock(threads, blocks, b -> {
            long x = 0;
            long or = 0;
            for (int i = bounds[b]; i < bounds[b + 1]; i++) {
                long k = a[i];
                x = Math.max(x, k);
                or |= k;
            }
            max[b] = or < 0 ? -1 : x;
        });
        long x = 0;
        for (int b = 0; b < blocks; b++) {
            if (max[b] < 0) {
                for (int i = bounds[b]; i < bounds[b + 1]; i++) {
                    if (a[i] < 0) {
                        throw new IllegalArgumentException("ParallelLongSort: negative key " + a[i]);
                    }
                }
            }
            x = Math.max(x, max[b]);
        }
        return x;
    }

    /**
     * Merges the sorted runs {@code f[0, mid)} and {@code f[mid, n)} into {@code t[0, n)}, on up to {@code threads}
     * threads for long runs (pieces of equal output, cut at co-ranks); ties take the first run's element first.
     */
    public static void mergeRuns(long[] f, int mid, int n, long[] t, int threads) {
        int pieces = threads <= 1 || n < PARALLEL ? 1 : 2 * threads;
        Parallel.forEachBlock(threads, pieces, piece -> {
            int outFrom = (int) ((long) n * piece / pieces);
            int outTo = (int) ((long) n * (piece + 1) / pieces);
            int i0 = coRank(f, 0, mid, mid, n, outFrom);
            int i1 = coRank(f, 0, mid, mid, n, outTo);
            merge(f, i0, i1, mid + outFrom - i0, mid + outTo - i1, t, outFrom);
        });
    }

    /**
     * Merges the sorted runs {@code x[0, xn)} and {@code y[0, yn)} into {@code t[0, xn + yn)}, as
     * {@link #mergeRuns(long[], int, int, long[], int)} does runs of one array (ties take {@code x}'s first), so
     * that a caller holding the two runs in arrays of their own need not copy them into one first.
     */
    public static void mergeRuns(long[] x, int xn, long[] y, int yn, long[] t, int threads) {
        int n = xn + yn;
        int pieces = threads <= 1 || n < PARALLEL ? 1 : 2 * threads;
        Parallel.forEachBlock(threads, pieces, piece -> {
            int outFrom = (int) ((long) n * piece / pieces);
            int outTo = (int) ((long) n * (piece + 1) / pieces);
            int i0 = coRank(x, xn, y, yn, outFrom);
            int i1 = coRank(x, xn, y, yn, outTo);
            int i = i0;
            int j = outFrom - i0;
            int jend = outTo - i1;
            int o = outFrom;
            while (i < i1 && j < jend) {
                t[o++] = x[i] <= y[j] ? x[i++] : y[j++];
            }
            System.arraycopy(x, i, t, o, i1 - i);
            o += i1 - i;
            System.arraycopy(y, j, t, o, jend - j);
        });
    }

    /** How many of the first {@code r} elements of the merge of {@code x[0, xn)} and {@code y[0, yn)} are x's. */
    private static int coRank(long[] x, int xn, long[] y, int yn, int r) {
        int lo = Math.max(0, r - yn);
        int hi = Math.min(r, xn);
        while (lo < hi) {
            int i = (lo + hi) >>> 1;
            int j = r - i;
            if (j > 0 && x[i] <= y[j - 1]) {
                lo = i + 1;
            } else {
                hi = i;
            }
        }
        return lo;
    }

    /**
     * The index in {@code f[xlo, xhi]} where the first run's part of the first {@code r} elements of the merge of
     * the sorted runs {@code f[xlo, xhi)} and {@code f[ylo, yhi)} ends (ties taken from the first run first, as
     * {@link #merge} does).
     */
    static int coRank(long[] f, int xlo, int xhi, int ylo, int yhi, int r) {
        int lo = Math.max(0, r - (yhi - ylo));
        int hi = Math.min(r, xhi - xlo);
        while (lo < hi) {
            int i = (lo + hi) >>> 1;
            int j = r - i;
            // Too few from x when x[i] belongs before y[j - 1].
            if (j > 0 && f[xlo + i] <= f[ylo + j - 1]) {
                lo = i + 1;
            } else {
                hi = i;
            }
        }
        return xlo + lo;
    }

    /** Merges the sorted runs {@code f[i, xend)} and {@code f[j, jend)} into {@code t} from {@code o}. */
    private static void merge(long[] f, int i, int xend, int j, int jend, long[] t, int o) {
        while (i < xend && j < jend) {
            t[o++] = f[i] <= f[j] ? f[i++] : f[j++];
        }
        System.arraycopy(f, i, t, o, xend - i);
        o += xend - i;
        System.arraycopy(f, j, t, o, jend - j);
    }

    /**
     * LSD radix sort of {@code a[from, to)} on its bits {@code [low, bits)}, 11 at a time (stable, so keys equal
     * there keep their order): the keys a batch packs use only the bits its ids and indices need, and an index
     * packed below in increasing order need not be sorted, so a batch of 10^6 kron-20 edges takes 4 passes.
     * {@code buf[from, to)} is its working space.
     */
    private static void radix(long[] a, int from, int to, int low, int bits, long[] buf) {
        int n = to - from;
        int[] count = new int[1 << DIGIT];
        long[] f = a;
        int fo = from;
        long[] t = buf;
        int tOff = from;
        for (int shift = low; shift < bits; shift += DIGIT) {
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
}
