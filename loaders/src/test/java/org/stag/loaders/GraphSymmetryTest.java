package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** {@link Graph#symmetricPattern}: whether a graph read as directed has every edge's mirror. */
class GraphSymmetryTest {

    /** A directed CSR graph of the given (row, column) pairs, rows sorted and distinct. */
    private static Graph directed(int n, TreeSet<Long> edges) {
        int[] rowPtr = new int[n + 1];
        int[] col = new int[edges.size()];
        int k = 0;
        for (long e : edges) {
            rowPtr[(int) (e >>> 32) + 1]++;
            col[k++] = (int) e;
        }
        for (int r = 0; r < n; r++) {
            rowPtr[r + 1] += rowPtr[r];
        }
        return new Graph("test", n, n, rowPtr, col, null, Symmetry.GENERAL, ValueKind.PATTERN, VertexIds.offset(0), 0);
    }

    private static long edge(int u, int v) {
        return ((long) u << 32) | v;
    }

    @Test
    void randomSymmetricGraphsAreFoundAndOneMissingMirrorIsNot() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int round = 0; round < 60; round++) {
            int n = 1 + rnd.nextInt(3000);
            TreeSet<Long> edges = new TreeSet<>();
            int m = rnd.nextInt(6 * n);
            for (int i = 0; i < m; i++) {
                int u = rnd.nextInt(n);
                int v = rnd.nextInt(n);
                edges.add(edge(u, v));
                edges.add(edge(v, u));
            }
            for (int threads : new int[] {1, 2, 3}) {
                assertTrue(directed(n, edges).symmetricPattern(threads), "round " + round + ", " + threads + " threads");
            }
            Long offDiagonal = edges.stream().filter(e -> (int) (e >>> 32) != (int) (long) e).findAny().orElse(null);
            if (offDiagonal != null) {
                TreeSet<Long> broken = new TreeSet<>(edges);
                broken.remove(offDiagonal);
                for (int threads : new int[] {1, 2, 3}) {
                    assertFalse(directed(n, broken).symmetricPattern(threads), "round " + round + " without "
                            + (offDiagonal >>> 32) + "->" + (int) (long) offDiagonal);
                }
            }
        }
    }

    @Test
    void aDirectedCycleIsNotSymmetricAndSelfLoopsAre() {
        TreeSet<Long> cycle = new TreeSet<>();
        cycle.add(edge(0, 1));
        cycle.add(edge(1, 2));
        cycle.add(edge(2, 0));
        assertFalse(directed(3, cycle).symmetricPattern(2));
        TreeSet<Long> loops = new TreeSet<>();
        loops.add(edge(0, 0));
        loops.add(edge(2, 2));
        assertTrue(directed(3, loops).symmetricPattern(2));
    }

    @Test
    void undirectedGraphsAreSymmetricAndRectangularOnesAreNot() {
        Graph undirected = new Graph("test", 2, 2, new int[] {0, 1, 2}, new int[] {1, 0}, null, Symmetry.SYMMETRIC,
                ValueKind.PATTERN, VertexIds.offset(0), 0);
        assertTrue(undirected.symmetricPattern(1));
        Graph rectangular = new Graph("test", 2, 3, new int[] {0, 1, 1}, new int[] {2}, null, Symmetry.GENERAL,
                ValueKind.PATTERN, VertexIds.offset(0), 0);
        assertFalse(rectangular.symmetricPattern(1));
        assertEquals(2, rectangular.numRows());
    }
}
