package org.stag.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Output;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.catalog.Weights;
import org.stag.algorithms.run.LoadedGraph;
import org.stag.algorithms.run.OptionRule;
import org.stag.algorithms.run.RunSettings;
import org.stag.algorithms.stream.DurableFiles;
import org.stag.algorithms.stream.FromScratch;
import org.stag.algorithms.stream.KeptUpToDate;
import org.stag.algorithms.stream.Latencies;
import org.stag.algorithms.stream.SnapshotRunner;
import org.stag.algorithms.stream.StreamAlgorithm;
import org.stag.algorithms.stream.StreamGraph;
import org.stag.algorithms.stream.StreamIngest;
import org.stag.algorithms.stream.StreamReadAhead;
import org.stag.engine.program.ProgramRunException;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphSnapshot;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.text.IoCause;
import org.stag.loaders.updates.UpdateBatchReader;
import org.stag.loaders.updates.UpdateIds;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code stag stream --graph G --updates FILE|-}: loads a graph into a dynamic format, applies an update
 * stream to it batch by batch, and every M batches runs algorithms on the newest snapshot on a thread of
 * their own while the next batches are applied. One line per batch and per run on stdout, each run's result
 * in a file, a summary on stderr.
 */
@Command(name = "stream", mixinStandardHelpOptions = true,
        description = {"Apply an update stream to a graph and run algorithms as it changes.",
            "Loads --graph into --format, reads --updates ('+ u v [w]' inserts or sets a",
            "weight, '- u v' deletes, a bare 'u v [w]' inserts; ids in the graph's own",
            "numbering, a new id adds a vertex) and applies them in batches of K lines,",
            "each atomically. Every M batches the --run algorithms run on a snapshot of",
            "the newest version, on a thread of their own, while ingest goes on; each",
            "writes DIR/ALGO-vVERSION.txt in run's 'vertex value' format. A run due",
            "while one is going: --if-busy skip (default) runs the newest version once",
            "the runner is free, skipping those between; queue runs every due version",
            "in order (ingest waits while 4 wait). At the end of the input the last",
            "version is run too. A run brings the algorithm's last result up to date",
            "with the batches since (${bundle:help-algorithms.incremental}, where the batches allow)",
            "or runs in full, saying why; --from-scratch runs every one in full.",
            "stdout: one line per batch (version, updates, inserted, updated, deleted,",
            "missing, vertices, edges, apply-ms, updates/s) and one per run (version,",
            "algorithm, mode, ms, file). stderr: the summary (totals, throughput,",
            "p50/p90/p99/max of apply and run times), or one line on bad input: the",
            "batches before it stay applied and their runs are written, exit 2.",
            "Deletes of absent edges count as missing. With ${bundle:help-algorithms.nonNegative}, a negative weight is",
            "refused. SIGINT/SIGTERM apply the complete lines read, finish the runs under",
            "way (no new one starts), print the summary and exit 130/143.",
            "Each algorithm option goes to the algorithms of --run that take it; one",
            "that none takes is refused. bfs and sssp start at --source, else at the",
            "vertex with the most out-edges of the graph loaded (printed on stderr).",
            "--checkpoint DIR makes every batch durable before its line is printed;",
            "after a crash the same command with --resume goes on from the first",
            "update that was not (exactly once). Result files are whole or absent."})
final class StreamCommand implements Callable<Integer> {
    /** The format a stream loads into unless told ({@link StreamGraph#DEFAULT_FORMAT}). */
    static final String DEFAULT_FORMAT = StreamGraph.DEFAULT_FORMAT;
    /** Standard input's quiet time before a partial batch is applied, unless {@code --flush-ms} says. */
    static final long STDIN_FLUSH_MILLIS = 100;

    @Mixin
    AlgorithmOptions algorithm = AlgorithmOptions.withFormat(GraphTensor.format(DEFAULT_FORMAT));

    @Option(names = "--updates", required = true, paramLabel = "FILE|-",
            description = "The update stream, gzipped or not; - reads standard input (a pipe may stay open).")
    Path updates;

    int batchSize = 100_000;

    @Option(names = "--batch-size", paramLabel = "K", description = "Update lines per batch (default: 100000).")
    void batchSize(int k) {
        batchSize = (int) Ranges.atLeast(spec.commandLine(), "--batch-size", k, 1);
    }

