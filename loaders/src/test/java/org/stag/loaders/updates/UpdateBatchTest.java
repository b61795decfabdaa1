package org.stag.loaders.updates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link UpdateBatch#of}: a batch made in code, and what it refuses. */
class UpdateBatchTest {
    @Test
    void aBatchWrapsItsArrays() {
        byte[] op = {UpdateBatch.INSERT, UpdateBatch.DELETE, UpdateBatch.INSERT};
        int[] src = {0, 1, 4};
        int[] dst = {1, 2, 0};
        double[] w = {2.5, Double.NaN, Double.NaN};
        long[] line = {3, 4, 9};
        UpdateBatch b = UpdateBatch.of(op, src, dst, w, line, 4, 5);
        assertEquals(3, b.size());
        assertEquals(2, b.inserts());
        assertEquals(1, b.deletes());
        assertEquals(4, b.verticesBefore());
        assertEquals(5, b.verticesAfter());
        assertEquals(1, b.newVertices());
        assertSame(src, b.src);
        assertSame(line, b.line);
    }

    @Test
    void arraysOfDifferentLengthsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UpdateBatch.of(
                new byte[2], new int[2], new int[1], new double[2], new long[2], 3, 3));
        assertTrue(e.getMessage().contains("dst 1"), e.getMessage());
    }

    @Test
    void anUnknownOpIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UpdateBatch.of(
                new byte[] {UpdateBatch.INSERT, 7}, new int[2], new int[2], new double[2], new long[2], 3, 3));
        assertTrue(e.getMessage().contains("update 1: op 7"), e.getMessage());
    }

    @Test
    void fewerVerticesAfterThanBeforeAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UpdateBatch.of(
                new byte[0], new int[0], new int[0], new double[0], new long[0], 5, 4));
        assertTrue(e.getMessage().contains("before 5, after 4"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> UpdateBatch.of(
                new byte[0], new int[0], new int[0], new double[0], new long[0], -1, 4));
    }
}
