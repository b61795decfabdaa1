package org.stag.spark.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.DefaultSource;
import org.stag.algorithms.run.RunSettings;
import org.stag.algorithms.run.VertexValues;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;
import org.stag.spark.exec.Shipping;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.read.GraphFiles;
import org.stag.spark.run.Contexts;
import org.stag.spark.run.SparkRun;

/**
 * stag on Spark beside GraphX on the same Spark, and beside stag in one JVM, in one process and one run: PageRank
 * ({@code iterations}) against {@code graphx.lib.PageRank}, WCC against {@code ConnectedComponents}, BFS hop
 * counts against {@code ShortestPaths} from the same source, SSSP against GraphX's Pregel SSSP. Every result but
 * PageRank's (GraphX's has other semantics: no dangling mass, unnormalised) is checked against stag's. Each
 * runs once untimed, then all run round-robin {@code --repeat} times; medians are reported with the ratios
 * GraphX / stag on Spark (target at least 10) and stag on Spark / stag in one JVM with the same threads (the
 * COST ratio, target at most 2.5).
 *
 * <pre>java ... org.stag.spark.bench.GraphXSideBySide --graph G.wel --undirected [--master local[2]]
 *     [--partitions P] [--threads T] [--source S] [--iterations 20] [--repeat 3] [--out FILE.md]</pre>
 */
public final class GraphXSideBySide {
    private GraphXSideBySide() {
    }

