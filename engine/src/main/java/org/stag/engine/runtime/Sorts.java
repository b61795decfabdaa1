package org.stag.engine.runtime;

/**
 * Sorting for iterator conversion: generated code gathers the coordinates of an unordered level (a hash
 * segment) with their positions and sorts them by coordinate before co-iterating. Allocation-free.
 */
public final class Sorts {
    private Sorts() {
    }

    /** Sorts {@code keys[from, to)} increasingly and permutes {@code vals} alongside. */
    public static void sortPairs(int[] keys, int[] vals, int from, int to) {
        while (to - from > 16) {
            int mid = (from + to) >>> 1;
            int pivot = median(keys[from], keys[mid], keys[to - 1]);
            int i = from;
            int j = to - 1;
            while (i <= j) {
                while (keys[i] < pivot) {
                    i++;
                }
                while (keys[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    swap(keys, vals, i++, j--);
                }
            }
            // Recurse into the smaller side, loop on the larger: the stack stays logarithmic.
            if (j - from < to - i) {
                sortPairs(keys, vals, from, j + 1);
                from = i;
            } else {
                sortPairs(keys, vals, i, to);
                to = j + 1;
            }
        }
        for (int i = from + 1; i < to; i++) {
            int k = keys[i];
            int v = vals[i];
            int j = i - 1;
            while (j >= from && keys[j] > k) {
                keys[j + 1] = keys[j];
                vals[j + 1] = vals[j];
                j--;
            }
            keys[j + 1] = k;
            vals[j + 1] = v;
        }
    }

    private static int median(int a, int b, int c) {
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    }

    private static void swap(int[] keys, int[] vals, int i, int j) {
        int k = keys[i];
        keys[i] = keys[j];
        keys[j] = k;
        int v = vals[i];
        vals[i] = vals[j];
        vals[j] = v;
    }
}
