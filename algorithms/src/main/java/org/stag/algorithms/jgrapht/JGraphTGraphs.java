package org.stag.algorithms.jgrapht;

import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultDirectedWeightedGraph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.DefaultUndirectedGraph;
import org.jgrapht.graph.DefaultUndirectedWeightedGraph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleGraph;
import org.stag.algorithms.graph.Csr;

/**
 * Builds JGraphT graphs from a {@link Csr}. Vertices are the internal ids {@code 0..n-1}, added in order.
 *
 * <p>The JGraphT classes used ({@code DefaultDirectedGraph}, {@code DefaultUndirectedGraph} and their
 * weighted forms) allow self-loops and refuse parallel edges. A stag graph has no parallel edges (the loader
 * merges duplicates), so every stored edge becomes one JGraphT edge:
 * <ul>
 *   <li>directed graphs and {@link #directed} forms: one edge per stored entry {@code u -> v};</li>
 *   <li>undirected graphs ({@link #unweighted} and {@link #weighted} of an undirected {@code Csr}): one
 *       undirected edge per mirrored pair, and one per self-loop.</li>
 * </ul>
 * How JGraphT counts a self-loop differs by direction: in a directed graph it is one out-edge and one
 * in-edge of its vertex, as in the CSR; in an undirected graph {@code degreeOf} (and so {@code outDegreeOf})
 * counts it twice while {@code edgesOf} lists it once. Algorithms that divide by degrees (PageRank)
 * therefore run on the directed form, where degrees equal the CSR's.
 */
public final class JGraphTGraphs {
    private JGraphTGraphs() {
    }

    /** The unweighted graph: directed for a directed {@code Csr}, undirected otherwise. */
    public static Graph<Integer, DefaultEdge> unweighted(Csr g) {
        return g.directed() ? directed(g) : undirected(g);
    }

    /** The unweighted directed graph with one edge per stored entry (both directions of an undirected edge). */
    public static Graph<Integer, DefaultEdge> directed(Csr g) {
        Graph<Integer, DefaultEdge> out = new DefaultDirectedGraph<>(DefaultEdge.class);
        addVertices(out, g.n());
        int[] ptr = g.outPtr();
        int[] idx = g.outIdx();
        for (int u = 0; u < g.n(); u++) {
            for (int p = ptr[u]; p < ptr[u + 1]; p++) {
                out.addEdge(u, idx[p]);
            }
        }
        return out;
    }

    /**
     * The undirected simple graph: every stored edge of a directed {@code Csr} taken in both directions, each pair
     * of vertices joined once, self-loops left out (the view of triangle counting and k-cores).
     */
    public static Graph<Integer, DefaultEdge> simple(Csr g) {
        Graph<Integer, DefaultEdge> out = new SimpleGraph<>(DefaultEdge.class);
        addVertices(out, g.n());
        int[] ptr = g.outPtr();
        int[] idx = g.outIdx();
        for (int u = 0; u < g.n(); u++) {
            for (int p = ptr[u]; p < ptr[u + 1]; p++) {
                if (idx[p] != u && !out.containsEdge(u, idx[p])) {
                    out.addEdge(u, idx[p]);
                }
            }
        }
        return out;
    }

    private static Graph<Integer, DefaultEdge> undirected(Csr g) {
        Graph<Integer, DefaultEdge> out = new DefaultUndirectedGraph<>(DefaultEdge.class);
        addVertices(out, g.n());
        int[] ptr = g.outPtr();
        int[] idx = g.outIdx();
        for (int u = 0; u < g.n(); u++) {
            for (int p = ptr[u]; p < ptr[u + 1]; p++) {
                if (idx[p] >= u) {
                    out.addEdge(u, idx[p]);
                }
            }
        }
        return out;
    }

    /**
     * The weighted graph (weight 1 per edge when the {@code Csr} is unweighted): directed for a directed
     * {@code Csr}, undirected otherwise.
     *
     * @throws IllegalArgumentException for an undirected graph whose two directions of an edge have different
     *                                  weights (a skew-symmetric input), which an undirected edge cannot hold
     */
    public static Graph<Integer, DefaultWeightedEdge> weighted(Csr g) {
        boolean directed = g.directed();
        Graph<Integer, DefaultWeightedEdge> out = directed
                ? new DefaultDirectedWeightedGraph<>(DefaultWeightedEdge.class)
                : new DefaultUndirectedWeightedGraph<>(DefaultWeightedEdge.class);
        addVertices(out, g.n());
        int[] ptr = g.outPtr();
        int[] idx = g.outIdx();
        double[] w = g.outWeights();
        for (int u = 0; u < g.n(); u++) {
            for (int p = ptr[u]; p < ptr[u + 1]; p++) {
                int v = idx[p];
                if (!directed && v < u) {
                    continue;
                }
                double weight = w == null ? 1.0 : w[p];
                if (!directed && v != u && w != null) {
                    double back = w[position(g, v, u)];
                    if (Double.compare(back, weight) != 0) {
                        throw new IllegalArgumentException("edge " + g.external(u) + " - " + g.external(v)
                                + " weighs " + weight + " one way and " + back + " the other;"
                                + " an undirected JGraphT edge has one weight");
                    }
                }
                DefaultWeightedEdge e = out.addEdge(u, v);
                out.setEdgeWeight(e, weight);
            }
        }
        return out;
    }

    private static <E> void addVertices(Graph<Integer, E> graph, int n) {
        for (int v = 0; v < n; v++) {
            graph.addVertex(v);
        }
    }

    /** The position of the stored entry {@code u -> v}, which must exist. */
    private static int position(Csr g, int u, int v) {
        int lo = g.outPtr()[u];
        int hi = g.outPtr()[u + 1] - 1;
        int[] idx = g.outIdx();
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (idx[mid] < v) {
                lo = mid + 1;
            } else if (idx[mid] > v) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        throw new IllegalStateException("undirected graph without the mirror of " + u + " -> " + v);
    }
}
