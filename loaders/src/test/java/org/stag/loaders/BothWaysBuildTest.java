package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The undirected build of a file that lists every edge both ways gives exactly what the paired build
 * (mirrors placed and merged) gives, errors included, and turns down every other file so that build runs.
 */
class BothWaysBuildTest {
    /** Entries in a given order: {u, v, weight}. */
    private static EdgeList undirected(int n, List<double[]> lines, boolean weighted) {
        int m = lines.size();
        int[] src = new int[m];
        int[] dst = new int[m];
        double[] w = weighted ? new double[m] : null;
        for (int k = 0; k < m; k++) {
            src[k] = (int) lines.get(k)[0];
            dst[k] = (int) lines.get(k)[1];
            if (weighted) {
                w[k] = lines.get(k)[2];
            }
        }
        return new EdgeList("g.wel", n, n, src, dst, w, m, Symmetry.SYMMETRIC,
                weighted ? ValueKind.INTEGER : ValueKind.PATTERN, VertexIds.offset(0), k -> k + 1).withOneEdgePerPair();
    }

    /**
     * Random pairs written both ways with one weight, some written twice both ways (so they stay balanced and
     * are repeated lines), self-loops (some twice), shuffled.
     */
    private static List<double[]> bothWays(long seed, int n, int pairs) {
        Random rnd = new Random(seed);
        List<double[]> lines = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(n);
            double w = 1 + rnd.nextInt(9);
            int times = rnd.nextInt(20) == 0 ? 2 : 1;
            for (int t = 0; t < times; t++) {
                lines.add(new double[] {u, v, w});
                if (u != v) {
                    lines.add(new double[] {v, u, w});
                }
            }
        }
        Collections.shuffle(lines, rnd);
        return lines;
    }

    private static void assertSame(Graph expected, Graph actual) {
        assertEquals(expected.numVertices(), actual.numVertices());
        assertArrayEquals(expected.rowPtr(), actual.rowPtr());
        int m = expected.numEdges();
        assertArrayEquals(Arrays.copyOf(expected.colIdx(), m), Arrays.copyOf(actual.colIdx(), actual.numEdges()));
        if (expected.weighted()) {
            assertArrayEquals(Arrays.copyOf(expected.weights(), m), Arrays.copyOf(actual.weights(), actual.numEdges()));
        } else {
            assertFalse(actual.weighted());
        }
        assertEquals(expected.duplicates(), actual.duplicates());
        assertEquals(expected.mirroredPairs(), actual.mirroredPairs());
        assertEquals(expected.symmetry(), actual.symmetry());
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2, 3})
    void aFileWrittenBothWaysBuildsAsThePairedBuildDoes(int threads) {
        // The last size spans several blocks and parts (over 65536 entries above the diagonal), so the
        // cursors of the second part start inside rows.
        int[][] sizes = {{50, 200}, {300, 2000}, {3000, 100_000}};
        for (int s = 0; s < sizes.length; s++) {
            for (boolean weighted : new boolean[] {false, true}) {
                EdgeList e = undirected(sizes[s][0], bothWays(s, sizes[s][0], sizes[s][1]), weighted);
                Graph fast = BothWaysBuild.build(e, DuplicatePolicy.SUM, threads);
                assertNotNull(fast);
                Graph paired = GraphBuilder.build(e, DuplicatePolicy.SUM, false, threads, false);
                assertSame(paired, fast);
                assertTrue(fast.duplicates() > 0 && fast.mirroredPairs() > 0 && fast.selfLoops() > 0);
                assertSame(paired, GraphBuilder.build(e, DuplicatePolicy.SUM, threads));
            }
        }
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void balancedDegreesWithoutMirrorsAreLeftToThePairedBuild(int threads) {
        // A directed cycle: every vertex the source and the target of one line, yet no line has its mirror.
        List<double[]> lines = new ArrayList<>(List.of(new double[] {0, 1, 1}, new double[] {1, 2, 1},
                new double[] {2, 0, 1}, new double[] {3, 4, 2}, new double[] {4, 3, 2}));
        EdgeList e = undirected(5, lines, true);
        assertTrue(BothWaysBuild.looksBothWays(e, threads));
        assertNull(BothWaysBuild.build(e, DuplicatePolicy.SUM, threads));
        Graph g = GraphBuilder.build(e, DuplicatePolicy.SUM, threads);
        assertSame(GraphBuilder.build(e, DuplicatePolicy.SUM, false, threads, false), g);
        assertEquals(1, g.mirroredPairs());
        assertEquals(8, g.numEdges());
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void repeatedLinesCanBalanceAnEntryWithoutMirror(int threads) {
        // Built as directed: 0 -> {3}, 1 -> {0}, 3 -> {0, 1}. Upper entry (0, 3) has its mirror, but (1, 0)
        // and (3, 1) have none, and no upper entry asks for them: the walk's final sweep finds them.
        List<double[]> lines = new ArrayList<>(List.of(new double[] {0, 3, 1}, new double[] {0, 3, 1},
                new double[] {3, 0, 2}, new double[] {3, 1, 1}, new double[] {1, 0, 1}));
        EdgeList e = undirected(4, lines, true);
        assertTrue(BothWaysBuild.looksBothWays(e, threads));
        assertNull(BothWaysBuild.build(e, DuplicatePolicy.SUM, threads));
        Graph g = GraphBuilder.build(e, DuplicatePolicy.SUM, threads);
        assertSame(GraphBuilder.build(e, DuplicatePolicy.SUM, false, threads, false), g);
        assertEquals(1, g.mirroredPairs());
        assertEquals(1, g.duplicates());
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void aFileWrittenOneWayIsTurnedDownBeforeBuilding(int threads) {
        List<double[]> lines = new ArrayList<>();
        for (int v = 1; v < 100_000; v++) {
            lines.add(new double[] {v - 1, v, 1});
        }
        EdgeList e = undirected(100_000, lines, false);
        assertFalse(BothWaysBuild.looksBothWays(e, threads));
        assertNull(BothWaysBuild.build(e, DuplicatePolicy.SUM, threads));
        assertEquals(2 * 99_999, GraphBuilder.build(e, DuplicatePolicy.SUM, threads).numEdges());
        // Random pairs, each written once in a random direction.
        Random rnd = new Random(9);
        for (int round = 0; round < 20; round++) {
            List<double[]> once = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                once.add(new double[] {rnd.nextInt(30), rnd.nextInt(30), 1});
            }
            once.removeIf(l -> l[0] == l[1]);
            assertFalse(BothWaysBuild.looksBothWays(undirected(30, once, false), threads), "round " + round);
        }
    }

    @ParameterizedTest(name = "threads={0}")
    @ValueSource(ints = {1, 2})
    void differentWeightsAreRefusedAsByThePairedBuild(int threads) {
        List<double[]> lines = bothWays(7, 400, 3000);
        // Change one direction of a pair that is written once each way.
        for (double[] l : lines) {
            if (l[0] < l[1]) {
                long same = lines.stream().filter(x -> x[0] == l[0] && x[1] == l[1]).count();
                if (same == 1) {
                    l[2] += 0.5;
                    break;
                }
            }
        }
        EdgeList e = undirected(400, lines, true);
        // The hash finds the values different both ways and leaves the file to the paired build, which names the lines.
        assertNull(BothWaysBuild.build(e, DuplicatePolicy.SUM, threads));
        BadInputException fast = assertThrows(BadInputException.class, () -> GraphBuilder.build(e, DuplicatePolicy.SUM, threads));
        BadInputException paired = assertThrows(BadInputException.class,
                () -> GraphBuilder.build(e, DuplicatePolicy.SUM, false, threads, false));
        assertEquals(paired.getMessage(), fast.getMessage());
        assertTrue(fast.reason().contains("(its mirror)"), fast.getMessage());
    }

    @Test
    void everyEntryNeedsItsMirrorOnBothSidesOfTheDiagonal() {
        // Row 1 holds 0 but row 0 is empty.
        assertEquals(-1, SymmetricPairs.symmetricPairs(2, new int[] {0, 0, 1}, new int[] {0}, null, 1));
        // Row 0 holds 1 but row 1 is empty.
        assertEquals(-1, SymmetricPairs.symmetricPairs(2, new int[] {0, 1, 1}, new int[] {1}, null, 1));
        // Row 2 holds 0 and 1, row 0 holds 2, row 1 does not.
        assertEquals(-1, SymmetricPairs.symmetricPairs(3, new int[] {0, 1, 1, 3}, new int[] {2, 0, 1}, null, 1));
        // As many entries above as below, but not mirrors of each other: (0,1), (0,2) above; (1,0), (2,1) below.
        assertEquals(-1, SymmetricPairs.symmetricPairs(3, new int[] {0, 2, 3, 4}, new int[] {1, 2, 0, 1}, null, 1));
        // Symmetric pattern, values different on the pair (1, 2).
        int[] rowPtr = {0, 1, 3, 4};
        int[] col = {1, 0, 2, 1};
        assertEquals(2, SymmetricPairs.symmetricPairs(3, rowPtr, col, null, 1));
        assertEquals(-1, SymmetricPairs.symmetricPairs(3, rowPtr, col, new double[] {1, 1, 2, 3}, 1));
        assertEquals(2, SymmetricPairs.symmetricPairs(3, rowPtr, col, new double[] {1, 1, 2, 2}, 1));
    }

    /** A random CSR graph with sorted distinct rows, symmetric, values equal both ways (some 0.0 one way and -0.0 the other, some NaN). */
    private static Object[] randomSymmetric(Random rnd, int n, int pairs, boolean weighted) {
        java.util.TreeMap<Long, Double> entries = new java.util.TreeMap<>();
        for (int i = 0; i < pairs; i++) {
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(n);
            double w = switch (rnd.nextInt(10)) {
                case 0 -> 0.0;
                case 1 -> Double.NaN;
                default -> 1 + rnd.nextInt(9);
            };
            entries.put((long) u << 32 | v, w);
            entries.put((long) v << 32 | u, w == 0.0 && rnd.nextBoolean() ? -0.0 : w);
        }
        int[] rowPtr = new int[n + 1];
        int[] col = new int[entries.size()];
        double[] val = weighted ? new double[entries.size()] : null;
        int p = 0;
        for (var e : entries.entrySet()) {
            int r = (int) (e.getKey() >>> 32);
            rowPtr[r + 1]++;
            col[p] = (int) (long) e.getKey();
            if (weighted) {
                val[p] = e.getValue();
            }
            p++;
        }
        for (int r = 0; r < n; r++) {
            rowPtr[r + 1] += rowPtr[r];
        }
        return new Object[] {rowPtr, col, val};
    }

    /** The hash check accepts symmetric graphs (counting their pairs) and refuses each way of breaking symmetry. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void theHashCheckAgreesWithTheExactWalk(int threads) {
        Random rnd = new Random(11);
        for (int round = 0; round < 200; round++) {
            int n = 1 + rnd.nextInt(round < 100 ? 12 : 3000);
            boolean weighted = rnd.nextBoolean();
            Object[] g = randomSymmetric(rnd, n, rnd.nextInt(4 * n + 1), weighted);
            int[] rowPtr = (int[]) g[0];
            int[] col = (int[]) g[1];
            double[] val = (double[]) g[2];
            long above = 0;
            for (int r = 0; r < n; r++) {
                for (int q = rowPtr[r]; q < rowPtr[r + 1]; q++) {
                    above += col[q] > r ? 1 : 0;
                }
            }
            assertEquals(above, SymmetricPairs.symmetricPairs(n, rowPtr, col, val, threads), "round " + round);
            // Break it: an off-diagonal entry moved to another column of its row, or a value changed.
            int p = rnd.nextInt(Math.max(1, col.length));
            if (col.length == 0 || col[p] == rowPtrRow(rowPtr, p)) {
                continue;
            }
            if (weighted && rnd.nextBoolean()) {
                double[] changed = val.clone();
                changed[p] = val[p] != val[p] ? 1.0 : val[p] + 0.5;
                assertEquals(-1, SymmetricPairs.symmetricPairs(n, rowPtr, col, changed, threads), "round " + round);
            } else {
                int r = rowPtrRow(rowPtr, p);
                int free = firstFreeColumn(rowPtr, col, r, n);
                if (free < 0) {
                    continue;
                }
                int[] moved = col.clone();
                moved[p] = free;
                Arrays.sort(moved, rowPtr[r], rowPtr[r + 1]);
                assertEquals(-1, SymmetricPairs.symmetricPairs(n, rowPtr, moved, null, threads), "round " + round);
            }
        }
    }

    private static int rowPtrRow(int[] rowPtr, int p) {
        int r = 0;
        while (rowPtr[r + 1] <= p) {
            r++;
        }
        return r;
    }

    /** A column other than {@code r} that row {@code r} does not hold, or -1. */
    private static int firstFreeColumn(int[] rowPtr, int[] col, int r, int n) {
        for (int c = 0; c < n; c++) {
            if (c != r && Arrays.binarySearch(col, rowPtr[r], rowPtr[r + 1], c) < 0) {
                return c;
            }
        }
        return -1;
    }
}
