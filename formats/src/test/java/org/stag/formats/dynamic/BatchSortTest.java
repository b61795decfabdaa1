package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How a batch is ordered: {@link ParallelLongSort} against {@link Arrays#sort} on every thread count (an odd
 * number of parts merged too) and key width, negative keys refused; and {@link UpdateBatch#of} with the index
 * packed beside narrow ids and with ids too wide to pack, on one and several threads: rows and columns in
 * order, each repeated entry once, the value given last winning, the repeats counted.
 */
class BatchSortTest {
    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void parallelSortEqualsArraysSort(int threads) {
        SplittableRandom rnd = new SplittableRandom(threads);
        for (int m : new int[] {0, 1, 17, ParallelLongSort.SMALL, ParallelLongSort.PARALLEL - 1,
            ParallelLongSort.PARALLEL + 7, 300_001}) {
            // Keys of every width, from a few bits to 63, and some repeats.
            int width = 1 + rnd.nextInt(63);
            long[] a = rnd.longs(m, 0, width == 63 ? Long.MAX_VALUE : 1L << width).toArray();
            for (int k = 0; k + 10 < m; k += 97) {
                a[k + 10] = a[k];
            }
            long[] want = a.clone();
            Arrays.sort(want);
            ParallelLongSort.sort(a, threads);
            assertArrayEquals(want, a, m + " keys on " + threads + " threads");
        }
    }

    /** A sorted first part (an undirected batch's edges before their mirrors) of every length, and all sorted. */
    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void sortedPrefixesAreKept(int threads) {
        SplittableRandom rnd = new SplittableRandom(threads + 40);
        for (int m : new int[] {ParallelLongSort.SMALL, 1000, 2 * ParallelLongSort.PARALLEL + 3}) {
            for (int run : new int[] {m / 2 - 1, m / 2, m / 2 + 1, m - 1, m}) {
                long[] a = rnd.longs(m, 0, 1L << 40).toArray();
                Arrays.sort(a, 0, run);
                long[] want = a.clone();
                Arrays.sort(want);
                ParallelLongSort.sort(a, threads);
                assertArrayEquals(want, a, m + " keys, the first " + run + " sorted, on " + threads + " threads");
            }
        }
    }

    /**
     * Keys whose low bits are an index in increasing order (as batches pack them) sorted skipping those bits:
     * the same as a full sort, for index widths from 1 bit to more than the key's other bits, with repeats of
     * the high part (whose order the index decides).
     */
    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2, 3})
    void sortingAboveAnOrderedIndexEqualsArraysSort(int threads) {
        SplittableRandom rnd = new SplittableRandom(threads + 70);
        for (int m : new int[] {0, 5, ParallelLongSort.SMALL + 1, 5000, ParallelLongSort.PARALLEL + 11, 300_001}) {
            int ib = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, m - 1)));
            for (int high : new int[] {3, 20, 40}) {
                long[] a = new long[m];
                for (int i = 0; i < m; i++) {
                    a[i] = (rnd.nextLong(1L << high) << ib) | i;
                }
                long[] want = a.clone();
                Arrays.sort(want);
                ParallelLongSort.sort(a, threads, ib);
                assertArrayEquals(want, a, m + " keys of " + high + " high bits on " + threads + " threads");
            }
        }
    }

    /**
     * The prefix {@code a[0, m)} of a longer array sorted with a buffer of its own that holds junk (as a batch's
     * reused arrays do): the prefix as {@code Arrays.sort} leaves it, the rest of {@code a} untouched; a buffer
     * shorter than {@code m} is refused.
     */
    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2, 3})
    void sortingAPrefixWithAReusedBufferEqualsArraysSort(int threads) {
        SplittableRandom rnd = new SplittableRandom(threads + 80);
        long[] buf = rnd.longs(400_000).toArray();
        for (int m : new int[] {0, 5, ParallelLongSort.SMALL + 1, 5000, ParallelLongSort.PARALLEL + 11, 300_001, 17}) {
            int ib = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, m - 1)));
            long[] a = new long[m + 1000];
            for (int i = 0; i < a.length; i++) {
                a[i] = i < m ? (rnd.nextLong(1L << 30) << ib) | i : -1 - i;
            }
            long[] want = a.clone();
            Arrays.sort(want, 0, m);
            ParallelLongSort.sort(a, m, threads, ib, buf);
            assertArrayEquals(want, a, m + " keys on " + threads + " threads");
        }
        long[] few = new long[10];
        assertThrows(IllegalArgumentException.class, () -> ParallelLongSort.sort(new long[20], 20, threads, 0, few));
    }

    /**
     * Two sorted runs merged on several threads (pieces cut at co-ranks) as one thread merges them: runs of
     * every relative length, empty ones, repeats within and across runs.
     */
    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2, 3})
    void mergingRunsEqualsArraysSort(int threads) {
        SplittableRandom rnd = new SplittableRandom(threads + 90);
        int big = ParallelLongSort.PARALLEL + 101;
        int[][] shapes = {{0, 0}, {0, 5}, {5, 0}, {big, 0}, {0, big}, {big, big}, {3, big}, {big, 3}, {big, 2 * big},
            {7, 9}};
        for (int[] shape : shapes) {
            for (long range : new long[] {10, 1L << 40}) {
                int x = shape[0];
                int n = x + shape[1];
                long[] f = rnd.longs(n, 0, range).toArray();
                Arrays.sort(f, 0, x);
                Arrays.sort(f, x, n);
                long[] want = f.clone();
                Arrays.sort(want);
                long[] t = new long[n + 3];
                Arrays.fill(t, -1);
                ParallelLongSort.mergeRuns(f, x, n, t, threads);
                assertArrayEquals(want, Arrays.copyOf(t, n), x + " + " + (n - x) + " keys below " + range);
                assertEquals(-1, t[n], "wrote past the end");
                // The same runs in two arrays of their own (longer than the runs: only the given lengths count).
                long[] a = Arrays.copyOf(Arrays.copyOf(f, x), x + 4);
                long[] b = Arrays.copyOf(Arrays.copyOfRange(f, x, n), n - x + 4);
                Arrays.fill(a, x, a.length, -7);
                Arrays.fill(b, n - x, b.length, -7);
                Arrays.fill(t, -1);
                ParallelLongSort.mergeRuns(a, x, b, n - x, t, threads);
                assertArrayEquals(want, Arrays.copyOf(t, n), "two arrays: " + x + " + " + (n - x) + " below " + range);
                assertEquals(-1, t[n], "two arrays: wrote past the end");
            }
        }
    }

    /**
     * A sorted batch ({@link UpdateBatch#ofSorted}) lists the same rows, row starts and largest column on every
     * thread count, and refuses a batch out of order wherever the fault lies (in the middle of a block or across
     * two blocks' boundary).
     */
    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2, 3})
    void sortedBatchesListTheirRowsOnEveryThreadCount(int threads) {
        SplittableRandom rnd = new SplittableRandom(threads + 110);
        for (int n : new int[] {0, 1, 1000, 100_003}) {
            long[] keys = rnd.longs(n, 0, 1L << 36).distinct().sorted().toArray();
            int m = keys.length;
            int[] rows = new int[m];
            int[] cols = new int[m];
            for (int k = 0; k < m; k++) {
                rows[k] = (int) (keys[k] >>> 18);
                cols[k] = (int) (keys[k] & ((1 << 18) - 1));
            }
            UpdateBatch one = UpdateBatch.ofSorted(rows, cols, null, m);
            UpdateBatch par = UpdateBatch.ofSorted(rows, cols, null, m, threads);
            assertArrayEquals(one.rowIds(), par.rowIds(), m + " entries");
            assertArrayEquals(one.rowStart(), par.rowStart(), m + " entries");
            assertEquals(one.maxCol(), par.maxCol(), m + " entries");
            assertEquals(m, par.size());
            if (m > 1000) {
                for (int at : new int[] {m / 2, m / 3, 1}) {
                    int[] bad = cols.clone();
                    int[] badRows = rows.clone();
                    badRows[at] = badRows[at - 1];
                    bad[at] = bad[at - 1];
                    String why = assertThrows(IllegalArgumentException.class,
                            () -> UpdateBatch.ofSorted(badRows, bad, null, m, threads)).getMessage();
                    assertEquals("sorted batch: entry " + at + " (" + badRows[at] + ", " + bad[at] + ") is not after ("
                            + badRows[at] + ", " + bad[at] + ")", why);
                }
            }
        }
    }

    @Test
    void negativeKeysAreRefused() {
        long[] a = {3, -1, 2};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ParallelLongSort.sort(a, 2));
        assertEquals("ParallelLongSort: negative key -1", e.getMessage());
        // A large array is scanned in parallel blocks: the first negative key of the block holding it is named.
        long[] large = new long[1 << 17];
        for (int i = 0; i < large.length; i++) {
            large[i] = (i * 7919L) % 100_003;
        }
        large[100_000] = -5;
        large[120_000] = -6;
        IllegalArgumentException l = assertThrows(IllegalArgumentException.class,
                () -> ParallelLongSort.sort(large, 2));
        assertEquals("ParallelLongSort: negative key -5", l.getMessage());
    }

    @ParameterizedTest(name = "max id={0} threads={1} entries={2}")
    @CsvSource({"1000,1,5000", "1000,2,200000", "2000000000,1,5000", "2000000000,2,200000", "3,2,100000"})
    void batchesAreSortedDeduplicatedAndKeepTheLastValue(int maxId, int threads, int n) {
        SplittableRandom rnd = new SplittableRandom(n + maxId);
        int[] src = new int[n];
        int[] dst = new int[n];
        double[] w = new double[n];
        TreeMap<Long, Double> model = new TreeMap<>();
        for (int k = 0; k < n; k++) {
            // Ids drawn from a small set of rows so that repeats are common, at both ends of the range.
            src[k] = rnd.nextBoolean() ? rnd.nextInt(Math.min(maxId, 50)) : maxId - rnd.nextInt(Math.min(maxId, 50));
            dst[k] = rnd.nextInt(Math.min(maxId, 300)) * (maxId / Math.min(maxId, 300));
            w[k] = k;
            model.put(((long) src[k] << 32) | dst[k], w[k]);
        }
        UpdateBatch b = UpdateBatch.of(src, dst, w, n, maxId + 1, maxId + 1, BatchGrowth.FIXED, true, threads);
        assertEquals(model.size(), b.size());
        assertEquals(n - model.size(), b.duplicatesDropped());
        int k = 0;
        int r = 0;
        for (Map.Entry<Long, Double> e : model.entrySet()) {
            int row = (int) (e.getKey() >>> 32);
            while (b.rowIds()[r] != row) {
                r++;
            }
            assertEquals(true, k >= b.rowStart()[r] && k < b.rowStart()[r + 1], "entry " + k + " in row " + row);
            assertEquals((int) (long) e.getKey(), b.cols()[k], "column of entry " + k);
            assertEquals(e.getValue(), b.vals()[k], "value of entry " + k + ": the last given");
            k++;
        }
        UpdateBatch noValues = UpdateBatch.of(src, dst, w, n, maxId + 1, maxId + 1, BatchGrowth.FIXED, false, threads);
        assertEquals(model.size(), noValues.size());
        assertEquals(null, noValues.vals());
        assertArrayEquals(Arrays.copyOf(b.cols(), b.size()), Arrays.copyOf(noValues.cols(), noValues.size()));
    }
}
