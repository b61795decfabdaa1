package org.stag.algorithms.handwritten;

import java.util.Arrays;
import org.stag.algorithms.graph.Csr;

/**
 * Personalized PageRank from one source, push formulation, for a fixed number of iterations.
 *
 * <p>The ranks start at the source's unit vector {@code e_s}. Each iteration computes
 * <pre>
 *   r'(v) = d * sum over in-neighbours u of r(u) / outdeg(u)  +  [v = s] * ((1 - d) + d * D)
 * </pre>
 * where {@code D} is the sum of {@code r} over the vertices without out-edges ("dangling"): a walk restarts at
 * the source with probability {@code 1 - d}, and from a dangling vertex always. The ranks keep summing to 1. An
 * undirected graph counts each edge in both directions; a self-loop is one out-edge and one in-edge.
 *
 * <p>It pushes each vertex's share along its out-edges in one thread, where {@code ppr.stag} pulls along the
 * in-edges: the two sum in different orders, so they agree within rounding. Memory: two arrays of {@code n}
 * doubles.
 */
public final class PersonalizedPageRank {
    private PersonalizedPageRank() {
    }

    /**
     * Runs personalized PageRank.
     *
     * @param source     the source, an internal id
     * @param iterations the number of iterations, at least 0 (0 returns {@code e_s})
     * @param damping    the damping factor {@code d}, in {@code [0, 1]}
     * @return the rank of every vertex, indexed by internal id
     */
    public static double[] run(Csr g, int source, int iterations, double damping) {
        int n = g.n();
        if (source < 0 || source >= n) {
            throw new IllegalArgumentException("source " + source + " is not a vertex (0.." + (n - 1) + ")");
        }
        if (iterations < 0) {
            throw new IllegalArgumentException("iterations must be at least 0, got " + iterations);
        }
        if (!(damping >= 0.0 && damping <= 1.0)) {
            throw new IllegalArgumentException("damping must be in [0, 1], got " + damping);
        }
        double[] rank = new double[n];
        double[] next = new double[n];
        rank[source] = 1.0;
        int[] ptr = g.outPtr();
        int[] idx = g.outIdx();
        for (int it = 0; it < iterations; it++) {
            Arrays.fill(next, 0.0);
            double dangling = 0.0;
            for (int u = 0; u < n; u++) {
                int deg = ptr[u + 1] - ptr[u];
                if (deg == 0) {
                    dangling += rank[u];
                    continue;
                }
                double share = damping * rank[u] / deg;
                for (int p = ptr[u]; p < ptr[u + 1]; p++) {
                    next[idx[p]] += share;
                }
            }
            next[source] += (1.0 - damping) + damping * dangling;
            double[] t = rank;
            rank = next;
            next = t;
        }
        return rank;
    }
}
