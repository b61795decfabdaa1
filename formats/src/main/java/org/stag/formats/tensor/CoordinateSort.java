package org.stag.formats.tensor;

/**
 * Sorts coordinate lists into level order and removes duplicates, the later entry winning: a stable
 * least-significant-first counting sort, one pass per level (two for dimensions above both 2^16 and the
 * number of entries, 16 bits at a time), so O(levels · (n + dimension)) with sequential counting.
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
