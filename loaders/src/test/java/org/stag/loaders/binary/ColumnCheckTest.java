package org.stag.loaders.binary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The streaming column check finds the first problem wherever the chunks are cut, empty rows included. */
class ColumnCheckTest {
    /** The first problem by the definition, one entry at a time: "POSITION cause", or null. */
    private static String expected(int[] rowPtr, int[] col, int cols) {
        int r = 0;
        for (int p = 0; p < col.length; p++) {
            while (rowPtr[r + 1] <= p) {
                r++;
            }
            if (p > rowPtr[r] && col[p] <= col[p - 1]) {
                return p + " columns not sorted and distinct in row " + r;
            }
            if (col[p] < 0 || col[p] >= cols) {
                return p + " column " + col[p] + " out of range 0.." + (cols - 1) + " in row " + r;
            }
        }
        return null;
    }

    private static String checked(int[] rowPtr, int[] col, int cols, int chunk) {
        ColumnCheck check = new ColumnCheck(rowPtr, cols);
        for (int at = 0; at < col.length; at += chunk) {
            int len = Math.min(chunk, col.length - at);
            check.accept(Arrays.copyOfRange(col, at, at + len), len);
        }
        return check.problem() == null ? null : check.problemAt() + " " + check.problem();
    }

    @Test
    void everyDamageIsFoundAtItsPositionWhateverTheChunks() {
        Random rnd = new Random(3);
        int cols = 50;
        for (int round = 0; round < 300; round++) {
            // Rows of 0 to 6 sorted distinct columns, empty rows first, between and last.
            int n = 1 + rnd.nextInt(12);
            int[] rowPtr = new int[n + 1];
            int[] col = new int[6 * n];
            int m = 0;
            for (int r = 0; r < n; r++) {
                int d = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(7);
                int c = rnd.nextInt(5);
                for (int i = 0; i < d; i++) {
                    col[m++] = c;
                    c += 1 + rnd.nextInt(6);
                }
                rowPtr[r + 1] = m;
            }
            col = Arrays.copyOf(col, m);
            if (m > 0 && round % 3 != 0) {
                int p = rnd.nextInt(m);
                col[p] = switch (rnd.nextInt(4)) {
                    case 0 -> -1 - rnd.nextInt(3);
                    case 1 -> cols + rnd.nextInt(3);
                    case 2 -> p > 0 ? col[p - 1] : Integer.MIN_VALUE;
                    default -> rnd.nextInt(cols);
                };
            }
            String want = expected(rowPtr, col, cols);
            for (int chunk : new int[] {1, 2, 3, 7, 1000}) {
                assertEquals(want, checked(rowPtr, col, cols, chunk), "round " + round + ", chunk " + chunk);
            }
        }
    }

    @Test
    void aValidSectionAndAnEmptyOnePass() {
        assertNull(checked(new int[] {0, 0, 3, 3, 4}, new int[] {0, 4, 9, 9}, 10, 2));
        assertNull(checked(new int[] {0, 0, 0}, new int[0], 0, 4));
        // A row that starts with the lowest int is out of range, not unsorted.
        assertEquals("0 column -2147483648 out of range 0..9 in row 0",
                checked(new int[] {0, 1}, new int[] {Integer.MIN_VALUE}, 10, 1));
    }
}
