package org.stag.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Betweenness;
import org.stag.algorithms.handwritten.Bfs;
import org.stag.algorithms.handwritten.PageRank;
import org.stag.algorithms.handwritten.Sssp;
import org.stag.algorithms.handwritten.TriangleCount;
import org.stag.algorithms.handwritten.Wcc;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RandomSources;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Source;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * Variants of the kernels side by side in one JVM, interleaved: for A/B runs of a program against an edited copy
 * (or the hand-written Java), on one graph in {@code dense,compressed}, from the same random sources.
 *
 * <pre>java -Xmx6g -cp bench/target/classes:cli/target/stag.jar org.stag.bench.KernelAB GRAPH THREADS ROUNDS SOURCES \
 *     LABEL=ALGO[@FILE.stag] ...</pre>
 * ALGO is pagerank, bfs, sssp, wcc, bc or tc, or {@code hand:ALGO} for the hand-written Java. Sources are
 * SOURCES vertices with out-degree above 0, drawn with a fixed seed; every round runs every variant from every
 * source (bfs, sssp, bc) or SOURCES times (the others); {@code -Dsources=a,b,...} gives them instead (the input's
 * ids, which are GAP's), {@code -Dprint-sources} prints the drawn ones and stops. PageRank is timed per iteration (20 iterations), SSSP
 * with {@code -Ddelta} (default 2, GAP's {@code -d2}). Prints per variant the median and minimum in ms, and the
 * median's ratio to the first variant of the same algorithm; variants of one algorithm are checked to agree on
 * their first run.
 */
public final class KernelAB {
    private static final int PR_ITERATIONS = 20;

    private KernelAB() {
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        int nSources = Integer.parseInt(args[3]);
        String delta = System.getProperty("delta", "2");
        Graph g = GraphLoader.load(file, LoadOptions.defaults().withThreads(threads));
        Csr csr = Csr.of(g);
        GraphTensor tensors = GraphTensor.of(g, GraphTensor.format("dense,compressed"), threads);
        String given = System.getProperty("sources");
        int[] sources = given != null ? Arrays.stream(given.split(",")).mapToInt(id -> csr.internal(Long.parseLong(id)))
                .toArray() : sources(csr, nSources, Long.getLong("seed", RandomSources.DEFAULT_SEED));
        if (Boolean.getBoolean("print-sources")) {
            System.out.println(String.join(",", Arrays.stream(sources).mapToObj(v -> Long.toString(csr.external(v)))
                    .toList()));
            return;
        }
        AlgorithmRunner runner = new AlgorithmRunner();
        Map<String, IntFunction<Object>> variants = new LinkedHashMap<>();
        Map<String, String> algoOf = new LinkedHashMap<>();
        for (int k = 4; k < args.length; k++) {
            String[] lv = args[k].split("=", 2);
            String spec = lv[1];
            boolean hand = spec.startsWith("hand:");
            String[] af = (hand ? spec.substring(5) : spec).split("@", 2);
            String algo = af[0];
            algoOf.put(lv[0], algo);
            variants.put(lv[0], hand ? handwritten(algo, csr, threads)
                    : stag(runner, algo, af.length > 1 ? Path.of(af[1]) : null, tensors, g, threads, delta));
        }
        System.out.printf(Locale.ROOT, "# %s: %d vertices, %d stored edges; %d threads, %d rounds, sources (internal) %s;"
                + " load %s%n", file.getFileName(), csr.n(), csr.m(), threads, rounds, Arrays.toString(sources), load());
        Map<String, List<Double>> times = new LinkedHashMap<>();
        Map<String, Object> first = new LinkedHashMap<>();
        for (int r = -1; r < rounds; r++) {
            for (int s : sources) {
                for (Map.Entry<String, IntFunction<Object>> v : variants.entrySet()) {
                    String algo = algoOf.get(v.getKey());
                    long t0 = System.nanoTime();
                    Object out = v.getValue().apply(s);
                    double ms = (System.nanoTime() - t0) / 1e6 / (algo.equals("pagerank") ? PR_ITERATIONS : 1);
                    if (r < 0) {
                        check(algo + " from " + s, v.getKey(), out, first);
                    } else {
                        times.computeIfAbsent(v.getKey(), x -> new ArrayList<>()).add(ms);
                    }
                }
            }
        }
        Map<String, Double> base = new LinkedHashMap<>();
        System.out.println("| variant | median ms | min ms | ÷ first of its algorithm |");
        System.out.println("|---|---|---|---|");
        for (Map.Entry<String, List<Double>> e : times.entrySet()) {
            double[] t = e.getValue().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double median = t[t.length / 2];
            double b = base.computeIfAbsent(algoOf.get(e.getKey()), x -> median);
            System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.3f |%n", e.getKey(), median, t[0], median / b);
        }
        System.out.println("# load at the end " + load());
    }

    private static String load() throws IOException {
        String l = Files.readString(Path.of("/proc/loadavg"));
        return String.join(" ", Arrays.copyOf(l.split(" "), 3));
    }

    /** {@code k} distinct vertices with out-degree above 0, drawn with {@code seed}. */
    static int[] sources(Csr g, int k, long seed) {
        return RandomSources.pick(g.outPtr(), k, seed);
    }

    private static IntFunction<Object> stag(AlgorithmRunner runner, String algo, Path program, GraphTensor tensors,
                                            Graph g, int threads, String delta) throws IOException {
        Algorithm a = Algorithm.byName(algo).orElseThrow(() -> new IllegalArgumentException("unknown " + algo));
        CheckedProgram p = program == null ? a.program()
                : new Checker().check(new Source(program.getFileName().toString(), Files.readString(program)));
        Map<Integer, AlgorithmRunner.Prepared> bySource = new LinkedHashMap<>();
        boolean sourceless = !a.takes(Setting.SOURCE) && !a.takes(Setting.SOURCES);
        return s -> {
            AlgorithmRunner.Result r = bySource.computeIfAbsent(sourceless ? -1 : s, x -> {
                RunSettings rs = new RunSettings().threads(threads).format("dense,compressed");
                switch (a) {
                    case PAGERANK -> rs.iterations(PR_ITERATIONS);
                    case BFS -> rs.source(g.ids().external(x));
                    case SSSP -> rs.source(g.ids().external(x)).param("delta", delta);
                    case BC -> rs.sources(new long[] {g.ids().external(x)});
                    default -> { }
                }
                return runner.prepare(p, a, tensors, rs);
            }).run(false);
            return r.scalar() != null ? r.scalar().value() : r.values();
        };
    }

    private static IntFunction<Object> handwritten(String algo, Csr g, int threads) {
        return switch (algo) {
            case "pagerank" -> s -> PageRank.run(g, PR_ITERATIONS, 0.85, threads);
            case "bfs" -> s -> Bfs.depths(g, s, true, threads);
            case "sssp" -> s -> Sssp.run(g, s, threads);
            case "wcc" -> s -> Wcc.run(g, threads);
            case "bc" -> s -> Betweenness.run(g, new int[] {s}, threads);
            case "tc" -> s -> TriangleCount.run(g, threads);
            default -> throw new IllegalArgumentException("no hand-written " + algo);
        };
    }

    /** Variants of one algorithm must agree with its first (only integral results are compared exactly). */
    private static void check(String algo, String label, Object out, Map<String, Object> first) {
        Object f = first.putIfAbsent(algo, out);
        if (f == null || !(out instanceof org.stag.algorithms.run.VertexValues v)
                || !(f instanceof org.stag.algorithms.run.VertexValues fv)) {
            if (f instanceof Long a && out instanceof Long b && !a.equals(b)) {
                throw new IllegalStateException(label + " counts " + b + ", the first " + algo + " " + a);
            }
            return;
        }
        if (v.integral() && fv.integral() && !Arrays.equals(v.longs(), fv.longs())) {
            throw new IllegalStateException(label + " disagrees with the first " + algo);
        }
    }
}
