package org.stag.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.IncrementalProgram.Relaxation;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.incremental.Incremental;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.DefaultSource;
import org.stag.algorithms.run.RunSettings;
import org.stag.algorithms.run.VertexValues;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.KroneckerGenerator;
import org.stag.loaders.io.GraphLoader;

/**
 * Time per batch of an incremental update against a run from scratch (issue 12, must show 4): a graph held
 * in {@code dense,ctree}, batches of insert-only R-MAT edges (Graph500 parameters over the graph's vertex
 * range, edges already present or repeated dropped, so every edge is an insert; integer weights in [1, 255]
 * on a weighted graph) at each batch size. After each batch, {@link Incremental#update} brings the last
 * result up to date (BFS, WCC, SSSP: relaxed from the batch's seeds; PageRank: warm-started, to the
 * tolerance) and a second {@link Incremental} computes the same version in full ({@link Incremental#full}:
 * the shipped program, or for PageRank the same program from 1/N to the same tolerance); the two results are
 * checked equal. Prints one line per algorithm and batch size with the median times.
 *
 * <pre>java -Xmx20g -cp bench/target/benchmarks.jar org.stag.bench.IncrementalBench GRAPH WEIGHTED_GRAPH
 *     [batches per size] [threads] [sizes, comma-separated] [algorithms, comma-separated]</pre>
 */
public final class IncrementalBench {
    private static final String FORMAT = "dense,ctree";
    /** Rounds of unmeasured batches (one of each size per round) before the measured ones ({@code -Dwarmup=}). */
    private static final int WARM_UP_ROUNDS = Integer.getInteger("warmup", 6);

    private IncrementalBench() {
    }

    public static void main(String[] args) {
        Path pattern = Path.of(args.length > 0 ? args[0] : "/tmp/scratch/kron20/kron20.el");
        Path weighted = Path.of(args.length > 1 ? args[1] : "/tmp/scratch/kron20/kron20.wel");
        int batches = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        int[] sizes = Arrays.stream((args.length > 4 ? args[4] : "10,1000,100000").split(","))
                .mapToInt(Integer::parseInt).toArray();
        String[] algorithms = (args.length > 5 ? args[5] : "bfs,wcc,sssp,pagerank").split(",");
        AlgorithmRunner runner = new AlgorithmRunner();
        System.out.printf("# format %s, threads %d, %d batches per size; times in ms, medians%n", FORMAT, threads,
                batches);
        System.out.println("algorithm\tbatch\tincremental-ms\tof-which-Main-ms\tfull-ms\tspeedup\tincremental-runs"
                + "\trounds\tkernel-runs\tedges");
        for (String name : algorithms) {
            Algorithm a = Algorithm.byName(name).orElseThrow(() -> new IllegalArgumentException(name));
            run(a, a.weights().read() ? weighted : pattern, batches, threads, sizes, runner);
        }
    }

