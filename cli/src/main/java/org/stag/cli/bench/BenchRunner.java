package org.stag.cli.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Implementation;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.Comparison;
import org.stag.algorithms.run.DefaultSource;
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
     * @param graphs     the graph files
     * @param algorithms the algorithms
     * @param formats    stag's graph formats, e.g. {@code dense,compressed}
     * @param threads    the thread counts
     * @param repeat     timed runs per cell
     * @param references the reference implementations
     * @param gap        GAP's binaries, or null
     * @param source     the source of the algorithms that take one, and the one source of those that take sources
     *                   (bc), in the input's numbering; null for the vertex with the most out-edges
     * @param iterations the iterations of the algorithms that take them, or null for the programs' defaults
     * @param load       how to read the graphs
     * @param programs   programs stag runs in place of the shipped ones, by the algorithm they compute
     */
    public record Config(List<Path> graphs, List<Algorithm> algorithms, List<Format> formats, List<Integer> threads,
                         int repeat, List<Comparison.Reference> references, GapPeer gap, Long source,
                         Integer iterations, LoadOptions load, Map<Algorithm, CheckedProgram> programs) {
        public Config {
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

        Cell(String graph, Algorithm algorithm, int threads, String column) {
            this.graph = graph;
            this.algorithm = algorithm;
            this.threads = threads;
            this.column = column;
        }

        /** Runs once and returns the seconds it took. */
        abstract double once();

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
        long source = c.source() != null ? c.source() : defaultSource(c, g, name);
        int internalSource = g.ids().internal(source, g.numVertices());
        if (internalSource < 0) {
            throw new BadInputException("--source " + source + " is not a vertex of " + name);
        }
        facts.put(name, g.numVertices() + " vertices, " + g.numEntries() + " stored edges, "
                + (g.directed() ? "directed" : "undirected") + ", source " + source);
        // One graph tensor per format, built once and read by every algorithm and thread count.
        int buildThreads = c.threads().stream().mapToInt(Integer::intValue).max().orElse(1);
        Map<Format, GraphTensor> tensors = new LinkedHashMap<>();
        for (Format f : c.formats()) {
            tensors.put(f, GraphTensor.of(g, f, buildThreads));
        }

        List<Cell> cells = new ArrayList<>();
        List<Cell> timed = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        for (Algorithm a : c.algorithms()) {
            for (int t : c.threads()) {
                Row row = row(c, name, g, csr, a, t, source, internalSource, tensors);
                rows.add(row);
                cells.addAll(row.cells);
                row.cells.stream().filter(x -> x.status == Measurement.Status.OK && !(x instanceof GapCell))
                        .forEach(timed::add);
            }
        }
        for (int round = 1; round <= c.repeat(); round++) {
            for (Cell cell : timed) {
                listener.step("round " + round + "/" + c.repeat() + ": " + cell.label());
                cell.seconds.add(cell.once());
            }
        }
        if (c.gap() != null) {
            gap(c, g, name, rows);
        }
        return cells;
    }

    /** The cells of one row, warmed up and checked. */
    private record Row(List<Cell> cells, AlgorithmRunner.Result stag, Algorithm algorithm, int threads,
                       int source) {
    }

    private Row row(Config c, String name, Graph g, Csr csr, Algorithm a, int t, long source, int internalSource,
                    Map<Format, GraphTensor> tensors) {
        List<Cell> cells = new ArrayList<>();
        AlgorithmRunner.Result first = null;
        for (Format f : c.formats()) {
            RunSettings s = new RunSettings().format(f).threads(t).iterations(a.takes(Setting.ITERATIONS)
                    ? c.iterations() : null).graphName(name).startAt(a, source);
            AlgorithmRunner.Prepared p = runner.prepare(c.programs().getOrDefault(a, a.program()), a, tensors.get(f), s);
            Cell cell = new Cell(name, a, t, stagColumn(f)) {
                @Override
                double once() {
                    return p.run().runSeconds();
                }
            };
            listener.step("checking " + cell.label());
            AlgorithmRunner.Result r = p.run();
            if (first == null) {
                first = r;
            } else {
                Comparison.Outcome o = Comparison.check(a, first, r);
                if (!o.agree()) {
                    cell.refuse(Measurement.Status.FAILED, "differs from " + stagColumn(c.formats().get(0)) + " at "
                            + o.message());
                }
            }
            cells.add(cell);
        }
        AlgorithmRunner.Result stag = first;
        double divisor = a.descriptor().perIteration() ? ((Number) stag.parameters().get("iterations")).doubleValue()
                : 1;
        int[] sources = a.takes(Setting.SOURCES) ? new int[] {internalSource} : null;
        for (Comparison.Reference ref : c.references()) {
            Cell cell = new Cell(name, a, t, ref.id()) {
                @Override
                double once() {
                    return Comparison.run(ref, a, csr, stag, sources, t).seconds();
                }
            };
            cells.add(cell);
            try {
                Comparison.supports(ref, a, sources != null);
            } catch (BadInputException e) {
                String allOnly = ref.of(a).map(Implementation::allSourcesOnly).orElse(null);
                cell.refuse(Measurement.Status.NOT_AVAILABLE, allOnly != null
                        ? ref.id() + " " + allOnly + "; bench runs " + a.id() + " from one source" : e.getMessage());
                continue;
            }
            listener.step("checking " + cell.label());
            Comparison.ReferenceRun rr = Comparison.run(ref, a, csr, stag, sources, t);
            Comparison.Outcome o = Comparison.check(a, rr, stag);
            if (!o.agree()) {
                cell.refuse(Measurement.Status.FAILED, "differs from stag at " + o.message());
            }
        }
        if (c.gap() != null) {
            GapCell cell = new GapCell(name, a, t);
            if (GapPeer.kernel(a).isEmpty()) {
                cell.refuse(Measurement.Status.NOT_AVAILABLE, "GAP has no " + a.id());
            }
            cells.add(cell);
        }
        cells.forEach(x -> x.divisor = divisor);
        return new Row(cells, stag, a, t, internalSource);
    }

    /** GAP's cell: timed by GAP's own trials, not by {@link #once()}. */
    private static final class GapCell extends Cell {
        GapCell(String graph, Algorithm algorithm, int threads) {
            super(graph, algorithm, threads, "gap");
        }

        @Override
        double once() {
            throw new IllegalStateException("GAP times its own trials");
        }
    }

    /** Writes the graph as GAP's input once, then runs GAP's kernel for every row that has one. */
    private void gap(Config c, Graph g, String name, List<Row> rows) {
        Path dir;
        try {
            dir = Files.createTempDirectory("stag-bench-gap");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Path el = dir.resolve("graph.el");
            Path wel = dir.resolve("graph.wel");
            boolean elWritten = false;
            boolean welWritten = false;
            String welFailure = null;
            for (Row row : rows) {
                GapCell cell = (GapCell) row.cells.get(row.cells.size() - 1);
                if (cell.status != Measurement.Status.OK) {
                    continue;
                }
                boolean weighted = row.algorithm.weights().read();
                try {
                    if (weighted && !welWritten && welFailure == null) {
                        listener.step("writing " + name + " as GAP's " + wel.getFileName());
                        try {
                            GapPeer.writeEdgeList(g, wel, true);
                            welWritten = true;
                        } catch (GapPeer.GapException e) {
                            welFailure = e.getMessage();
                        }
                    } else if (!weighted && !elWritten) {
                        listener.step("writing " + name + " as GAP's " + el.getFileName());
                        GapPeer.writeEdgeList(g, el, false);
                        elWritten = true;
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                if (weighted && welFailure != null) {
                    cell.refuse(Measurement.Status.NOT_AVAILABLE, welFailure);
                    continue;
                }
                Map<String, Object> p = row.stag.parameters();
                int iterations = p.get("iterations") instanceof Number n ? n.intValue() : 0;
                long delta = p.get("delta") instanceof Number d ? Math.max(1, Math.round(d.doubleValue())) : 1;
                List<String> cmd = c.gap().command(row.algorithm, weighted ? wel : el, !g.directed(), row.source,
                        iterations, delta, c.repeat());
                listener.step("running " + String.join(" ", cmd) + " with OMP_NUM_THREADS=" + row.threads);
                try {
                    GapPeer.Output o = c.gap().run(cmd, row.threads, c.repeat());
                    for (double s : o.trials()) {
                        cell.seconds.add(s);
                    }
                } catch (GapPeer.GapException e) {
                    cell.refuse(Measurement.Status.FAILED, e.getMessage());
                }
            }
        } finally {
            deleteTree(dir);
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

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temporary directory left behind is harmless; the results are what matter.
        }
    }
}
