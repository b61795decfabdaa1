package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Entries already in CSR order build without scatter or sorts and give exactly the graph the general build
 * gives for the same entries shuffled; anything else is left to the general build.
 */
class SortedBuildTest {
    private static EdgeList directed(int n, int[] src, int[] dst, double[] w, int size) {
        return new EdgeList("g.el", n, n, src, dst, w, size, Symmetry.GENERAL,
                w == null ? ValueKind.PATTERN : ValueKind.REAL, VertexIds.offset(0), k -> k + 1);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void sortedEntriesBuildAsTheirShuffleDoes(int threads) {
        Random rnd = new Random(5);
        for (int round = 0; round < 300; round++) {
            int n = 1 + rnd.nextInt(round < 150 ? 10 : 200_000);
            TreeMap<Long, Double> model = new TreeMap<>();
            int wanted = rnd.nextInt(round < 150 ? 40 : 300_000);
            for (int i = 0; i < wanted; i++) {
                // Often leave the first and last rows empty, and rows in between.
                int u = rnd.nextInt(Math.max(1, n - 2)) + (n > 2 ? 1 : 0);
                model.put((long) u << 32 | rnd.nextInt(n), (double) rnd.nextInt(100));
            }
            int m = model.size();
            int spare = rnd.nextBoolean() ? 0 : rnd.nextInt(5) + 1;
            int[] src = new int[m + spare];
            int[] dst = new int[m + spare];
            boolean weighted = rnd.nextBoolean();
            double[] w = weighted ? new double[m + spare] : null;
            int k = 0;
            for (var e : model.entrySet()) {
                src[k] = (int) (e.getKey() >>> 32);
                dst[k] = (int) (long) e.getKey();
                if (weighted) {
                    w[k] = e.getValue();
                }
                k++;
            }
            EdgeList sorted = directed(n, src, dst, w, m);
            Graph fast = SortedBuild.build(sorted, threads);
            if (m == 0) {
                assertNull(fast);
                continue;
            }
            assertNotNull(fast, "round " + round);
            if (spare == 0) {
                assertSame(dst, fast.colIdx(), "the targets are used as they stand");
            }
            // The same entries shuffled take the general path.
            int[] order = new int[m];
            for (int i = 0; i < m; i++) {
                order[i] = i;
            }
            for (int i = m - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            int[] s2 = new int[m];
            int[] d2 = new int[m];
            double[] w2 = weighted ? new double[m] : null;
            for (int i = 0; i < m; i++) {
                s2[i] = src[order[i]];
                d2[i] = dst[order[i]];
                if (weighted) {
                    w2[i] = w[order[i]];
                }
            }
            assertEquals(isSorted(s2, d2, m), SortedBuild.inOrder(s2, d2, m, n, threads), "round " + round);
            Graph general = GraphBuilder.build(directed(n, s2, d2, w2, m), DuplicatePolicy.ERROR, threads);
            assertArrayEquals(general.storedRowPtr(), fast.storedRowPtr(), "round " + round);
            assertArrayEquals(general.colIdx(), Arrays.copyOf(fast.colIdx(), m), "round " + round);
            if (weighted) {
                assertArrayEquals(general.weights(), fast.weights(), "round " + round);
            }
            assertEquals(general.numEdges(), fast.numEdges());
            assertEquals(0, fast.duplicates());
        }
    }

    private static boolean isSorted(int[] s, int[] d, int m) {
        for (int k = 1; k < m; k++) {
            if (s[k - 1] > s[k] || s[k - 1] == s[k] && d[k - 1] >= d[k]) {
                return false;
            }
        }
        return true;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void repeatedOrUnorderedEntriesAreLeftToTheGeneralBuild(int threads) {
        int big = 200_000;
        int[] src = new int[big];
        int[] dst = new int[big];
        for (int k = 0; k < big; k++) {
            src[k] = k / 4;
            dst[k] = k % 4;
        }
        assertNotNull(SortedBuild.build(directed(big / 4, src, dst, null, big), threads));
        // A repeated pair near the end, in the last thread's block.
        int[] repeated = dst.clone();
        repeated[big - 1] = repeated[big - 2];
        assertNull(SortedBuild.build(directed(big / 4, src, repeated, null, big), threads));
        // A row out of order at a block boundary.
        int[] rows = src.clone();
        rows[big / 2] = rows[big / 2 - 1] - 1;
        assertNull(SortedBuild.build(directed(big / 4, rows, dst, null, big), threads));
        // With duplicates the general build sums them; the sorted one never sees them.
        Graph summed = GraphBuilder.build(directed(big / 4, src, repeated, null, big), DuplicatePolicy.SUM, threads);
        assertEquals(1, summed.duplicates());
    }
}
