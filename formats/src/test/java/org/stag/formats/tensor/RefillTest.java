package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.stag.formats.level.CompressedLevel;

/**
 * Sparse results refilled in place ({@link Tensor#refillSortedVector}, {@link Tensor#refillSortedMatrix}) and CSR
 * matrices over given arrays ({@link Tensor#sortedMatrix}): a refilled tensor is the same object and reads like a
 * fresh one built from the same entries; a tensor that does not fit is left unchanged; bad arrays are refused.
 */
class RefillTest {
    private static final Format COMPRESSED = FormatParser.parse("compressed");
    private static final Format CSR = FormatParser.parse("dense,compressed");

    /** {@code rows × cols} random CSR arrays: {pos, crd} with columns increasing per row, spare room at the end. */
    private static int[][] csr(SplittableRandom rnd, int rows, int cols, double density) {
        int[] pos = new int[rows + 1];
        int[] crd = new int[rows * cols + 3];
        int n = 0;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (rnd.nextDouble() < density) {
                    crd[n++] = c;
                }
            }
            pos[r + 1] = n;
        }
        return new int[][] {pos, crd};
    }

    private static void assertSameEntries(Tensor expected, Tensor actual) {
        assertEquals(expected.componentCount(), actual.componentCount());
        for (int i = 0; i < expected.dimension(0); i++) {
            if (expected.order() == 1) {
                assertEquals(expected.getAsLong(i), actual.getAsLong(i), "coordinate " + i);
            } else {
                for (int j = 0; j < expected.dimension(1); j++) {
                    assertEquals(expected.getAsLong(i, j), actual.getAsLong(i, j), "coordinates " + i + ", " + j);
                }
            }
        }
        actual.check();
    }

    @Test
    void aVectorIsRefilledInPlace() {
        SplittableRandom rnd = new SplittableRandom(1);
        Tensor t = Tensor.sortedVector(COMPRESSED, 50, new int[] {1, 4}, 2, Values.ofLongs(new long[] {7, 8}, -1));
        for (int round = 0; round < 10; round++) {
            int[] crd = new int[60];
            long[] vals = new long[60];
            int n = 0;
            for (int i = 0; i < 50; i++) {
                if (rnd.nextInt(3) == 0) {
                    crd[n] = i;
                    vals[n++] = rnd.nextInt(100);
                }
            }
            Tensor fresh = Tensor.sortedVector(COMPRESSED, 50, crd, n, new LongValues(vals, n, -1));
            assertTrue(t.refillSortedVector(COMPRESSED, 50, crd, n, vals));
            assertSameEntries(fresh, t);
            assertEquals(n, t.values().size());
            assertEquals(-1, ((LongValues) t.values()).fill());
            assertSame(crd, ((CompressedLevel) t.level(0)).crd());
        }
    }

    @Test
    void aVectorThatDoesNotFitIsLeftAsItWas() {
        Tensor t = Tensor.sortedVector(COMPRESSED, 10, new int[] {1, 4}, 2, Values.ofLongs(new long[] {7, 8}, 0));
        Tensor constant = Tensor.sortedVector(COMPRESSED, 10, new int[] {1, 4}, 2, Values.constantBool(true, false, 2));
        int[] crd = {2, 3};
        assertFalse(t.refillSortedVector(COMPRESSED, 11, crd, 2, new long[2]));
        assertFalse(t.refillSortedVector(FormatParser.parse("bitmap"), 10, crd, 2, new long[2]));
        assertFalse(t.refillSortedVector(COMPRESSED, 10, crd, 2, new int[2]));
        assertFalse(t.refillSortedVector(COMPRESSED, 10, crd, 2, new long[1]));
        assertFalse(constant.refillSortedVector(COMPRESSED, 10, crd, 2, new boolean[2]));
        assertFalse(t.convert(FormatParser.parse("dense")).refillSortedVector(COMPRESSED, 10, crd, 2, new long[2]));
        assertEquals(7, t.getAsLong(1));
        assertEquals(8, t.getAsLong(4));
        assertEquals(2, t.componentCount());
        assertTrue(constant.getAsBoolean(4));
    }

    @Test
    void aVectorRefillOfBadCoordinatesIsRefused() {
        Tensor t = Tensor.sortedVector(COMPRESSED, 10, new int[] {1, 4}, 2, Values.ofLongs(new long[] {7, 8}, 0));
        assertThrows(IllegalArgumentException.class, () -> t.refillSortedVector(COMPRESSED, 10, new int[] {3, 2}, 2, new long[2]));
        assertThrows(IllegalArgumentException.class, () -> t.refillSortedVector(COMPRESSED, 10, new int[] {3, 10}, 2, new long[2]));
        assertThrows(IllegalArgumentException.class, () -> t.refillSortedVector(COMPRESSED, 10, new int[] {3}, 2, new long[2]));
        assertEquals(8, t.getAsLong(4));
    }

    @Test
    void aSortedMatrixEqualsABuiltOne() {
        SplittableRandom rnd = new SplittableRandom(2);
        int[][] a = csr(rnd, 7, 9, 0.4);
        int n = a[0][7];
        double[] vals = new double[n + 5];
        int[][] coords = new int[2][n];
        for (int r = 0; r < 7; r++) {
            for (int q = a[0][r]; q < a[0][r + 1]; q++) {
                vals[q] = 1 + rnd.nextInt(9);
                coords[0][q] = r;
                coords[1][q] = a[1][q];
            }
        }
        Tensor built = Tensor.build(CSR, new int[] {7, 9}, coords, Values.ofDoubles(java.util.Arrays.copyOf(vals, n), 0));
        Tensor m = Tensor.sortedMatrix(CSR, 7, 9, a[0], a[1], new DoubleValues(vals, n, 0));
        assertSameEntries(built, m);
        assertSame(a[0], ((CompressedLevel) m.level(1)).pos());
    }

    @Test
    void aSortedMatrixOfBadArraysIsRefused() {
        Values v = Values.ofInts(new int[3], 0);
        int[] crd = {0, 2, 1};
        assertThrows(IllegalArgumentException.class, () -> Tensor.sortedMatrix(FormatParser.parse("compressed,compressed"), 2, 3,
                new int[] {0, 2, 3}, crd, v));
        assertThrows(IllegalArgumentException.class, () -> Tensor.sortedMatrix(CSR, 2, 3, new int[] {0, 3}, crd, v));
        assertThrows(IllegalArgumentException.class, () -> Tensor.sortedMatrix(CSR, 2, 3, new int[] {1, 2, 3}, crd, v));
        assertThrows(IllegalArgumentException.class, () -> Tensor.sortedMatrix(CSR, 2, 3, new int[] {0, 2, 4}, crd, v));
        assertThrows(IllegalArgumentException.class, () -> Tensor.sortedMatrix(CSR, 2, 3, new int[] {0, 2, 1}, crd, v));
        assertThrows(IllegalArgumentException.class, () -> Tensor.sortedMatrix(CSR, 2, 3, new int[] {0, 1, 3}, crd, v)); // 2, 1
        assertThrows(IllegalArgumentException.class, () -> Tensor.sortedMatrix(CSR, 2, 2, new int[] {0, 2, 3}, crd, v)); // column 2
        assertThrows(IllegalArgumentException.class, () -> Tensor.sortedMatrix(CSR, 2, 3, new int[] {0, 2, 3}, crd,
                Values.ofInts(new int[2], 0)));
        assertEquals(3, Tensor.sortedMatrix(CSR, 2, 3, new int[] {0, 2, 3}, crd, v).componentCount());
    }

    @Test
    void aMatrixIsRefilledInPlace() {
        SplittableRandom rnd = new SplittableRandom(3);
        int[][] first = csr(rnd, 6, 8, 0.5);
        Tensor t = Tensor.sortedMatrix(CSR, 6, 8, first[0], first[1], new IntValues(new int[first[0][6]], first[0][6], 0));
        for (int round = 0; round < 10; round++) {
            int[][] a = csr(rnd, 6, 8, rnd.nextDouble());
            int n = a[0][6];
            int[] vals = new int[n + 2];
            for (int q = 0; q < n; q++) {
                vals[q] = 1 + rnd.nextInt(50);
            }
            Tensor fresh = Tensor.sortedMatrix(CSR, 6, 8, a[0].clone(), a[1].clone(), new IntValues(vals.clone(), n, 0));
            assertTrue(t.refillSortedMatrix(CSR, 6, 8, a[0], a[1], vals));
            assertSameEntries(fresh, t);
            assertEquals(n, t.values().size());
            assertArrayEquals(a[0], ((CompressedLevel) t.level(1)).pos());
        }
    }

    @Test
    void aMatrixThatDoesNotFitIsLeftAsItWasAndBadArraysAreRefused() {
        Tensor t = Tensor.sortedMatrix(CSR, 2, 3, new int[] {0, 1, 2}, new int[] {1, 2}, Values.ofInts(new int[] {5, 6}, 0));
        int[] pos = {0, 1, 1};
        int[] crd = {0};
        assertFalse(t.refillSortedMatrix(CSR, 3, 3, new int[] {0, 1, 1, 1}, crd, new int[1]));
        assertFalse(t.refillSortedMatrix(CSR, 2, 4, pos, crd, new int[1]));
        assertFalse(t.refillSortedMatrix(FormatParser.parse("dense,dense"), 2, 3, pos, crd, new int[1]));
        assertFalse(t.refillSortedMatrix(CSR, 2, 3, pos, crd, new long[1]));
        assertFalse(t.refillSortedMatrix(CSR, 2, 3, pos, crd, new int[0]));
        assertThrows(IllegalArgumentException.class, () -> t.refillSortedMatrix(CSR, 2, 3, new int[] {0, 2, 1}, new int[] {0, 1}, new int[2]));
        assertThrows(IllegalArgumentException.class, () -> t.refillSortedMatrix(CSR, 2, 3, new int[] {0, 2}, new int[] {0, 1}, new int[2]));
        assertThrows(IllegalArgumentException.class, () -> t.refillSortedMatrix(CSR, 2, 3, new int[] {0, 2, 2}, new int[] {1, 1}, new int[2]));
        assertEquals(5, t.getAsLong(0, 1));
        assertEquals(6, t.getAsLong(1, 2));
        assertEquals(2, t.componentCount());
        Tensor vector = Tensor.sortedVector(COMPRESSED, 3, new int[] {0}, 1, Values.ofInts(new int[] {1}, 0));
        assertFalse(vector.refillSortedMatrix(CSR, 2, 3, pos, crd, new int[1]));
    }
}
