package org.stag.spark.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.apache.spark.api.java.JavaSparkContext;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.Comparison;
import org.stag.algorithms.run.DefaultSource;
import org.stag.algorithms.run.RunSettings;
import org.stag.cli.SparkRuns;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.Graph;
import org.stag.loaders.io.GraphLoader;
import org.stag.spark.exec.Shipping;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.read.GraphFiles;
import org.stag.spark.run.SparkRun;

/**
 * {@code stag bench --spark}: every graph and algorithm run by stag in one JVM (with the request's threads) and by
 * stag on Spark, each checked against the other as {@code stag compare} checks, then timed alternately
 * {@code --repeat} times, so that noise hits both alike. Times are {@code run-seconds} (Main without compilation;
 * on Spark its jobs included, the graph's read excluded). Prints a Markdown table with the medians and the
 * Spark / one JVM ratio (the COST ratio at equal cores); {@code --out DIR} also writes it as {@code spark-bench.md}.
 */
final class SparkBench {
    private final JavaSparkContext sc;
    private final SparkRuns.BenchRequest r;
    private final Shipping shipping;

    SparkBench(JavaSparkContext sc, SparkRuns.BenchRequest r, Shipping shipping) {
        this.sc = sc;
        this.r = r;
        this.shipping = shipping;
    }

    int run(PrintWriter out, PrintWriter err) {
        int p = r.partitions() > 0 ? r.partitions() : sc.defaultParallelism();
        DefinitionCompiler compiler = new DefinitionCompiler();
        AlgorithmRunner local = new AlgorithmRunner(compiler);
        SparkRun spark = new SparkRun(compiler);
        StringBuilder table = new StringBuilder();
        table.append("| graph | algorithm | partitions | stag, one JVM (").append(r.threads()).append(" threads) ms |"
                + " stag on Spark ms | Spark / one JVM |\n|---|---|---|---|---|---|\n");
        int status = 0;
        for (String name : r.graphs()) {
            Graph g = GraphLoader.load(Path.of(name), r.load());
            GraphTensor tensors = GraphTensor.of(g, r.format(), r.threads());
            try (PartitionedGraph pg = GraphFiles.read(sc, name, r.load(), p, r.format())) {
                for (Algorithm a : r.algorithms()) {
                    AlgorithmRunner.Prepared one = local.prepare(a.program(), a, tensors, settings(a, g));
                    AlgorithmRunner.Result first = one.run(false);
                    AlgorithmRunner.Result onSpark = spark.run(a.program(), a, pg, settings(a, g), shipping, null).result();
                    Comparison.Outcome same = Comparison.check(a, first, onSpark);
                    if (!same.agree()) {
                        err.println("stag: " + a.id() + " on " + name + ": Spark and one JVM differ: " + same.message());
                        table.append("| ").append(name).append(" | ").append(a.id()).append(" | ").append(p)
                                .append(" | FAILED | FAILED | |\n");
                        status = 1;
                        continue;
                    }
                    double[] t1 = new double[r.repeat()];
                    double[] ts = new double[r.repeat()];
                    for (int k = 0; k < r.repeat(); k++) {
                        t1[k] = one.run(false).runSeconds();
                        ts[k] = spark.run(a.program(), a, pg, settings(a, g), shipping, null).result().runSeconds();
                    }
                    double m1 = median(t1) * 1e3;
                    double ms = median(ts) * 1e3;
                    table.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %.1f | %.2f |%n", name, a.id(), p,
                            m1, ms, ms / m1));
                }
            }
        }
        out.print(table);
        out.flush();
        if (r.out() != null) {
            try {
                Files.createDirectories(r.out());
                Files.writeString(r.out().resolve("spark-bench.md"), table.toString());
            } catch (IOException e) {
                err.println("stag: " + r.out() + ": cannot write: " + e.getMessage());
                return 2;
            }
        }
        return status;
    }

    /**
     * The run's settings: the request's source (else the vertex with the most out-edges, as every command chooses
     * it) where one is taken, its iterations.
     */
    private RunSettings settings(Algorithm a, Graph g) {
        long source = r.source() != null ? r.source() : DefaultSource.of(g, g.source()).id();
        RunSettings s = new RunSettings().format(r.format()).threads(r.threads()).startAt(a, source);
        if (a.takes(Setting.ITERATIONS)) {
            s.iterations(r.iterations());
        }
        return s;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
