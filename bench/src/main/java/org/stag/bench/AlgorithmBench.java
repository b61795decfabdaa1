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
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Betweenness;
import org.stag.algorithms.handwritten.Bfs;
import org.stag.algorithms.handwritten.Cdlp;
import org.stag.algorithms.handwritten.Lcc;
import org.stag.algorithms.handwritten.PageRank;
import org.stag.algorithms.handwritten.Sssp;
import org.stag.algorithms.handwritten.Wcc;
import org.stag.algorithms.jgrapht.JGraphTReference;
import org.stag.algorithms.run.Algorithm;
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
            Supplier<VertexValues> hand = switch (a) {
                case PAGERANK -> () -> doubles(PageRank.run(csr, 10, 0.85, threads));
                case BFS -> () -> longs(Bfs.depths(csr, source, true, threads));
                case SSSP -> () -> doubles(Sssp.run(csr, source, threads));
                case WCC -> () -> ints(Wcc.run(csr, threads));
                case BC -> () -> doubles(Betweenness.run(csr, bcSources, threads));
                case CDLP -> () -> longs(Cdlp.run(csr, 10, threads));
                case LCC -> () -> doubles(Lcc.run(csr, threads));
            };
            double handSeconds = median(reps, hand);
            VertexValues expected = hand.get();
            double csrSeconds = stag(runner, a, g, base, "dense,compressed", reps, expected);
            double ctreeSeconds = stag(runner, a, g, base, "dense,ctree", reps, expected);
            double jg = Double.NaN;
            if (jgrapht && a != Algorithm.CDLP && a != Algorithm.LCC && a != Algorithm.BC) {
                long j0 = System.nanoTime();
                switch (a) {
                    case PAGERANK -> JGraphTReference.pageRank(csr, 10, 0.85);
                    case BFS -> JGraphTReference.bfs(csr, source);
                    case SSSP -> JGraphTReference.sssp(csr, source);
                    default -> JGraphTReference.wcc(csr);
                }
                jg = (System.nanoTime() - j0) / 1e9;
            }
            line(out, String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.3f | %s | %.2f | %.2f | %s |", name, csrSeconds,
                    ctreeSeconds, handSeconds, Double.isNaN(jg) ? "n/a" : String.format(Locale.ROOT, "%.2f", jg),
                    csrSeconds / handSeconds, ctreeSeconds / handSeconds,
                    Double.isNaN(jg) ? "n/a" : String.format(Locale.ROOT, "%.1f", jg / csrSeconds)));
            if (a == Algorithm.BFS) {
                // Rules off: with alpha 1 no frontier's out-edges outnumber the edges left, so every step pushes.
                RunSettings off = settings(a, threads, sourceId, bcIds).param("alpha", "1");
                double offSeconds = stag(runner, a, g, off, "dense,compressed", reps, expected);
                double handPush = median(reps, () -> longs(Bfs.depths(csr, source, false, threads)));
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

    private static RunSettings settings(Algorithm a, int threads, long source, long[] bcSources) {
        RunSettings s = new RunSettings().threads(threads);
        return switch (a) {
            case BFS, SSSP -> s.source(source);
            case BC -> s.sources(bcSources);
            case PAGERANK, CDLP -> s.iterations(10);
            default -> s;
        };
    }

    private static double stag(AlgorithmRunner runner, Algorithm a, Graph g, RunSettings s, String format, int reps,
                               VertexValues expected) {
        AlgorithmRunner.Prepared p = runner.prepare(a, g, s.format(format));
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

    private static VertexValues doubles(double[] d) {
        return new VertexValues("hand", ids, null, d);
    }

    private static VertexValues longs(long[] l) {
        return new VertexValues("hand", ids, l, null);
    }

    private static VertexValues ints(int[] v) {
        long[] l = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            l[i] = v[i];
        }
        return longs(l);
    }

    private static void line(StringBuilder out, String s) {
        out.append(s).append('\n');
        System.err.println(s);
    }
}
