package org.stag.algorithms.jgrapht;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.TestData;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Betweenness;
import org.stag.algorithms.handwritten.Bfs;
import org.stag.algorithms.handwritten.PageRank;
import org.stag.algorithms.handwritten.Sssp;
import org.stag.algorithms.handwritten.Wcc;
import org.stag.algorithms.ldbc.LdbcAlgorithm;
import org.stag.algorithms.ldbc.LdbcOutput;
import org.stag.algorithms.ldbc.LdbcValidation;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;

/**
 * The hand-written PageRank, BFS, SSSP and WCC agree with the JGraphT adapters on every square bundled
 * SuiteSparse graph, and betweenness from every source on those under {@value #BETWEENNESS_BELOW} vertices
 * (JGraphT's betweenness takes 10-20 s on each larger one): reals to 1e-9 relative (PageRank 1e-6: its
 * contributions are floats), depths exactly, components as the same partition.
 */
class JGraphTAgreementTest {
    private static final int THREADS = 2;

    /** Betweenness is compared on the graphs with fewer vertices than this (all but the four largest). */
    static final int BETWEENNESS_BELOW = 2000;

    static Stream<String> graphs() {
        return TestData.squareSuiteSparse().stream();
    }

    static Stream<String> smallerGraphs() {
        return TestData.squareSuiteSparseBelow(BETWEENNESS_BELOW).stream();
    }

    /** Sources: the first vertex, the one of largest out-degree, and the last. */
    private static int[] sources(Csr g) {
        int hub = 0;
        for (int v = 1; v < g.n(); v++) {
            if (g.outDegree(v) > g.outDegree(hub)) {
                hub = v;
            }
        }
        return new int[] {0, hub, g.n() - 1};
    }

    private static void assertClose(double[] expected, double[] actual, String what) {
        assertClose(expected, actual, LdbcValidation.EPSILON, what);
    }

    private static void assertClose(double[] expected, double[] actual, double epsilon, String what) {
        LdbcValidation.Result r = LdbcValidation.epsilon(new LdbcOutput.Doubles(ids(expected.length), expected),
                new LdbcOutput.Doubles(ids(actual.length), actual), epsilon);
        assertTrue(r.ok(), what + ": " + r.message() + " (expected from JGraphT)");
    }

    private static long[] ids(int n) {
        long[] ids = new long[n];
        for (int v = 0; v < n; v++) {
            ids[v] = v;
        }
        return ids;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void pageRank(String name) {
        Csr g = TestData.suiteSparse(name);
        for (int iterations : new int[] {1, 2, 20}) {
            assertClose(JGraphTReference.pageRank(g, iterations, 0.85), PageRank.run(g, iterations, 0.85, THREADS),
                    LdbcAlgorithm.PAGERANK_EPSILON,
                    iterations + " iterations");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void bfs(String name) {
        Csr g = TestData.suiteSparse(name);
        for (int s : sources(g)) {
            long[] expected = JGraphTReference.bfs(g, s);
            assertArrayEquals(expected, Bfs.depths(g, s, true, THREADS), "source " + s);
            assertArrayEquals(expected, Bfs.depths(g, s, false, THREADS), "source " + s);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void sssp(String name) {
        Csr g = TestData.suiteSparse(name);
        boolean negative = false;
        if (g.weighted()) {
            for (double w : g.outWeights()) {
                negative |= w < 0;
            }
        }
        for (int s : sources(g)) {
            if (negative) {
                // Both refuse the graph; and on the same graph with |w| as weights they agree.
                IllegalArgumentException ours = assertThrows(IllegalArgumentException.class, () -> Sssp.run(g, s, THREADS));
                assertTrue(ours.getMessage().contains("negative weight"), ours.getMessage());
                assertThrows(IllegalArgumentException.class, () -> JGraphTReference.sssp(g, s));
                Csr abs = absoluteWeights(g);
                assertClose(JGraphTReference.sssp(abs, s), Sssp.run(abs, s, THREADS), "|w|, source " + s);
            } else {
                assertClose(JGraphTReference.sssp(g, s), Sssp.run(g, s, THREADS), "source " + s);
            }
        }
    }

    private static Csr absoluteWeights(Csr g) {
        double[] w = g.outWeights().clone();
        for (int p = 0; p < w.length; p++) {
            w[p] = Math.abs(w[p]);
        }
        return Csr.of(new Graph(g.source(), g.n(), g.n(), g.outPtr(), g.outIdx(), w,
                g.directed() ? Symmetry.GENERAL : Symmetry.SYMMETRIC, ValueKind.REAL, g.ids(), 0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void wcc(String name) {
        Csr g = TestData.suiteSparse(name);
        int[] expected = JGraphTReference.wcc(g);
        int[] actual = Wcc.run(g, THREADS);
        LdbcValidation.Result r = LdbcValidation.equivalence(LdbcOutput.Longs.of(g.ids(), expected),
                LdbcOutput.Longs.of(g.ids(), actual));
        assertTrue(r.ok(), r.message());
        // Both label a component by its smallest internal id, so the labels agree too.
        assertArrayEquals(expected, actual);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("smallerGraphs")
    void betweenness(String name) {
        Csr g = TestData.suiteSparse(name);
        assertClose(JGraphTReference.betweenness(g), Betweenness.run(g, THREADS), "betweenness");
    }
}
