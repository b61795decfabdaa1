package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.TestData;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.TriangleCount;
import org.stag.algorithms.jgrapht.JGraphTReference;
import org.stag.algorithms.ldbc.LdbcDataset;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * {@code tc.stag}, run as the catalog's {@code tc}, counts exactly the triangles that the hand-written GAP-style count
 * and JGraphT (its clustering coefficients, {@link JGraphTReference#triangles}) count, on every bundled square graph (directed ones taken as
 * undirected), on random graphs with self-loops, and on edge lists with duplicate and mirrored edges; in CSR
 * and C-tree rows, on 1 and 2 threads.
 */
class TriangleCountingTest {
    private static final AlgorithmRunner RUNNER = new AlgorithmRunner(new DefinitionCompiler());
    private static final String[] FORMATS = {"dense,compressed", "dense,ctree"};

    static Stream<String> bundled() {
        return TestData.squareSuiteSparse().stream();
    }

    private static long stag(Graph g, String format, int threads) {
        AlgorithmRunner.Result r = RUNNER.run(Algorithm.TC, g, new RunSettings().format(format).threads(threads));
        assertNull(r.values());
        assertEquals("triangles", r.scalar().name());
        return r.scalar().value().longValue();
    }

    private static Graph load(Path file, LoadOptions o) {
        return GraphLoader.load(file, o);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bundled")
    void bundledGraphsMatchHandwrittenAndJGraphT(String name) {
        boolean zeroBased = name.equals("lesmis.mtx") || name.equals("netscience.mtx");
        Graph g = load(TestData.file("suitesparse/" + name), LoadOptions.defaults().withIndexBase(zeroBased ? 0 : 1));
        Csr csr = Csr.of(g);
        long expected = JGraphTReference.triangles(csr);
        assertEquals(expected, naive(csr), "naive");
        assertEquals(expected, TriangleCount.run(csr, 2), "hand-written");
        for (String format : FORMATS) {
            assertEquals(expected, stag(g, format, 2), format);
        }
        assertEquals(expected, stag(g, "dense,compressed", 1), "1 thread");
    }

    /** Every graph in the repository's {@code data/}: Matrix Market files and LDBC datasets. */
    static Stream<String> dataGraphs() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("..", "data"))) {
            List<String> names = files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".mtx") || n.endsWith(".properties")).sorted().toList();
            assertTrue(names.size() >= 3, "data/ holds " + names);
            return names.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dataGraphs")
    void everyGraphInDataMatchesHandwrittenJGraphTAndTheNaiveCount(String name) {
        Path file = Path.of("..", "data", name);
        Graph g = name.endsWith(".properties") ? LdbcDataset.open(file).load(LoadOptions.defaults())
                : load(file, LoadOptions.defaults());
        Csr csr = Csr.of(g);
        long expected = naive(csr);
        assertEquals(expected, JGraphTReference.triangles(csr), "JGraphT");
        assertEquals(expected, TriangleCount.run(csr, 2), "hand-written");
        for (String format : FORMATS) {
            assertEquals(expected, stag(g, format, 2), format);
        }
    }

    @Test
    void caGrQcHasSnapsCount() {
        // SNAP's statistics for ca-GrQc list 48,260 triangles.
        Graph g = load(TestData.file("suitesparse/ca-GrQc.mtx"), LoadOptions.defaults());
        assertEquals(48260, stag(g, "dense,compressed", 2));
        assertEquals(48260, JGraphTReference.triangles(Csr.of(g)));
    }

    /** {@code stag compare tc}'s path: both references, checked by the descriptor's exact check. */
    @Test
    void comparisonWithBothReferencesAgreesAndCatchesADifference() {
        Graph g = load(Path.of("..", "data", "ca-GrQc.mtx"), LoadOptions.defaults());
        Csr csr = Csr.of(g);
        for (Comparison.Reference ref : Comparison.Reference.values()) {
            AlgorithmRunner.Prepared p = RUNNER.prepare(Algorithm.TC, g, new RunSettings().threads(2));
            Comparison.Compared c = Comparison.compare(ref, Algorithm.TC, p, csr, false, 2);
            assertTrue(c.outcome().agree(), ref + ": " + c.outcome().message());
            assertEquals("triangles 48260 matches", c.outcome().message());
            assertEquals(48260L, c.reference().scalar().value());
        }
        Comparison.Outcome off = Comparison.check(Algorithm.TC, new ScalarValue("triangles", 48260L),
                new ScalarValue("triangles", 48261L));
        assertEquals(false, off.agree());
        assertEquals("triangles: expected 48260, got 48261", off.message());
    }

    @Test
    void karateHas45Triangles() {
        Graph g = load(Path.of("..", "data", "karate.mtx"), LoadOptions.defaults());
        assertEquals(45, stag(g, "dense,compressed", 2));
        assertEquals(45, TriangleCount.run(Csr.of(g), 1));
    }

    @Test
    void caGrQcFromDataMatchesReferences() {
        Graph g = load(Path.of("..", "data", "ca-GrQc.mtx"), LoadOptions.defaults());
        Csr csr = Csr.of(g);
        long expected = JGraphTReference.triangles(csr);
        assertEquals(expected, TriangleCount.run(csr, 2));
        assertEquals(expected, stag(g, "dense,compressed", 2));
    }

    /** Random graphs with self-loops, sparse to dense, directed (both directions of a pair count once) or not. */
    @Test
    void randomGraphsMatchNaiveCount() {
        int[][] shapes = {{1, 0}, {3, 3}, {5, 12}, {12, 40}, {30, 90}, {40, 300}, {60, 700}, {200, 3000}};
        long seed = 7;
        for (int[] shape : shapes) {
            for (boolean directed : new boolean[] {true, false}) {
                TestGraph tg = TestGraph.random(seed++, shape[0], shape[1], directed, false);
                long expected = naive(tg);
                Csr csr = tg.csr();
                assertEquals(expected, JGraphTReference.triangles(csr), "JGraphT, seed " + (seed - 1));
                assertEquals(expected, TriangleCount.run(csr, 3), "hand-written, seed " + (seed - 1));
            }
        }
    }

    /** The same random graphs through stag: loaded from edge-list text holding duplicates and self-loops. */
    @Test
    void edgeListsWithDuplicatesAndSelfLoops(@TempDir Path dir) throws IOException {
        SplittableRandom r = new SplittableRandom(11);
        for (int round = 0; round < 6; round++) {
            int n = 5 + r.nextInt(60);
            int m = n * (1 + r.nextInt(8));
            List<int[]> edges = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < m; k++) {
                int u = r.nextInt(n);
                int v = r.nextInt(5) == 0 ? u : r.nextInt(n);
                edges.add(new int[] {u, v});
                text.append(u).append(' ').append(v).append('\n');
                if (r.nextInt(4) == 0) {   // a duplicate, or the same pair the other way round
                    boolean flip = r.nextBoolean();
                    text.append(flip ? v : u).append(' ').append(flip ? u : v).append('\n');
                }
            }
            text.append("0 ").append(n - 1).append('\n');
            edges.add(new int[] {0, n - 1});
            Path file = dir.resolve("g" + round + ".el");
            Files.writeString(file, text);
            long expected = naive(n, edges);
            for (boolean directed : new boolean[] {true, false}) {
                LoadOptions o = LoadOptions.defaults().withDirected(directed).withDuplicates(DuplicatePolicy.SUM);
                Graph g = load(file, o);
                assertEquals(expected, TriangleCount.run(Csr.of(g), 2), "hand-written, round " + round);
                for (String format : FORMATS) {
                    for (int threads : new int[] {1, 2}) {
                        assertEquals(expected, stag(g, format, threads), format + ", round " + round);
                    }
                }
            }
        }
    }

    /** Counts vertex triples u < v < w joined pairwise, ignoring direction, self-loops and repeats. */
    private static long naive(TestGraph g) {
        List<int[]> edges = new ArrayList<>();
        for (int k = 0; k < g.arcs(); k++) {
            edges.add(new int[] {g.src()[k], g.dst()[k]});
        }
        return naive(g.n(), edges);
    }

    /** The stored edges of {@code g} as pairs. */
    private static long naive(Csr g) {
        List<int[]> edges = new ArrayList<>();
        for (int u = 0; u < g.n(); u++) {
            for (int p = g.outPtr()[u]; p < g.outPtr()[u + 1]; p++) {
                edges.add(new int[] {u, g.outIdx()[p]});
            }
        }
        return naive(g.n(), edges);
    }

    /** For every pair u < v joined, the w > v joined to both: each triangle once, from its smallest pair. */
    private static long naive(int n, List<int[]> edges) {
        Set<Long> pairs = new HashSet<>();
        List<Set<Integer>> above = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            above.add(new HashSet<>());
        }
        for (int[] e : edges) {
            if (e[0] != e[1]) {
                pairs.add(key(e[0], e[1]));
                above.get(Math.min(e[0], e[1])).add(Math.max(e[0], e[1]));
            }
        }
        long count = 0;
        for (int u = 0; u < n; u++) {
            for (int v : above.get(u)) {
                for (int w : above.get(v)) {
                    if (pairs.contains(key(u, w))) {
                        count++;
                    }
                }
            }
        }
        return count;
    }

    private static long key(int a, int b) {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }
}
