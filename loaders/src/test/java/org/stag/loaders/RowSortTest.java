package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Merging runs sorts exactly as a stable sort by column does, and declines rows with too many runs. */
class RowSortTest {
    @Test
    void mergesFewRunsStably() {
        Random rnd = new Random(8);
        RowSort sort = new RowSort();
        for (int trial = 0; trial < 3000; trial++) {
            int runs = 1 + rnd.nextInt(RowSort.MAX_RUNS);
            int lo = rnd.nextInt(5);
            int len = rnd.nextInt(200);
            int[] col = new int[lo + len + 3];
            double[] val = new double[col.length];
            // Ascending runs with repeated columns, so stability shows.
            int p = lo;
            for (int r = 0; r < runs && p < lo + len; r++) {
                int runLen = r == runs - 1 ? lo + len - p : rnd.nextInt(lo + len - p + 1);
                int c = rnd.nextInt(20);
                for (int i = 0; i < runLen; i++) {
                    col[p] = c;
                    val[p] = p;
                    c += rnd.nextInt(3);
                    p++;
                }
            }
            Integer[] order = new Integer[len];
            for (int i = 0; i < len; i++) {
                order[i] = lo + i;
            }
            int[] before = col.clone();
            Arrays.sort(order, Comparator.comparingInt(k -> before[k]));
            boolean weighted = trial % 2 == 0;
            assertTrue(sort.mergeRuns(col, weighted ? val : null, lo, lo + len), "trial " + trial);
            for (int i = 0; i < len; i++) {
                assertEquals(before[order[i]], col[lo + i], "trial " + trial);
                if (weighted) {
                    assertEquals((double) order[i], val[lo + i], "stable order, trial " + trial);
                }
            }
            assertArrayEquals(Arrays.copyOf(before, lo), Arrays.copyOf(col, lo), "before the row");
        }
    }

    @Test
    void declinesRowsWithManyRuns() {
        int[] col = new int[100];
        for (int i = 0; i < col.length; i++) {
            col[i] = col.length - i;
        }
        int[] copy = col.clone();
        assertFalse(new RowSort().mergeRuns(col, null, 0, col.length));
        assertArrayEquals(copy, col);
    }
}
