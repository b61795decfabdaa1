package org.stag.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Output;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.LoadedGraph;
import org.stag.algorithms.run.ProgramFiles;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.ProgramException;
import org.stag.engine.program.ProgramRunException;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code stag run ALGORITHM|FILE.stag --graph GRAPH}: runs a shipped algorithm or a program on a graph and
 * writes one {@code vertex value} line per vertex, LDBC style, with a summary on stderr.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run an algorithm or a .stag program on a graph.",
            "ALGORITHM is ${bundle:help-algorithms}. The result is one",
            "'vertex value' line per vertex (or see --output-format), in the input's",
            "numbering (BFS: 9223372036854775807 when unreachable; SSSP: Infinity).",
            "A summary goes to stderr: load, build, compile and run times, and",
            "iterations (or one JSON object with --summary json).",
            "A program gets what it declares: N (vertices), A (out-edges), AT",
            "(in-edges), W (weights, fill inf), id (vertex ids), source (default: the",
            "vertex with the most out-edges, printed on stderr), K and sources,",
            "directed, iterations, damping, seed, k; other parameters with --param. Its",
            "result is Main's first output with one dimension (ktruss: 'source target'",
            "lines, one per edge; tc: one 'triangles COUNT' line, counted as GAP does on",
            "the undirected graph without self-loops or duplicate edges, a directed",
            "graph symmetrised first). --threads also sets the threads",
            "of the kernels. A loop with a stop condition that runs more than",
            "--max-iterations times fails, naming the loop. An algorithm option the",
            "algorithm does not take (wcc --source 1) is refused, exit 2."})
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "ALGORITHM|FILE.stag",
            description = "${bundle:help-algorithms}, or a program file.")
    String what;

    @Mixin
    AlgorithmOptions algorithm;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the result to FILE instead of stdout.")
    Path output;

    @Option(names = "--output-format", paramLabel = "F",
            description = "The result as text ('vertex value' lines, the default), tsv, csv (with a header),"
                    + " json (one object; Infinity and NaN as null), or with --spark parquet (columns vertex, value).")
    ResultFormat outputFormat = ResultFormat.TEXT;

    @Option(names = "--summary", paramLabel = "S",
            description = "The summary on stderr as text ('key value' lines, the default) or json (one object).")
    Summary.Style summaryStyle = Summary.Style.TEXT;

    @Option(names = "--explain", description = "Print every kernel run (definition, formats, loop order) to stderr.")
    boolean explain;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "Set a program parameter (repeatable).")
    List<String> params = new ArrayList<>();

    @Option(names = "--spark", paramLabel = "MASTER",
            description = "Run on Apache Spark: local[2], spark://HOST:7077, yarn, ...; or 'submit' inside spark-submit."
                    + " The graph is read by the cluster into row blocks; the program's loops run here.")
    String spark;

    @Option(names = "--partitions", paramLabel = "P",
            description = "With --spark: row blocks of the graph, 1..65536 (default: the cluster's parallelism).")
    Integer partitions;

    /** Read by the launcher, which then runs this process itself; accepted here so that a plain run takes it too. */
    @Option(names = "--no-daemon", description = "Run in a process of its own, not in the resident stag process the"
            + " launcher otherwise uses (so does STAG_DAEMON=off).")
    boolean noDaemon;

    @Mixin
    InputOptions input;

    @Mixin
    ProgressOption progress;

    @Mixin
    KernelCacheOptions kernelCache;

    @Mixin
    PassOptions passes;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        kernelCache.apply();
        passes.apply();
        PrintWriter err = cl.getErr();
        Map<String, String> paramArgs = Programs.assignments(params, "--param", cl);
        Ranges.notAnInput(cl, "-o", output, Ranges.graphFiles(algorithm.graph));
        RunSettings settings = algorithm.settings(input.threads).params(paramArgs);
        try (Progress shown = progress.start()) {
            Algorithm a = Algorithm.byName(what).orElse(null);
            CheckedProgram program = a != null ? a.program() : ProgramFiles.check(programFile(what));
            if (a == null) {
                Ranges.notAnInput(cl, "-o", output, Path.of(what));
            }
            if (spark != null || partitions != null || outputFormat == ResultFormat.PARQUET) {
                return runOnSpark(program, a, settings, shown);
            }
            LoadedGraph loaded = ResidentGraphs.load(algorithm.graph, input.toLoadOptions(), settings.format());
            shown.clear();
            input.warnAboutDuplicates(loaded.graph(), algorithm.graph);
            input.noteMirroredEdgeList(loaded.graph(), algorithm.graph);
            Graph g = loaded.graph();
            FormatFits.check(cl, algorithm.format, g);
            RunMemory.check(program, g);
            if (explain) {
                settings.explain(err::println);
            }
            // --explain prints lines of its own; an updating progress line would be drawn across them.
            settings.ldbc(loaded.ldbc()).graphName(algorithm.graph.toString()).onIteration(explain ? null : shown.loops());
            GraphTensor kept = loaded.straight() != null ? loaded.straight()
                    : ResidentGraphs.tensors(g, settings.format(), input.threads);
            AlgorithmRunner.Prepared prepared = kept != null ? GraphRuns.RUNNER.prepare(program, a, kept, settings)
                    : GraphRuns.RUNNER.prepare(program, a, g, settings);
            GraphRuns.tellSource(prepared, shown, err);
            AlgorithmRunner.Result r = prepared.run();
            shown.clear();
            write(r);
            new Summary()
                    .put("program", program.source().name())
                    .put("graph", algorithm.graph.toString())
                    .put("vertices", g.numVertices())
                    .put("edges", g.numEntries())
                    .put("format", r.format())
                    .put("threads", input.threads)
                    .put("parameters", GraphRuns.parameterValues(r.parameters(), g))
                    .put("load-seconds", Summary.seconds(loaded.seconds()))
                    .put("build-seconds", Summary.seconds(r.buildSeconds()))
                    .put("graph-bytes", r.graphBytes())
                    .put("graph-bytes-per-edge", Summary.perEdge(r.graphBytes(), g.numEntries()))
                    .put("graph-counts", r.inEdges() ? "out-tensor in-tensor" : "out-tensor")
                    .put("compile-seconds", Summary.seconds(r.compileSeconds()))
                    .put("run-seconds", Summary.seconds(r.runSeconds()))
                    .put("iterations", r.iterations())
                    .putEach("results", "result", r.scalars())
                    .put("output", outputName(r) + " -> " + (output == null ? "stdout" : output.toString()))
                    .print(err, summaryStyle);
            return Exit.OK;
        } catch (ProgramException e) {
            return Programs.report(e, err);
        } catch (ProgramRunException e) {
            err.println("stag: " + Exit.oneLine(e.getMessage()));
            return Exit.BAD_INPUT;
        }
    }

    /**
     * {@code stag run --spark MASTER [--partitions P]}: hands the run to the Spark module ({@link SparkRuns}) and writes
     * its result and summary as a local run does, or the result as Parquet.
     */
    private int runOnSpark(CheckedProgram program, Algorithm a, RunSettings settings, Progress shown) {
        CommandLine cl = spec.commandLine();
        if (outputFormat == ResultFormat.PARQUET && a != null && a.descriptor().output().shape() != Output.Shape.VERTEX) {
            throw new CommandLine.ParameterException(cl, a.id() + " gives " + (a.descriptor().output().shape()
                    == Output.Shape.EDGE ? "a set of edges" : "one number") + "; --output-format parquet writes one"
                    + " value per vertex only");
        }
        if (spark == null) {
            throw new CommandLine.ParameterException(cl, partitions != null ? "--partitions needs --spark MASTER"
                    : "--output-format parquet needs --spark MASTER");
        }
        if (partitions != null && (partitions < 1 || partitions > 65536)) {
            throw new CommandLine.ParameterException(cl, "--partitions must be between 1 and 65536, got " + partitions);
        }
        if (outputFormat == ResultFormat.PARQUET && output == null) {
            throw new CommandLine.ParameterException(cl, "--output-format parquet needs -o DIR");
        }
        if (explain) {
            settings.explain(cl.getErr()::println);
        }
        settings.graphName(algorithm.graph.toString()).onIteration(explain ? null : shown.loops());
        SparkRuns.RunResponse r = SparkRuns.find().run(new SparkRuns.RunRequest(spark,
                partitions == null ? 0 : partitions, program, a, algorithm.graph.toString(), input.toLoadOptions(),
                settings, outputFormat == ResultFormat.PARQUET ? output : null));
        shown.clear();
        if (outputFormat != ResultFormat.PARQUET) {
            write(r.result());
        }
        PrintWriter err = cl.getErr();
        new Summary()
                .put("program", program.source().name())
                .put("graph", algorithm.graph.toString())
                .put("spark", spark)
                .put("partitions", r.partitions())
                .put("vertices", r.vertices())
                .put("edges", r.edges())
                .put("format", r.result().format())
                .put("threads", input.threads)
                .put("parameters", sparkParameters(r))
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
                .put("output", outputName(r.result()) + " -> " + (output == null ? "stdout" : output + " ("
                        + outputFormat.name().toLowerCase(java.util.Locale.ROOT) + ")"))
                .print(err, summaryStyle);
        return Exit.OK;
    }

    /** A Spark run's parameters without {@code N}, {@code source} in the input's numbering (as {@code stag run} prints them). */
    private static Map<String, Object> sparkParameters(SparkRuns.RunResponse r) {
        Map<String, Object> out = new LinkedHashMap<>();
        r.result().parameters().forEach((name, v) -> {
            if (!name.equals("N")) {
                out.put(name, name.equals("source") && v instanceof Integer i && i >= 0 && i < r.vertices()
                        ? r.result().values().ids().external(i) : v);
            }
        });
        return out;
    }

    /** The output a result came from, with its number of edges when it is a set of edges. */
    private static String outputName(AlgorithmRunner.Result r) {
        if (r.scalar() != null) {
            return r.scalar().name();
        }
        return r.edges() != null ? r.edges().name() + " (" + r.edges().size() + " edges)" : r.values().name();
    }

    /** {@code what} as a program file, or an unknown algorithm. */
    static Path programFile(String what) {
        Path p = Path.of(what);
        if (what.endsWith(".stag") || Files.isRegularFile(p)) {
            return p;
        }
        throw new BadInputException("unknown algorithm '" + what + "' (expected " + String.join(", ", Algorithm.names())
                + ", or a FILE.stag program)");
    }

    /** Writes the result (values per vertex, a set of edges or one number) to {@code -o} or stdout in {@code --output-format}. */
    void write(AlgorithmRunner.Result r) {
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            try {
                write(r, out);
            } catch (IOException e) {
                throw new IllegalStateException(e); // a PrintWriter does not throw
            }
            out.flush();
            return;
        }
        OutputFiles.write(output, w -> write(r, w));
    }

    private void write(AlgorithmRunner.Result r, java.io.Writer w) throws IOException {
        if (r.scalar() != null) {
            outputFormat.write(r.scalar(), w);
        } else if (r.edges() != null) {
            outputFormat.write(r.edges(), w);
        } else {
            outputFormat.write(r.values(), w);
        }
    }
}
