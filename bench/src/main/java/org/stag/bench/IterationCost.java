package org.stag.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.engine.kernellib.Frame;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * What one outer iteration costs, in one JVM: (1) a PageRank iteration against PageRank's SpMV kernel alone
 * (the same pattern kernel over the same {@code AT}, interleaved round by round); (2) BFS level by level:
 * frontier size, the frontier's edges and milliseconds; (3) bytes allocated per iteration after warm-up, by
 * every thread, for every shipped program; (4) each program's {@code run-seconds}. Runs against whatever
 * engine is on the class path, so the same class measures a build of main and a build of a branch. Level 1 of
 * BFS includes the run's set-up (Main's O(N) initialisation of the depths), since it is timed from the run's start.
 *
 * <pre>java -Xmx8g -cp bench/target/classes:cli/target/stag.jar org.stag.bench.IterationCost GRAPH [WEIGHTED] [threads] [rounds]</pre>
 */
public final class IterationCost {
    private static final String SPMV = """
            N int
            AT bool[N][compressed[N]]
            contrib double[N]
            Let Main() -> (incoming double[N])
                incoming[i] = AT[i][j] * contrib[j] | j:(+, 0.0)
            End
            """;
    private static final int PR_ITERATIONS = 20;
    /** Iterations measured from here on: the first ones run kernels for the first time. */
    private static final int WARM = 3;

    private static final com.sun.management.ThreadMXBean MX =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static long[] threadIds = new long[0];

