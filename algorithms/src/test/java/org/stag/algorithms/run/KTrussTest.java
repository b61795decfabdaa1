package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.TestData;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.KTruss;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;

/**
 * {@code ktruss.stag} (support recomputed each round) against the hand-written peeling ({@link KTruss}, sorted
 * sets and a queue), edge for edge, on the bundled graphs and on random graphs with self-loops and scrambled ids,
 * for k from 2 to 6, in several formats and thread counts; and the peeling against the definition's first half,
 * which shares no code with either: every edge of the result is an edge of the graph, written once, and closes at
 * least k - 2 triangles of the result (that it is the largest such set is the peeling's agreement with the
 * program, two different procedures).
 */
class KTrussTest {
    private static final AlgorithmRunner RUNNER = AlgorithmRunnerTest.RUNNER;

    static Stream<String> bundled() {
        return TestData.squareSuiteSparseBelow(6000).stream();
    }

    static List<Arguments> randoms() {
        return AlgorithmRunnerTest.randomCases(91, new int[][] {{1, 0}, {3, 3}, {9, 20}, {30, 120}, {40, 300}, {60, 500}});
    }

    private static EdgeValues stag(Graph g, String format, int threads, int k) {
        return RUNNER.run(Algorithm.KTRUSS, g, new RunSettings().format(format).threads(threads).k(k)).edges();
    }

    private static EdgeValues handwritten(Csr g, int k) {
        int[][] e = KTruss.run(g, k);
        return EdgeValues.of("truss", g.ids(), e[0], e[1]);
    }

    /** Why {@code truss} breaks the definition on {@code g} (undirected, simple), or null. */
    static String violation(Csr g, EdgeValues truss, int k) {
        Set<Long> in = new HashSet<>();
        for (int e = 0; e < truss.size(); e++) {
            int u = truss.sources()[e];
            int v = truss.targets()[e];
            if (u >= v) {
                return "edge " + truss.text(e, ' ') + " is not written once, source first";
            }
            if (!g.hasEdge(u, v) && !g.hasEdge(v, u)) {
                return "edge " + truss.text(e, ' ') + " is not in the graph";
            }
            in.add((long) u << 32 | v);
        }
        List<List<Integer>> adj = new ArrayList<>();
        for (int v = 0; v < g.n(); v++) {
            adj.add(new ArrayList<>());
        }
        for (long key : in) {
            adj.get((int) (key >>> 32)).add((int) key);
            adj.get((int) key).add((int) (key >>> 32));
        }
        for (int e = 0; e < truss.size(); e++) {
            int u = truss.sources()[e];
            int v = truss.targets()[e];
            int triangles = 0;
            for (int w : adj.get(u)) {
                if (adj.get(v).contains(w)) {
                    triangles++;
                }
            }
            if (triangles < k - 2) {
                return "edge " + truss.text(e, ' ') + " closes " + triangles + " triangles, fewer than k - 2 = " + (k - 2);
            }
        }
        return null;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bundled")
    void bundledGraphsMatchTheHandwrittenPeeling(String name) {
        Graph g = TestData.suiteSparseGraph(name);
        Csr csr = Csr.of(g);
        for (int k : new int[] {3, 5}) {
            EdgeValues expected = handwritten(csr, k);
            assertNull(violation(csr, expected, k), "hand-written, k=" + k);
            EdgeValues actual = stag(g, "dense,compressed", 2, k);
            assertNull(expected.difference(actual), name + " k=" + k);
        }
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("randoms")
    void randomGraphsAgreeInEveryFormatAndThreadCount(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, directed, false);
        Graph g = AlgorithmRunnerTest.graph(t);
        for (int k = 2; k <= 6; k++) {
            EdgeValues expected = handwritten(t.csr(), k);
            assertNull(violation(t.csr(), expected, k), "hand-written, k=" + k);
            for (int threads : new int[] {1, 2}) {
                EdgeValues actual = stag(g, format, threads, k);
                assertNull(expected.difference(actual), format + " on " + threads + " thread(s), k=" + k);
            }
        }
    }

    @Test
    void aCliqueWithATailKeepsTheClique() {
        // K4 on 0..3, a triangle 3-4-5 hanging off it, a pendant edge 5-6, a self-loop on 6, both directions of 0-1.
        int[][] edges = {{0, 1}, {1, 0}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}, {3, 4}, {4, 5}, {3, 5}, {5, 6}, {6, 6}};
        TestGraph t = TestGraph.of(7, true, edges, null, new long[] {10, 11, 12, 13, 14, 15, 16});
        Graph g = AlgorithmRunnerTest.graph(t);
        assertEquals(10, stag(g, "dense,compressed", 1, 2).size(), "k=2: every edge once, no self-loop");
        assertEquals(9, stag(g, "dense,compressed", 1, 3).size(), "k=3: all but the pendant edge");
        EdgeValues four = stag(g, "dense,compressed", 2, 4);
        List<String> lines = new ArrayList<>();
        for (int e = 0; e < four.size(); e++) {
            lines.add(four.text(e, ' '));
        }
        assertEquals(List.of("10 11", "10 12", "10 13", "11 12", "11 13", "12 13"), lines);
        assertEquals(0, stag(g, "dense,compressed", 2, 5).size());
    }

    @Test
    void theChecksCanFail() {
        TestGraph t = TestGraph.of(3, false, new int[][] {{0, 1}, {1, 2}}, null, null);
        EdgeValues path = EdgeValues.of("truss", t.csr().ids(), new int[] {0, 1}, new int[] {1, 2});
        assertNotNull(violation(t.csr(), path, 3));
        assertNull(violation(t.csr(), path, 2));
        EdgeValues one = EdgeValues.of("truss", t.csr().ids(), new int[] {0}, new int[] {1});
        assertEquals("edge 1 2 is missing", path.difference(one));
        assertEquals("edge 1 2 is extra", one.difference(path));
        assertTrue(violation(t.csr(), EdgeValues.of("truss", t.csr().ids(), new int[] {0}, new int[] {2}), 2)
                .contains("not in the graph"));
    }

    @Test
    void theDefaultKIsThreeAndKIsForKTrussOnly() {
        TestGraph t = TestGraph.random(5, 30, 120, false, false);
        Graph g = AlgorithmRunnerTest.graph(t);
        AlgorithmRunner.Result r = RUNNER.run(Algorithm.KTRUSS, g, new RunSettings());
        assertEquals(3, r.parameters().get("k"));
        assertNull(r.values());
        assertNull(handwritten(t.csr(), 3).difference(r.edges()));
        BadInputException e = assertThrows(BadInputException.class,
                () -> RUNNER.prepare(Algorithm.BFS, g, new RunSettings().k(4).source(t.ids()[0])));
        assertEquals("--k: bfs does not take it (bfs takes --source)", e.getMessage());
    }
}
