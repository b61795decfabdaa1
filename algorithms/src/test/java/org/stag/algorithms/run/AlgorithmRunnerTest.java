package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.graph.Csr;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;

/**
 * Every shipped program, run by {@link AlgorithmRunner} on small random graphs (fixed seeds; directed and
 * undirected, with self-loops, isolated vertices and scrambled vertex ids), agrees with the hand-written
 * implementation as {@code stag compare --reference handwritten} checks it. The graph format rotates over
 * static and dynamic formats, and each run is repeated on one and two threads.
 */
class AlgorithmRunnerTest {
    /** One compiler for the class: kernels are cached by definition and formats. */
    static final AlgorithmRunner RUNNER = new AlgorithmRunner(new DefinitionCompiler());

    static final List<String> FORMATS = List.of("dense,compressed", "dense,ctree", "bst,ctree", "dense,blist",
            "dense,bst", "dense,hashed", "compressed,compressed", "dense,list", "dense,bitmap", "dense,vbyte");

    static List<Arguments> cases() {
        return randomCases(11, new int[][] {{1, 0}, {7, 5}, {20, 30}, {40, 60}, {40, 200}, {80, 120}});
    }

    /**
     * Random-graph cases (seed, vertices, edges, directed, format): each shape {vertices, edges} directed and not,
     * seeds counting up from {@code firstSeed}, the formats of {@link #FORMATS} in turn.
     */
    static List<Arguments> randomCases(long firstSeed, int[][] shapes) {
        List<Arguments> out = new ArrayList<>();
        long seed = firstSeed;
        int f = 0;
        for (int[] shape : shapes) {
            for (boolean directed : new boolean[] {true, false}) {
                out.add(Arguments.of(seed++, shape[0], shape[1], directed, FORMATS.get(f++ % FORMATS.size())));
            }
        }
        return out;
    }

    /** The graph of a test graph, as the loaders would give it. */
    static Graph graph(TestGraph t) {
        Csr c = t.csr();
        return new Graph("random-" + t.n(), t.n(), t.n(), c.outPtr(), c.outIdx(), c.outWeights(),
                t.directed() ? Symmetry.GENERAL : Symmetry.SYMMETRIC, c.weighted() ? ValueKind.REAL : ValueKind.PATTERN,
                c.ids(), 0);
    }

