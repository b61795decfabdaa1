package org.stag.algorithms.handwritten;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.graph.Csr;

/** Weights are checked; delta does not change results. */
class SsspTest {
    @Test
    void negativeWeightIsRejectedNamingTheEdge() {
        Csr g = TestGraph.of(3, true, new int[][] {{0, 1}, {1, 2}}, new double[] {1.0, -0.5}, new long[] {100, 200, 300}).csr();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sssp.run(g, 0, 1));
        assertEquals("negative weight -0.5 on edge 200 -> 300 of test; shortest paths need finite non-negative weights",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Sssp.run(g, 0, 0.5, 2));
    }

    @Test
    void zeroWeightsAndUnreachableVertices() {
        Csr g = TestGraph.of(5, true, new int[][] {{0, 1}, {1, 2}, {2, 0}, {3, 4}}, new double[] {0.0, 0.0, 0.0, 1.0}, null).csr();
        double inf = Double.POSITIVE_INFINITY;
        assertArrayEquals(new double[] {0, 0, 0, inf, inf}, Sssp.run(g, 0, 1));
        assertArrayEquals(new double[] {inf, inf, inf, 0, 1}, Sssp.run(g, 3, 2));
        assertEquals(1.0, Sssp.defaultDelta(TestGraph.of(2, true, new int[][] {{0, 1}}, new double[] {0.0}, null).csr()));
    }

    @Test
    void deltaAndBadArguments() {
        Csr g = TestGraph.random(5, 200, 800, true, true).csr();
        double[] expected = Sssp.run(g, 0, 1);
        for (double delta : new double[] {1e-3, 0.3, 1.0, 7.0, 1e6}) {
            assertArrayEquals(expected, Sssp.run(g, 0, delta, 1), "delta " + delta);
            assertArrayEquals(expected, Sssp.run(g, 0, delta, 4), "delta " + delta);
        }
        assertThrows(IllegalArgumentException.class, () -> Sssp.run(g, 0, 0.0, 1));
        assertThrows(IllegalArgumentException.class, () -> Sssp.run(g, 0, Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> Sssp.run(g, 200, 1));
        assertThrows(IllegalArgumentException.class, () -> Sssp.run(g, 0, 0));
    }
}
