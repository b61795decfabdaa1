package org.stag.spark.cli;

import java.io.PrintWriter;
import org.apache.spark.api.java.JavaSparkContext;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.cli.SparkRuns;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.loaders.BadInputException;
import org.stag.spark.StagSpark;
import org.stag.spark.exec.Shipping;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.read.GraphFiles;
import org.stag.spark.run.Contexts;
import org.stag.spark.run.SparkRun;

/**
 * The Spark module as the command line finds it ({@code META-INF/services/org.stag.cli.SparkRuns}): starts a
 * context on the master asked for (after checking it, and that a local graph file exists), reads the graph into row blocks, runs, and stops the context. Vectors travel
 * by broadcast unless the system property {@code stag.spark.shipping} is {@code needed}.
 */
public final class SparkRunsProvider implements SparkRuns {
    /** The shipping the property asks for. */
    static Shipping shipping() {
        return "needed".equalsIgnoreCase(System.getProperty("stag.spark.shipping", "broadcast")) ? Shipping.NEEDED
                : Shipping.BROADCAST;
    }

    @Override
    public RunResponse run(RunRequest r) {
        requireSource(r.program(), r.settings());
        Contexts.check(r.master());
        GraphFiles.checkLocal(r.graph());
        boolean own = !Contexts.running();
        JavaSparkContext sc = Contexts.start(r.master(), "stag run " + r.program().source().name());
        try {
            int p = r.partitions() > 0 ? r.partitions() : sc.defaultParallelism();
            long t0 = System.nanoTime();
            try (PartitionedGraph g = GraphFiles.read(sc, r.graph(), r.load(), p, r.settings().format())) {
                double load = (System.nanoTime() - t0) / 1e9;
                SparkRun.Outcome o = new SparkRun(new DefinitionCompiler()).run(r.program(), r.algorithm(), g,
                        r.settings(), shipping(), null);
                AlgorithmRunner.Result res = o.result();
                if (r.parquet() != null) {
                    new StagSpark(sc).writeParquet(res.values(), r.parquet().toString());
                }
                return new RunResponse(res, p, g.meta().n(), g.edges(), load, g.memoryBytes(), o.stats().runs(),
                        o.stats().shippedBytes(), o.stats().resultBytes());
            }
        } finally {
            Contexts.stop(sc, own);
        }
    }

    /**
     * A program that takes a source without a default needs {@code --source} on Spark: the default source, the vertex
     * with the most out-edges ({@code DefaultSource}), is chosen on a graph loaded in one JVM, and here the graph is
     * in the cluster's blocks. Checked before a context starts.
     */
    static void requireSource(CheckedProgram p, RunSettings s) {
        if (s.source() == null && Algorithm.declares(p, "source") && p.defaultValue("source").isEmpty()) {
            throw new BadInputException(p.source().name() + " on Spark needs --source ID (the default, the vertex with"
                    + " the most out-edges, is chosen on a graph loaded in one JVM)");
        }
    }

    @Override
    public int bench(BenchRequest r, PrintWriter out, PrintWriter err) {
        Contexts.check(r.master());
        r.graphs().forEach(GraphFiles::checkLocal);
        boolean own = !Contexts.running();
        JavaSparkContext sc = Contexts.start(r.master(), "stag bench");
        try {
            return new SparkBench(sc, r, shipping()).run(out, err);
        } finally {
            Contexts.stop(sc, own);
        }
    }
}