    private static void run(Algorithm a, Path file, int batches, int threads, int[] sizes, AlgorithmRunner runner) {
        long t0 = System.nanoTime();
        Graph g = GraphLoader.load(file, LoadOptions.defaults());
        GraphTensor t = GraphTensor.of(g, GraphTensor.format(FORMAT), threads).buildAll();
        System.out.printf("# %s: %s, %d vertices, %d edges, loaded and built in %.1f s%n", a.id(), file,
                g.numVertices(), g.numEdges(), (System.nanoTime() - t0) / 1e9);
        RunSettings s = new RunSettings().format(FORMAT).threads(threads);
        if (a.takes(Setting.SOURCE)) {
            s.source(DefaultSource.of(g, file.toString()).id());
        }
        if (warmStart(a)) {
            s.param("tolerance", "1e-6");
        }
        Incremental inc = Incremental.of(a, s, runner);
        Incremental scratch = Incremental.of(a, s, runner);
        Incremental.Outcome first = inc.update(t, 0, List.of());
        System.out.printf("# %s: first run %.1f ms (%s)%n", a.id(), first.nanos() / 1e6, first.reason());
        Set<Long> present = new HashSet<>();
        long version = 0;
        long seed = 1;
        // Batches of each size first, unmeasured: kernels compiled, code warmed (the Java around the kernels too,
        // which two rounds left cold: medians over 5 batches then swung by 1-2 ms at 10^3).
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            for (int size : sizes) {
                version = step(a, t, g, present, size, seed++, threads, inc, scratch, version, null);
            }
        }
        for (int size : sizes) {
            List<long[]> times = new ArrayList<>();
            for (int b = 0; b < batches; b++) {
                version = step(a, t, g, present, size, seed++, threads, inc, scratch, version, times);
            }
            long[] incr = times.stream().mapToLong(x -> x[0]).sorted().toArray();
            long[] full = times.stream().mapToLong(x -> x[1]).sorted().toArray();
            long incremental = times.stream().filter(x -> x[2] == 1).count();
            long steps = times.stream().mapToLong(x -> x[3]).sorted().toArray()[times.size() / 2];
            long[] main = times.stream().mapToLong(x -> x[4]).sorted().toArray();
            long kernels = times.stream().mapToLong(x -> x[5]).sorted().toArray()[times.size() / 2];
            double im = incr[incr.length / 2] / 1e6;
            double fm = full[full.length / 2] / 1e6;
            System.out.printf(Locale.ROOT, "%s\t%d\t%.2f\t%.2f\t%.2f\t%.1f\t%d/%d\t%d\t%d\t%d%n", a.id(), size, im,
                    main[main.length / 2] / 1e6, fm, fm / im, incremental, times.size(), steps, kernels, t.numEdges());
        }
    }

    /**
     * Applies one insert-only batch, updates and recomputes; records {incremental ns, full ns, incremental?,
     * rounds, Main's ns, kernel runs}.
     */
    private static long step(Algorithm a, GraphTensor t, Graph g, Set<Long> present, int size, long seed, int threads,
                             Incremental inc, Incremental scratch, long version, List<long[]> times) {
        EdgeChanges c = batch(t, g, present, size, seed, threads);
        long v = version + 1;
        Incremental.Outcome o = inc.update(t, v, List.of(c));
        Incremental.Outcome f = scratch.full(t, v);
        check(a, o.result().values(), f.result().values());
        if (times != null) {
            times.add(new long[] {o.nanos(), f.nanos(), o.incremental() ? 1 : 0, o.result().iterations(),
                (long) (o.result().runSeconds() * 1e9), o.result().kernelRuns()});
        }
        return v;
    }

    /** R-MAT edges not yet in the graph, inserted into {@code t}; their changes. */
    private static EdgeChanges batch(GraphTensor t, Graph g, Set<Long> present, int size, long seed, int threads) {
        int scale = 32 - Integer.numberOfLeadingZeros(g.numVertices() - 1);
        GeneratorOptions o = new GeneratorOptions(scale, 2.0 * size / (1 << scale), 1000 + seed, threads, g.weighted(),
                true);
        EdgeList e = new KroneckerGenerator().generate(o);
        int[] src = new int[size];
        int[] dst = new int[size];
        double[] w = new double[size];
        int m = 0;
        for (int k = 0; k < e.size() && m < size; k++) {
            int u = e.src()[k];
            int x = e.dst()[k];
            if (u == x || u >= g.numVertices() || x >= g.numVertices() || stored(g, u, x)
                    || !present.add((long) u << 32 | x)) {
                continue;
            }
            src[m] = u;
            dst[m] = x;
            w[m] = e.weights() != null ? e.weights()[k] : 1.0;
            m++;
        }
        src = Arrays.copyOf(src, m);
        dst = Arrays.copyOf(dst, m);
        w = Arrays.copyOf(w, m);
        int n = t.numVertices();
        t.insertBatch(src, dst, g.weighted() ? w : null, m, threads, BatchGrowth.FIXED);
        int[] no = {};
        double[] none = {};
        return new EdgeChanges(src, dst, w, no, no, none, none, no, no, none, n, n);
    }

    /** Whether the loaded graph has edge u -> v. */
    private static boolean stored(Graph g, int u, int v) {
        return Arrays.binarySearch(g.colIdx(), g.rowPtr()[u], g.rowPtr()[u + 1], v) >= 0;
    }

    /** Whether {@code a} is kept up to date by warm starts to a tolerance (PageRank): its results agree within it. */
    private static boolean warmStart(Algorithm a) {
        return a.descriptor().incremental().map(p -> p.relaxation() == Relaxation.WARM_START).orElse(false);
    }

    /** The incremental and full results agree (PageRank: both within the tolerance of the fixed point). */
    private static void check(Algorithm a, VertexValues inc, VertexValues full) {
        for (int v = 0; v < inc.size(); v++) {
            boolean same = inc.integral() ? inc.longs()[v] == full.longs()[v]
                    : warmStart(a) ? Math.abs(inc.doubles()[v] - full.doubles()[v]) <= 2e-6
                    : inc.doubles()[v] == full.doubles()[v]
                            || Math.abs(inc.doubles()[v] - full.doubles()[v]) <= 1e-9 * Math.abs(full.doubles()[v]);
            if (!same) {
                throw new IllegalStateException(a.id() + ": vertex " + v + ": incremental " + inc.text(v) + ", full "
                        + full.text(v));
            }
        }
    }
}
