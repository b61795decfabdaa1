package org.stag.algorithms;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Straightforward implementations of the definitions, written for clarity over the plain arc list of a
 * {@link TestGraph} (no CSR), to check the hand-written ones against.
 */
final class Naive {
    private Naive() {
    }

    /** BFS by a queue over the arc list, scanning every arc of each dequeued vertex. */
    static long[] bfs(TestGraph g, int source) {
        long[] depth = new long[g.n()];
        Arrays.fill(depth, Long.MAX_VALUE);
        depth[source] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(source);
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (int k = 0; k < g.arcs(); k++) {
                if (g.src()[k] == u && depth[g.dst()[k]] == Long.MAX_VALUE) {
                    depth[g.dst()[k]] = depth[u] + 1;
                    queue.add(g.dst()[k]);
                }
            }
        }
        return depth;
    }

    /** Bellman-Ford: relax every arc until nothing changes. */
    static double[] sssp(TestGraph g, int source) {
        double[] dist = new double[g.n()];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[source] = 0.0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = 0; k < g.arcs(); k++) {
                double nd = dist[g.src()[k]] + g.w(k);
                if (nd < dist[g.dst()[k]]) {
                    dist[g.dst()[k]] = nd;
                    changed = true;
                }
            }
        }
        return dist;
    }

    /** LDBC's WCC pseudo-code: every vertex takes the smallest label of a neighbour, until nothing changes. */
    static int[] wcc(TestGraph g) {
        int[] comp = new int[g.n()];
        for (int v = 0; v < comp.length; v++) {
            comp[v] = v;
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = 0; k < g.arcs(); k++) {
                int a = g.src()[k];
                int b = g.dst()[k];
                int min = Math.min(comp[a], comp[b]);
                if (comp[a] != min || comp[b] != min) {
                    comp[a] = min;
                    comp[b] = min;
                    changed = true;
                }
            }
        }
        return comp;
    }

    /** The definition: ordered pairs of distinct neighbours joined by an arc, over d(d-1). */
    static double[] lcc(TestGraph g) {
        Set<Long> arcs = new HashSet<>();
        for (int k = 0; k < g.arcs(); k++) {
            arcs.add(((long) g.src()[k] << 32) | g.dst()[k]);
        }
        double[] lcc = new double[g.n()];
        for (int v = 0; v < g.n(); v++) {
            Set<Integer> nbrs = new HashSet<>();
            for (int k = 0; k < g.arcs(); k++) {
                if (g.src()[k] == v) {
                    nbrs.add(g.dst()[k]);
                }
                if (g.dst()[k] == v) {
                    nbrs.add(g.src()[k]);
                }
            }
            nbrs.remove(v);
            int d = nbrs.size();
            if (d < 2) {
                continue;
            }
            long t = 0;
            for (int u : nbrs) {
                for (int w : nbrs) {
                    if (u != w && arcs.contains(((long) u << 32) | w)) {
                        t++;
                    }
                }
            }
            lcc[v] = (double) t / ((double) d * (d - 1));
        }
        return lcc;
    }

    /** LDBC's CDLP pseudo-code: a histogram of in- and out-neighbours' labels (ids from the input). */
    static long[] cdlp(TestGraph g, int iterations) {
        long[] labels = g.ids().clone();
        for (int it = 0; it < iterations; it++) {
            long[] next = new long[g.n()];
            for (int v = 0; v < g.n(); v++) {
                Map<Long, Integer> histogram = new HashMap<>();
                for (int k = 0; k < g.arcs(); k++) {
                    if (g.dst()[k] == v) {
                        histogram.merge(labels[g.src()[k]], 1, Integer::sum);
                    }
                    if (g.src()[k] == v) {
                        histogram.merge(labels[g.dst()[k]], 1, Integer::sum);
                    }
                }
                if (histogram.isEmpty()) {
                    next[v] = labels[v];
                    continue;
                }
                int max = histogram.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
                next[v] = histogram.entrySet().stream().filter(e -> e.getValue() == max)
                        .mapToLong(Map.Entry::getKey).min().orElseThrow();
            }
            labels = next;
        }
        return labels;
    }

    /** LDBC's PageRank pseudo-code over the arc list. */
    static double[] pageRank(TestGraph g, int iterations, double d) {
        int n = g.n();
        int[] outdeg = new int[n];
        for (int k = 0; k < g.arcs(); k++) {
            outdeg[g.src()[k]]++;
        }
        double[] rank = new double[n];
        Arrays.fill(rank, 1.0 / n);
        for (int it = 0; it < iterations; it++) {
            double sink = 0;
            for (int v = 0; v < n; v++) {
                if (outdeg[v] == 0) {
                    sink += rank[v];
                }
            }
            double[] sum = new double[n];
            for (int k = 0; k < g.arcs(); k++) {
                sum[g.dst()[k]] += rank[g.src()[k]] / outdeg[g.src()[k]];
            }
            double[] next = new double[n];
            for (int v = 0; v < n; v++) {
                next[v] = (1 - d) / n + d * sum[v] + d / n * sink;
            }
            rank = next;
        }
        return rank;
    }

    /**
     * Betweenness from the definition: for every ordered pair (s, t) of distinct vertices with a path, the
     * share of shortest paths through each v, using BFS distances and path counts from every vertex
     * ({@code sigma_st(v) = sigma_sv * sigma_vt} when {@code v} lies on a shortest path). Halved when undirected.
     */
    static double[] betweenness(TestGraph g) {
        int n = g.n();
        long[][] dist = new long[n][];
        double[][] sigma = new double[n][];
        for (int s = 0; s < n; s++) {
            dist[s] = bfs(g, s);
            sigma[s] = new double[n];
            sigma[s][s] = 1;
            Integer[] order = new Integer[n];
            for (int v = 0; v < n; v++) {
                order[v] = v;
            }
            long[] ds = dist[s];
            Arrays.sort(order, (a, b) -> Long.compare(ds[a], ds[b]));
            for (int v : order) {
                if (ds[v] == Long.MAX_VALUE || v == s) {
                    continue;
                }
                for (int k = 0; k < g.arcs(); k++) {
                    if (g.dst()[k] == v && ds[g.src()[k]] == ds[v] - 1) {
                        sigma[s][v] += sigma[s][g.src()[k]];
                    }
                }
            }
        }
        double[] bc = new double[n];
        for (int s = 0; s < n; s++) {
            for (int t = 0; t < n; t++) {
                if (s == t || dist[s][t] == Long.MAX_VALUE) {
                    continue;
                }
                for (int v = 0; v < n; v++) {
                    if (v == s || v == t || dist[s][v] == Long.MAX_VALUE || dist[v][t] == Long.MAX_VALUE) {
                        continue;
                    }
                    if (dist[s][v] + dist[v][t] == dist[s][t]) {
                        bc[v] += sigma[s][v] * sigma[v][t] / sigma[s][t];
                    }
                }
            }
        }
        if (!g.directed()) {
            for (int v = 0; v < n; v++) {
                bc[v] /= 2;
            }
        }
        return bc;
    }
}
