package org.stag.algorithms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.handwritten.Betweenness;
import org.stag.algorithms.handwritten.Bfs;
import org.stag.algorithms.handwritten.Cdlp;
import org.stag.algorithms.handwritten.Lcc;
import org.stag.algorithms.handwritten.PageRank;
import org.stag.algorithms.handwritten.Sssp;
import org.stag.algorithms.handwritten.Wcc;
import org.stag.algorithms.ldbc.LdbcAlgorithm;
import org.stag.algorithms.ldbc.LdbcValidation;

/**
 * Small random graphs (fixed seeds; directed and undirected, sparse to dense, with self-loops and scrambled
 * vertex ids) against the naive implementations in {@link Naive}. Integer results and SSSP distances must be
 * identical (every label-correcting search converges to the same least floating-point path sum); PageRank
 * and betweenness, summed in other orders, agree to 1e-12 relative.
 */
class RandomGraphsTest {
    static Stream<Arguments> graphs() {
        List<Arguments> out = new ArrayList<>();
        int[][] shapes = {{1, 0}, {2, 1}, {5, 4}, {12, 10}, {12, 40}, {30, 25}, {30, 90}, {40, 300}, {60, 70}, {60, 200}};
        long seed = 1;
        for (int[] shape : shapes) {
            for (boolean directed : new boolean[] {true, false}) {
                for (int rep = 0; rep < 3; rep++) {
                    out.add(Arguments.of(seed++, shape[0], shape[1], directed));
                }
            }
        }
        return out.stream();
    }

    private static TestGraph graph(long seed, int n, int m, boolean directed, boolean weighted) {
        return TestGraph.random(seed, n, m, directed, weighted);
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3}")
    @MethodSource("graphs")
    void bfsMatchesNaive(long seed, int n, int m, boolean directed) {
        TestGraph g = graph(seed, n, m, directed, false);
        for (int s = 0; s < n; s += Math.max(1, n / 5)) {
            long[] expected = Naive.bfs(g, s);
            for (int threads : new int[] {1, 3}) {
                assertArrayEquals(expected, Bfs.depths(g.csr(), s, true, threads), "source " + s);
                assertArrayEquals(expected, Bfs.depths(g.csr(), s, false, threads), "source " + s);
            }
        }
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3}")
    @MethodSource("graphs")
    void ssspMatchesNaive(long seed, int n, int m, boolean directed) {
        for (boolean weighted : new boolean[] {true, false}) {
            TestGraph g = graph(seed, n, m, directed, weighted);
            for (int s = 0; s < n; s += Math.max(1, n / 4)) {
                double[] expected = Naive.sssp(g, s);
                for (int threads : new int[] {1, 3}) {
                    assertArrayEquals(expected, Sssp.run(g.csr(), s, threads), "source " + s);
                    assertArrayEquals(expected, Sssp.run(g.csr(), s, 0.1, threads), "source " + s + ", delta 0.1");
                    assertArrayEquals(expected, Sssp.run(g.csr(), s, 100.0, threads), "source " + s + ", delta 100");
                }
            }
        }
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3}")
    @MethodSource("graphs")
    void wccMatchesNaive(long seed, int n, int m, boolean directed) {
        TestGraph g = graph(seed, n, m, directed, false);
        int[] expected = Naive.wcc(g);
        for (int threads : new int[] {1, 3}) {
            assertArrayEquals(expected, Wcc.run(g.csr(), threads));
        }
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3}")
    @MethodSource("graphs")
    void lccMatchesNaive(long seed, int n, int m, boolean directed) {
        TestGraph g = graph(seed, n, m, directed, false);
        double[] expected = Naive.lcc(g);
        for (int threads : new int[] {1, 3}) {
            assertArrayEquals(expected, Lcc.run(g.csr(), threads));
        }
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3}")
    @MethodSource("graphs")
    void cdlpMatchesNaive(long seed, int n, int m, boolean directed) {
        TestGraph g = graph(seed, n, m, directed, false);
        for (int iterations : new int[] {0, 1, 2, 5}) {
            long[] expected = Naive.cdlp(g, iterations);
            for (int threads : new int[] {1, 3}) {
                assertArrayEquals(expected, Cdlp.run(g.csr(), iterations, threads), iterations + " iterations");
            }
        }
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3}")
    @MethodSource("graphs")
    void pageRankMatchesNaive(long seed, int n, int m, boolean directed) {
        TestGraph g = graph(seed, n, m, directed, false);
        for (int iterations : new int[] {0, 1, 10}) {
            double[] expected = Naive.pageRank(g, iterations, 0.85);
            double[] actual = PageRank.run(g.csr(), iterations, 0.85, 3);
            for (int v = 0; v < n; v++) {
                assertTrue(LdbcValidation.close(expected[v], actual[v], LdbcAlgorithm.PAGERANK_EPSILON),
                        "vertex " + v + ": " + expected[v] + " vs " + actual[v]);
            }
        }
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3}")
    @MethodSource("graphs")
    void betweennessMatchesNaive(long seed, int n, int m, boolean directed) {
        TestGraph g = graph(seed, n, m, directed, false);
        double[] expected = Naive.betweenness(g);
        for (int threads : new int[] {1, 3}) {
            double[] actual = Betweenness.run(g.csr(), threads);
            for (int v = 0; v < n; v++) {
                assertTrue(LdbcValidation.close(expected[v], actual[v], 1e-12),
                        "vertex " + v + ": " + expected[v] + " vs " + actual[v]);
            }
        }
    }
}
