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
import java.util.Optional;
import java.util.stream.Stream;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.loaders.Graph;

/**
 * GAP's side of one graph in {@code stag bench --peer gap}: writes the graph once as GAP's edge lists (in a
 * temporary directory, deleted by {@link #close()}), decides each kernel's arguments ({@link GapPlan}), sweeping a
 * by-kind parameter on a graph of no known kind, and runs the kernels from the shared sources.
 */
final class GapRuns implements AutoCloseable {
    /** What GAP's runs of one cell gave: its trial times, or why there are none. */
    record Outcome(List<Double> seconds, Measurement.Status status, String note) {
    }

    private final BenchRunner.Config config;
    private final Graph graph;
    private final String name;
    private final int[] sources;
    private final BenchRunner.Listener listener;
    private final Optional<String> kind;
    private final Path dir;
    private Path el;
    private Path wel;
    private String welFailure;
    /** The value a sweep chose, by kernel. */
    private final Map<String, String> swept = new LinkedHashMap<>();
    /** What ran, by kernel, for the table. */
    private final Map<String, String> ran = new LinkedHashMap<>();

    GapRuns(BenchRunner.Config config, Graph graph, String name, int[] sources, BenchRunner.Listener listener) {
        this.config = config;
        this.graph = graph;
        this.name = name;
        this.sources = sources.clone();
        this.listener = listener;
        this.kind = GapPlan.kind(name);
        try {
            dir = Files.createTempDirectory("stag-bench-gap");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The graph's kind as bench.mk names it, or why it has none, for the table. */
    String kindFact() {
        return kind.map(k -> k + " (from the file's name)").orElse("none that bench.mk names (kron, urand, twitter, web,"
                + " road)");
    }

    /** GAP's input for {@code a}: the weighted list when it reads weights; null with {@link #welFailure} set. */
    private Path input(Algorithm a) {
        boolean weighted = a.weights().read();
        try {
            if (weighted && wel == null && welFailure == null) {
                listener.step("writing " + name + " as GAP's graph.wel");
                Path f = dir.resolve("graph.wel");
                try {
                    GapPeer.writeEdgeList(graph, f, true);
                    wel = f;
                } catch (GapPeer.GapException e) {
                    welFailure = e.getMessage();
                }
            } else if (!weighted && el == null) {
                listener.step("writing " + name + " as GAP's graph.el");
                Path f = dir.resolve("graph.el");
                GapPeer.writeEdgeList(graph, f, false);
                el = f;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return weighted ? wel : el;
    }

    private boolean sourced(Algorithm a) {
        return a.takes(Setting.SOURCE) || a.takes(Setting.SOURCES);
    }

    /**
     * The parameters stag's run of {@code a} is given so that it computes what GAP does (sssp's delta), deciding
     * GAP's arguments first: by the graph's kind, the user's, or GAP's fastest of a sweep (run here, one trial each
     * from the first source). Empty when GAP has no such kernel or cannot read the graph.
     */
    Map<String, String> stagParameters(Algorithm a) {
        if (a.descriptor().gap().isEmpty() || a.descriptor().gap().get().byKind().isEmpty()) {
            // Only a by-kind parameter (sssp's delta) passes from GAP's arguments to stag's run; pr's {iterations}
            // goes the other way and is filled from stag's parameters when GAP runs.
            return Map.of();
        }
        String kernel = GapPeer.kernel(a).orElseThrow();
        GapPlan.Args args = GapPlan.args(a, kind, config.gapArgs().get(kernel), Map.of(), swept.get(kernel));
        if (args.arguments() == null) {
            Path in = input(a);
            if (in == null) {
                return Map.of();
            }
            String best = null;
            double bestSeconds = Double.POSITIVE_INFINITY;
            String parameter = a.descriptor().gap().get().byKind().orElseThrow().parameter();
            for (String v : a.descriptor().gap().get().byKind().orElseThrow().sweep()) {
                List<String> cmd = config.gap().command(a, in, !graph.directed(), sourced(a) ? sources[0] : null,
                        a.descriptor().gap().get().arguments(Map.of(parameter, v)), 1);
                listener.step("sweeping: " + String.join(" ", cmd));
                try {
                    double s = config.gap().run(cmd, config.threads().get(0), 1).trials()[0];
                    if (s < bestSeconds) {
                        bestSeconds = s;
                        best = v;
                    }
                } catch (GapPeer.GapException e) {
                    // A value GAP cannot run with is not the best; if none runs, the cell says why below.
                }
            }
            if (best == null) {
                return Map.of();
            }
            swept.put(kernel, best);
            args = GapPlan.args(a, kind, null, Map.of(), best);
        }
        return args.stag();
    }

    /**
     * Runs {@code a}'s kernel with {@code threads}: from every shared source ({@code -r}) {@code repeat} trials each
     * for a kernel that takes one, else {@code repeat} trials.
     *
     * @param stag the parameters of stag's run of {@code a}, whose values GAP's placeholders take
     */
    Outcome run(Algorithm a, int threads, Map<String, Object> stag) {
        String kernel = GapPeer.kernel(a).orElse(null);
        if (kernel == null) {
            return new Outcome(List.of(), Measurement.Status.NOT_AVAILABLE, "GAP has no " + a.id());
        }
        Path in = input(a);
        if (in == null) {
            return new Outcome(List.of(), Measurement.Status.NOT_AVAILABLE, welFailure);
        }
        Map<String, String> values = new LinkedHashMap<>();
        stag.forEach((k, v) -> values.put(k, v instanceof Double d && d == Math.rint(d) ? Long.toString(d.longValue())
                : String.valueOf(v)));
        GapPlan.Args args = GapPlan.args(a, kind, config.gapArgs().get(kernel), values, swept.get(kernel));
        if (args.arguments() == null) {
            return new Outcome(List.of(), Measurement.Status.FAILED, "GAP's " + kernel + " ran with none of "
                    + a.descriptor().gap().get().byKind().map(b -> b.flag() + " " + String.join(",", b.sweep()))
                    .orElse("its arguments"));
        }
        List<Double> seconds = new ArrayList<>();
        List<String> shown = null;
        for (int i = 0; i < (sourced(a) ? sources.length : 1); i++) {
            List<String> cmd = config.gap().command(a, in, !graph.directed(), sourced(a) ? sources[i] : null,
                    args.arguments(), config.repeat());
            listener.step("running " + String.join(" ", cmd) + " with OMP_NUM_THREADS=" + threads);
            try {
                for (double s : config.gap().run(cmd, threads, config.repeat()).trials()) {
                    seconds.add(s);
                }
            } catch (GapPeer.GapException e) {
                return new Outcome(List.of(), Measurement.Status.FAILED, e.getMessage());
            }
            shown = cmd.subList(1, cmd.size());
        }
        ran.put(kernel, described(a, kernel, shown, args));
        return new Outcome(seconds, Measurement.Status.OK, "");
    }

    /** {@code kernel ARGS (why)}, the input's path and the source shown by placeholders. */
    private String described(Algorithm a, String kernel, List<String> cmd, GapPlan.Args args) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < cmd.size(); i++) {
            String s = cmd.get(i);
            if (s.equals("-f")) {
                parts.add("-f " + Path.of(cmd.get(++i)).getFileName());
            } else if (s.equals("-r")) {
                parts.add("-r S");
                i++;
            } else {
                parts.add(s);
            }
        }
        StringBuilder stag = new StringBuilder();
        args.stag().forEach((k, v) -> stag.append("; stag's ").append(a.id()).append(" ").append(k).append(" ").append(v));
        return "`" + kernel + " " + String.join(" ", parts) + "` (" + args.why() + (sourced(a) ? "; S: each of the "
                + sources.length + " sources" : "") + stag + ")";
    }

    /** What GAP ran on this graph, kernel by kernel, for the table. */
    String describe() {
        return String.join("; ", ran.values());
    }

    @Override
    public void close() {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temporary directory left behind is harmless; the results are what matter.
        }
    }
}
