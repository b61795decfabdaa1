package org.stag.formats.tensor;

import it.unimi.dsi.fastutil.ints.IntArrays;

/** Sorts coordinate lists into level order and removes duplicates, the last occurrence winning. */
final class CoordinateSort {
    private CoordinateSort() {
    }

    /**
     * Sorts the entries {@code (lc[0][j], …, lc[L-1][j])} lexicographically, carrying {@code index[j]}
     * along, and keeps only the last (by {@code index}) of equal entries. All arrays have length
     * {@code n} and are rearranged in place; returns the number of distinct entries, which come first.
     */
    static int sortUnique(int[][] lc, int[] index) {
        int levels = lc.length;
        int n = index.length;
        int[][] keys = new int[levels + 1][];
        System.arraycopy(lc, 0, keys, 0, levels);
        // The original index as the last key makes the sort stable, so the last duplicate ends each run.
        keys[levels] = index;
        IntArrays.radixSort(keys, 0, n);
        int w = 0;
        for (int j = 0; j < n; j++) {
            if (j + 1 < n && equal(lc, j, j + 1)) {
                continue;
            }
            for (int k = 0; k < levels; k++) {
                lc[k][w] = lc[k][j];
            }
            index[w++] = index[j];
        }
        return w;
    }

    private static boolean equal(int[][] lc, int a, int b) {
        for (int[] c : lc) {
            if (c[a] != c[b]) {
                return false;
            }
        }
        return true;
    }
}
