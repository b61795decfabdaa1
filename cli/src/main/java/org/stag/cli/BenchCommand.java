package org.stag.cli;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import javax.imageio.ImageIO;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.run.Comparison;
import org.stag.algorithms.run.OptionRule;
import org.stag.algorithms.run.ProgramFiles;
import org.stag.cli.bench.BenchChart;
import org.stag.cli.bench.BenchResults;
import org.stag.cli.bench.BenchRunner;
import org.stag.cli.bench.GapPeer;
import org.stag.cli.bench.Measurement;
import org.stag.cli.bench.ChartModel;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.ProgramException;
import org.stag.engine.program.ProgramRunException;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatException;
import org.stag.formats.tensor.FormatParser;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Parallel;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code stag bench --graph G}: stag's programs side by side with the reference implementations (and GAP's
 * binaries with {@code --peer gap=DIR}), checked against each other, timed interleaved, as a Markdown table
 * on stdout and with {@code --out DIR} also CSV, JSON and a PNG chart.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Time stag's algorithms side by side with reference implementations.",
            "Loads each graph once and builds its tensors once per format, then, for",
            "every algorithm and thread count, runs stag in every format, each",
            "--reference, and GAP with --peer gap=DIR. Each runs once first (warm-up)",
            "and must agree with stag's result as 'stag compare' checks it; one that",
            "disagrees is not timed, is shown as FAILED, and the exit status is 1.",
            "Then all cells of a graph run round-robin --repeat times, so that noise",
            "hits all alike. Times are the kernels' only (stag: run without",
            "compilation; jgrapht: with building its graph, as stag compare reports);",
            "PageRank's are per iteration. ${bundle:help-algorithms.sourced} start at --source,",
            "or run from each of --sources K random vertices with out-edges (8 with",
            "--peer), a cell then holding the runs from every source.",
            "Prints a Markdown table: median / min ms per cell and the median's ratio",
            "to --baseline. --out DIR also writes bench.md, bench.csv, bench.json and",
            "bench.png (a bar chart; log scale when times span more than 10x).",
            "--peer gap=DIR runs the ${bundle:help-gap-kernels} binaries of a gapbs",
            "checkout built with make, on the graph written as a GAP edge list, with",
            "GAP's benchmark/bench.mk arguments for the graph's kind (from its file",
            "name; sssp -d2 on kron, urand, twitter, web, -d50000 on road, else GAP's",
            "fastest of a sweep), -r for each of the same sources, stag's iterations",
            "(pr -t0), OMP_NUM_THREADS=threads, and reads its Trial Time lines (GAP",
            "prints no result, so it is not checked). stag's sssp takes GAP's delta;",
            "tc runs on the symmetrised graph (-s). The table says what GAP ran."})
final class BenchCommand implements Callable<Integer> {

    @Option(names = "--graph", required = true, paramLabel = "G[,G2...]",
            description = "The graphs, comma-separated (files as stag run reads them).")
    String graphs;

    @Option(names = "--algorithms", paramLabel = "A,...",
            description = "Algorithms, comma-separated (default: ${DEFAULT-VALUE}); also ${bundle:help-algorithms.notGap}.")
    String algorithms = HelpText.benchDefault();

    @Option(names = "--formats", paramLabel = "F;F2...",
            description = "stag's graph formats, separated by ';' (default: ${DEFAULT-VALUE}).")
    String formats = "dense,compressed";

    @Option(names = "--threads", paramLabel = "T,...",
            description = "Thread counts, comma-separated, each 1.." + Ranges.MAX_THREADS + " (default: all cores).")
    String threads;

    @Option(names = "--repeat", paramLabel = "R", description = "Timed runs per cell, at least 1 (default: ${DEFAULT-VALUE}).")
    int repeat = 5;

    @Option(names = "--reference", paramLabel = "R,...",
            description = "Reference implementations, comma-separated: handwritten, jgrapht, or none"
                    + " (default: ${DEFAULT-VALUE}).")
    String references = "handwritten,jgrapht";

    @Mixin
    PeerOptions peers;

    @Option(names = "--baseline", paramLabel = "COLUMN",
            description = "The column ratios are taken to: a format (stag in it), handwritten, jgrapht or gap"
                    + " (default: the first format).")
    String baseline;

    @Option(names = "--source", paramLabel = "ID",
            description = "Source of ${bundle:help-algorithms.sourced}, in the input's numbering (default: the vertex with the most"
                    + " out-edges).")
    Long source;

    @Option(names = "--iterations", paramLabel = "K", description = "Iterations of ${bundle:help-algorithms.iterations}, at"
            + " least 1 (default: the programs').")
    Integer iterations;

