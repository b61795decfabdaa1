package org.stag.spark.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.DefaultSource;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;
import org.stag.spark.exec.Shipping;
import org.stag.spark.graph.GraphBlock;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.read.GraphFiles;
import org.stag.spark.run.Contexts;
import org.stag.spark.run.SparkRun;

/**
 * Where a run of stag on Spark spends its time beyond the kernels: per algorithm, the Spark jobs, stages and tasks
 * of one run, the tasks' run, deserialization and result-serialization times as Spark's listener reports them,
 * the bytes shipped and returned, beside the same run in one JVM; and the floors on this master: an empty job over
 * the cached blocks, a broadcast of an n-double vector read by every task, and a collect of n doubles in P parts.
 *
 * With {@code --ab} it runs instead vectors shipped whole against vectors shipped as deltas
 * ({@code stag.spark.deltas}), and with {@code --floors} only the floors, three times.
 *
 * <pre>java ... org.stag.spark.bench.SparkCost GRAPH MASTER PARTITIONS REPEAT [--undirected] [--ab|--floors]</pre>
 */
public final class SparkCost {
    private SparkCost() {
    }

    /** Task-level sums over one measured span, from Spark's listener bus. */
    private static final class Tally extends SparkListener {
        final AtomicLong jobs = new AtomicLong();
        final AtomicLong stages = new AtomicLong();
        final AtomicLong tasks = new AtomicLong();
        final AtomicLong runMs = new AtomicLong();
        final AtomicLong deserMs = new AtomicLong();
        final AtomicLong resultSerMs = new AtomicLong();
        final AtomicLong resultBytes = new AtomicLong();

        @Override
        public void onJobStart(SparkListenerJobStart e) {
            jobs.incrementAndGet();
        }

        @Override
        public void onStageCompleted(SparkListenerStageCompleted e) {
            stages.incrementAndGet();
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd e) {
            tasks.incrementAndGet();
            TaskMetrics m = e.taskMetrics();
            if (m != null) {
                runMs.addAndGet(m.executorRunTime());
                deserMs.addAndGet(m.executorDeserializeTime());
                resultSerMs.addAndGet(m.resultSerializationTime());
                resultBytes.addAndGet(m.resultSize());
            }
        }

        long[] snapshot() {
            return new long[] {jobs.get(), stages.get(), tasks.get(), runMs.get(), deserMs.get(), resultSerMs.get(),
                    resultBytes.get()};
        }
    }

    /** Runs the breakdown and prints it as Markdown. */
    public static void main(String[] args) throws InterruptedException {
        String path = args[0];
        int p = Integer.parseInt(args[2]);
        int repeat = Integer.parseInt(args[3]);
        boolean undirected = List.of(args).contains("--undirected");
        LoadOptions load = LoadOptions.defaults().withThreads(2).withDirected(!undirected);
        JavaSparkContext sc = Contexts.start(args[1], "stag spark cost");
        Tally tally = new Tally();
        sc.sc().addSparkListener(tally);
        try (PartitionedGraph pg = GraphFiles.read(sc, path, load, p, Format.csr())) {
            Graph g = GraphLoader.load(Path.of(path), load);
            int n = g.numVertices();
            floors(sc, pg, n, p);
            if (List.of(args).contains("--floors")) {
                floors(sc, pg, n, p);
                floors(sc, pg, n, p);
                return;
            }
            DefinitionCompiler compiler = new DefinitionCompiler();
            GraphTensor tensors = GraphTensor.of(g, Format.csr(), 2);
            AlgorithmRunner one = new AlgorithmRunner(compiler);
            SparkRun spark = new SparkRun(compiler);
            long source = DefaultSource.of(g, path).id();
            if (List.of(args).contains("--ab")) {
                deltasAB(one, spark, tensors, pg, source, repeat);
                return;
            }
            System.out.println("| algorithm | one JVM ms | Spark ms | ratio | jobs | stages | tasks | task run ms"
                    + " | task deser ms | result ser ms | MB shipped | MB returned | ms per job beyond tasks | ship ms | job ms | driver rest ms |");
            System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
            for (Algorithm a : List.of(Algorithm.PAGERANK, Algorithm.WCC, Algorithm.BFS, Algorithm.SSSP)) {
                RunSettings s = new RunSettings().format(Format.csr()).threads(2).startAt(a, source);
                if (a.takes(Setting.ITERATIONS)) {
                    s.iterations(20);
                }
                AlgorithmRunner.Prepared local = one.prepare(a.program(), a, tensors, s);
                local.run(false);
                spark.run(a.program(), a, pg, s, Shipping.BROADCAST, null);
                double[] t1 = new double[repeat];
                double[] ts = new double[repeat];
                long[] delta = null;
                SparkRun.Outcome o = null;
                for (int k = 0; k < repeat; k++) {
                    t1[k] = local.run(false).runSeconds();
                    Thread.sleep(300);
                    long[] before = tally.snapshot();
                    o = spark.run(a.program(), a, pg, s, Shipping.BROADCAST, null);
                    ts[k] = o.result().runSeconds();
                    Thread.sleep(300);
                    long[] after = tally.snapshot();
                    delta = new long[after.length];
                    for (int q = 0; q < after.length; q++) {
                        delta[q] = after[q] - before[q];
                    }
                }
                double m1 = median(t1) * 1e3;
                double ms = median(ts) * 1e3;
                // Wall time not spent inside tasks (2 cores run the tasks two at a time), per job.
                double beyond = (ms - (delta[3] + delta[4] + delta[5]) / 2.0) / Math.max(1, delta[0]);
                System.out.println(String.format(Locale.ROOT,
                        "| %s | %.1f | %.1f | %.2f | %d | %d | %d | %d | %d | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |",
                        a.id(), m1, ms, ms / m1, delta[0], delta[1], delta[2], delta[3], delta[4], delta[5],
                        o.stats().shippedBytes() / 1e6, o.stats().resultBytes() / 1e6, beyond,
                        o.stats().shipSeconds() * 1e3, o.stats().jobSeconds() * 1e3,
                        ts[repeat - 1] * 1e3 - o.stats().shipSeconds() * 1e3 - o.stats().jobSeconds() * 1e3));
            }
        } finally {
            sc.stop();
        }
    }

