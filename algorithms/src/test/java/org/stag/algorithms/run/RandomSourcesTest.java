package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.stag.loaders.BadInputException;

/** Random sources: seeded, distinct, with out-edges, the same on every call with the same seed. */
class RandomSourcesTest {
    /** 1000 vertices, the even ones with out-edges, the odd ones without. */
    private static int[] evenWithEdges(int n) {
        int[] ptr = new int[n + 1];
        for (int v = 0; v < n; v++) {
            ptr[v + 1] = ptr[v] + (v % 2 == 0 ? 1 + v % 5 : 0);
        }
        return ptr;
    }

    @Test
    void sourcesHaveOutEdgesAreDistinctAndReproducible() {
        int[] ptr = evenWithEdges(1000);
        int[] s = RandomSources.pick(ptr, 8, RandomSources.DEFAULT_SEED);
        assertEquals(8, s.length);
        Set<Integer> seen = new HashSet<>();
        for (int v : s) {
            assertEquals(0, v % 2, "vertex " + v + " has no out-edges");
            assertTrue(seen.add(v), "vertex " + v + " twice");
        }
        assertArrayEquals(s, RandomSources.pick(ptr, 8, RandomSources.DEFAULT_SEED));
        assertFalse(Arrays.equals(s, RandomSources.pick(ptr, 8, 1)), "another seed, other sources");
        // The first draws do not depend on how many are asked for.
        assertArrayEquals(Arrays.copyOf(s, 3), RandomSources.pick(ptr, 3, RandomSources.DEFAULT_SEED));
    }

    @Test
    void fewerEligibleVerticesThanAskedGivesAllOfThem() {
        int[] ptr = {0, 0, 2, 2, 3, 3};   // vertices 1 and 3 have out-edges
        int[] s = RandomSources.pick(ptr, 8, 5);
        Arrays.sort(s);
        assertArrayEquals(new int[] {1, 3}, s);
    }

    @Test
    void aGraphWithoutEdgesOrABadCountIsRefused() {
        assertEquals("no vertex has an out-edge, so there is no source to start from",
                assertThrows(BadInputException.class, () -> RandomSources.pick(new int[] {0, 0, 0}, 1, 1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> RandomSources.pick(new int[] {0, 1}, 0, 1));
    }
}
