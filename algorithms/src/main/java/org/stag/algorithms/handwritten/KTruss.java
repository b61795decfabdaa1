package org.stag.algorithms.handwritten;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.stag.algorithms.graph.Csr;

/**
 * The k-truss by support peeling (Wang and Cheng 2012, "Truss decomposition in massive networks"), over a model of
 * sorted sets and maps, independent of {@code ktruss.stag}'s repeated recomputation: the reference
 * {@code stag compare} checks it against, edge for edge.
 *
 * <p>The graph is taken as undirected and simple (an edge in either direction joins two vertices; self-loops are
 * ignored). Every edge's support (the triangles it closes) is counted once; then edges of support below
 * {@code k - 2} are removed one at a time, each lowering the support of the two other edges of every triangle it
 * still closed, until none is left below. What remains is the largest edge set in which every edge closes at least
 * {@code k - 2} triangles: the k-truss (every edge when {@code k <= 2}).
 */
public final class KTruss {
    private KTruss() {
    }

    /**
     * The edges of the k-truss, each once as {@code {u, v}} with {@code u < v} (internal ids): {@code [0]} the
     * sources, {@code [1]} the targets, sorted.
     */
    public static int[][] run(Csr g, int k) {
        int n = g.n();
        List<TreeSet<Integer>> adj = new ArrayList<>(n);
        for (int v = 0; v < n; v++) {
            adj.add(new TreeSet<>());
        }
        for (int u = 0; u < n; u++) {
            for (int p = g.outPtr()[u]; p < g.outPtr()[u + 1]; p++) {
                int v = g.outIdx()[p];
                if (u != v) {
                    adj.get(u).add(v);
                    adj.get(v).add(u);
                }
            }
        }
        Map<Long, Integer> support = new HashMap<>();
        ArrayDeque<Long> weak = new ArrayDeque<>();
        for (int u = 0; u < n; u++) {
            for (int v : adj.get(u).tailSet(u, false)) {
                int s = 0;
                for (int w : adj.get(u)) {
                    if (adj.get(v).contains(w)) {
                        s++;
                    }
                }
                support.put(key(u, v), s);
                if (s < k - 2) {
                    weak.add(key(u, v));
                }
            }
        }
        while (!weak.isEmpty()) {
            long e = weak.poll();
            int u = (int) (e >>> 32);
            int v = (int) e;
            if (!adj.get(u).contains(v)) {
                continue; // queued twice
            }
            adj.get(u).remove(v);
            adj.get(v).remove(u);
            support.remove(e);
            for (int w : adj.get(u)) {
                if (adj.get(v).contains(w)) {
                    lower(support, weak, u, w, k);
                    lower(support, weak, v, w, k);
                }
            }
        }
        int m = support.size();
        int[][] out = new int[2][m];
        int e = 0;
        for (int u = 0; u < n; u++) {
            for (int v : adj.get(u).tailSet(u, false)) {
                out[0][e] = u;
                out[1][e] = v;
                e++;
            }
        }
        return out;
    }

    /** One triangle of edge {@code {a, b}} is gone; queues the edge when that takes it below {@code k - 2}. */
    private static void lower(Map<Long, Integer> support, ArrayDeque<Long> weak, int a, int b, int k) {
        long e = key(Math.min(a, b), Math.max(a, b));
        int s = support.merge(e, -1, Integer::sum);
        if (s == k - 3) {
            weak.add(e);
        }
    }

    private static long key(int u, int v) {
        return (long) u << 32 | v;
    }
}