    /**
     * Vectors shipped whole against vectors shipped as deltas of a base ({@code stag.spark.deltas}), interleaved with
     * the one-JVM run, {@code repeat} rounds; every run's result is checked against the one-JVM run's.
     */
    private static void deltasAB(AlgorithmRunner one, SparkRun spark, GraphTensor tensors, PartitionedGraph pg,
                                 long source, int repeat) {
        System.out.println("| algorithm | one JVM ms | whole ms | deltas ms | deltas / whole | whole / one JVM"
                + " | deltas / one JVM | whole MB shipped | deltas MB shipped | vectors as deltas | load |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        for (Algorithm a : List.of(Algorithm.PAGERANK, Algorithm.WCC, Algorithm.BFS, Algorithm.SSSP)) {
            RunSettings s = new RunSettings().format(Format.csr()).threads(2).startAt(a, source);
            if (a.takes(Setting.ITERATIONS)) {
                s.iterations(20);
            }
            AlgorithmRunner.Prepared local = one.prepare(a.program(), a, tensors, s);
            AlgorithmRunner.Result mine = local.run(false);
            double[][] t = new double[3][repeat];
            SparkRun.Outcome[] last = new SparkRun.Outcome[2];
            for (int k = -1; k < repeat; k++) {
                double t1 = local.run(false).runSeconds();
                for (int mode = 0; mode < 2; mode++) {
                    System.setProperty("stag.spark.deltas", Boolean.toString(mode == 1));
                    SparkRun.Outcome o = spark.run(a.program(), a, pg, s, Shipping.BROADCAST, null);
                    org.stag.algorithms.run.Comparison.Outcome same =
                            org.stag.algorithms.run.Comparison.check(a, mine, o.result());
                    if (!same.agree()) {
                        throw new IllegalStateException(a.id() + ": Spark and one JVM differ: " + same.message());
                    }
                    if (k >= 0) {
                        t[mode + 1][k] = o.result().runSeconds();
                    }
                    last[mode] = o;
                }
                if (k >= 0) {
                    t[0][k] = t1;
                }
            }
            System.clearProperty("stag.spark.deltas");
            double m1 = median(t[0]) * 1e3;
            double mw = median(t[1]) * 1e3;
            double md = median(t[2]) * 1e3;
            System.out.println(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.2f | %.2f | %.2f | %.1f | %.1f | %d | %.1f |",
                    a.id(), m1, mw, md, md / mw, mw / m1, md / m1, last[0].stats().shippedBytes() / 1e6,
                    last[1].stats().shippedBytes() / 1e6, last[1].stats().deltas(), load()));
        }
    }

    /** The per-job floors on this master, medians of 30 runs each. */
    private static void floors(JavaSparkContext sc, PartitionedGraph pg, int n, int p) {
        JavaRDD<GraphBlock> blocks = pg.blocks();
        blocks.count();
        double empty = median(30, () -> sc.parallelize(List.of(1, 2, 3, 4), p).count());
        double cached = median(30, () -> blocks.map(GraphBlock::block).count());
        double[] v = new double[n];
        Arrays.fill(v, 0.5);
        double bcast = median(30, () -> {
            Broadcast<double[]> b = sc.broadcast(v);
            blocks.map(x -> b.value().length).count();
            b.unpersist(false);
        });
        int rows = (n + p - 1) / p;
        double collect = median(30, () -> {
            List<double[]> parts = new ArrayList<>(blocks.map(x -> new double[Math.min(rows, n - x.block() * rows)]).collect());
            parts.size();
        });
        System.out.println(String.format(Locale.ROOT, "floors (ms, median of 30; n = %d, P = %d; load %.2f): empty job"
                + " %.2f, job over the cached blocks %.2f, broadcast of n doubles read by every task %.2f,"
                + " collect of n doubles in P parts %.2f%n", n, p, load(), empty, cached, bcast, collect));
    }

    /** The one-minute load average of this machine, or -1 when unknown. */
    static double load() {
        try {
            return Double.parseDouble(java.nio.file.Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    private static double median(int times, Runnable r) {
        double[] t = new double[times];
        for (int k = 0; k < times; k++) {
            long t0 = System.nanoTime();
            r.run();
            t[k] = (System.nanoTime() - t0) / 1e6;
        }
        return median(t);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
