package org.stag.cli;

import java.io.PrintWriter;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
import picocli.CommandLine;

/**
 * {@code stag run --spark MASTER [--partitions P]}: hands the run to the Spark module ({@link SparkRuns}) and writes
 * its result and summary as {@code stag run} does, or the result as Parquet.
 */
final class SparkRunCommand {
    private SparkRunCommand() {
    }

    /** The parameters without {@code N}, {@code source} in the input's numbering (as {@code stag run} prints them). */
    private static java.util.Map<String, Object> parameters(SparkRuns.RunResponse r) {
        java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
        r.result().parameters().forEach((name, v) -> {
            if (!name.equals("N")) {
                out.put(name, name.equals("source") && v instanceof Integer i && i >= 0 && i < r.vertices()
                        ? r.result().values().ids().external(i) : v);
            }
        });
        return out;
    }

    static int run(RunCommand c, CheckedProgram program, Algorithm a, RunSettings settings, Progress shown) {
        CommandLine cl = c.spec.commandLine();
        if (c.spark == null) {
            throw new CommandLine.ParameterException(cl, c.partitions != null ? "--partitions needs --spark MASTER"
                    : "--output-format parquet needs --spark MASTER");
        }
        if (c.partitions != null && (c.partitions < 1 || c.partitions > 65536)) {
            throw new CommandLine.ParameterException(cl, "--partitions must be between 1 and 65536, got " + c.partitions);
        }
        if (c.outputFormat == ResultFormat.PARQUET && c.output == null) {
            throw new CommandLine.ParameterException(cl, "--output-format parquet needs -o DIR");
        }
        if (c.explain) {
            settings.explain(cl.getErr()::println);
        }
        settings.graphName(c.algorithm.graph.toString()).onIteration(c.explain ? null : shown.loops());
        SparkRuns.RunResponse r = SparkRuns.find().run(new SparkRuns.RunRequest(c.spark,
                c.partitions == null ? 0 : c.partitions, program, a, c.algorithm.graph.toString(), c.input.toLoadOptions(),
                settings, c.outputFormat == ResultFormat.PARQUET ? c.output : null));
        shown.clear();
        if (c.outputFormat != ResultFormat.PARQUET) {
            c.write(r.result());
        }
        PrintWriter err = cl.getErr();
        new Summary()
                .put("program", program.source().name())
                .put("graph", c.algorithm.graph.toString())
                .put("spark", c.spark)
                .put("partitions", r.partitions())
                .put("vertices", r.vertices())
                .put("edges", r.edges())
                .put("format", r.result().format())
                .put("threads", c.input.threads)
                .put("parameters", parameters(r))
                .put("load-seconds", Summary.seconds(r.loadSeconds()))
                .put("graph-bytes", r.graphBytes())
                .put("graph-bytes-per-edge", Summary.perEdge(r.graphBytes(), r.edges()))
                .put("compile-seconds", Summary.seconds(r.result().compileSeconds()))
                .put("run-seconds", Summary.seconds(r.result().runSeconds()))
                .put("iterations", r.result().iterations())
                .put("spark-jobs", r.jobs())
                .put("shipped-bytes", r.shippedBytes())
                .put("result-bytes", r.resultBytes())
                .putEach("results", "result", r.result().scalars())
                .put("output", r.result().values().name() + " -> " + (c.output == null ? "stdout" : c.output + " ("
                        + c.outputFormat.name().toLowerCase(java.util.Locale.ROOT) + ")"))
                .print(err, c.summaryStyle);
        return Stag.OK;
    }
}
