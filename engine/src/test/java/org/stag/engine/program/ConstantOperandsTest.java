package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.formats.tensor.Values;

/**
 * Kernels over operands with constant values (a graph's pattern A, unit weights W) give the same results as
 * over the same tensors with explicit arrays: the pattern SpMV, BFS (pull and push steps, frontier format
 * rules), an element-wise bool-and, and MIN-plus relaxations (one step and delta-stepping SSSP) with W
 * constant 1.0 and fill inf. Each runs with the constant built into the tensor ({@code Tensor.build} with
 * constant values: a dynamic last level stores coordinates only) and as a view over a weighted tensor's
 * levels ({@code withValues}: the kernel unpacks the doubles but never reads them), with 1 and 2 threads.
 */
class ConstantOperandsTest {
    private static final int N = 150;
    private static int oldChunk;

    @BeforeAll
    static void smallChunks() {
        // Chunks of 2 split even these small inputs, so 2 threads really run chunks in parallel.
        oldChunk = ChunkRunner.minChunk(2);
    }

    @AfterAll
    static void restoreChunks() {
        ChunkRunner.minChunk(oldChunk);
    }

    static List<Arguments> runs() {
        List<Arguments> out = new ArrayList<>();
        for (String f : new String[] {"dense,compressed", "dense,ctree", "dense,list", "bst,ctree"}) {
            for (int threads : new int[] {1, 2}) {
                out.add(Arguments.of(f, threads));
            }
        }
        return out;
    }

    /** A random directed graph: edge lists, weights in [1, 10), and a second pattern B with random bools. */
    private record Graph(int[] src, int[] dst, double[] w, int[] bSrc, int[] bDst, boolean[] bVal) {
        static Graph random(long seed) {
            SplittableRandom r = new SplittableRandom(seed);
            int m = 6 * N;
            int[] s = new int[m];
            int[] d = new int[m];
            double[] w = new double[m];
            for (int e = 0; e < m; e++) {
                s[e] = r.nextInt(N);
                d[e] = r.nextInt(N);
                w[e] = 1 + 9 * r.nextDouble();
            }
            int mb = 3 * N;
            int[] bs = new int[mb];
            int[] bd = new int[mb];
            boolean[] bv = new boolean[mb];
            for (int e = 0; e < mb; e++) {
                // Half of B's entries lie on A's edges, so the intersection is not empty.
                int k = r.nextInt(m);
                bs[e] = e % 2 == 0 ? s[k] : r.nextInt(N);
                bd[e] = e % 2 == 0 ? d[k] : r.nextInt(N);
                bv[e] = r.nextInt(4) != 0;
            }
            return new Graph(s, d, w, bs, bd, bv);
        }

        int m() {
            return src.length;
        }

        /** Edges as (row, column) arrays, transposed when asked. */
        int[][] coords(boolean transpose) {
            return transpose ? new int[][] {dst, src} : new int[][] {src, dst};
        }
    }

    /** How A and W hold their values in one run. */
    private enum Kind { ARRAY, CONSTANT, VIEW }

    private static Tensor pattern(Graph g, Format f, Kind kind, boolean transpose) {
        int[] dims = {N, N};
        return switch (kind) {
            case ARRAY -> {
                boolean[] t = new boolean[g.m()];
                Arrays.fill(t, true);
                yield Tensor.build(f, dims, g.coords(transpose), Values.ofBools(t));
            }
            case CONSTANT -> Tensor.build(f, dims, g.coords(transpose), Values.constantBool(true, false, g.m()));
            case VIEW -> weights(g, f, transpose).withValues(Values.constantBool(true, false, 0));
        };
    }

    private static Tensor weights(Graph g, Format f, boolean transpose) {
        return Tensor.build(f, new int[] {N, N}, g.coords(transpose), Values.ofDoubles(g.w().clone(), Double.POSITIVE_INFINITY));
    }

    private static Tensor unitWeights(Graph g, Format f, Kind kind) {
        int[] dims = {N, N};
        return switch (kind) {
            case ARRAY -> {
                double[] ones = new double[g.m()];
                Arrays.fill(ones, 1.0);
                yield Tensor.build(f, dims, g.coords(false), Values.ofDoubles(ones, Double.POSITIVE_INFINITY));
            }
            case CONSTANT -> Tensor.build(f, dims, g.coords(false), Values.constantDouble(1.0, Double.POSITIVE_INFINITY, g.m()));
            case VIEW -> weights(g, f, false).withValues(Values.constantDouble(1.0, Double.POSITIVE_INFINITY, 0));
        };
    }