    @Option(names = "--program", paramLabel = "ALGORITHM=FILE.stag",
            description = "Run FILE in stag's columns in place of the shipped ALGORITHM, e.g. an edited"
                    + " bfs.stag (repeatable); it is checked against the references like the shipped one.")
    List<String> programs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write bench.md, bench.csv, bench.json and bench.png into DIR (created if missing).")
    Path out;

    @Option(names = "--spark", paramLabel = "MASTER",
            description = "Time stag on Apache Spark (local[2], spark://HOST:7077, ...) beside stag in one JVM with"
                    + " the same threads, interleaved, checked equal: the COST ratio. One format, one thread count.")
    String spark;

    @Option(names = "--partitions", paramLabel = "P",
            description = "With --spark: row blocks of the graph, 1..65536 (default: the cluster's parallelism).")
    Integer partitions;

    @Mixin
    ProgressOption progress;

    @Mixin
    KernelCacheOptions kernelCache;

    @Spec
    CommandSpec spec;

    /** {@code --spark}: stag on Spark beside stag in one JVM, by the Spark module. */
    private int sparkBench(CommandLine cl) {
        if (spark == null) {
            throw new CommandLine.ParameterException(cl, "--partitions needs --spark MASTER");
        }
        if (partitions != null && (partitions < 1 || partitions > 65536)) {
            throw new CommandLine.ParameterException(cl, "--partitions must be between 1 and 65536, got " + partitions);
        }
        if (formats.contains(";") || threads != null && threads.contains(",") || peers.peer != null) {
            throw new CommandLine.ParameterException(cl, "--spark times one format and one thread count, without --peer");
        }
        if (repeat < 1) {
            throw new CommandLine.ParameterException(cl, "--repeat must be at least 1, got " + repeat);
        }
        List<Algorithm> list = new ArrayList<>();
        for (String name : algorithms.split(",")) {
            list.add(Algorithm.byName(name).orElseThrow(() -> new CommandLine.ParameterException(cl,
                    "unknown algorithm '" + name + "' (expected " + String.join(", ", Algorithm.names()) + ")")));
        }
        int t = threads == null ? Parallel.defaultThreads() : Ranges.threads(cl, "--threads", Integer.parseInt(threads.trim()));
        return SparkRuns.find().bench(new SparkRuns.BenchRequest(spark, partitions == null ? 0 : partitions,
                List.of(graphs.split(",")), list, formats(cl).get(0), t, repeat, source, iterations, LoadOptions.defaults().withThreads(t), out),
                cl.getOut(), cl.getErr());
    }

