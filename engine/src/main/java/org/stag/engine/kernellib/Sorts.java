package org.stag.engine.kernellib;

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

    /**
     * Sorts {@code keys[from, to)} increasingly, allocating nothing: how a sparse result's packed keys are sorted
     * when there are too few of them for a radix sort to pay.
     */
    public static void sort(long[] keys, int from, int to) {
        quicksort(keys, from, to - 1);
    }

    /**
     * Sorts {@code keys[lo, hi]} in place, allocating nothing (unlike {@link java.util.Arrays#sort}, whose
     * merge of presorted runs takes a buffer): median-of-three quicksort, recursing into the smaller side,
     * insertion sort below 24 keys.
     */
    private static void quicksort(long[] keys, int lo, int hi) {
        while (hi - lo >= 24) {
            int mid = (lo + hi) >>> 1;
            if (keys[mid] < keys[lo]) {
                swap(keys, mid, lo);
            }
            if (keys[hi] < keys[lo]) {
                swap(keys, hi, lo);
            }
            if (keys[hi] < keys[mid]) {
                swap(keys, hi, mid);
            }
            long pivot = keys[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (keys[i] < pivot) {
                    i++;
                }
                while (keys[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    swap(keys, i++, j--);
                }
            }
            if (j - lo < hi - i) {
                quicksort(keys, lo, j);
                lo = i;
            } else {
                quicksort(keys, i, hi);
                hi = j;
            }
        }
        for (int a = lo + 1; a <= hi; a++) {
            long k = keys[a];
            int b = a - 1;
            while (b >= lo && keys[b] > k) {
                keys[b + 1] = keys[b];
                b--;
            }
            keys[b + 1] = k;
        }
    }

    private static void swap(long[] a, int i, int j) {
        long x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}
