package org.stag.algorithms.jgrapht;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jgrapht.Graph;
import org.jgrapht.GraphType;
import org.stag.loaders.BadInputException;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * Builds a stag graph from a JGraphT graph: the loader's {@link org.stag.loaders.Graph} (sorted CSR rows), from
 * which {@code GraphTensor.of} or {@code DynamicGraph.of} makes any format. A directed graph gives a directed
 * stag graph, an undirected one an undirected (mirrored) graph; a weighted graph keeps its weights, an
 * unweighted one is a pattern. Vertices are numbered {@code 0..N-1}: Integer vertices that are exactly
 * {@code 0..N-1} keep their ids, others are numbered in the order {@code vertexSet()} lists them, and
 * {@link Imported} maps both ways.
 */
public final class JGraphTImport {
    private JGraphTImport() {
    }

    /**
     * A JGraphT graph as a stag graph and its vertex numbering.
     *
     * @param graph    the stag graph, vertices {@code 0..N-1}
     * @param vertices the JGraphT vertex of each stag vertex
     * @param ids      the stag vertex of each JGraphT vertex
     * @param <V>      the JGraphT vertex type
     */
    public record Imported<V>(org.stag.loaders.Graph graph, List<V> vertices, Map<V, Integer> ids) {
        /** The JGraphT vertex of stag vertex {@code v}. */
        public V vertex(int v) {
            return vertices.get(v);
        }

        /**
         * The stag vertex of {@code v}.
         *
         * @throws IllegalArgumentException when {@code v} was not a vertex of the imported graph
         */
        public int id(V v) {
            Integer i = ids.get(v);
            if (i == null) {
                throw new IllegalArgumentException("no vertex " + v + " in the imported graph");
            }
            return i;
        }
    }

    /**
     * The stag graph of {@code g} and its vertex numbering, built on {@code threads} threads.
     *
     * @throws IllegalArgumentException when {@code g} is mixed (directed and undirected edges), or holds two
     *                                  edges between the same vertices (a stag graph has no multiple edges)
     */
    public static <V, E> Imported<V> toStag(Graph<V, E> g, int threads) {
        GraphType type = g.getType();
        if (type.isMixed()) {
            throw new IllegalArgumentException("a mixed JGraphT graph (directed and undirected edges) has no stag graph");
        }
        Map<V, Integer> ids = numbering(g);
        List<V> vertices = new ArrayList<>(ids.size());
        for (int v = 0; v < ids.size(); v++) {
            vertices.add(null);
        }
        ids.forEach((vertex, id) -> vertices.set(id, vertex));
        int m = g.edgeSet().size();
        int[] src = new int[m];
        int[] dst = new int[m];
        double[] w = type.isWeighted() ? new double[m] : null;
        int k = 0;
        for (E e : g.edgeSet()) {
            src[k] = ids.get(g.getEdgeSource(e));
            dst[k] = ids.get(g.getEdgeTarget(e));
            if (w != null) {
                w[k] = g.getEdgeWeight(e);
            }
            k++;
        }
        int n = ids.size();
        String source = "JGraphT graph";
        EdgeList edges = new EdgeList(source, n, n, src, dst, w, m, type.isDirected() ? Symmetry.GENERAL
                : Symmetry.SYMMETRIC, w == null ? ValueKind.PATTERN : ValueKind.REAL, VertexIds.offset(0), null);
        org.stag.loaders.Graph built;
        try {
            built = GraphBuilder.build(edges, DuplicatePolicy.ERROR, threads);
        } catch (BadInputException e) {
            throw new IllegalArgumentException("the JGraphT graph has multiple edges between two vertices, which a stag"
                    + " graph cannot hold: " + e.getMessage(), e);
        }
        return new Imported<>(built, List.copyOf(vertices), Map.copyOf(ids));
    }

    /** Integer vertices {@code 0..N-1} keep their ids; other vertex sets are numbered in iteration order. */
    private static <V, E> Map<V, Integer> numbering(Graph<V, E> g) {
        int n = g.vertexSet().size();
        Map<V, Integer> ids = new HashMap<>(2 * n);
        boolean dense = true;
        for (V v : g.vertexSet()) {
            dense &= v instanceof Integer i && i >= 0 && i < n;
        }
        int next = 0;
        for (V v : g.vertexSet()) {
            ids.put(v, dense ? (Integer) v : next++);
        }
        return ids;
    }
}