    /** Runs the comparison as the arguments say; prints the table and writes it to {@code --out}. */
    public static void main(String[] args) throws IOException {
        Map<String, String> o = options(args);
        String path = o.get("--graph");
        String master = o.getOrDefault("--master", "local[2]");
        boolean undirected = o.containsKey("--undirected");
        int threads = Integer.parseInt(o.getOrDefault("--threads", "2"));
        int iterations = Integer.parseInt(o.getOrDefault("--iterations", "20"));
        int repeat = Integer.parseInt(o.getOrDefault("--repeat", "3"));
        Format format = GraphTensor.format(o.getOrDefault("--format", "dense,compressed"));
        LoadOptions load = LoadOptions.defaults().withThreads(threads).withDirected(!undirected);
        JavaSparkContext sc = Contexts.start(master, "stag vs GraphX");
        int p = Integer.parseInt(o.getOrDefault("--partitions", Integer.toString(sc.defaultParallelism())));
        StringBuilder md = new StringBuilder();
        try {
            long t0 = System.nanoTime();
            Graph g = GraphLoader.load(Path.of(path), load);
            double oneLoad = (System.nanoTime() - t0) / 1e9;
            long source = Long.parseLong(o.getOrDefault("--source", Long.toString(DefaultSource.of(g, path).id())));
            t0 = System.nanoTime();
            PartitionedGraph pg = GraphFiles.read(sc, path, load, p, format);
            double sparkLoad = (System.nanoTime() - t0) / 1e9;
            t0 = System.nanoTime();
            GraphXPrograms gx = GraphXPrograms.load(sc, path, undirected, p);
            double graphxLoad = (System.nanoTime() - t0) / 1e9;
            int n = g.numVertices();
            DefinitionCompiler compiler = new DefinitionCompiler();
            GraphTensor tensors = GraphTensor.of(g, format, threads);
            AlgorithmRunner one = new AlgorithmRunner(compiler);
            SparkRun spark = new SparkRun(compiler);
            md.append(String.format(Locale.ROOT, "graph %s: %d vertices, %d stored edges; master %s, %d partitions;"
                    + " one JVM with %d threads; source %d; %d timed rounds (medians, ms)%n%n", path, n, g.numEdges(),
                    master, p, threads, source, repeat));
            md.append(String.format(Locale.ROOT, "load: one JVM %.2f s, stag on Spark %.2f s, GraphX %.2f s%n%n",
                    oneLoad, sparkLoad, graphxLoad));
            md.append("| algorithm | stag on Spark | GraphX | GraphX / stag on Spark | stag, one JVM | stag on Spark / one JVM |\n");
            md.append("|---|---|---|---|---|---|\n");
            for (Algorithm a : List.of(Algorithm.PAGERANK, Algorithm.WCC, Algorithm.BFS, Algorithm.SSSP)) {
                RunSettings s = new RunSettings().format(format).threads(threads).startAt(a, source);
                if (a.takes(Setting.ITERATIONS)) {
                    s.iterations(iterations);
                }
                AlgorithmRunner.Prepared local = one.prepare(a.program(), a, tensors, s);
                VertexValues mine = local.run(false).values();
                VertexValues onSpark = spark.run(a.program(), a, pg, s, Shipping.BROADCAST, null).result().values();
                check(a, mine, onSpark);
                check(a, mine, graphx(gx, a, iterations, source, n));
                double[] ts = new double[repeat];
                double[] tg = new double[repeat];
                double[] t1 = new double[repeat];
                for (int k = 0; k < repeat; k++) {
                    ts[k] = spark.run(a.program(), a, pg, s, Shipping.BROADCAST, null).result().runSeconds();
                    long g0 = System.nanoTime();
                    graphx(gx, a, iterations, source, n);
                    tg[k] = (System.nanoTime() - g0) / 1e9;
                    t1[k] = local.run(false).runSeconds();
                }
                double ms = median(ts) * 1e3;
                double mg = median(tg) * 1e3;
                double m1 = median(t1) * 1e3;
                md.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f | %.2f |%n", a.id(), ms, mg,
                        mg / ms, m1, ms / m1));
            }
            gx.close();
            pg.close();
        } finally {
            sc.stop();
        }
        System.out.print(md);
        if (o.containsKey("--out")) {
            Files.writeString(Path.of(o.get("--out")), md.toString());
        }
    }

    private static Object graphx(GraphXPrograms gx, Algorithm a, int iterations, long source, int n) {
        return switch (a) {
            case PAGERANK -> gx.pageRank(iterations, 0.85, n);
            case WCC -> gx.connectedComponents(n);
            case BFS -> gx.hops(source, n);
            case SSSP -> gx.sssp(source, n);
            default -> throw new IllegalArgumentException(a.id());
        };
    }

    /** Checks GraphX's or stag on Spark's result against stag's (GraphX's PageRank is not comparable). */
    private static void check(Algorithm a, VertexValues mine, Object other) {
        if (other instanceof VertexValues v) {
            if (!Arrays.equals(mine.longs(), v.longs()) || !Arrays.equals(mine.doubles(), v.doubles())) {
                throw new IllegalStateException(a.id() + ": stag on Spark differs from stag in one JVM");
            }
            return;
        }
        switch (a) {
            case WCC, BFS -> {
                long[] theirs = (long[]) other;
                for (int v = 0; v < theirs.length; v++) {
                    long expected = mine.longs()[v];
                    if (a == Algorithm.BFS && expected == Long.MAX_VALUE) {
                        expected = -1;
                    }
                    // GraphX knows only the vertices that have edges: -1 for the others (unreached by BFS too).
                    if (theirs[v] != expected && !(a == Algorithm.WCC && theirs[v] == -1)) {
                        throw new IllegalStateException(a.id() + ": GraphX gives " + theirs[v] + " for vertex " + v
                                + ", stag " + expected);
                    }
                }
            }
            case SSSP -> {
                double[] theirs = (double[]) other;
                for (int v = 0; v < theirs.length; v++) {
                    double x = mine.doubles()[v];
                    double y = theirs[v];
                    if (Double.compare(x, y) != 0 && Math.abs(x - y) > 1e-9 * Math.max(Math.abs(x), Math.abs(y))) {
                        throw new IllegalStateException("sssp: GraphX gives " + y + " for vertex " + v + ", stag " + x);
                    }
                }
            }
            default -> {
            }
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> o = new LinkedHashMap<>();
        List<String> flags = new ArrayList<>(List.of("--undirected"));
        for (int k = 0; k < args.length; k++) {
            if (flags.contains(args[k])) {
                o.put(args[k], "");
            } else if (k + 1 < args.length) {
                o.put(args[k], args[++k]);
            } else {
                throw new IllegalArgumentException("missing value of " + args[k]);
            }
        }
        if (!o.containsKey("--graph")) {
            throw new IllegalArgumentException("usage: GraphXSideBySide --graph G.el|G.wel [--undirected] [--master M]"
                    + " [--partitions P] [--threads T] [--source S] [--iterations K] [--repeat R] [--out FILE.md]");
        }
        return o;
    }
}
