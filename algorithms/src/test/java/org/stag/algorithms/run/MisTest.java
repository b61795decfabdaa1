package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.TestData;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Mis;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * {@code mis.stag} against two references that share nothing with it: the defining properties of a maximal
 * independent set, checked on the adjacency of the {@link Csr} (no edge joins two members; every other vertex has
 * a member among its neighbours, self-loops ignored), and the hand-written Luby ({@link Mis}) with the same
 * priorities, set for set; on the bundled graphs and on random graphs with self-loops and scrambled ids, in
 * several formats and thread counts.
 */
class MisTest {
    private static final AlgorithmRunner RUNNER = AlgorithmRunnerTest.RUNNER;

    static Stream<String> bundled() {
        return TestData.squareSuiteSparseBelow(6000).stream();
    }

    static List<Arguments> randoms() {
        return AlgorithmRunnerTest.randomCases(71, new int[][] {{1, 0}, {2, 1}, {9, 12}, {30, 40}, {40, 300}, {80, 120}, {120, 900}});
    }

    /** Why {@code member} is not a maximal independent set of {@code g} (as undirected, without self-loops), or null. */
    static String violation(Csr g, long[] member) {
        int n = g.n();
        boolean[] dominated = new boolean[n];
        for (int u = 0; u < n; u++) {
            for (int p = g.outPtr()[u]; p < g.outPtr()[u + 1]; p++) {
                int v = g.outIdx()[p];
                if (u == v) {
                    continue;
                }
                if (member[u] == 1 && member[v] == 1) {
                    return "edge " + g.external(u) + " " + g.external(v) + " joins two members";
                }
                dominated[v] |= member[u] == 1;
                dominated[u] |= member[v] == 1;
            }
        }
        for (int v = 0; v < n; v++) {
            if (member[v] != 0 && member[v] != 1) {
                return "vertex " + g.external(v) + " has value " + member[v];
            }
            if (member[v] == 0 && !dominated[v]) {
                return "vertex " + g.external(v) + " is outside the set with no member among its neighbours";
            }
        }
        return null;
    }

    private static long[] stag(Graph g, String format, int threads, Long seed) {
        RunSettings s = new RunSettings().format(format).threads(threads).seed(seed);
        return RUNNER.run(Algorithm.MIS, g, s).values().longs();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bundled")
    void bundledGraphsGiveAMaximalIndependentSetThatTheHandwrittenLubyGivesToo(String name) {
        Graph g = TestData.suiteSparseGraph(name);
        Csr csr = Csr.of(g);
        long[] expected = Mis.run(csr, 1, 2);
        assertNull(violation(csr, expected), "hand-written");
        long[] actual = stag(g, "dense,compressed", 2, null);
        assertNull(violation(csr, actual), "stag");
        assertArrayEquals(expected, actual, name);
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("randoms")
    void randomGraphsAgreeInEveryFormatAndThreadCount(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, directed, false);
        for (long s : new long[] {1, seed, -5}) {
            long[] expected = Mis.run(t.csr(), s, 1);
            assertNull(violation(t.csr(), expected), "hand-written, seed " + s);
            assertArrayEquals(expected, Mis.run(t.csr(), s, 2), "hand-written on 2 threads");
            for (int threads : new int[] {1, 2}) {
                long[] actual = stag(AlgorithmRunnerTest.graph(t), format, threads, s);
                assertNull(violation(t.csr(), actual), format + " on " + threads + " thread(s), seed " + s);
                assertArrayEquals(expected, actual, format + " on " + threads + " thread(s), seed " + s);
            }
        }
    }

    @Test
    void theSeedChoosesTheSetAndTheDefaultIsOne() {
        Graph g = GraphLoader.load(java.nio.file.Path.of("..", "data", "karate.mtx"), LoadOptions.defaults());
        long[] byDefault = stag(g, "dense,compressed", 2, null);
        assertArrayEquals(stag(g, "dense,compressed", 2, 1L), byDefault);
        boolean differs = false;
        for (long s = 2; s < 6 && !differs; s++) {
            differs = !java.util.Arrays.equals(byDefault, stag(g, "dense,compressed", 2, s));
        }
        assertTrue(differs, "four other seeds all give seed 1's set");
        assertEquals(1L, RUNNER.run(Algorithm.MIS, g, new RunSettings()).parameters().get("seed"));
    }

    @Test
    void theViolationCheckCanFail() {
        TestGraph path = TestGraph.of(3, false, new int[][] {{0, 1}, {1, 2}}, null, null);
        assertTrue(violation(path.csr(), new long[] {1, 1, 0}).contains("joins two members"));
        assertTrue(violation(path.csr(), new long[] {1, 0, 0}).contains("no member among its neighbours"));
        assertNull(violation(path.csr(), new long[] {1, 0, 1}));
        assertFalse(violation(path.csr(), new long[] {0, 1, 0}) != null);
    }

    @Test
    void aSeedForAnAlgorithmWithoutOneIsRefused() {
        Graph g = GraphLoader.load(java.nio.file.Path.of("..", "data", "karate.mtx"), LoadOptions.defaults());
        BadInputException e = assertThrows(BadInputException.class,
                () -> RUNNER.prepare(Algorithm.WCC, g, new RunSettings().seed(3L)));
        assertEquals("--seed: wcc does not take it (wcc takes none of --source, --sources, --iterations, --damping, --seed, --k)", e.getMessage());
        BadInputException both = assertThrows(BadInputException.class,
                () -> RUNNER.prepare(Algorithm.MIS, g, new RunSettings().seed(3L).param("seed", "4")));
        assertEquals("--param seed and --seed both set seed", both.getMessage());
    }
}
