package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.TestData;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.io.GraphLoader;

/**
 * Issue 9, must-show 1: for every dynamic graph format (each shipped schema as {@code dense,X}, and
 * {@code bst,ctree}), a {@link GraphTensor} built from a bundled graph (undirected karate, directed weighted
 * west0067) runs the compiled PageRank (an SpMV, five iterations) and BFS; random batches of insertions and
 * deletions go through that same graph tensor, and the programs run again. After every batch the results
 * equal a from-scratch {@code dense,compressed} run on the same edges, and no matrix was converted between
 * the batch and the runs ({@link Tensor#matrixConversionCount()}: conversions of order-2 tensors; the BFS
 * program's own format rules convert frontiers, which are vectors). Fixed seeds.
 */
class GraphTensorUpdatesTest {
    private static final int ROUNDS = 4;

    static List<Arguments> cases() {
        List<String> formats = new ArrayList<>();
        for (String f : BuiltinFormats.names()) {
            formats.add("dense," + f);
        }
        formats.add("bst,ctree");
        List<Arguments> out = new ArrayList<>();
        for (String f : formats) {
            out.add(Arguments.of("karate.mtx", f));
            out.add(Arguments.of("west0067.mtx", f));
        }
        return out;
    }

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("cases")
    void batchesThroughTheGraphTensorAgreeWithAFreshCsrRun(String name, String format) {
        Graph g = GraphLoader.load(TestData.file("suitesparse/" + name), LoadOptions.defaults());
        int n = g.numVertices();
        GraphTensor t = GraphTensor.of(g, GraphTensor.format(format), 2);
        boolean[][] edges = new boolean[n][n];
        for (int r = 0; r < n; r++) {
            for (int p = g.rowPtr()[r]; p < g.rowPtr()[r + 1]; p++) {
                edges[r][g.colIdx()[p]] = true;
            }
        }
        Random rnd = new Random(name.hashCode() * 31L + format.hashCode());
        agree(t, edges, g, "as loaded");
        Tensor a = t.a();
        for (int round = 1; round <= ROUNDS; round++) {
            long conversions = Tensor.matrixConversionCount();
            insertSome(t, edges, rnd, g.weighted());
            deleteSome(t, edges, rnd);
            RunPair runs = runs(t, edges, g);
            assertEquals(conversions, Tensor.matrixConversionCount(), "round " + round + ": a matrix was converted");
            runs.check("round " + round);
            assertSame(a, t.a(), "the same tensor takes the batches");
            assertEquals(2L * round, t.version());
            assertEquals(count(edges), t.numEdges());
            t.check();
        }
        // A refused batch changes nothing.
        assertThrows(IllegalArgumentException.class, () -> t.insertBatch(new int[] {0, n}, new int[] {1, 0}, null, 2, 1,
                BatchGrowth.FIXED));
        assertThrows(IllegalArgumentException.class, () -> t.deleteBatch(new int[] {0, -1}, new int[] {1, 0}, 2, 1));
        assertEquals(2L * ROUNDS, t.version());
        agree(t, edges, g, "after refused batches");
    }

    private static void insertSome(GraphTensor t, boolean[][] edges, Random rnd, boolean weighted) {
        int n = edges.length;
        int k = 3 + rnd.nextInt(20);
        int[] src = new int[k];
        int[] dst = new int[k];
        double[] w = weighted ? new double[k] : null;
        for (int i = 0; i < k; i++) {
            src[i] = rnd.nextInt(n);
            dst[i] = rnd.nextInt(n);
            if (w != null) {
                w[i] = 1 + rnd.nextInt(9);
            }
            set(t, edges, src[i], dst[i], true);
        }
        t.insertBatch(src, dst, w, k, 2, BatchGrowth.FIXED);
    }

    private static void deleteSome(GraphTensor t, boolean[][] edges, Random rnd) {
        int n = edges.length;
        int k = 3 + rnd.nextInt(15);
        int[] src = new int[k];
        int[] dst = new int[k];
        for (int i = 0; i < k; i++) {
            int u = rnd.nextInt(n);
            int v = rnd.nextInt(n);
            // Mostly existing edges: the first stored one at or after (u, v) in row-major order.
            if (rnd.nextInt(3) > 0) {
                for (int s = 0; s < n * n; s++) {
                    int x = (u * n + v + s) % (n * n);
                    if (edges[x / n][x % n]) {
                        u = x / n;
                        v = x % n;
                        break;
                    }
                }
            }
            src[i] = u;
            dst[i] = v;
            set(t, edges, u, v, false);
        }
        t.deleteBatch(src, dst, k, 2);
    }

    /** The model: an undirected graph's update applies both ways. */
    private static void set(GraphTensor t, boolean[][] edges, int u, int v, boolean present) {
        edges[u][v] = present;
        if (!t.directed()) {
            edges[v][u] = present;
        }
    }

    private static long count(boolean[][] edges) {
        long m = 0;
        for (boolean[] row : edges) {
            for (boolean e : row) {
                m += e ? 1 : 0;
            }
        }
        return m;
    }

    private static void agree(GraphTensor t, boolean[][] edges, Graph g, String when) {
        runs(t, edges, g).check(when);
    }

    /** PageRank and BFS on the graph tensor and on a fresh CSR graph of the model's edges. */
    private static RunPair runs(GraphTensor t, boolean[][] edges, Graph g) {
        List<AlgorithmRunner.Result> mine = new ArrayList<>();
        for (Algorithm a : new Algorithm[] {Algorithm.PAGERANK, Algorithm.BFS}) {
            mine.add(AlgorithmRunnerTest.RUNNER.prepare(a.program(), a, t, settings(a, t.format().toString(), g)).run());
        }
        return new RunPair(mine, t, edges, g);
    }

    private static RunSettings settings(Algorithm a, String format, Graph g) {
        RunSettings s = new RunSettings().format(format).threads(2);
        return a == Algorithm.PAGERANK ? s.iterations(5) : s.source(g.ids().external(0));
    }

    private record RunPair(List<AlgorithmRunner.Result> mine, GraphTensor t, boolean[][] edges, Graph g) {
        void check(String when) {
            GraphTensor fresh = GraphTensor.of(csr(edges, g), GraphTensor.format("dense,compressed"), 1);
            Algorithm[] algorithms = {Algorithm.PAGERANK, Algorithm.BFS};
            for (int i = 0; i < algorithms.length; i++) {
                Algorithm a = algorithms[i];
                AlgorithmRunner.Result expected = AlgorithmRunnerTest.RUNNER.prepare(a.program(), a, fresh,
                        settings(a, "dense,compressed", g)).run();
                Comparison.Outcome o = Comparison.check(a, expected.values(), mine.get(i).values());
                assertTrue(o.agree(), a.id() + " in " + t.format() + ", " + when + ": " + o.message());
            }
        }
    }

    /** The model's edges as a loader graph with {@code g}'s vertices and directedness. */
    static Graph csr(boolean[][] edges, Graph g) {
        int n = edges.length;
        int[] ptr = new int[n + 1];
        int[] col = new int[(int) count(edges)];
        int m = 0;
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                if (edges[r][c]) {
                    col[m++] = c;
                }
            }
            ptr[r + 1] = m;
        }
        return new Graph("model", n, n, ptr, col, null, g.directed() ? Symmetry.GENERAL : Symmetry.SYMMETRIC,
                ValueKind.PATTERN, g.ids(), 0);
    }
}