    @Option(names = "--run", split = ",", paramLabel = "ALGO",
            description = "Algorithms to run: ${bundle:help-algorithms.list} (comma-separated).")
    List<String> run = new ArrayList<>();

    long every = 1;

    @Option(names = "--every", paramLabel = "M", description = "Run the algorithms every M batches (default: 1).")
    void every(long m) {
        every = Ranges.atLeast(spec.commandLine(), "--every", m, 1);
    }

    @Option(names = "--incremental",
            description = "Bring each algorithm's last result up to date with the batches since, where they"
                    + " allow (the default; ${bundle:help-algorithms.incremental}; others run in full).")
    boolean incremental;

    @Option(names = "--from-scratch", description = "Run each algorithm from scratch on every snapshot.")
    boolean fromScratch;

    @Option(names = "--if-busy", paramLabel = "P",
            description = "A run due while one is going: skip (run the newest due version next) or queue.")
    SnapshotRunner.Busy busy = SnapshotRunner.Busy.SKIP;

    @Option(names = "--output-dir", paramLabel = "DIR",
            description = "Where the results go, created if need be (default: the current directory).")
    Path outputDir = Path.of(".");

    Long flushMillis;

    @Option(names = "--flush-ms", paramLabel = "MS",
            description = "Apply a partial batch once no line has come for MS ms (default: "
                    + STDIN_FLUSH_MILLIS + " for -, 0 = never for a file).")
    void flushMillis(long ms) {
        flushMillis = Ranges.atLeast(spec.commandLine(), "--flush-ms", ms, 0);
    }

    Integer runThreads;

    @Option(names = "--run-threads", paramLabel = "N",
            description = "Threads of each run (default: half of --threads, at least 1): ingest keeps --threads,"
                    + " so while both go it has most of the cores.")
    void runThreads(int n) {
        runThreads = (int) Ranges.atLeast(spec.commandLine(), "--run-threads", n, 1);
    }

    @Option(names = "--summary", paramLabel = "S",
            description = "The summary on stderr as text ('key value' lines, the default) or json (one object).")
    Summary.Style summaryStyle = Summary.Style.TEXT;

    @Mixin
    InputOptions input;

    @Mixin
    StreamDurability durability;