    /** The formats of {@code --formats}, parsed and checked as graph formats of two levels, none twice. */
    private List<Format> formats(CommandLine cl) {
        List<Format> formatList = new ArrayList<>();
        for (String f : list(cl, "--formats", formats, ";")) {
            Format parsed;
            try {
                parsed = FormatParser.parse(f);
            } catch (FormatException e) {
                throw new CommandLine.ParameterException(cl, "--formats: '" + f + "', column " + e.column() + ": "
                        + e.reason());
            }
            if (parsed.order() != 2) {
                throw new CommandLine.ParameterException(cl, "--formats: '" + f + "' is not a graph format of two"
                        + " levels (e.g. dense,compressed)");
            }
            if (formatList.contains(parsed)) {
                throw new CommandLine.ParameterException(cl, "--formats '" + formats + "': '" + f + "' is given twice");
            }
            formatList.add(parsed);
        }
        return formatList;
    }

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        kernelCache.apply();
        PrintWriter err = cl.getErr();
        if (spark != null || partitions != null) {
            return sparkBench(cl);
        }
        BenchRunner.Config config;
        try {
            config = config(cl);
        } catch (ProgramException e) {
            return Programs.report(e, err);
        }
        String base = baseline(cl, config);
        if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
            throw new CommandLine.ParameterException(cl, "--out " + out + " is a file, not a directory");
        }
        boolean terminal = progress.progress != null ? progress.progress && Progress.stderrIsTerminal()
                : Progress.stderrIsTerminal();
        boolean lines = progress.progress != null && progress.progress && !terminal;
        BenchResults results;
        try (Progress shown = lines ? Progress.OFF : progress.start()) {
            // On a terminal one updating line; asked for (--progress) on a pipe or file, one line per step.
            BenchRunner.Listener listener = new BenchRunner.Listener() {
                @Override
                public void step(String what) {
                    if (lines) {
                        err.println("stag: bench: " + what);
                    } else {
                        shown.step("bench: " + what);
                    }
                }

                @Override
                public void note(String line) {
                    shown.clear();
                    err.println(line);
                    err.flush();
                }
            };
            results = new BenchRunner(GraphRuns.RUNNER, listener).run(config, base);
        } catch (ProgramRunException e) {
            err.println("stag: " + Exit.oneLine(e.getMessage()));
            return Exit.BAD_INPUT;
        }
        PrintWriter stdout = cl.getOut();
        stdout.print(results.markdown());
        stdout.flush();
        if (out != null) {
            write(results);
        }
        for (Measurement m : results.failures()) {
            err.println("stag: bench: " + m.implementation() + " " + m.algorithm() + " on " + m.graph() + " ("
                    + m.threads() + " threads) failed: " + m.note());
        }
        return results.failures().isEmpty() ? Exit.OK : Exit.INTERNAL;
    }

    /** The options as a configuration; a bad one is a usage error. */
    private BenchRunner.Config config(CommandLine cl) {
        List<Path> graphFiles = new ArrayList<>();
        for (String g : list(cl, "--graph", graphs, ",")) {
            graphFiles.add(GraphArgument.resolve(g));
        }
        List<Algorithm> algs = new ArrayList<>();
        for (String a : list(cl, "--algorithms", algorithms, ",")) {
            algs.add(Algorithm.byName(a).orElseThrow(() -> new CommandLine.ParameterException(cl, "--algorithms '"
                    + algorithms + "': unknown algorithm '" + a + "' (expected " + String.join(", ", Algorithm.names())
                    + ")")));
        }
        OptionRule.check(benchSettings(), taken(algs), "--algorithms");
        // Parsed once, here, before any graph is loaded; the runner builds its tensors in these.
        List<Format> formatList = formats(cl);
        List<Integer> threadList = new ArrayList<>();
        if (threads == null) {
            threadList.add(Math.min(Parallel.defaultThreads(), Ranges.MAX_THREADS));
        } else {
            for (String t : list(cl, "--threads", threads, ",")) {
                try {
                    threadList.add(Ranges.threads(cl, "--threads", Integer.parseInt(t)));
                } catch (NumberFormatException e) {
                    throw new CommandLine.ParameterException(cl, "--threads '" + threads + "': '" + t
                            + "' is not a whole number");
                }
            }
        }
        Ranges.atLeast(cl, "--repeat", repeat, 1);
        if (iterations != null) {
            Ranges.atLeast(cl, "--iterations", iterations, 1);
        }
        List<Comparison.Reference> refs = new ArrayList<>();
        List<String> refNames = list(cl, "--reference", references, ",");
        if (!(refNames.size() == 1 && refNames.get(0).equals("none"))) {
            for (String r : refNames) {
                try {
                    refs.add(Comparison.Reference.parse(r));
                } catch (RuntimeException e) {
                    throw new CommandLine.ParameterException(cl, "--reference '" + references + "': unknown reference '"
                            + r + "' (expected handwritten, jgrapht or none)");
                }
            }
        }
        GapPeer gap = peers.gap(cl, algs);
        Map<String, List<String>> gapArgs = gap == null ? Map.of() : peers.gapArgs(cl, algs);
        int randomSources = peers.randomSources(cl, source);
        Map<Algorithm, CheckedProgram> mine = new LinkedHashMap<>();
        Programs.assignments(programs, "--program", cl).forEach((name, file) -> {
            Algorithm a = Algorithm.byName(name).orElseThrow(() -> new CommandLine.ParameterException(cl, "--program "
                    + name + "=" + file + ": unknown algorithm '" + name + "' (expected "
                    + String.join(", ", Algorithm.names()) + ")"));
            if (!algs.contains(a)) {
                throw new CommandLine.ParameterException(cl, "--program " + name + "=" + file + ": " + name
                        + " is not among --algorithms " + algorithms);
            }
            mine.put(a, ProgramFiles.check(Path.of(file)));
        });
        LoadOptions load = LoadOptions.defaults().withThreads(Math.min(Parallel.defaultThreads(), Ranges.MAX_THREADS));
        return new BenchRunner.Config(graphFiles, algs, formatList, threadList, repeat, refs, gap, source,
                randomSources, peers.seed(), gapArgs, iterations, load, mine);
    }

    /** The settings given: bench has --source and --iterations. */
    private Set<Setting> benchSettings() {
        Set<Setting> given = EnumSet.noneOf(Setting.class);
        if (source != null) {
            given.add(Setting.SOURCE);
        }
        if (iterations != null) {
            given.add(Setting.ITERATIONS);
        }
        return given;
    }

    /** What each algorithm takes in bench: its settings, and --source for one that takes sources (bench starts it there). */
    static Map<String, Set<Setting>> taken(List<Algorithm> algs) {
        Map<String, Set<Setting>> out = new LinkedHashMap<>();
        for (Algorithm a : algs) {
            Set<Setting> t = EnumSet.noneOf(Setting.class);
            t.addAll(a.descriptor().settings());
            if (t.contains(Setting.SOURCES)) {
                t.add(Setting.SOURCE);
            }
            out.put(a.id(), t);
        }
        return out;
    }

    /** {@code --baseline} as a column name: a format names stag's column in it. */
    private String baseline(CommandLine cl, BenchRunner.Config c) {
        List<String> columns = BenchRunner.columns(c);
        if (baseline == null) {
            return columns.get(0);
        }
        String b = baseline.strip();
        for (String candidate : List.of(b, BenchRunner.stagColumn(b))) {
            if (columns.contains(candidate)) {
                return candidate;
            }
        }
        throw new CommandLine.ParameterException(cl, "--baseline '" + baseline + "' is not a column (expected one of "
                + String.join(", ", columns) + ")");
    }

    /** A separated list of names, none empty, each at most once. */
    private static List<String> list(CommandLine cl, String option, String text, String separator) {
        String[] parts = text.split(java.util.regex.Pattern.quote(separator), -1);
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (String part : parts) {
            String p = part.strip().toLowerCase(Locale.ROOT);
            if (option.equals("--graph")) {
                p = part.strip();
            }
            if (p.isEmpty()) {
                throw new CommandLine.ParameterException(cl, option + " '" + text + "': an empty "
                        + (text.isBlank() ? "list" : "name (two separators, or one at an end)"));
            }
            if (!names.add(p)) {
                throw new CommandLine.ParameterException(cl, option + " '" + text + "': '" + p + "' is given twice");
            }
        }
        return new ArrayList<>(names);
    }

    /** Writes bench.md, bench.csv, bench.json and bench.png into {@link #out}. */
    private void write(BenchResults r) {
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new org.stag.loaders.BadInputException("--out " + out + ": cannot create the directory ("
                    + Exit.oneLine(String.valueOf(e.getMessage())) + ")");
        }
        OutputFiles.write(out.resolve("bench.md"), w -> w.write(r.markdown()));
        OutputFiles.write(out.resolve("bench.csv"), w -> w.write(r.csv()));
        OutputFiles.write(out.resolve("bench.json"), w -> w.write(json(r) + "\n"));
        BufferedImage img = BenchChart.render(r.chart());
        Path png = out.resolve("bench.png");
        try {
            if (!ImageIO.write(img, "png", png.toFile())) {
                throw new IllegalStateException("no PNG writer in this JVM");
            }
        } catch (IOException e) {
            throw new org.stag.loaders.BadInputException(png + ": cannot write (" + Exit.oneLine(e.getMessage()) + ")");
        }
    }

    /**
     * The results as one JSON object: the run's facts, the columns, the baseline, one object per cell, and the
     * chart's data as bench.png draws it.
     */
    static String json(BenchResults r) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("repeat", r.repeat());
        root.put("baseline", r.baseline());
        root.put("columns", r.columns());
        root.put("graphs", r.facts());
        List<Object> cells = new ArrayList<>();
        for (Measurement m : r.cells()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("graph", m.graph());
            c.put("algorithm", m.algorithm());
            c.put("unit", BenchResults.unit(m.algorithm()));
            c.put("threads", m.threads());
            c.put("implementation", m.implementation());
            c.put("status", m.status().name().toLowerCase(Locale.ROOT));
            boolean ok = m.status() == Measurement.Status.OK;
            c.put("median_ms", ok ? m.medianMillis() : null);
            c.put("min_ms", ok ? m.minMillis() : null);
            c.put("ratio", ok && !Double.isNaN(r.ratio(m)) ? r.ratio(m) : null);
            List<Object> runs = new ArrayList<>();
            for (double s : m.seconds()) {
                runs.add(s * 1e3);
            }
            c.put("runs_ms", runs);
            c.put("note", m.note());
            cells.add(c);
        }
        root.put("cells", cells);
        ChartModel chart = r.chart();
        Map<String, Object> ch = new LinkedHashMap<>();
        ch.put("title", chart.title());
        ch.put("y_label", chart.yLabel());
        ch.put("logarithmic", chart.logarithmic());
        ch.put("categories", chart.categories());
        ch.put("series", new LinkedHashMap<>(chart.series()));
        root.put("chart", ch);
        return Json.value(root);
    }
}