    private static Map<String, Object> run(CheckedProgram p, int threads, Map<String, Tensor> inputs,
                                           Map<String, String> params, List<String> explained) {
        RunOptions o = new RunOptions().threads(threads).params(params).explain(explained::add);
        inputs.forEach(o::input);
        return new ProgramRunner(p, Fixtures.COMPILER, o).runMain();
    }

    /** Every output, tensors as their non-fill components in coordinate order. */
    private static Map<String, Object> comparable(Map<String, Object> out) {
        Map<String, Object> m = new TreeMap<>();
        out.forEach((k, v) -> m.put(k, v instanceof Tensor t ? components(t) : v));
        return m;
    }

    private static Map<String, Object> components(Tensor t) {
        Map<String, Object> m = new TreeMap<>();
        TensorCursor c = t.cursor();
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            StringBuilder key = new StringBuilder();
            for (int d = 0; d < t.order(); d++) {
                key.append(String.format("%06d,", c.coordinate(d)));
            }
            m.put(key.toString(), t.valueType() == org.stag.formats.tensor.ValueType.BOOL ? (Object) c.booleanValue()
                    : t.valueType() == org.stag.formats.tensor.ValueType.LONG ? (Object) c.longValue() : (Object) c.doubleValue());
        }
        return m;
    }

    /** Runs {@code p} over the inputs {@code make} builds for each kind; the constant kinds must equal the array. */
    private static Map<String, Object> same(String what, CheckedProgram p, int threads, Map<String, String> params,
                                            java.util.function.Function<Kind, Map<String, Tensor>> make,
                                            String constantRead) {
        Map<String, Object> expected = comparable(run(p, threads, make.apply(Kind.ARRAY), params, new ArrayList<>()));
        for (Kind k : new Kind[] {Kind.CONSTANT, Kind.VIEW}) {
            List<String> explained = new ArrayList<>();
            Map<String, Object> actual = comparable(run(p, threads, make.apply(k), params, explained));
            assertEquals(expected, actual, what + " with " + k);
            // The kernels were compiled for the constant (the explanation names every constant operand's read).
            assertTrue(explained.stream().anyMatch(l -> l.contains(constantRead)), what + " " + k + ": " + explained);
        }
        return expected;
    }

    @ParameterizedTest(name = "{0}, {1} thread(s)")
    @MethodSource("runs")
    void patternSpmvEqualsTheArrayOne(String format, int threads) {
        Format f = FormatParser.parse(format);
        Graph g = Graph.random(11);
        CheckedProgram p = Fixtures.program("spmv.stag",
                "N int",
                "A bool[N][compressed[N]]",
                "x double[N]",
                "Let Main() -> (y double[N])",
                "    y[i] = A[i][j] * x[j] | j:(+, 0.0)",
                "End");
        double[] x = new double[N];
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < N; i++) {
            x[i] = r.nextDouble();
        }
        Tensor xt = Tensor.ofDense(FormatParser.parse("dense"), new int[] {N}, Values.ofDoubles(x));
        Map<String, Object> out = same("spmv", p, threads, Map.of("N", "" + N),
                k -> Map.of("A", pattern(g, f, k, false), "x", xt), "A values constant true");
        // The array run itself against a direct sum over the distinct edges.
        double[] y = new double[N];
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int e = 0; e < g.m(); e++) {
            if (seen.add((long) g.src()[e] * N + g.dst()[e])) {
                y[g.src()[e]] += x[g.dst()[e]];
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> ys = (Map<String, Object>) out.get("y");
        int nonzero = 0;
        for (int i = 0; i < N; i++) {
            Object v = ys.get(String.format("%06d,", i));
            assertEquals(y[i], v == null ? 0.0 : (Double) v, 1e-12, "y[" + i + "]");
            nonzero += v == null ? 0 : 1;
        }
        assertTrue(nonzero > N / 2, "nonzero " + nonzero);
    }

    @ParameterizedTest(name = "{0}, {1} thread(s)")
    @MethodSource("runs")
    void bfsEqualsTheArrayOne(String format, int threads) {
        Format f = FormatParser.parse(format);
        Graph g = Graph.random(12);
        CheckedProgram p = Fixtures.program("bfs.stag", Fixtures.resource("bfs"));
        // A small threshold makes the frontier switch to a bitmap and the step pull; both directions run.
        Map<String, Object> out = same("bfs", p, threads, Map.of("N", "" + N, "source", "3", "threshold", "4"),
                k -> Map.of("A", pattern(g, f, k, false), "AT", pattern(g, f, k, true)), "values constant true");
        @SuppressWarnings("unchecked")
        Map<String, Object> depth = (Map<String, Object>) out.get("depth");
        assertTrue(depth.values().stream().anyMatch(v -> (Long) v >= 2), "depths " + depth);
    }

    @ParameterizedTest(name = "{0}, {1} thread(s)")
    @MethodSource("runs")
    void boolAndOverAPatternEqualsTheArrayOne(String format, int threads) {
        Format f = FormatParser.parse(format);
        Graph g = Graph.random(13);
        CheckedProgram p = Fixtures.program("and.stag",
                "N int",
                "A bool[N][compressed[N]]",
                "B bool[N][compressed[N]]",
                "Let Main() -> (C bool[N][compressed[N]], D bool[N][N], n int)",
                "    C[i][j] = A[i][j] && B[i][j]",
                "    D[i][j] = B[i][j] && A[i][j]",
                "    n = A[i][j] && B[i][j] | i:(+, 0), j:(+, 0)",
                "End");
        Tensor b = Tensor.build(f, new int[] {N, N}, new int[][] {g.bSrc(), g.bDst()}, Values.ofBools(g.bVal()));
        Map<String, Object> out = same("and", p, threads, Map.of("N", "" + N),
                k -> Map.of("A", pattern(g, f, k, false), "B", b), "A values constant true");
        assertTrue((Integer) out.get("n") > 10, "n " + out.get("n"));
    }

    @ParameterizedTest(name = "{0}, {1} thread(s)")
    @MethodSource("runs")
    void minPlusWithUnitWeightsEqualsTheArrayOne(String format, int threads) {
        Format f = FormatParser.parse(format);
        Graph g = Graph.random(14);
        CheckedProgram p = Fixtures.program("relax.stag",
                "N int",
                "W double[N][compressed[N]] fill inf",
                "dist double[N] fill inf",
                "Let Main() -> (push double[N] fill inf, pull double[N] fill inf)",
                "    push[j] = dist[k] + W[k][j] | k:(MIN, inf)",
                "    pull[i] = W[i][j] + dist[j] | j:(MIN, inf)",
                "End");
        double[] d = new double[N];
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < N; i++) {
            d[i] = r.nextInt(3) == 0 ? Double.POSITIVE_INFINITY : r.nextInt(20);
        }
        Tensor dist = Tensor.ofDense(FormatParser.parse("dense"), new int[] {N}, Values.ofDoubles(d, Double.POSITIVE_INFINITY));
        Map<String, Object> out = same("relax", p, threads, Map.of("N", "" + N),
                k -> Map.of("W", unitWeights(g, f, k), "dist", dist), "W values constant 1.0");
        assertTrue(!((Map<?, ?>) out.get("pull")).isEmpty());

        CheckedProgram sssp = Fixtures.program("sssp.stag", Fixtures.resource("sssp"));
        Map<String, Object> dists = same("sssp", sssp, threads, Map.of("N", "" + N, "source", "0"),
                k -> Map.of("W", unitWeights(g, f, k)), "W values constant 1.0");
        assertTrue(((Map<?, ?>) dists.get("dist")).size() > 10, "reached " + dists.get("dist"));
    }

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2})
    void aFusedGroupWithAConstantOperandRunsItsDefinitionsOneByOne(int threads) {
        CheckedProgram p = Fixtures.program("fuse.stag",
                "N int",
                "rank double[N]",
                "deg int[N]",
                "Let Main() -> (contrib double[N], total double)",
                "    contrib[j] = rank[j] / deg[j]",
                "    total = contrib[j] | j:(+, 0.0)",
                "End");
        Format dense = FormatParser.parse("dense");
        double[] rank = new double[N];
        int[] all = new int[N];
        for (int i = 0; i < N; i++) {
            rank[i] = i;
            all[i] = i;
        }
        Tensor r = Tensor.ofDense(dense, new int[] {N}, Values.ofDoubles(rank));
        int[] two = new int[N];
        Arrays.fill(two, 2);
        List<String> fusedRun = new ArrayList<>();
        Map<String, Object> expected = comparable(run(p, threads, Map.of("rank", r, "deg",
                Tensor.ofDense(dense, new int[] {N}, Values.ofInts(two))), Map.of("N", "" + N), fusedRun));
        assertTrue(fusedRun.stream().anyMatch(l -> l.contains("fused pass")), fusedRun.toString());
        List<String> explained = new ArrayList<>();
        Tensor constant = Tensor.build(dense, new int[] {N}, new int[][] {all}, Values.constantInt(2, 0, N));
        assertEquals(expected, comparable(run(p, threads, Map.of("rank", r, "deg", constant), Map.of("N", "" + N), explained)));
        assertTrue(explained.stream().anyMatch(l -> l.contains("deg values constant 2")), explained.toString());
        assertTrue(explained.stream().noneMatch(l -> l.contains("fused pass")), explained.toString());
        assertEquals(N * (N - 1) / 4.0, (Double) expected.get("total"));
    }
}