    @Mixin
    KernelCacheOptions kernelCache;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        CommandLine cl = spec.commandLine();
        kernelCache.apply();
        PrintWriter out = cl.getOut();
        PrintWriter err = cl.getErr();
        List<Algorithm> algorithms = algorithms(cl);
        Map<String, Set<Setting>> taken = new LinkedHashMap<>();
        algorithms.forEach(a -> taken.put(a.id(), OptionRule.taken(a.program())));
        OptionRule.check(OptionRule.given(algorithm.settings(1)), taken, "--run");
        if (incremental && fromScratch) {
            throw new CommandLine.ParameterException(cl, "--incremental and --from-scratch exclude each other");
        }
        if (GraphLoader.isStdin(updates) && GraphLoader.isStdin(algorithm.graph)) {
            throw new CommandLine.ParameterException(cl, "--graph and --updates cannot both read standard input");
        }
        Format format = algorithm.format;
        durability.check(cl, algorithm.graph, updates);
        StreamInputs.check(cl, updates, outputDir, algorithms);
        if (!algorithms.isEmpty()) {
            createDirectory(outputDir);
            DurableFiles.removeLeftovers(outputDir);
        }
        StreamDurability.Start start = durability.start(algorithm.graph, updates, input, format, err,
                g -> dynamic(cl, g, format, input.threads));
        LoadedGraph loaded = start.loaded();
        Graph g = loaded.graph();
        DynamicGraph graph = start.graph();
        try {
            return stream(cl, out, err, algorithms, loaded, g, graph, start);
        } finally {
            if (start.checkpoint() != null) {
                start.checkpoint().close();
            }
        }
    }

    private int stream(CommandLine cl, PrintWriter out, PrintWriter err, List<Algorithm> algorithms,
                       LoadedGraph loaded, Graph g, DynamicGraph graph, StreamDurability.Start start)
            throws InterruptedException {
        List<StreamAlgorithm> runs = new ArrayList<>();
        try {
            // The settings are checked (and the kernels compiled) before any update is read: a source that is not a
            // vertex or a negative weight in the graph fails now, not after the first batches.
            try (GraphSnapshot first = graph.snapshot()) {
                boolean told = false;
                for (Algorithm a : algorithms) {
                    RunSettings settings = settings(a, loaded);
                    var chosen = GraphRuns.RUNNER.prepare(a.program(), a, first.tensors(), settings).defaultSource();
                    if (chosen.isPresent()) {
                        // Chosen once, on the graph loaded: every run of the stream starts from the same vertex.
                        settings.source(chosen.get().id());
                        if (!told) {
                            err.println(chosen.get().line());
                            err.flush();
                            told = true;
                        }
                    }
                    runs.add(fromScratch ? new FromScratch(a, settings, GraphRuns.RUNNER)
                            : new KeptUpToDate(a, settings, GraphRuns.RUNNER));
                }
            }
        } catch (ProgramRunException e) {
            err.println("stag: " + Exit.oneLine(e.getMessage()));
            return Exit.BAD_INPUT;
        }
        String updatesName = GraphLoader.isStdin(updates) ? "<stdin>" : updates.toString();
        boolean refuseNegative = graph.weighted() && algorithms.stream().anyMatch(x -> x.weights() == Weights.NON_NEGATIVE);
        long flush = flushMillis != null ? flushMillis : GraphLoader.isStdin(updates) ? STDIN_FLUSH_MILLIS : 0;
        UpdateIds ids = new UpdateIds(g.ids(), graph.numVertices());
        try (UpdateBatchReader reader = UpdateBatchReader.open(updates, ids, batchSize, input.threads, flush)) {
            StreamGraph shared = new StreamGraph(graph, SnapshotRunner.readsChanges(runs));
            SnapshotRunner runner = runs.isEmpty() ? null
                    : new SnapshotRunner(shared, runs, new StreamResultFiles(outputDir, out), busy);
            StreamIngest ingest = new StreamIngest(shared, runner, every, updatesName, refuseNegative,
                    Math.max(batchSize, StreamReadAhead.LOOK_AHEAD_UPDATES), out, System.console() != null)
                    .resumeFrom(start.at(), !GraphLoader.isStdin(updates));
            if (!graph.weighted()) {
                ingest.refuseWeights(algorithm.graph.toString());
            }
            if (start.checkpoint() != null) {
                ingest.afterEach(start.checkpoint());
            }
            if (start.saved() != null) {
                ingest.afterEach(start.saved());
            }
            try (StreamStop stop = new StreamStop(() -> {
                if (runner != null) {
                    runner.drop();
                }
                reader.endInput();
            })) {
                ingest.run(reader, stop::signalled);
                if (start.saved() != null) {
                    start.saved().saveNow();
                }
                if (runner != null) {
                    runner.finish();
                }
                out.flush();
                Throwable failed = runner == null ? null : runner.failure();
                if (ingest.bad() != null) {
                    err.println("stag: " + Exit.oneLine(ingest.bad().getMessage()));
                } else if (failed instanceof ProgramRunException e) {
                    err.println("stag: " + Exit.oneLine(e.getMessage()));
                } else if (failed != null) {
                    return Exit.report(failed, err);
                } else {
                    summary(graph, loaded, runner, ingest, stop.signalled()).print(err, summaryStyle);
                }
                err.flush();
                return ingest.bad() != null || failed != null ? Exit.BAD_INPUT : Exit.OK;
            } finally {
                if (runner != null) {
                    // After an unexpected failure: start nothing more, let the thread end.
                    runner.drop();
                    runner.finish();
                }
            }
        }
    }

    /** The {@code --run} list as algorithms, each once. */
    private List<Algorithm> algorithms(CommandLine cl) {
        List<Algorithm> out = new ArrayList<>();
        for (String name : run) {
            Algorithm a = Algorithm.byName(name).orElseThrow(() -> new CommandLine.ParameterException(cl,
                    "--run: unknown algorithm '" + name + "' (expected " + String.join(", ", Algorithm.names()) + ")"));
            if (out.contains(a)) {
                throw new CommandLine.ParameterException(cl, "--run: " + a.id() + " is given twice");
            }
            if (a.descriptor().output().shape() != Output.Shape.VERTEX) {
                throw new CommandLine.ParameterException(cl, "--run: " + a.id() + " gives " + (a.descriptor().output()
                        .shape() == Output.Shape.EDGE ? "a set of edges" : "one number") + ", and stag stream writes"
                        + " one value per vertex only; run it on a snapshot with stag run");
            }
            out.add(a);
        }
        for (String o : List.of("--every", "--run-threads")) {
            if (out.isEmpty() && spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new CommandLine.ParameterException(cl, o + " needs algorithms to run (--run ALGO)");
            }
        }
        return out;
    }

    /**
     * The algorithm options that {@code a} takes ({@link OptionRule}): one command line serves several algorithms,
     * so an option goes to those that take it ({@code --source} to bfs and sssp, {@code --iterations} to pagerank
     * and cdlp...).
     */
    private RunSettings settings(Algorithm a, LoadedGraph loaded) {
        return OptionRule.keepOnly(algorithm.settings(runThreads()).ldbc(loaded.ldbc())
                .graphName(algorithm.graph.toString()), OptionRule.taken(a.program()));
    }

    private static void createDirectory(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BadInputException(dir.toString(), 0, "cannot create the output directory: " + IoCause.of(e));
        }
    }

    /**
     * Threads of a run on a snapshot: {@code --run-threads}, else half of {@code --threads} (at least 1). Runs
     * share the cores with ingest; with as many threads as ingest they would take half of every core, and a run
     * after every batch would halve the ingest rate however fast the runs are.
     */
    int runThreads() {
        return runThreads != null ? runThreads : Math.max(1, input.threads / 2);
    }

    /** The graph held in {@code format}, which must take batches of updates. */
    private static DynamicGraph dynamic(CommandLine cl, Graph g, Format format, int threads) {
        try {
            return DynamicGraph.of(g, format, threads);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, "--format " + format + ": " + Exit.oneLine(e.getMessage()));
        }
    }

    private Summary summary(DynamicGraph graph, LoadedGraph loaded, SnapshotRunner runner, StreamIngest ingest,
                            boolean signalled) {
        double applySeconds = ingest.applyTimes().total() / 1e9;
        double ingestSeconds = ingest.nanos() / 1e9;
        Summary s = new Summary()
                .put("graph", algorithm.graph.toString())
                .put("format", graph.format().toString())
                .put("threads", input.threads)
                .put("batch-size", batchSize)
                .put("ended", signalled ? "signal" : "end-of-input")
                .put("version", graph.version())
                .put("vertices", graph.numVertices())
                .put("edges", graph.numEdges())
                .put("graph-bytes", graph.memoryBytes())
                .put("load-seconds", Summary.seconds(loaded.seconds()))
                .put("batches", ingest.batches())
                .put("updates", ingest.updates())
                .put("inserted", ingest.inserted())
                .put("updated", ingest.updated())
                .put("deleted", ingest.deleted())
                .put("missing", ingest.missing())
                .put("ingest-seconds", Summary.seconds(ingestSeconds))
                .put("apply-seconds", Summary.seconds(applySeconds))
                .put("read-wait-seconds", Summary.seconds(ingest.readWaitNanos() / 1e9))
                .put("updates-per-second", rate(ingest.updates(), ingestSeconds))
                .put("apply-updates-per-second", rate(ingest.updates(), applySeconds))
                .put("apply-ms", ingest.applyTimes().millis());
        if (durability.checkpoint != null || durability.saveGraph != null) {
            s.put("durable-ms", ingest.durableTimes().millis());
        }
        if (runner != null) {
            s.put("every", every).put("if-busy", busy.name().toLowerCase(Locale.ROOT))
                    .put("mode", fromScratch ? "from-scratch" : "incremental")
                    .put("runs", runner.runs()).put("incremental-runs", runner.incrementalRuns())
                    .put("skipped-versions", runner.skipped())
                    .put("dropped-versions", runner.dropped());
            Map<String, Latencies> times = new LinkedHashMap<>(runner.times());
            times.forEach((name, t) -> s.put("run-ms-" + name, t.millis()));
        }
        return s;
    }

    private static long rate(long updates, double seconds) {
        return seconds <= 0 ? 0 : Math.round(updates / seconds);
    }
}
