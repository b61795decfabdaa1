package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class AtomicsTest {
    @Test
    void singleThreadSemantics() {
        double[] d = {5.0, Double.POSITIVE_INFINITY};
        assertTrue(Atomics.min(d, 0, 3.0));
        assertFalse(Atomics.min(d, 0, 4.0));
        assertTrue(Atomics.min(d, 1, 7.0));
        assertTrue(Atomics.max(d, 1, 9.0));
        assertFalse(Atomics.max(d, 1, 8.0));
        Atomics.add(d, 0, 0.5);
        assertArrayEquals(new double[] {3.5, 9.0}, d);
        long[] l = {1};
        Atomics.add(l, 0, 41);
        assertEquals(42, l[0]);
        int[] i = {10};
        Atomics.add(i, 0, 1);
        assertTrue(Atomics.min(i, 0, 2));
        assertFalse(Atomics.min(i, 0, 3));
        assertEquals(2, i[0]);
        boolean[] b = {false};
        assertFalse(Atomics.or(b, 0, false));
        assertTrue(Atomics.or(b, 0, true));
        assertFalse(Atomics.or(b, 0, true));
        assertTrue(b[0]);
    }

    @Test
    void concurrentUpdatesAreNotLost() {
        int n = 400_000;
        double[] sum = new double[3];
        long[] count = new long[3];
        double[] min = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        int[] imin = {Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE};
        IntStream.range(0, n).parallel().forEach(p -> {
            int k = p % 3;
            Atomics.add(sum, k, 1.0);
            Atomics.add(count, k, 1);
            Atomics.min(min, k, n - p);
            Atomics.min(imin, k, n - p);
        });
        for (int k = 0; k < 3; k++) {
            long expected = (n - k + 2) / 3;
            assertEquals(expected, (long) sum[k]);
            assertEquals(expected, count[k]);
        }
        // The smallest n - p for residue k comes from the largest p below n with p % 3 == k (n % 3 == 1).
        assertArrayEquals(new double[] {1, 3, 2}, min);
        assertArrayEquals(new int[] {1, 3, 2}, imin);
    }
}
