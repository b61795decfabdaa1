package org.stag.algorithms.handwritten;

import java.util.Arrays;
import org.stag.algorithms.graph.Csr;
import org.stag.loaders.Parallel;

/**
 * Betweenness centrality by Brandes' algorithm on unweighted shortest paths (a breadth-first search per
 * source, then dependencies accumulated in reverse BFS order along successor edges, as GAP does), from all
 * sources or a given sample.
 *
 * <p>{@code bc(v)} sums, over the sources {@code s != v} and targets {@code t != v, s}, the fraction of
 * shortest {@code s -> t} paths that pass through {@code v}, with unnormalised scores. Directed graphs follow
 * edge direction. For an undirected graph the result is the standard undirected value, where each unordered
 * pair {@code {s, t}} counts once: exactly half of the sum over ordered pairs (the "directed sum" over the
 * mirrored graph), which is what this computes before halving. With a sample of sources the same halving
 * applies, so a full sample gives the exact value. Path counts are doubles.
 *
 * <p>Sources are taken in groups of {@link #GROUP} in the given order; each group sums its sources'
 * dependencies into its own buffer, and the buffers are added to the result in group order. Groups run in
 * parallel a wave at a time, one per thread with per-thread search buffers, so the result has the same
 * bits on any number of threads. Memory per thread: five arrays of {@code n}.
 */
public final class Betweenness {
    /** Sources per group: the fixed unit whose partial sums are merged in order. */
    public static final int GROUP = 16;

    private Betweenness() {
    }

    /** From every vertex; see {@link #run(Csr, int[], int)}. */
    public static double[] run(Csr g, int threads) {
        int[] all = new int[g.n()];
        for (int v = 0; v < all.length; v++) {
            all[v] = v;
        }
        return run(g, all, threads);
    }

    /**
     * Betweenness from the given sources (internal ids, used in this order; repeats count repeatedly).
     *
     * @param threads worker threads, at least 1
     * @return the score of every vertex, by internal id
     */
    public static double[] run(Csr g, int[] sources, int threads) {
        VertexBlocks.checkThreads(threads);
        int n = g.n();
        for (int s : sources) {
            if (s < 0 || s >= n) {
                throw new IllegalArgumentException("source " + s + " out of range 0.." + (n - 1));
            }
        }
        double[] bc = new double[n];
        int groups = (sources.length + GROUP - 1) / GROUP;
        int slots = Math.max(1, Math.min(threads, groups));
        Search[] search = new Search[slots];
        for (int i = 0; i < slots; i++) {
            search[i] = new Search(n);
        }
        for (int first = 0; first < groups; first += slots) {
            int wave = Math.min(slots, groups - first);
            int base = first;
            Parallel.forEachBlock(threads, wave, i -> {
                Search s = search[i];
                Arrays.fill(s.partial, 0.0);
                int from = (base + i) * GROUP;
                int to = Math.min(sources.length, from + GROUP);
                for (int k = from; k < to; k++) {
                    s.accumulate(g, sources[k]);
                }
            });
            for (int i = 0; i < wave; i++) {
                double[] partial = search[i].partial;
                for (int v = 0; v < n; v++) {
                    bc[v] += partial[v];
                }
            }
        }
        if (!g.directed()) {
            for (int v = 0; v < n; v++) {
                bc[v] /= 2.0;
            }
        }
        return bc;
    }

    /** One thread's buffers for single-source searches. */
    private static final class Search {
        final int[] dist;
        final double[] sigma;
        final double[] delta;
        final int[] order;
        final double[] partial;

        Search(int n) {
            dist = new int[n];
            sigma = new double[n];
            delta = new double[n];
            order = new int[n];
            partial = new double[n];
            Arrays.fill(dist, -1);
        }

        /** Adds the dependencies of every vertex on {@code source} to {@code partial}. */
        void accumulate(Csr g, int source) {
            int[] outPtr = g.outPtr();
            int[] outIdx = g.outIdx();
            dist[source] = 0;
            sigma[source] = 1.0;
            order[0] = source;
            int tail = 1;
            for (int head = 0; head < tail; head++) {
                int u = order[head];
                int du = dist[u];
                double su = sigma[u];
                for (int p = outPtr[u], end = outPtr[u + 1]; p < end; p++) {
                    int v = outIdx[p];
                    if (dist[v] < 0) {
                        dist[v] = du + 1;
                        order[tail++] = v;
                    }
                    if (dist[v] == du + 1) {
                        sigma[v] += su;
                    }
                }
            }
            for (int i = tail - 1; i >= 0; i--) {
                int u = order[i];
                int next = dist[u] + 1;
                double su = sigma[u];
                double d = 0.0;
                for (int p = outPtr[u], end = outPtr[u + 1]; p < end; p++) {
                    int v = outIdx[p];
                    if (dist[v] == next) {
                        d += su / sigma[v] * (1.0 + delta[v]);
                    }
                }
                delta[u] = d;
                if (u != source) {
                    partial[u] += d;
                }
            }
            for (int i = 0; i < tail; i++) {
                int u = order[i];
                dist[u] = -1;
                sigma[u] = 0.0;
                delta[u] = 0.0;
            }
        }
    }
}