    private IterationCost() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "/tmp/scratch/kron20/kron20.stagb");
        Path weighted = args.length > 1 ? Path.of(args[1]) : null;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 7;
        List<String> programs = List.of((args.length > 4 ? args[4] : "pagerank,bfs,sssp,wcc,cdlp,bc,lcc").split(","));
        MX.setThreadAllocatedMemoryEnabled(true);
        Graph g = GraphLoader.load(file, LoadOptions.defaults().withThreads(threads));
        System.out.printf(Locale.ROOT, "# %s: %d vertices, %d stored edges, %d threads%n%n", file, g.numRows(), g.numEdges(), threads);
        AlgorithmRunner runner = new AlgorithmRunner();
        pageRankAgainstSpmv(runner, g, threads, rounds);
        bfsLevels(runner, g, threads);
        Graph wg = weighted != null && Files.exists(weighted)
                ? GraphLoader.load(weighted, LoadOptions.defaults().withThreads(threads)) : g;
        perAlgorithm(runner, g, wg, threads, Math.max(3, rounds / 2), programs);
    }

    /**
     * PageRank per iteration with the compiler's passes on and off, and its SpMV alone, interleaved: every round
     * runs all three. (An engine without passes ignores the property that switches them off.)
     */
    private static void pageRankAgainstSpmv(AlgorithmRunner runner, Graph g, int threads, int rounds) {
        long[] at = new long[PR_ITERATIONS + 1];
        AlgorithmRunner.Prepared pr = runner.prepare(Algorithm.PAGERANK, g, new RunSettings().threads(threads)
                .iterations(PR_ITERATIONS).onIteration((call, depth, it) -> at[(int) it] = System.nanoTime()));
        long[] offAt = new long[PR_ITERATIONS + 1];
        String was = System.getProperty("stag.no-pass", "");
        System.setProperty("stag.no-pass", "fusion,in-place,alias,cse");
        AlgorithmRunner.Prepared off = runner.prepare(Algorithm.PAGERANK, g, new RunSettings().threads(threads)
                .iterations(PR_ITERATIONS).onIteration((call, depth, it) -> offAt[(int) it] = System.nanoTime()));
        System.setProperty("stag.no-pass", was);
        Tensor aT = pr.tensors().at();
        int n = g.numRows();
        CheckedProgram p = new Checker().check(new Source("spmv.stag", SPMV));
        Definition d = (Definition) p.main().decl().body().get(0);
        Format dense = FormatParser.parse("dense");
        CompiledDefinition k = new DefinitionCompiler().compile(p, d, Map.of("AT", aT.format(), "contrib", dense,
                "incoming", dense), Map.of("AT", ValueRead.of(aT)), Map.of());
        double[] xv = new double[n];
        Arrays.fill(xv, 1.0 / n);
        Tensor x = Tensor.ofDense(dense, new int[] {n}, Values.ofDoubles(xv));
        Frame f = k.newFrame();
        ChunkRunner chunks = ChunkRunner.of(threads);
        Tensor[] out = new Tensor[1];
        Runnable spmv = () -> {
            f.tensors[k.plan().tensors().indexOf("AT")] = aT;
            f.tensors[k.plan().tensors().indexOf("contrib")] = x;
            f.ints[0] = n;
            out[0] = k.runWith(f, chunks, out[0]);
        };
        List<Double> iteration = new ArrayList<>();
        List<Double> iterationOff = new ArrayList<>();
        List<Double> alone = new ArrayList<>();
        for (int r = -1; r < rounds; r++) {
            pr.run();
            for (int it = WARM + 1; it <= PR_ITERATIONS && r >= 0; it++) {
                iteration.add((at[it] - at[it - 1]) / 1e6);
            }
            off.run();
            for (int it = WARM + 1; it <= PR_ITERATIONS && r >= 0; it++) {
                iterationOff.add((offAt[it] - offAt[it - 1]) / 1e6);
            }
            for (int s = 0; s < 5; s++) {
                long t0 = System.nanoTime();
                spmv.run();
                if (r >= 0) {
                    alone.add((System.nanoTime() - t0) / 1e6);
                }
            }
        }
        double mi = median(iteration);
        double ms = median(alone);
        System.out.println("## PageRank iteration against its SpMV alone");
        System.out.println();
        System.out.println("| what | median ms | min ms | samples |");
        System.out.println("|---|---|---|---|");
        System.out.printf(Locale.ROOT, "| PageRank iteration (iterations %d-%d of %d) | %.1f | %.1f | %d |%n", WARM + 1,
                PR_ITERATIONS, PR_ITERATIONS, mi, min(iteration), iteration.size());
        System.out.printf(Locale.ROOT, "| PageRank iteration, passes off | %.1f | %.1f | %d |%n", median(iterationOff),
                min(iterationOff), iterationOff.size());
        System.out.printf(Locale.ROOT, "| SpMV kernel alone | %.1f | %.1f | %d |%n", ms, min(alone), alone.size());
        System.out.printf(Locale.ROOT, "%niteration / SpMV alone: %.2f (medians), %.2f (minima); passes off: %.2f, %.2f;"
                + " kernels per iteration: %s; passes off: %s%n%n", mi / ms, min(iteration) / min(alone),
                median(iterationOff) / ms, min(iterationOff) / min(alone), kernelsPerIteration(pr), kernelsPerIteration(off));
    }

    private static String kernelsPerIteration(AlgorithmRunner.Prepared pr) {
        long before = pr.stats().kernelRuns();
        long its = pr.stats().iterations();
        pr.run();
        long runs = pr.stats().kernelRuns() - before;
        long done = pr.stats().iterations() - its;
        return String.format(Locale.ROOT, "%.1f (%d kernel runs in %d iterations, set-up included)", (double) runs / done, runs, done);
    }

    /** BFS from vertex 1: per level the frontier's size and out-edges and the level's milliseconds. */
    private static void bfsLevels(AlgorithmRunner runner, Graph g, int threads) {
        long[] at = new long[10_000];
        long[] bytesAt = new long[10_000];
        int[] levels = new int[1];
        AlgorithmRunner.Prepared bfs = runner.prepare(Algorithm.BFS, g, new RunSettings().threads(threads).source(1L)
                .onIteration((call, depth, it) -> {
                    at[(int) it] = System.nanoTime();
                    bytesAt[(int) it] = allocated();
                    levels[0] = (int) it;
                }));
        bfs.run();
        bfs.run();
        threadIds = MX.getAllThreadIds();
        long calibration = calibrate();
        long[][] ms = new long[5][];
        long[][] bytes = new long[5][];
        AlgorithmRunner.Result last = null;
        for (int r = 0; r < ms.length; r++) {
            bytesAt[0] = allocated();
            at[0] = System.nanoTime();
            last = bfs.run();
            ms[r] = Arrays.copyOf(at, levels[0] + 1);
            bytes[r] = Arrays.copyOf(bytesAt, levels[0] + 1);
        }
        long[] depth = last.values().longs();
        int[] ptr = g.rowPtr();
        int n = g.numRows();
        System.out.println("## BFS per level (source 1, median of 5 runs)");
        System.out.println();
        System.out.printf(Locale.ROOT, "run-seconds %.4f; threshold N/20 = %d%n%n", last.runSeconds(), n / 20);
        System.out.println("| level | frontier | frontier edges | ms | ns per frontier edge | bytes allocated (median) |");
        System.out.println("|---|---|---|---|---|---|");
        for (int level = 1; level <= levels[0]; level++) {
            long size = 0;
            long edges = 0;
            for (int v = 0; v < n; v++) {
                int internal = v;
                if (depth[internal] == level - 1) {
                    size++;
                    edges += ptr[v + 1] - ptr[v];
                }
            }
            List<Double> t = new ArrayList<>();
            List<Double> b = new ArrayList<>();
            for (int r = 0; r < ms.length; r++) {
                t.add((ms[r][level] - ms[r][level - 1]) / 1e6);
                b.add((double) Math.max(0, bytes[r][level] - bytes[r][level - 1] - calibration));
            }
            double med = median(t);
            System.out.printf(Locale.ROOT, "| %d | %d | %d | %.2f | %s | %.0f |%n", level, size, edges, med,
                    edges == 0 ? "-" : String.format(Locale.ROOT, "%.1f", med * 1e6 / edges), median(b));
        }
        System.out.println();
    }

    /** For every shipped program: bytes allocated per iteration after warm-up, and run-seconds. */
    private static void perAlgorithm(AlgorithmRunner runner, Graph g, Graph wg, int threads, int reps, List<String> programs) {
        System.out.println("## Per program: bytes allocated per iteration after warm-up (all threads), run-seconds");
        System.out.println();
        System.out.println("| program | iterations | bytes/iteration after iteration " + WARM + ": max | median | run-seconds median | min |");
        System.out.println("|---|---|---|---|---|---|");
        long calibration = calibrate();
        for (String name : programs) {
            Algorithm a = Algorithm.byName(name).orElseThrow();
            long[] marks = new long[1 << 16];
            int[] count = new int[1];
            RunSettings s = new RunSettings().threads(threads).onIteration((call, depth, it) -> {
                if (count[0] < marks.length) {
                    marks[count[0]++] = allocated();
                }
            });
            Graph graph = a.weights().read() ? wg : g;
            s.startAt(a, 1L);
            if (a.takes(Setting.ITERATIONS)) {
                s.iterations(PR_ITERATIONS);
            }
            AlgorithmRunner.Prepared prep = runner.prepare(a, graph, s);
            AlgorithmRunner.Result first = prep.run();
            double firstSeconds = first.runSeconds();
            // A program without a loop (LCC) has nothing to measure per iteration, and LCC takes long on a skewed
            // graph: one run.
            int runs = first.iterations() == 0 ? 1 : reps;
            if (runs > 1) {
                prep.run();
            }
            threadIds = MX.getAllThreadIds();
            calibration = calibrate();
            List<Double> secs = new ArrayList<>();
            List<Long> per = new ArrayList<>();
            if (runs == 1) {
                secs.add(firstSeconds);
            }
            for (int r = 0; r < runs && runs > 1; r++) {
                count[0] = 0;
                secs.add(prep.run().runSeconds());
                for (int k = WARM + 1; k < count[0]; k++) {
                    per.add(Math.max(0, marks[k] - marks[k - 1] - calibration));
                }
            }
            int iterations = count[0];
            String max = per.isEmpty() ? "-" : Long.toString(per.stream().mapToLong(Long::longValue).max().orElseThrow());
            String med = per.isEmpty() ? "-" : Long.toString(per.stream().sorted().toList().get(per.size() / 2));
            System.out.printf(Locale.ROOT, "| %s | %d | %s | %s | %.4f | %.4f |%n", a.id(), iterations, max, med, median(secs),
                    min(secs));
        }
        System.out.println();
    }

    /** Bytes allocated so far by every thread known at the last snapshot of {@link #threadIds}. */
    private static long allocated() {
        long sum = 0;
        for (long id : threadIds) {
            long b = MX.getThreadAllocatedBytes(id);
            if (b > 0) {
                sum += b;
            }
        }
        return sum;
    }

    /** What one {@link #allocated} call and the recording around it allocate by themselves. */
    private static long calibrate() {
        long[] d = new long[20];
        for (int k = 0; k < d.length; k++) {
            long a = allocated();
            d[k] = allocated() - a;
        }
        return Arrays.stream(d).min().orElse(0);
    }

    private static double median(List<Double> v) {
        double[] c = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return c[c.length / 2];
    }

    private static double min(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }
}
