package org.stag.formats.level;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.ValueMode;
import org.stag.loaders.RowBlocks;

/**
 * A vbyte level built from rows ({@link VbyteBuilder}): one block below the limit, several past it (a lowered
 * limit), each parent's ids, degree and values read back, {@link VbyteLevel#locate} of every present and absent id,
 * and the rows and levels it refuses.
 */
class VbyteLevelTest {

    /** Random rows over {@code n} ids: empty ones, short ones and some longer than a chunk. */
    static RowBlocks randomRows(int rows, int n, long seed, boolean weighted) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] ptr = new int[rows + 1];
        int[] col = new int[rows * 40 + 1000];
        double[] w = weighted ? new double[col.length] : null;
        int m = 0;
        for (int r = 0; r < rows; r++) {
            int d = r % 5 == 0 ? 0 : r % 17 == 0 ? Math.min(n, 150 + rnd.nextInt(300)) : rnd.nextInt(Math.min(n, 12));
            boolean[] on = new boolean[n];
            int k = 0;
            while (k < d) {
                int c = rnd.nextInt(n);
                if (!on[c]) {
                    on[c] = true;
                    k++;
                }
            }
            if (m + d > col.length) {
                col = Arrays.copyOf(col, 2 * (m + d));
                w = weighted ? Arrays.copyOf(w, col.length) : null;
            }
            for (int c = 0; c < n; c++) {
                if (on[c]) {
                    col[m] = c;
                    if (weighted) {
                        w[m] = rnd.nextDouble() - 0.5;
                    }
                    m++;
                }
            }
            ptr[r + 1] = m;
        }
        return RowBlocks.of(rows, ptr, col, w);
    }

    @Test
    void oneBlockBelowTheLimitHoldsEveryRow() {
        RowBlocks rows = randomRows(200, 1000, 1, true);
        VbyteLevel v = VbyteBuilder.build(StaticLevelFormat.VBYTE, 1000, VbyteBuilder.of(rows), ValueMode.DOUBLE);
        assertEquals(1, v.blockCount());
        assertEquals(ValueMode.DOUBLE, v.mode());
        assertTrue(v.holdsValues());
        checkRows(v, rows);
        assertTrue(v.codeBytes() < 4L * rows.entries(), v.toString());
        assertEquals(v.codeBytes() + 4L * 2 * 201 + 8L * rows.entries(), v.memoryBytes());
    }

    @Test
    void aLoweredLimitCutsTheRowsIntoBlocksOfAtMostTheLimit() {
        RowBlocks rows = randomRows(300, 600, 2, false);
        long old = RowBlocks.setLimit(200);
        VbyteLevel v;
        try {
            v = VbyteBuilder.build(StaticLevelFormat.VBYTE, 600, VbyteBuilder.of(rows), ValueMode.NONE);
        } finally {
            RowBlocks.setLimit(old);
        }
        assertTrue(v.blockCount() > 1, v.toString());
        for (int b = 0; b < v.blockCount(); b++) {
            int[] e = v.elems(b);
            assertTrue(e.length == 2 || e[e.length - 1] <= 200 && v.codes(b).length <= 200, "block " + b);
            assertEquals(b << v.shardBits(), v.firstParent(b));
            if (b > 0) {
                assertEquals(v.firstElement(b - 1) + v.elems(b - 1)[v.elems(b - 1).length - 1], v.firstElement(b));
            }
        }
        assertNull(v.val(0));
        assertFalse(v.holdsValues());
        checkRows(v, rows);
    }

    /** Every parent's ids, degree, values and every present and absent id located. */
    private static void checkRows(VbyteLevel v, RowBlocks rows) {
        assertEquals(rows.entries(), v.entries());
        assertEquals(rows.rows(), v.parentSize());
        int[] out = new int[v.dimension()];
        for (int r = 0; r < rows.rows(); r++) {
            int d = rows.degree(r);
            assertEquals(d, v.degree(r), "degree of " + r);
            v.decode(r, out);
            int rb = rows.blockOf(r);
            int from = (int) (rows.rowStart(r) - rows.first(rb));
            int[] expected = Arrays.copyOfRange(rows.col(rb), from, from + d);
            assertArrayEquals(expected, Arrays.copyOf(out, d), "row " + r);
            int b = r >>> v.shardBits();
            int first = v.elems(b)[r - v.firstParent(b)];
            int k = 0;
            for (int c = -1; c <= v.dimension(); c++) {
                boolean present = k < d && expected[k] == c;
                int q = v.locate(r, c);
                assertEquals(present ? first + k : -1, q, "row " + r + " id " + c);
                if (present) {
                    if (v.holdsValues()) {
                        assertEquals(rows.weights(rb)[from + k], v.val(b)[q]);
                    }
                    k++;
                }
            }
        }
    }

    @Test
    void rowsPositionsAreElementNumbersInPositionMode() {
        RowBlocks rows = randomRows(50, 100, 3, false);
        VbyteLevel v = VbyteBuilder.build(StaticLevelFormat.VBYTE, 100, VbyteBuilder.of(rows), ValueMode.POSITION);
        assertEquals(ValueMode.POSITION, v.mode());
        assertEquals(0, v.firstElement(0));
        assertEquals(rows.entries(), v.size());
    }

    @Test
    void badRowsAreRefusedNamingTheRow() {
        RowBlocks unsorted = RowBlocks.of(2, new int[] {0, 1, 3}, new int[] {0, 4, 2}, null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VbyteBuilder.build(StaticLevelFormat.VBYTE, 5, VbyteBuilder.of(unsorted), ValueMode.NONE));
        assertTrue(e.getMessage().contains("vbyte row 1"), e.getMessage());
        RowBlocks wide = RowBlocks.of(1, new int[] {0, 2}, new int[] {1, 7}, null);
        e = assertThrows(IllegalArgumentException.class,
                () -> VbyteBuilder.build(StaticLevelFormat.VBYTE, 5, VbyteBuilder.of(wide), ValueMode.NONE));
        assertTrue(e.getMessage().contains("vbyte row 0") && e.getMessage().contains("0..4"), e.getMessage());
        RowBlocks pattern = RowBlocks.of(1, new int[] {0, 1}, new int[] {1}, null);
        e = assertThrows(IllegalArgumentException.class,
                () -> VbyteBuilder.build(StaticLevelFormat.VBYTE, 5, VbyteBuilder.of(pattern), ValueMode.DOUBLE));
        assertTrue(e.getMessage().contains("weighted"), e.getMessage());
    }

    @Test
    void aVbyteLevelIsBuiltWholeNotLevelByLevel() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Level.create(StaticLevelFormat.VBYTE, 4, ValueMode.POSITION));
        assertTrue(e.getMessage().contains("built whole"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new VbyteLevel(StaticLevelFormat.COMPRESSED, 1, 0, 0,
                new byte[0][], new int[0][], new int[0][], null, ValueMode.NONE));
    }
}
