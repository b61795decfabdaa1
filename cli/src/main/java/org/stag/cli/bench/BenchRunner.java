package org.stag.cli.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Implementation;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.Comparison;
import org.stag.algorithms.run.DefaultSource;
import org.stag.algorithms.run.RandomSources;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * Runs {@code stag bench}: loads every graph once, builds its tensors once per format, and runs every
 * (graph, algorithm, threads, implementation) cell. Each cell runs once first, untimed (a warm-up, and the
 * check: its result must agree with stag's, as {@code stag compare} checks, else it is not timed and fails);
 * then the cells of a graph are timed round-robin, {@code repeat} rounds, so that noise hits all alike.
 * GAP, a separate process, runs its own {@code repeat} trials per cell after the rounds.
 */
public final class BenchRunner {
    /** Told before every cell runs, for progress lines. */
    public interface Listener {
        void step(String what);

        /** Told a line the user should see whatever the progress display, e.g. the source chosen. */
        default void note(String line) {
        }
    }

    /**
     * What to run.
     *
     * @param graphs        the graph files
     * @param algorithms    the algorithms
     * @param formats       stag's graph formats, e.g. {@code dense,compressed}
     * @param threads       the thread counts
     * @param repeat        timed runs per cell (per source, for an algorithm that takes one)
     * @param references    the reference implementations
     * @param gap           GAP's binaries, or null
     * @param source        the one source of the algorithms that take one (and the one source of those that take
     *                      sources, bc), in the input's numbering; null for random sources or the default
     * @param randomSources how many random sources ({@link RandomSources}) every such algorithm, and GAP, runs from
     *                      when {@code source} is null; 0 for the vertex with the most out-edges
     * @param seed          the seed of the random sources
     * @param gapArgs       GAP's arguments of one's own, by kernel ({@code --peer-args})
     * @param iterations    the iterations of the algorithms that take them, or null for the programs' defaults
     * @param load          how to read the graphs
     * @param programs      programs stag runs in place of the shipped ones, by the algorithm they compute
     */
    public record Config(List<Path> graphs, List<Algorithm> algorithms, List<Format> formats, List<Integer> threads,
                         int repeat, List<Comparison.Reference> references, GapPeer gap, Long source,
                         int randomSources, long seed, Map<String, List<String>> gapArgs, Integer iterations,
                         LoadOptions load, Map<Algorithm, CheckedProgram> programs) {
        public Config {
            gapArgs = Map.copyOf(gapArgs);
            programs = Map.copyOf(programs);
        }
    }

    /** The column of stag in {@code format} (as written, e.g. {@code dense,compressed}). */
    public static String stagColumn(String format) {
        return "stag " + format;
    }

    /** The column of stag in {@code format}. */
    public static String stagColumn(Format format) {
        return stagColumn(format.toString());
    }

    /** The columns of {@code c}, in order: stag per format, the references, GAP. */
    public static List<String> columns(Config c) {
        List<String> cols = new ArrayList<>();
        c.formats().forEach(f -> cols.add(stagColumn(f)));
        c.references().forEach(r -> cols.add(r.id()));
        if (c.gap() != null) {
            cols.add("gap");
        }
        return cols;
    }

    private final AlgorithmRunner runner;
    private final Listener listener;

    public BenchRunner(AlgorithmRunner runner, Listener listener) {
        this.runner = runner;
        this.listener = listener;
    }

    /** A cell being measured. */
    private abstract static class Cell {
        final String graph;
        final Algorithm algorithm;
        final int threads;
        final String column;
        final List<Double> seconds = new ArrayList<>();
        Measurement.Status status = Measurement.Status.OK;
        String note = "";
        double divisor = 1;
        /** Runs per round: one per source of an algorithm that takes one, each run the next source's. */
        int runsPerRound = 1;
        int next;

        Cell(String graph, Algorithm algorithm, int threads, String column) {
            this.graph = graph;
            this.algorithm = algorithm;
            this.threads = threads;
            this.column = column;
        }

        /** Runs once (from source {@code i} of an algorithm that takes one) and returns the seconds it took. */
        abstract double once(int i);

        double once() {
            return once(next++ % runsPerRound);
        }

        void refuse(Measurement.Status s, String why) {
            status = s;
            note = why;
        }

        Measurement measurement() {
            if (status != Measurement.Status.OK) {
                return Measurement.not(status, graph, algorithm.id(), threads, column, note);
            }
            double[] s = new double[seconds.size()];
            for (int i = 0; i < s.length; i++) {
                s[i] = seconds.get(i) / divisor;
            }
            return Measurement.ok(graph, algorithm.id(), threads, column, s);
        }

        String label() {
            return graph + " " + algorithm.id() + " threads=" + threads + " " + column;
        }
    }

    /** Runs everything {@code c} asks for. */
    public BenchResults run(Config c, String baseline) {
        List<Measurement> out = new ArrayList<>();
        Map<String, String> facts = new LinkedHashMap<>();
        for (Path file : c.graphs()) {
            // Only the measurements are kept: the cells hold the graph and its tensors, freed before the next.
            graph(c, file, facts).forEach(cell -> out.add(cell.measurement()));
        }
        if (c.gap() != null) {
            facts.put("gap", "GAP's own trial times, which it prints in steps of 0.01 ms; GAP prints no result, so"
                    + " it is not checked");
        }
        return new BenchResults(columns(c), baseline, c.repeat(), out, facts);
    }

    /** Loads one graph, checks and times its cells (round-robin over the graph's cells); the cells in row order. */
    private List<Cell> graph(Config c, Path file, Map<String, String> facts) {
        String name = file.getFileName().toString();
        listener.step("loading " + name);
        Graph g = GraphLoader.load(file, c.load()).requireSquare();
        Csr csr = Csr.of(g);
        int[] sources = sources(c, g, name);
        long[] external = new long[sources.length];
        for (int i = 0; i < sources.length; i++) {
            external[i] = g.ids().external(sources[i]);
        }
        facts.put(name, g.numVertices() + " vertices, " + g.numEntries() + " stored edges, "
                + (g.directed() ? "directed" : "undirected") + ", " + (sources.length == 1 ? "source " + external[0]
                : sources.length + " sources " + java.util.Arrays.stream(external).mapToObj(Long::toString)
                .collect(java.util.stream.Collectors.joining(",")) + " (random with out-edges, seed "
                + c.seed() + "; a cell of an algorithm that takes one: the runs from every source)"));
        // One graph tensor per format, built once and read by every algorithm and thread count.
        int buildThreads = c.threads().stream().mapToInt(Integer::intValue).max().orElse(1);
        Map<Format, GraphTensor> tensors = new LinkedHashMap<>();
        for (Format f : c.formats()) {
            tensors.put(f, GraphTensor.of(g, f, buildThreads));
        }
        try (GapRuns gap = c.gap() == null ? null : new GapRuns(c, g, name, sources, listener)) {
            List<Cell> cells = new ArrayList<>();
            List<Cell> timed = new ArrayList<>();
            List<Row> rows = new ArrayList<>();
            for (Algorithm a : c.algorithms()) {
                Map<String, String> shared = gap == null ? Map.of() : gap.stagParameters(a);
                for (int t : c.threads()) {
                    Row row = row(c, name, csr, a, t, sources, external, shared, tensors);
                    rows.add(row);
                    cells.addAll(row.cells);
                    row.cells.stream().filter(x -> x.status == Measurement.Status.OK && !(x instanceof GapCell))
                            .forEach(timed::add);
                }
            }
            for (int round = 1; round <= c.repeat(); round++) {
                for (Cell cell : timed) {
                    listener.step("round " + round + "/" + c.repeat() + ": " + cell.label());
                    for (int i = 0; i < cell.runsPerRound; i++) {
                        cell.seconds.add(cell.once());
                    }
                }
            }
            if (gap != null) {
                for (Row row : rows) {
                    GapCell cell = (GapCell) row.cells.get(row.cells.size() - 1);
                    if (cell.status == Measurement.Status.OK) {
                        GapRuns.Outcome o = gap.run(row.algorithm, row.threads, row.stag.parameters());
                        cell.seconds.addAll(o.seconds());
                        if (o.status() != Measurement.Status.OK) {
                            cell.refuse(o.status(), o.note());
                        }
                    }
                }
                facts.put(name + ", GAP's kind of graph", gap.kindFact());
                facts.put(name + ", GAP ran", gap.describe());
            }
            return cells;
        }
    }

    /**
     * The sources (internal ids): {@code --source}, else {@link Config#randomSources()} random vertices with
     * out-edges, else the vertex with the most out-edges.
     */
    private int[] sources(Config c, Graph g, String name) {
        boolean any = c.algorithms().stream().anyMatch(a -> a.takes(Setting.SOURCE) || a.takes(Setting.SOURCES));
        if (c.source() != null) {
            int internal = g.ids().internal(c.source(), g.numVertices());
            if (internal < 0) {
                throw new BadInputException("--source " + c.source() + " is not a vertex of " + name);
            }
            return new int[] {internal};
        }
        if (c.randomSources() > 0 && any) {
            return RandomSources.pick(g.rowPtr(), c.randomSources(), c.seed());
        }
        return new int[] {g.ids().internal(defaultSource(c, g, name), g.numVertices())};
    }

    /** The cells of one row, warmed up and checked. */
    private record Row(List<Cell> cells, AlgorithmRunner.Result stag, Algorithm algorithm, int threads) {
    }

    private Row row(Config c, String name, Csr csr, Algorithm a, int t, int[] sources, long[] external,
                    Map<String, String> shared, Map<Format, GraphTensor> tensors) {
        boolean sourced = a.takes(Setting.SOURCE) || a.takes(Setting.SOURCES);
        int k = sourced ? sources.length : 1;
        List<Cell> cells = new ArrayList<>();
        AlgorithmRunner.Result[] first = new AlgorithmRunner.Result[k];
        for (Format f : c.formats()) {
            AlgorithmRunner.Prepared[] p = new AlgorithmRunner.Prepared[k];
            Cell cell = new Cell(name, a, t, stagColumn(f)) {
                @Override
                double once(int i) {
                    return p[i].run().runSeconds();
                }
            };
            listener.step("checking " + cell.label());
            for (int i = 0; i < k; i++) {
                RunSettings s = new RunSettings().format(f).threads(t).iterations(a.takes(Setting.ITERATIONS)
                        ? c.iterations() : null).graphName(name).startAt(a, external[sourced ? i : 0]).params(shared);
                p[i] = runner.prepare(c.programs().getOrDefault(a, a.program()), a, tensors.get(f), s);
                AlgorithmRunner.Result r = p[i].run();
                if (first[i] == null) {
                    first[i] = r;
                } else {
                    Comparison.Outcome o = Comparison.check(a, first[i], r);
                    if (!o.agree() && cell.status == Measurement.Status.OK) {
                        cell.refuse(Measurement.Status.FAILED, "differs from " + stagColumn(c.formats().get(0))
                                + (k > 1 ? " from source " + external[i] : "") + " at " + o.message());
                    }
                }
            }
            cells.add(cell);
        }
        AlgorithmRunner.Result stag = first[0];
        double divisor = a.descriptor().perIteration() ? ((Number) stag.parameters().get("iterations")).doubleValue()
                : 1;
        for (Comparison.Reference ref : c.references()) {
            Cell cell = new Cell(name, a, t, ref.id()) {
                @Override
                double once(int i) {
                    return Comparison.run(ref, a, csr, first[i], a.takes(Setting.SOURCES) ? new int[] {sources[i]}
                            : null, t).seconds();
                }
            };
            cells.add(cell);
            try {
                Comparison.supports(ref, a, a.takes(Setting.SOURCES));
            } catch (BadInputException e) {
                String allOnly = ref.of(a).map(Implementation::allSourcesOnly).orElse(null);
                cell.refuse(Measurement.Status.NOT_AVAILABLE, allOnly != null
                        ? ref.id() + " " + allOnly + "; bench runs " + a.id() + " from one source at a time" : e.getMessage());
                continue;
            }
            listener.step("checking " + cell.label());
            for (int i = 0; i < k && cell.status == Measurement.Status.OK; i++) {
                Comparison.ReferenceRun rr = Comparison.run(ref, a, csr, first[i], a.takes(Setting.SOURCES)
                        ? new int[] {sources[i]} : null, t);
                Comparison.Outcome o = Comparison.check(a, rr, first[i]);
                if (!o.agree()) {
                    cell.refuse(Measurement.Status.FAILED, "differs from stag" + (k > 1 ? " from source " + external[i]
                            : "") + " at " + o.message());
                }
            }
        }
        if (c.gap() != null) {
            GapCell cell = new GapCell(name, a, t);
            if (GapPeer.kernel(a).isEmpty()) {
                cell.refuse(Measurement.Status.NOT_AVAILABLE, "GAP has no " + a.id());
            }
            cells.add(cell);
        }
        cells.forEach(x -> {
            x.divisor = divisor;
            x.runsPerRound = k;
        });
        return new Row(cells, stag, a, t);
    }

    /** GAP's cell: timed by GAP's own trials, not by {@link #once(int)}. */
    private static final class GapCell extends Cell {
        GapCell(String graph, Algorithm algorithm, int threads) {
            super(graph, algorithm, threads, "gap");
        }

        @Override
        double once(int i) {
            throw new IllegalStateException("GAP times its own trials");
        }
    }

    /**
     * The vertex with the most out-edges ({@link DefaultSource}), told to the listener as commands print it when an
     * algorithm of {@code c} starts from it.
     */
    private long defaultSource(Config c, Graph g, String name) {
        DefaultSource d = DefaultSource.of(g, name);
        if (c.algorithms().stream().anyMatch(a -> a.takes(Setting.SOURCE) || a.takes(Setting.SOURCES))) {
            listener.note(name + ": " + d.line());
        }
        return d.id();
    }
}
