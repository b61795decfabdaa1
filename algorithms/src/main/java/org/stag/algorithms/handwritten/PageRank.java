package org.stag.algorithms.handwritten;

import java.util.Arrays;
import org.stag.algorithms.graph.Csr;

/**
 * PageRank with LDBC Graphalytics semantics, pull formulation.
 *
 * <p>Every vertex starts at {@code 1/n}. Each of a fixed number of iterations (there is no convergence test)
 * computes, for every vertex {@code v},
 * <pre>
 *   r'(v) = (1 - d) / n + d * (sum over in-neighbours u of r(u) / outdeg(u)  +  D / n)
 * </pre>
 * where {@code D} is the sum of {@code r} over the vertices without out-edges ("dangling" vertices), whose
 * rank is thus spread evenly over all vertices. An undirected graph counts each edge in both directions; a
 * self-loop is one out-edge and one in-edge of its vertex.
 *
 * <p>Each vertex sums its in-neighbours' contributions in in-row order, and {@code D} is summed per
 * {@linkplain VertexBlocks block} and then over blocks in block order, so the result has the same bits on
 * any number of threads. Contributions {@code r(u) / outdeg(u)} are stored as {@code float}, as stag's
 * {@code pagerank.stag} stores them (the pull reads them at random; half the bytes keep more in cache), and
 * summed in {@code double}. Memory: two arrays of {@code n} doubles and one of {@code n} floats.
 */
public final class PageRank {
    private PageRank() {
    }

    /**
     * Runs PageRank.
     *
     * @param iterations the number of iterations, at least 0 (0 returns the initial {@code 1/n})
     * @param damping    the damping factor {@code d}, in {@code [0, 1]}
     * @param threads    worker threads, at least 1
     * @return the rank of every vertex, indexed by internal id
     */
    public static double[] run(Csr g, int iterations, double damping, int threads) {
        if (iterations < 0) {
            throw new IllegalArgumentException("iterations must be at least 0, got " + iterations);
        }
        if (!(damping >= 0.0 && damping <= 1.0)) {
            throw new IllegalArgumentException("damping must be in [0, 1], got " + damping);
        }
        VertexBlocks.checkThreads(threads);
        int n = g.n();
        double[] rank = new double[n];
        if (n == 0) {
            return rank;
        }
        Arrays.fill(rank, 1.0 / n);
        double[] next = new double[n];
        float[] contrib = new float[n];
        double[] danglingPerBlock = new double[VertexBlocks.count(n)];
        int[] outPtr = g.outPtr();
        int[] inPtr = g.inPtr();
        int[] inIdx = g.inIdx();
        double base = (1.0 - damping) / n;
        for (int it = 0; it < iterations; it++) {
            double[] r = rank;
            VertexBlocks.forEach(threads, n, b -> {
                double dangling = 0.0;
                for (int u = VertexBlocks.start(b), end = VertexBlocks.end(b, n); u < end; u++) {
                    int deg = outPtr[u + 1] - outPtr[u];
                    if (deg == 0) {
                        contrib[u] = 0.0f;
                        dangling += r[u];
                    } else {
                        contrib[u] = (float) (r[u] / deg);
                    }
                }
                danglingPerBlock[b] = dangling;
            });
            double dangling = 0.0;
            for (double d : danglingPerBlock) {
                dangling += d;
            }
            double spread = dangling / n;
            double[] out = next;
            VertexBlocks.forEach(threads, n, b -> {
                for (int v = VertexBlocks.start(b), end = VertexBlocks.end(b, n); v < end; v++) {
                    double incoming = 0.0;
                    for (int p = inPtr[v], stop = inPtr[v + 1]; p < stop; p++) {
                        incoming += contrib[inIdx[p]];
                    }
                    out[v] = base + damping * (incoming + spread);
                }
            });
            next = rank;
            rank = out;
        }
        return rank;
    }
}
