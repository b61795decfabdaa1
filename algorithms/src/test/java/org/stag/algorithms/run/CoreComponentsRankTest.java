package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.Generated;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.PersonalizedPageRank;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;

/**
 * {@code kcore.stag}, {@code scc.stag} and {@code ppr.stag} on random graphs (fixed seeds; directed and undirected,
 * with self-loops, isolated vertices and scrambled vertex ids) in static and dynamic formats, on one and two
 * threads: coreness and components equal both the definitions computed here over the arc list and JGraphT
 * ({@code Coreness}, Kosaraju) as {@code stag compare} checks them; personalized PageRank agrees with the
 * hand-written {@link PersonalizedPageRank} within {@code stag compare}'s tolerance, sums to 1 and is 0 exactly
 * where the source cannot reach. Larger generated graphs and shapes that need many peeling levels or colouring
 * rounds exercise the loops' fronts; the error paths of a source are checked too.
 */
class CoreComponentsRankTest {
    private static final AlgorithmRunner RUNNER = AlgorithmRunnerTest.RUNNER;

    static List<Arguments> cases() {
        return AlgorithmRunnerTest.randomCases(301, new int[][] {{1, 0}, {2, 1}, {7, 5}, {20, 30}, {40, 60}, {40, 200}, {80, 120}, {60, 400}});
    }

    /** Runs {@code a} on one and two threads; the values by internal id agree with {@code expected} and JGraphT. */
    private static AlgorithmRunner.Result agrees(Algorithm a, Graph g, Csr csr, RunSettings s, long[] expected,
                                                 Comparison.Reference reference) {
        AlgorithmRunner.Result last = null;
        for (int threads : new int[] {1, 2}) {
            AlgorithmRunner.Result r = RUNNER.run(a, g, s.threads(threads));
            if (expected != null) {
                assertArrayEquals(expected, r.values().longs(), a.id() + " in " + s.format() + " on " + threads);
            }
            Comparison.ReferenceRun ref = Comparison.run(reference, a, csr, r, null, 2);
            Comparison.Outcome o = Comparison.check(a, ref.values(), r.values());
            assertTrue(o.agree(), a.id() + " in " + s.format() + " on " + threads + " thread(s): " + o.message());
            last = r;
        }
        return last;
    }

    private static Graph graph(Csr c, String name) {
        return new Graph(name, c.n(), c.n(), c.outPtr(), c.outIdx(), c.outWeights(),
                c.directed() ? Symmetry.GENERAL : Symmetry.SYMMETRIC, ValueKind.PATTERN, c.ids(), 0);
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void kcore(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, directed, false);
        agrees(Algorithm.KCORE, AlgorithmRunnerTest.graph(t), t.csr(), new RunSettings().format(format), coreness(t),
                Comparison.Reference.JGRAPHT);
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void scc(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, directed, false);
        agrees(Algorithm.SCC, AlgorithmRunnerTest.graph(t), t.csr(), new RunSettings().format(format),
                strongComponents(t), Comparison.Reference.JGRAPHT);
    }