    private static void agrees(Algorithm a, TestGraph t, RunSettings s, int[] sources) {
        AlgorithmRunner.Prepared p = RUNNER.prepare(a, graph(t), s);
        for (int threads : new int[] {1, 2}) {
            s.threads(threads);
            AlgorithmRunner.Result r = RUNNER.prepare(a, graph(t), s).run();
            Comparison.ReferenceRun ref = Comparison.run(Comparison.Reference.HANDWRITTEN, a, t.csr(), r, sources, 2);
            Comparison.Outcome o = Comparison.check(a, ref.values(), r.values());
            assertTrue(o.agree(), a.id() + " in " + s.format() + " on " + threads + " thread(s): " + o.message());
            assertEquals(t.n(), r.values().size());
        }
        assertTrue(p.parameters().containsKey("N"));
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void pageRank(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, directed, false);
        agrees(Algorithm.PAGERANK, t, new RunSettings().format(format), null);
        agrees(Algorithm.PAGERANK, t, new RunSettings().format(format).iterations(3).damping(0.5), null);
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void bfs(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, directed, false);
        for (int s = 0; s < n; s += Math.max(1, n / 3)) {
            agrees(Algorithm.BFS, t, new RunSettings().format(format).source(t.ids()[s]), null);
        }
        // Pull steps from the first level on (any out-edge is more than 1/alpha of the rest), and push only.
        agrees(Algorithm.BFS, t, new RunSettings().format(format).source(t.ids()[0]).param("alpha", "2000000000"), null);
        agrees(Algorithm.BFS, t, new RunSettings().format(format).source(t.ids()[0]).param("alpha", "1"), null);
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void sssp(long seed, int n, int m, boolean directed, String format) {
        for (boolean weighted : new boolean[] {true, false}) {
            TestGraph t = TestGraph.random(seed, n, m, directed, weighted);
            for (int s = 0; s < n; s += Math.max(1, n / 3)) {
                agrees(Algorithm.SSSP, t, new RunSettings().format(format).source(t.ids()[s]), null);
            }
            agrees(Algorithm.SSSP, t, new RunSettings().format(format).source(t.ids()[0]).param("delta", "0.3"), null);
        }
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void wcc(long seed, int n, int m, boolean directed, String format) {
        agrees(Algorithm.WCC, TestGraph.random(seed, n, m, directed, false), new RunSettings().format(format), null);
    }

    /**
     * wcc.stag's Afforest phases on graphs above its 1,024 samples (a sampling stride above 1), in every
     * format: a giant component with small ones beside it, a sparse graph of many small components (no
     * giant: the sampled label is a small component's), and a long path with a few chords, whose component
     * the two sampling rounds leave split into many labels so that the finishing loop joins them.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("wccFormats")
    void wccAfforestPhases(String format) {
        agrees(Algorithm.WCC, TestGraph.random(71, 3000, 4500, false, false), new RunSettings().format(format), null);
        agrees(Algorithm.WCC, TestGraph.random(72, 2500, 900, true, false), new RunSettings().format(format), null);
        int n = 2100;
        int[][] edges = new int[n - 1 + 20][];
        for (int v = 0; v + 1 < n; v++) {
            edges[v] = new int[] {(v * 7919) % n, ((v + 1) * 7919) % n};   // a path through a scrambled order
        }
        for (int k = 0; k < 20; k++) {
            edges[n - 1 + k] = new int[] {(k * 97) % n, (k * 389 + 5) % n};
        }
        long[] ids = new long[n];
        for (int v = 0; v < n; v++) {
            ids[v] = 5 + 3L * ((v * 13) % n);                                 // scrambled input ids
        }
        agrees(Algorithm.WCC, TestGraph.of(n, true, edges, null, ids), new RunSettings().format(format), null);
    }

    static List<String> wccFormats() {
        return FORMATS;
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void cdlp(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, directed, false);
        for (int iterations : new int[] {0, 1, 4}) {
            agrees(Algorithm.CDLP, t, new RunSettings().format(format).iterations(iterations), null);
        }
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void lcc(long seed, int n, int m, boolean directed, String format) {
        agrees(Algorithm.LCC, TestGraph.random(seed, n, m, directed, false), new RunSettings().format(format), null);
    }

    @ParameterizedTest(name = "seed {0}: n={1} m={2} directed={3} {4}")
    @MethodSource("cases")
    void betweenness(long seed, int n, int m, boolean directed, String format) {
        TestGraph t = TestGraph.random(seed, n, m, directed, false);
        agrees(Algorithm.BC, t, new RunSettings().format(format), null);
        // A sample, with a repeat, in the input's numbering.
        int[] sample = {n - 1, 0, n / 2, 0};
        long[] ids = new long[sample.length];
        for (int k = 0; k < sample.length; k++) {
            ids[k] = t.ids()[sample[k]];
        }
        agrees(Algorithm.BC, t, new RunSettings().format(format).sources(ids), sample);
    }

    @org.junit.jupiter.api.Test
    void aDisagreementNamesTheFirstDifferingVertexInTheInputsNumbering() {
        TestGraph t = TestGraph.random(5, 30, 60, true, false);
        AlgorithmRunner.Result r = RUNNER.run(Algorithm.PAGERANK, graph(t), new RunSettings());
        double[] perturbed = r.values().doubles().clone();
        perturbed[17] *= 1 + 1e-5;
        VertexValues reference = new VertexValues("rank", t.csr().ids(), null, perturbed);
        Comparison.Outcome o = Comparison.check(Algorithm.PAGERANK, reference, r.values());
        assertTrue(!o.agree());
        assertTrue(o.message().startsWith("vertex " + t.ids()[17] + ": expected "), o.message());
        // Labels of the same partition agree; depths must be equal.
        long[] labels = new long[t.n()];
        VertexValues wcc = RUNNER.run(Algorithm.WCC, graph(t), new RunSettings()).values();
        for (int v = 0; v < t.n(); v++) {
            labels[v] = 1000 + wcc.longs()[v] * 3;
        }
        assertTrue(Comparison.check(Algorithm.WCC, new VertexValues("component", t.csr().ids(), labels, null), wcc).agree());
        assertTrue(!Comparison.check(Algorithm.CDLP, new VertexValues("community", t.csr().ids(), labels, null), wcc)
                .agree());
    }
}
