package org.stag.spark.run;

import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.spark.graph.PartitionedGraph;

/**
 * SSSP's needs before it runs, computed in the partitions: every weight finite and non-negative (the first
 * offending edge named as a single JVM names it), and the default bucket width, the mean weight but at least a
 * 1024th of the largest (1 for an unweighted graph), as {@code handwritten.Sssp.defaultDelta}.
 */
final class Weights {
    private static final int MAX_RING = 1024;

    private Weights() {
    }

    static void check(PartitionedGraph graph, RunSettings s, CheckedProgram p) {
        long base = graph.meta().idBase();
        String source = graph.meta().source();
        // Per block: edges, sum, max, and the first bad edge (row, column, weight) or -1.
        double[][] parts = graph.blocks().map(b -> {
            Graph g = b.out();
            double[] w = g.weights();
            int[] rp = g.rowPtr();
            int[] col = g.colIdx();
            double sum = 0;
            double max = 0;
            for (int v = b.lo(); v < b.hi(); v++) {
                for (int q = rp[v]; q < rp[v + 1]; q++) {
                    double x = w == null ? 1.0 : w[q];
                    if (!(x >= 0.0) || Double.isInfinite(x)) {
                        return new double[] {0, 0, 0, v, col[q], x};
                    }
                    sum += x;
                    max = Math.max(max, x);
                }
            }
            return new double[] {rp[b.hi()] - rp[b.lo()], sum, max, -1, 0, 0};
        }).collect().toArray(new double[0][]);
        double edges = 0;
        double sum = 0;
        double max = 0;
        for (double[] b : parts) {
            if (b[3] >= 0) {
                double x = b[5];
                throw new BadInputException("sssp: " + (x < 0 ? "negative" : "non-finite") + " weight " + x + " on edge "
                        + ((long) b[3] + base) + " -> " + ((long) b[4] + base) + " of " + source
                        + "; shortest paths need finite non-negative weights");
            }
            edges += b[0];
            sum += b[1];
            max = Math.max(max, b[2]);
        }
        boolean declares = p.parameters().stream().anyMatch(x -> x.name().equals("delta"));
        if (declares && !s.params().containsKey("delta")) {
            double delta = max == 0.0 || !graph.meta().weighted() ? 1.0 : Math.max(sum / edges, max / MAX_RING);
            s.param("delta", Double.toString(delta));
        }
    }
}
