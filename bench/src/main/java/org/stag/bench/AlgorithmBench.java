package org.stag.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Implementation;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Bfs;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.Comparison;
import org.stag.algorithms.run.RunSettings;
import org.stag.algorithms.run.VertexValues;
import org.stag.loaders.Graph;

/**
 * The algorithms side by side on one Kronecker graph in one JVM: the stag programs with the graph in
 * (dense, compressed) and (dense, ctree), the hand-written Java implementations, and JGraphT; plus BFS with
 * its format rules on and off. Each stag and hand-written time is the median of {@code reps} runs after one
 * warm-up run (which compiles the kernels); JGraphT runs once (it is far slower) and its time includes
 * building its graph. Every stag result is checked against the hand-written one before it is reported.
 *
 * <pre>java -Xmx20g -cp bench/target/benchmarks.jar org.stag.bench.AlgorithmBench [scale] [threads] [reps] [algorithms] [jgrapht]</pre>
 */
public final class AlgorithmBench {
    /** The graph's vertex ids, for the hand-written results (set once in {@link #main}). */
    private static org.stag.loaders.VertexIds ids;

    private AlgorithmBench() {
    }

    public static void main(String[] args) throws IOException {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        List<String> algorithms = Arrays.asList((args.length > 3 ? args[3] : "pagerank,bfs,sssp,wcc,bc,cdlp,lcc").split(","));
        boolean jgrapht = args.length <= 4 || Boolean.parseBoolean(args[4]);
        long t0 = System.nanoTime();
        Graph g = BenchGraphs.kronGraph(scale, 16, threads);
        Csr csr = Csr.of(g);
        ids = g.ids();
        int best = 0;
        for (int v = 1; v < g.numRows(); v++) {
            if (g.degree(v) > g.degree(best)) {
                best = v;
            }
        }
        final int source = best;
        long sourceId = g.ids().external(source);
        int[] bcSources = {source, 1, g.numRows() / 2, g.numRows() - 1};
        long[] bcIds = new long[bcSources.length];
        for (int k = 0; k < bcSources.length; k++) {
            bcIds[k] = g.ids().external(bcSources[k]);
        }
        StringBuilder out = new StringBuilder();
        line(out, String.format(Locale.ROOT, "# kron scale %d: %d vertices, %d stored edges, %d threads, median of %d runs"
                + " (generated in %.1f s); source %d (highest degree %d); bc from %d sources", scale, g.numRows(),
                g.numEdges(), threads, reps, (System.nanoTime() - t0) / 1e9, sourceId, g.degree(source), bcIds.length));
        line(out, "");
        line(out, "| algorithm | stag dense,compressed s | stag dense,ctree s | hand-written s | JGraphT s | "
                + "csr / hand | ctree / hand | JGraphT / csr |");
        line(out, "|---|---|---|---|---|---|---|---|");
        AlgorithmRunner runner = new AlgorithmRunner();
        for (String name : algorithms) {
            Algorithm a = Algorithm.byName(name).orElseThrow(() -> new IllegalArgumentException("unknown algorithm " + name));
            RunSettings base = settings(a, threads, sourceId, bcIds);
            // The references run with the parameters stag's run binds (iterations, damping, source, sources).
            AlgorithmRunner.Prepared csrRun = runner.prepare(a, g, base.format("dense,compressed"));
            Implementation.Input in = new Implementation.Input(csr, csrRun.parameters(), csrRun.sources(), threads);
            Implementation hand = a.descriptor().handwritten().orElseThrow(() -> new IllegalArgumentException(
                    "no hand-written " + a.id() + " to compare with"));
            double handSeconds = median(reps, () -> hand.code().run(in));
            VertexValues expected = values(hand.code().run(in));
            double csrSeconds = stag(a, csrRun, "dense,compressed", reps, expected);
            double ctreeSeconds = stag(a, runner.prepare(a, g, base.format("dense,ctree")), "dense,ctree", reps, expected);
            double jg = Double.NaN;
            Implementation jgraphtRef = a.descriptor().jgrapht().orElse(null);
            // JGraphT only where it computes what stag does: not betweenness from a sample of sources.
            if (jgrapht && jgraphtRef != null && (in.sources() == null || jgraphtRef.allSourcesOnly() == null)) {
                long j0 = System.nanoTime();
                jgraphtRef.code().run(in);
                jg = (System.nanoTime() - j0) / 1e9;
            }
            line(out, String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %s | %.2f | %.2f | %s |", name, csrSeconds,
                    ctreeSeconds, handSeconds, Double.isNaN(jg) ? "n/a" : String.format(Locale.ROOT, "%.2f", jg),
                    csrSeconds / handSeconds, ctreeSeconds / handSeconds,
                    Double.isNaN(jg) ? "n/a" : String.format(Locale.ROOT, "%.1f", jg / csrSeconds)));
            if (a == Algorithm.BFS) {
                // An experiment on BFS's direction optimization, not a fact about BFS: rules off. With alpha 1 no
                // frontier's out-edges outnumber the edges left, so every step pushes.
                RunSettings off = settings(a, threads, sourceId, bcIds).param("alpha", "1");
                double offSeconds = stag(a, runner.prepare(a, g, off.format("dense,compressed")), "dense,compressed",
                        reps, expected);
                double handPush = median(reps, () -> Bfs.depths(csr, source, false, threads));
                line(out, String.format(Locale.ROOT, "| bfs, format rules off (push only) | %.3f | | %.3f (push only) | | "
                        + "rules pay %.2fx | | |", offSeconds, handPush, offSeconds / csrSeconds));
            }
        }
        System.out.print(out);
        Path dir = BenchGraphs.dir();
        Files.createDirectories(dir);
        Path file = dir.resolve("algorithms-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".md");
        Files.writeString(file, out);
        System.out.println("# written to " + file);
    }

    /** Every algorithm from the same source (betweenness from {@code bcSources}), fixed counts at 10 iterations. */
    private static RunSettings settings(Algorithm a, int threads, long source, long[] bcSources) {
        RunSettings s = new RunSettings().threads(threads).startAt(a, source, bcSources);
        return a.takes(Setting.ITERATIONS) ? s.iterations(10) : s;
    }

    private static double stag(Algorithm a, AlgorithmRunner.Prepared p, String format, int reps, VertexValues expected) {
        AlgorithmRunner.Result first = p.run();
        Comparison.Outcome o = Comparison.check(a, expected, first.values());
        if (!o.agree()) {
            throw new IllegalStateException(a.id() + " on " + format + " disagrees with the hand-written code: " + o.message());
        }
        double[] t = new double[reps];
        for (int r = 0; r < reps; r++) {
            t[r] = p.run().runSeconds();
        }
        Arrays.sort(t);
        return t[reps / 2];
    }

    private static double median(int reps, Supplier<?> run) {
        run.get();
        double[] t = new double[reps];
        for (int r = 0; r < reps; r++) {
            long t0 = System.nanoTime();
            run.get();
            t[r] = (System.nanoTime() - t0) / 1e9;
        }
        Arrays.sort(t);
        return t[reps / 2];
    }

    private static VertexValues values(Implementation.Values v) {
        return new VertexValues("hand", ids, v.longs(), v.doubles());
    }

    private static void line(StringBuilder out, String s) {
        out.append(s).append('\n');
        System.err.println(s);
    }
}
