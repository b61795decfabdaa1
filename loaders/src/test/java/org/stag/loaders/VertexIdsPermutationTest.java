package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Explicit ids that are a permutation of a dense range load in the compact form (an {@code int[]} each way), with
 * the same answers as the hash map; any other explicit ids keep the hash map; degree order sorts by decreasing
 * degree, ties by id.
 */
class VertexIdsPermutationTest {
    @Test
    void permutationOfADenseRangeIsCompact() {
        long[] table = {12, 10, 13, 11};
        VertexIds ids = VertexIds.explicit(table);
        assertTrue(ids.isPermutation());
        assertFalse(ids.isOffset());
        assertEquals(10, ids.base());
        assertEquals(32, ids.memoryBytes());
        for (int v = 0; v < table.length; v++) {
            assertEquals(table[v], ids.external(v));
            assertEquals(v, ids.internal(table[v], 4));
        }
        assertEquals(1, ids.internalAtRank(0));
        assertEquals(2, ids.internalAtRank(3));
        assertEquals(-1, ids.internal(9, 4));
        assertEquals(-1, ids.internal(14, 4));
        assertEquals(-1, ids.internal(Long.MIN_VALUE, 4));
        assertEquals(-1, ids.internal(13, 2));
    }

    @Test
    void otherExplicitIdsKeepTheHashMap() {
        for (long[] table : new long[][] {{5, 7, 6, 9}, {Long.MIN_VALUE, Long.MAX_VALUE}, {3, 1 << 40}}) {
            VertexIds ids = VertexIds.explicit(table);
            assertFalse(ids.isPermutation());
            assertFalse(ids.isOffset());
            for (int v = 0; v < table.length; v++) {
                assertEquals(table[v], ids.external(v));
                assertEquals(v, ids.internal(table[v], table.length));
            }
            assertThrows(IllegalStateException.class, () -> ids.internalAtRank(0));
        }
        assertThrows(IllegalArgumentException.class, () -> VertexIds.explicit(new long[] {4, 2, 4}));
        assertFalse(VertexIds.explicit(new long[0]).isPermutation());
    }

    @Test
    void permutationFactoryChecksItsInput() {
        VertexIds ids = VertexIds.permutation(1, new int[] {2, 0, 1});
        assertEquals(3, ids.external(0));
        assertEquals(1, ids.internal(1, 3));
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> VertexIds.permutation(0, new int[] {1, 1}));
        assertEquals("vertex id 1 appears twice", twice.getMessage());
        IllegalArgumentException outside = assertThrows(IllegalArgumentException.class,
                () -> VertexIds.permutation(0, new int[] {0, 2}));
        assertEquals("vertex id 2 is outside 0..1", outside.getMessage());
    }

    @Test
    void degreeOrderIsDecreasingWithTiesById() {
        int[] degree = {3, 0, 5, 3, 1, 5};
        int[] order = VertexOrder.byDecreasingDegree(degree);
        assertArrayEquals(new int[] {2, 5, 0, 3, 4, 1}, order);
        assertArrayEquals(new int[] {2, 5, 0, 3, 4, 1}, VertexOrder.inverse(VertexOrder.inverse(order)));
        int[] sorted = degree.clone();
        VertexOrder.sortDecreasing(sorted);
        assertArrayEquals(new int[] {5, 5, 3, 3, 1, 0}, sorted);
        assertEquals(VertexOrder.DEGREE, VertexOrder.byName("degree"));
        assertEquals(VertexOrder.NONE, VertexOrder.byName("none"));
        IllegalArgumentException bogus = assertThrows(IllegalArgumentException.class, () -> VertexOrder.byName("bogus"));
        assertEquals("unknown vertex order 'bogus' (expected none or degree)", bogus.getMessage());
    }
}
