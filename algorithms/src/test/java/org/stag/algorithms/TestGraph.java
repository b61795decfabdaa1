package org.stag.algorithms;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.stag.algorithms.graph.Csr;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * A small graph for tests, kept both as the plain list of its arcs (for the naive implementations in
 * {@link Naive}) and as the {@link Csr} built through the loaders' {@link GraphBuilder}.
 *
 * @param n        vertices
 * @param directed whether edges are one-way
 * @param ids      the input's id of each internal vertex
 * @param src      arc sources (an undirected edge is two arcs, a self-loop one)
 * @param dst      arc targets
 * @param weight   arc weights, or {@code null} when unweighted
 * @param csr      the same graph as stag loads it
 */
public record TestGraph(int n, boolean directed, long[] ids, int[] src, int[] dst, double[] weight, Csr csr) {

    /** Number of arcs. */
    public int arcs() {
        return src.length;
    }

    /** The weight of arc {@code k} (1 when unweighted). */
    public double w(int k) {
        return weight == null ? 1.0 : weight[k];
    }

    /**
     * Builds a graph from edges {@code {u, v}} (internal ids) with optional weights; an undirected graph lists
     * each edge once. Ids are {@code ids[v]}, or {@code v} when {@code ids} is {@code null}.
     */
    public static TestGraph of(int n, boolean directed, int[][] edges, double[] weights, long[] ids) {
        Map<Long, Double> unique = new LinkedHashMap<>();
        for (int k = 0; k < edges.length; k++) {
            int u = edges[k][0];
            int v = edges[k][1];
            if (!directed && u > v) {
                int t = u;
                u = v;
                v = t;
            }
            unique.putIfAbsent(((long) u << 32) | v, weights == null ? 1.0 : weights[k]);
        }
        int m = unique.size();
        int[] s = new int[m];
        int[] d = new int[m];
        double[] w = weights == null ? null : new double[m];
        int k = 0;
        for (Map.Entry<Long, Double> e : unique.entrySet()) {
            s[k] = (int) (e.getKey() >>> 32);
            d[k] = (int) (long) e.getKey();
            if (w != null) {
                w[k] = e.getValue();
            }
            k++;
        }
        long[] external = ids != null ? ids.clone() : new long[n];
        if (ids == null) {
            for (int v = 0; v < n; v++) {
                external[v] = v;
            }
        }
        EdgeList list = new EdgeList("test", n, n, s, d, w, m, directed ? Symmetry.GENERAL : Symmetry.SYMMETRIC,
                w == null ? ValueKind.PATTERN : ValueKind.REAL, VertexIds.explicit(external), null);
        Graph g = GraphBuilder.build(list, DuplicatePolicy.ERROR, 1);
        List<int[]> arcs = new ArrayList<>();
        List<Double> arcWeights = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            arcs.add(new int[] {s[i], d[i]});
            arcWeights.add(w == null ? 1.0 : w[i]);
            if (!directed && s[i] != d[i]) {
                arcs.add(new int[] {d[i], s[i]});
                arcWeights.add(w == null ? 1.0 : w[i]);
            }
        }
        int[] as = new int[arcs.size()];
        int[] ad = new int[arcs.size()];
        double[] aw = w == null ? null : new double[arcs.size()];
        for (int i = 0; i < as.length; i++) {
            as[i] = arcs.get(i)[0];
            ad[i] = arcs.get(i)[1];
            if (aw != null) {
                aw[i] = arcWeights.get(i);
            }
        }
        return new TestGraph(n, directed, external, as, ad, aw, Csr.of(g));
    }

    /**
     * A random graph: {@code n} vertices, about {@code m} edges drawn uniformly (some self-loops), weights
     * from {0, 0.25, ..., 5} or uniform reals when {@code weighted}, and vertex ids scrambled (distinct,
     * not in internal order) so that results depending on the input's numbering are exercised.
     */
    public static TestGraph random(long seed, int n, int m, boolean directed, boolean weighted) {
        SplittableRandom r = new SplittableRandom(seed);
        int[][] edges = new int[m][];
        double[] w = weighted ? new double[m] : null;
        for (int k = 0; k < m; k++) {
            edges[k] = new int[] {r.nextInt(n), r.nextInt(n)};
            if (w != null) {
                w[k] = r.nextBoolean() ? r.nextInt(21) * 0.25 : r.nextDouble() * 3.0;
            }
        }
        int[] perm = new int[n];
        for (int v = 0; v < n; v++) {
            perm[v] = v;
        }
        for (int v = n - 1; v > 0; v--) {
            int j = r.nextInt(v + 1);
            int t = perm[v];
            perm[v] = perm[j];
            perm[j] = t;
        }
        long base = r.nextLong(1L << 40);
        long[] ids = new long[n];
        for (int v = 0; v < n; v++) {
            ids[v] = base + 7L * perm[v];
        }
        return of(n, directed, edges, w, ids);
    }
}
