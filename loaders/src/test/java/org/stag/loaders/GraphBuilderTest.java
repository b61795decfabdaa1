package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** The graph builder against a TreeMap model: same edges, same order, same merged values. */
class GraphBuilderTest {

    private static EdgeList random(long seed, int n, int m, Symmetry sym, boolean weighted) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] src = new int[m];
        int[] dst = new int[m];
        double[] w = weighted ? new double[m] : null;
        // A skewed row distribution, so some rows are long (exercising the sorts) and many repeat.
        for (int k = 0; k < m; k++) {
            src[k] = rnd.nextInt(4) == 0 ? rnd.nextInt(Math.min(n, 3)) : rnd.nextInt(n);
            dst[k] = rnd.nextInt(n);
            if (sym == Symmetry.SKEW_SYMMETRIC && src[k] == dst[k]) {
                dst[k] = (dst[k] + 1) % n;
            }
            if (weighted) {
                w[k] = rnd.nextInt(-50, 50) / 4.0;
            }
        }
        return new EdgeList("test", n, n, src, dst, w, m, sym, weighted ? ValueKind.REAL : ValueKind.PATTERN,
                VertexIds.offset(0), k -> k + 1);
    }

    /** The model: a sorted map from (row, column) to value, entries applied in file order. */
    private static TreeMap<Long, Double> model(EdgeList e, DuplicatePolicy policy) {
        TreeMap<Long, Double> m = new TreeMap<>();
        for (int k = 0; k < e.size(); k++) {
            int s = e.src()[k];
            int d = e.dst()[k];
            boolean mirror = e.symmetry() != Symmetry.GENERAL && s != d;
            if (e.weights() == null) {
                // A pattern has no values to merge: an edge is present or not.
                putPattern(m, s, d);
                if (mirror) {
                    putPattern(m, d, s);
                }
                continue;
            }
            double w = e.weights()[k];
            put(m, s, d, w, policy);
            if (mirror) {
                put(m, d, s, e.symmetry() == Symmetry.SKEW_SYMMETRIC ? -w : w, policy);
            }
        }
        return m;
    }

    private static void put(TreeMap<Long, Double> m, int s, int d, double w, DuplicatePolicy policy) {
        long key = ((long) s << 32) | d;
        Double old = m.get(key);
        m.put(key, old == null ? w : policy.combine(old, w));
    }

    private static void putPattern(TreeMap<Long, Double> m, int s, int d) {
        m.put(((long) s << 32) | d, 1.0);
    }

    @ParameterizedTest
    @EnumSource(value = DuplicatePolicy.class, names = {"FIRST", "LAST", "SUM", "MIN"})
    void matchesTheModelForEveryPolicySymmetryAndThreadCount(DuplicatePolicy policy) {
        for (Symmetry sym : Symmetry.values()) {
            for (int seed = 0; seed < 12; seed++) {
                int n = 1 + seed * 37;
                int m = seed == 11 ? 300_000 : seed * 500;
                boolean weighted = sym == Symmetry.SKEW_SYMMETRIC || seed % 2 == 0;
                EdgeList e = random(seed, n, m, sym, weighted);
                TreeMap<Long, Double> expected = model(e, policy);
                for (int threads : new int[] {1, 2, 3}) {
                    Graph g = GraphBuilder.build(e, policy, threads);
                    assertSameAs(expected, g, sym + " seed " + seed + " threads " + threads);
                    long stored = 0;
                    for (int k = 0; k < e.size(); k++) {
                        stored += e.symmetry() != Symmetry.GENERAL && e.src()[k] != e.dst()[k] ? 2 : 1;
                    }
                    assertEquals(stored - expected.size(), g.duplicates());
                }
            }
        }
    }

    private static void assertSameAs(TreeMap<Long, Double> expected, Graph g, String what) {
        assertEquals(expected.size(), g.numEdges(), what);
        int p = 0;
        int row = 0;
        for (Map.Entry<Long, Double> en : expected.entrySet()) {
            int s = (int) (en.getKey() >>> 32);
            int d = (int) (long) en.getKey();
            while (g.rowPtr()[row + 1] <= p) {
                row++;
            }
            assertEquals(s, row, what);
            assertEquals(d, g.colIdx()[p], what);
            assertEquals(en.getValue(), g.weightAt(p), 1e-12, what);
            p++;
        }
    }

    @Test
    void errorPolicyNamesTheLineOfTheSecondOccurrence() {
        int[] src = {0, 1, 2, 1};
        int[] dst = {1, 2, 0, 2};
        EdgeList e = new EdgeList("g.el", 3, 3, src, dst, null, 4, Symmetry.GENERAL, ValueKind.PATTERN,
                VertexIds.offset(0), k -> 10 + k);
        BadInputException ex = assertThrows(BadInputException.class, () -> GraphBuilder.build(e, DuplicatePolicy.ERROR, 1));
        assertEquals(13, ex.line());
        assertTrue(ex.reason().contains("duplicate entry (1, 2)"), ex.reason());
    }

    @Test
    void errorPolicyCountsTheMirrorOfASymmetricEntry() {
        // (2,1) mirrors to (1,2), which the file also lists explicitly on its second entry line.
        int[] src = {1, 0};
        int[] dst = {0, 1};
        EdgeList e = new EdgeList("g.mtx", 2, 2, src, dst, null, 2, Symmetry.SYMMETRIC, ValueKind.PATTERN,
                VertexIds.offset(1), k -> 3 + k);
        BadInputException ex = assertThrows(BadInputException.class, () -> GraphBuilder.build(e, DuplicatePolicy.ERROR, 2));
        assertEquals(4, ex.line());
    }

    @Test
    void patternGraphsHaveNoWeightsAndCountSelfLoopsOnce() {
        int[] src = {0, 0, 1};
        int[] dst = {0, 1, 2};
        EdgeList e = new EdgeList("g", 3, 3, src, dst, null, 3, Symmetry.SYMMETRIC, ValueKind.PATTERN,
                VertexIds.offset(0), null);
        Graph g = GraphBuilder.build(e, DuplicatePolicy.SUM, 1);
        assertNull(g.weights());
        assertEquals(5, g.numEdges());
        assertEquals(1, g.selfLoops());
        assertArrayEquals(new int[] {0, 2, 4, 5}, g.rowPtr());
        assertArrayEquals(new int[] {0, 1, 0, 2, 1}, java.util.Arrays.copyOf(g.colIdx(), 5));
    }
}
