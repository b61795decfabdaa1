package org.stag.formats.tensor;

import java.util.Arrays;

/**
 * Sorts coordinate lists into level order and removes duplicates, the later entry winning: a stable
 * least-significant-first counting sort, one pass per level (two for dimensions above both 2^16 and the
 * number of entries, 16 bits at a time), so O(levels · (n + dimension)) with sequential counting; or, when
 * the entries are so few that the counting arrays would cost more than the entries (a sparse kernel result or
 * an update batch of a few entries over a million vertices), a comparison sort, O(levels · n log n): of one
 * {@code long} per entry packing its coordinates and its number when they fit in 63 bits, else a stable merge sort.
 */
final class CoordinateSort {
    private static final int DIGIT = 16;

    private CoordinateSort() {
    }

    /**
     * Sorts entries {@code j < index.length}, {@code (lc[0][j], …, lc[L-1][j])} with coordinates of level
     * {@code k} in {@code [0, dims[k])}, lexicographically; of equal entries only the last (highest
     * {@code j}) is kept. Replaces each {@code lc[k]} by the sorted, de-duplicated coordinates and returns
     * the matching entries of {@code index}; all have the length of the result.
     */
    static int[] sortUnique(int[][] lc, int[] index, int[] dims) {
        int n = index.length;
        int[] perm = new int[n];
        for (int j = 0; j < n; j++) {
            perm[j] = j;
        }
        int[] tmp = new int[n];
        long counting = 0;
        for (int dim : dims) {
            counting += dim <= Math.max(1 << DIGIT, n) ? dim + n : 2L * ((1 << DIGIT) + n);
        }
        if ((long) n * (33 - Integer.numberOfLeadingZeros(Math.max(1, n))) * lc.length < counting / 4) {
            if (!packedSort(lc, dims, perm)) {
                mergeSort(lc, perm, tmp);
            }
            return unique(lc, index, perm, n);
        }
        int[] key = new int[n];
        for (int k = lc.length - 1; k >= 0; k--) {
            int[] c = lc[k];
            if (dims[k] <= Math.max(1 << DIGIT, n)) {
                for (int j = 0; j < n; j++) {
                    key[j] = c[perm[j]];
                }
                countingSort(perm, tmp, key, dims[k]);
                int[] t = perm;
                perm = tmp;
                tmp = t;
            } else {
                for (int shift = 0; shift < 32; shift += DIGIT) {
                    for (int j = 0; j < n; j++) {
                        key[j] = (c[perm[j]] >>> shift) & ((1 << DIGIT) - 1);
                    }
                    countingSort(perm, tmp, key, 1 << DIGIT);
                    int[] t = perm;
                    perm = tmp;
                    tmp = t;
                }
            }
        }
        return unique(lc, index, perm, n);
    }

    /** Keeps the last of each run of equal entries in {@code perm} (sorted, stable) and gathers the results. */
    private static int[] unique(int[][] lc, int[] index, int[] perm, int n) {
        int unique = 0;
        for (int j = 0; j < n; j++) {
            if (j + 1 == n || !equal(lc, perm[j], perm[j + 1])) {
                perm[unique++] = perm[j];
            }
        }
        for (int k = 0; k < lc.length; k++) {
            lc[k] = gather(lc[k], perm, unique);
        }
        return gather(index, perm, unique);
    }

    /** {@code out} = {@code in} stably ordered by {@code key} (parallel to {@code in}), keys in {@code [0, buckets)}. */
    private static void countingSort(int[] in, int[] out, int[] key, int buckets) {
        int[] start = new int[buckets + 1];
        for (int k : key) {
            start[k + 1]++;
        }
        for (int b = 0; b < buckets; b++) {
            start[b + 1] += start[b];
        }
        for (int j = 0; j < in.length; j++) {
            out[start[key[j]]++] = in[j];
        }
    }

    /**
     * Sorts {@code perm} (entry numbers {@code 0..n-1}) stably by their coordinates, level 0 first, as one
     * {@code long} per entry holding the coordinates and the entry number bit-packed in that order, when they
     * fit in 63 bits (two levels of a million and a million entries do); returns false when they do not.
     */
    private static boolean packedSort(int[][] lc, int[] dims, int[] perm) {
        int n = perm.length;
        int indexBits = bits(n);
        int total = indexBits;
        for (int dim : dims) {
            total += bits(dim);
        }
        if (total > 63) {
            return false;
        }
        long[] key = new long[n];
        for (int j = 0; j < n; j++) {
            long k = 0;
            for (int l = 0; l < lc.length; l++) {
                k = (k << bits(dims[l])) | lc[l][j];
            }
            key[j] = (k << indexBits) | j;
        }
        Arrays.sort(key);
        long mask = (1L << indexBits) - 1;
        for (int j = 0; j < n; j++) {
            perm[j] = (int) (key[j] & mask);
        }
        return true;
    }

    /** Bits for the values {@code 0..size-1}. */
    private static int bits(int size) {
        return size <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(size - 1);
    }

    /** Sorts {@code perm} (entry numbers) stably by their coordinates, level 0 first; {@code tmp} is scratch. */
    private static void mergeSort(int[][] lc, int[] perm, int[] tmp) {
        int n = perm.length;
        int[] from = perm;
        int[] to = tmp;
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int a = lo;
                int b = mid;
                int o = lo;
                while (a < mid && b < hi) {
                    // Ties take the left (earlier) entry first: stable.
                    to[o++] = compare(lc, from[b], from[a]) < 0 ? from[b++] : from[a++];
                }
                while (a < mid) {
                    to[o++] = from[a++];
                }
                while (b < hi) {
                    to[o++] = from[b++];
                }
            }
            int[] t = from;
            from = to;
            to = t;
        }
        if (from != perm) {
            System.arraycopy(from, 0, perm, 0, n);
        }
    }

    private static int compare(int[][] lc, int a, int b) {
        for (int[] c : lc) {
            if (c[a] != c[b]) {
                return Integer.compare(c[a], c[b]);
            }
        }
        return 0;
    }

    private static boolean equal(int[][] lc, int a, int b) {
        for (int[] c : lc) {
            if (c[a] != c[b]) {
                return false;
            }
        }
        return true;
    }

    private static int[] gather(int[] a, int[] perm, int n) {
        int[] b = new int[n];
        for (int j = 0; j < n; j++) {
            b[j] = a[perm[j]];
        }
        return b;
    }
}