    /** On an undirected graph the strong components are the weak ones, labelled alike (smallest input id). */
    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void sccIsWccOnUndirectedGraphs(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, false, false);
        RunSettings s = new RunSettings().format(format);
        assertArrayEquals(RUNNER.run(Algorithm.WCC, AlgorithmRunnerTest.graph(t), s).values().longs(),
                RUNNER.run(Algorithm.SCC, AlgorithmRunnerTest.graph(t), s).values().longs());
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void ppr(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, directed, false);
        for (int s = 0; s < n; s += Math.max(1, n / 3)) {
            for (RunSettings settings : List.of(new RunSettings(), new RunSettings().iterations(1),
                    new RunSettings().iterations(25).damping(0.5))) {
                settings.format(format).source(t.ids()[s]);
                AlgorithmRunner.Result r = agrees(Algorithm.PPR, AlgorithmRunnerTest.graph(t), t.csr(), settings, null,
                        Comparison.Reference.HANDWRITTEN);
                double[] rank = r.values().doubles();
                double sum = 0;
                boolean[] reached = reachable(t, s);
                for (int v = 0; v < n; v++) {
                    sum += rank[v];
                    if (!reached[v]) {
                        assertEquals(0.0, rank[v], "vertex " + t.ids()[v] + " is not reachable from " + t.ids()[s]);
                    }
                }
                assertEquals(1.0, sum, 1e-12, "ranks from " + t.ids()[s]);
            }
        }
    }

    /**
     * Many peeling levels and rounds, colouring rounds and parallel chunks: Kronecker graphs and lattices of 2^11
     * vertices (the generator's directed lattice has no cycles: trimming assigns every vertex).
     */
    @ParameterizedTest(name = "{0} directed={1}")
    @MethodSource("generated")
    void generatedGraphs(String kind, boolean directed) {
        Csr c = Generated.graph(kind, 11, kind.equals("grid") ? 3 : 6, 7, directed, false);
        Graph g = graph(c, kind + "-11");
        for (String format : List.of("dense,compressed", "dense,ctree")) {
            agrees(Algorithm.KCORE, g, c, new RunSettings().format(format), null, Comparison.Reference.JGRAPHT);
            agrees(Algorithm.SCC, g, c, new RunSettings().format(format), null, Comparison.Reference.JGRAPHT);
            agrees(Algorithm.PPR, g, c, new RunSettings().format(format).source(c.external(0)), null,
                    Comparison.Reference.HANDWRITTEN);
        }
    }

    static List<Arguments> generated() {
        return List.of(Arguments.of("kron", true), Arguments.of("kron", false), Arguments.of("grid", true),
                Arguments.of("grid", false));
    }

    /**
     * A directed path through a scrambled order with a few chords back: its components form a chain that the
     * colouring splits into many rounds. A vertex between two cycles. Beside them, a clique of 7 with paths
     * hanging off it and a ring: peeling levels 1, 2 and 6.
     */
    @Test
    void chainsOfComponentsAndNestedCores() {
        int n = 600;
        List<int[]> edges = new ArrayList<>();
        for (int v = 0; v + 1 < n; v++) {
            edges.add(new int[] {(v * 211) % n, ((v + 1) * 211) % n});
        }
        for (int k = 0; k < 30; k++) {
            int from = (k * 37 + 20) % (n - 5);
            edges.add(new int[] {((from + 4) * 211) % n, (from * 211) % n});
        }
        long[] ids = new long[n];
        for (int v = 0; v < n; v++) {
            ids[v] = 3 + 5L * ((v * 17) % n);
        }
        TestGraph chain = TestGraph.of(n, true, edges.toArray(int[][]::new), null, ids);
        agrees(Algorithm.SCC, AlgorithmRunnerTest.graph(chain), chain.csr(), new RunSettings(), strongComponents(chain),
                Comparison.Reference.JGRAPHT);

        // Vertex 2 lies between two cycles, 1 -> 2 -> 0: it reaches the root 0 of another colour, yet is a
        // component of its own (collecting backwards from 0 must stay within 0's colour).
        TestGraph between = TestGraph.of(5, true, new int[][] {{0, 3}, {3, 0}, {1, 4}, {4, 1}, {1, 2}, {2, 0}}, null,
                null);
        assertArrayEquals(new long[] {0, 1, 2, 0, 1}, strongComponents(between));
        agrees(Algorithm.SCC, AlgorithmRunnerTest.graph(between), between.csr(), new RunSettings(),
                strongComponents(between), Comparison.Reference.JGRAPHT);

        List<int[]> nested = new ArrayList<>();
        for (int u = 0; u < 7; u++) {
            for (int v = u + 1; v < 7; v++) {
                nested.add(new int[] {u, v});
            }
        }
        for (int v = 7; v < 30; v++) {
            nested.add(new int[] {v - 1 - (v % 3 == 0 ? 6 : 0), v});   // paths hanging off the clique
        }
        for (int v = 30; v < 40; v++) {
            nested.add(new int[] {v, v == 39 ? 30 : v + 1});            // a ring: coreness 2
        }
        nested.add(new int[] {35, 35});                                // a self-loop counts for nothing
        TestGraph cores = TestGraph.of(41, false, nested.toArray(int[][]::new), null, null);
        long[] expected = coreness(cores);
        assertEquals(6, expected[0]);
        assertEquals(2, expected[35]);
        assertEquals(0, expected[40]);
        agrees(Algorithm.KCORE, AlgorithmRunnerTest.graph(cores), cores.csr(), new RunSettings(), expected,
                Comparison.Reference.JGRAPHT);
    }

    @Test
    void pprStartsAtTheDefaultSourceOrOneOfTheGraph() {
        TestGraph t = TestGraph.random(9, 10, 20, true, false);
        Graph g = AlgorithmRunnerTest.graph(t);
        // Without --source: the vertex with the most out-edges, as every command and the API choose it.
        AlgorithmRunner.Prepared p = RUNNER.prepare(Algorithm.PPR, g, new RunSettings());
        DefaultSource chosen = p.defaultSource().orElseThrow();
        assertEquals(DefaultSource.of(g, "random-10"), chosen);
        VertexValues given = RUNNER.run(Algorithm.PPR, g, new RunSettings().source(chosen.id())).values();
        VertexValues chosenRun = p.run().values();
        for (int v = 0; v < t.n(); v++) {
            assertEquals(given.text(v), chosenRun.text(v), "vertex " + v);
        }
        long missing = t.ids()[0] + 1;   // ids step by 7
        BadInputException e = assertThrows(BadInputException.class,
                () -> RUNNER.run(Algorithm.PPR, AlgorithmRunnerTest.graph(t), new RunSettings().source(missing)));
        assertEquals("source " + missing + " is not a vertex of random-10", e.getMessage());
    }

    @Test
    void theHandWrittenPprRefusesWhatItCannotRun() {
        Csr g = TestGraph.random(9, 10, 20, true, false).csr();
        assertEquals("source 10 is not a vertex (0..9)", refused(() -> PersonalizedPageRank.run(g, 10, 5, 0.85)));
        assertEquals("source -1 is not a vertex (0..9)", refused(() -> PersonalizedPageRank.run(g, -1, 5, 0.85)));
        assertEquals("iterations must be at least 0, got -1", refused(() -> PersonalizedPageRank.run(g, 0, -1, 0.85)));
        assertEquals("damping must be in [0, 1], got 1.5", refused(() -> PersonalizedPageRank.run(g, 0, 5, 1.5)));
        double[] start = PersonalizedPageRank.run(g, 3, 0, 0.85);
        assertEquals(1.0, start[3]);
        assertEquals(1.0, Arrays.stream(start).sum());
    }

    private static String refused(org.junit.jupiter.api.function.Executable run) {
        return assertThrows(IllegalArgumentException.class, run).getMessage();
    }

    // The definitions, over the plain arc list.

    /** Neighbour sets of the undirected simple view: arcs both ways, no self-loops. */
    private static List<Set<Integer>> simple(TestGraph t) {
        List<Set<Integer>> adj = new ArrayList<>();
        for (int v = 0; v < t.n(); v++) {
            adj.add(new HashSet<>());
        }
        for (int k = 0; k < t.arcs(); k++) {
            if (t.src()[k] != t.dst()[k]) {
                adj.get(t.src()[k]).add(t.dst()[k]);
                adj.get(t.dst()[k]).add(t.src()[k]);
            }
        }
        return adj;
    }

    /** The largest k whose k-core (what is left once vertices of degree below k are deleted, repeatedly) holds v. */
    static long[] coreness(TestGraph t) {
        List<Set<Integer>> adj = simple(t);
        long[] core = new long[t.n()];
        for (int k = 1; k <= t.n(); k++) {
            boolean[] alive = new boolean[t.n()];
            Arrays.fill(alive, true);
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int v = 0; v < t.n(); v++) {
                    if (alive[v] && adj.get(v).stream().filter(u -> alive[u]).count() < k) {
                        alive[v] = false;
                        changed = true;
                    }
                }
            }
            for (int v = 0; v < t.n(); v++) {
                if (alive[v]) {
                    core[v] = k;
                }
            }
        }
        return core;
    }

    /** The vertices {@code source} reaches along arcs (itself included). */
    static boolean[] reachable(TestGraph t, int source) {
        boolean[] seen = new boolean[t.n()];
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(source));
        seen[source] = true;
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (int k = 0; k < t.arcs(); k++) {   // an undirected edge is two arcs
                if (t.src()[k] == u && !seen[t.dst()[k]]) {
                    seen[t.dst()[k]] = true;
                    queue.add(t.dst()[k]);
                }
            }
        }
        return seen;
    }

    /** u and v share a component when each reaches the other; each is labelled with its smallest input id. */
    static long[] strongComponents(TestGraph t) {
        boolean[][] reach = new boolean[t.n()][];
        for (int v = 0; v < t.n(); v++) {
            reach[v] = reachable(t, v);
        }
        long[] label = new long[t.n()];
        for (int v = 0; v < t.n(); v++) {
            label[v] = Long.MAX_VALUE;
            for (int u = 0; u < t.n(); u++) {
                if (reach[u][v] && reach[v][u]) {
                    label[v] = Math.min(label[v], t.ids()[u]);
                }
            }
        }
        return label;
    }
}
