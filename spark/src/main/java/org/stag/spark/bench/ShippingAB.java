package org.stag.spark.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaSparkContext;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.tensor.Format;
import org.stag.loaders.LoadOptions;
import org.stag.spark.exec.Shipping;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.read.GraphFiles;
import org.stag.spark.run.Contexts;
import org.stag.spark.run.SparkRun;

/**
 * Vertex vectors by broadcast against only the entries each partition reads ({@link Shipping}), side by side in one
 * run on one partitioned graph: PageRank, BFS, SSSP and WCC alternate between the two {@code repeat} times; prints
 * the median run time and the bytes shipped to the tasks per run.
 *
 * <pre>java ... org.stag.spark.bench.ShippingAB GRAPH.wel MASTER PARTITIONS REPEAT [--undirected]</pre>
 */
public final class ShippingAB {
    private ShippingAB() {
    }

    /** Runs the comparison. */
    public static void main(String[] args) {
        String path = args[0];
        int p = Integer.parseInt(args[2]);
        int repeat = Integer.parseInt(args[3]);
        boolean undirected = args.length > 4 && args[4].equals("--undirected");
        JavaSparkContext sc = Contexts.start(args[1], "stag shipping A/B");
        try (PartitionedGraph g = GraphFiles.read(sc, path, LoadOptions.defaults().withDirected(!undirected), p,
                Format.csr())) {
            SparkRun run = new SparkRun(new DefinitionCompiler());
            System.out.println("| algorithm | broadcast ms | needed ms | needed / broadcast | broadcast MB shipped | needed MB shipped |");
            System.out.println("|---|---|---|---|---|---|");
            for (Algorithm a : List.of(Algorithm.PAGERANK, Algorithm.BFS, Algorithm.SSSP, Algorithm.WCC)) {
                double[][] t = new double[2][repeat];
                long[] bytes = new long[2];
                for (int k = -1; k < repeat; k++) {
                    for (Shipping s : Shipping.values()) {
                        RunSettings settings = new RunSettings().threads(2);
                        if (a == Algorithm.BFS || a == Algorithm.SSSP) {
                            settings.source(0L);
                        }
                        SparkRun.Outcome o = run.run(a.program(), a, g, settings, s, null);
                        if (k >= 0) {
                            t[s.ordinal()][k] = o.result().runSeconds();
                            bytes[s.ordinal()] = o.stats().shippedBytes();
                        }
                    }
                }
                double b = median(t[0]) * 1e3;
                double n = median(t[1]) * 1e3;
                System.out.println(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.2f | %.1f | %.1f |", a.id(), b, n,
                        n / b, bytes[0] / 1e6, bytes[1] / 1e6));
            }
        } finally {
            sc.stop();
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
