package org.stag.algorithms.jgrapht;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;
import org.jgrapht.GraphType;
import org.jgrapht.graph.AbstractGraph;
import org.jgrapht.graph.DefaultGraphType;
import org.stag.formats.graph.GraphTensor;

/**
 * An {@code org.jgrapht.Graph} read from a stag graph tensor in place ({@link JGraphTView}): vertices are the
 * internal ids {@code 0..N-1}, an edge is a {@code Long} packing {@code source << 32 | target} (an undirected
 * edge smaller end first), created when handed out; the view holds no edge or vertex objects, so its bytes per
 * edge are the format's own. Out-edges come from {@code A} (and weights from {@code W}), in-edges of a
 * directed graph from {@code AT}; rows are read in ascending order, as the static formats store them.
 *
 * <p>Its {@link #getType() type} says what a stag graph is: directed or undirected as the tensor, weighted when
 * the tensor is (else every edge weighs {@link #DEFAULT_EDGE_WEIGHT}), self-loops allowed, no multiple edges.
 * Undirected, it counts as JGraphT's undirected graphs do: {@link #degreeOf} counts a self-loop twice while
 * {@link #edgesOf} lists it once, and in- and out-edges are the incident edges.
 *
 * <p>Views are not thread-safe, as JGraphT's own graphs are not. The returned sets are unmodifiable views.
 */
public abstract sealed class TensorGraphView extends AbstractGraph<Integer, Long>
        permits StaticGraphView, DynamicGraphView {
    private final GraphType type;
    private final EdgeSets.Vertices vertices = new EdgeSets.Vertices(this);

    /** The rows of one version: vertices, out- and in-rows, stored directed edges. */
    static final class Current {
        private final int n;
        private final TensorRows out;
        private final TensorRows in;
        private final long stored;
        private final boolean directed;
        private long loops = -1;

        private Current(int n, TensorRows out, TensorRows in, long stored, boolean directed) {
            this.n = n;
            this.out = out;
            this.in = in;
            this.stored = stored;
            this.directed = directed;
        }

        /** The rows of {@code t} as it is now: {@code A} weighted by {@code W}, and {@code AT} when directed. */
        static Current of(GraphTensor t) {
            TensorRows out = TensorRows.of(t.a(), t.weighted() ? t.w() : null);
            TensorRows in = t.directed() ? TensorRows.of(t.at(), null) : out;
            return new Current(t.numVertices(), out, in, t.numEdges(), t.directed());
        }

        int n() {
            return n;
        }

        TensorRows out() {
            return out;
        }

        TensorRows in() {
            return in;
        }

        /** JGraphT's edge count: stored entries, an undirected edge (stored both ways, a self-loop once) once. */
        long edgeCount() {
            if (directed) {
                return stored;
            }
            if (loops < 0) {
                long l = 0;
                for (int v = 0; v < n; v++) {
                    l += out.contains(v, v) ? 1 : 0;
                }
                loops = l;
            }
            return (stored + loops) / 2;
        }
    }

    TensorGraphView(boolean directed, boolean weighted, boolean modifiable) {
        DefaultGraphType.Builder b = new DefaultGraphType.Builder();
        this.type = (directed ? b.directed() : b.undirected()).weighted(weighted).allowSelfLoops(true)
                .allowMultipleEdges(false).allowCycles(true).modifiable(modifiable).build();
    }

    /** The rows as they are now (a dynamic view applies its pending updates first). */
    abstract Current current();

    /** Vertices now (pending updates add none, so a dynamic view applies nothing to count them). */
    abstract int vertexCount();

    /** The weight of {@code u -> v} as a read would see it now, or NaN when there is no such edge. */
    abstract double lookup(int u, int v);

    /** The edge as this view packs it (an undirected edge smaller end first). */
    final long edge(int u, int v) {
        return type.isDirected() ? Edges.of(u, v) : Edges.undirected(u, v);
    }

    final boolean directed() {
        return type.isDirected();
    }

    @Override
    public GraphType getType() {
        return type;
    }

    @Override
    public Set<Integer> vertexSet() {
        return vertices;
    }

    @Override
    public boolean containsVertex(Integer v) {
        return vertices.contains(v);
    }

    @Override
    public Set<Long> edgeSet() {
        return new EdgeSets.AllEdges(this);
    }

    @Override
    public boolean containsEdge(Long e) {
        return e != null && e == edge(Edges.source(e), Edges.target(e)) && present(Edges.source(e), Edges.target(e));
    }

    @Override
    public Long getEdge(Integer u, Integer v) {
        return u != null && v != null && present(u, v) ? edge(u, v) : null;
    }

    @Override
    public Set<Long> getAllEdges(Integer u, Integer v) {
        if (!containsVertex(u) || !containsVertex(v)) {
            return null;
        }
        Long e = getEdge(u, v);
        return e == null ? Collections.emptySet() : Collections.singleton(e);
    }

    /** Whether {@code u -> v} is an edge now; false for vertices outside the graph. */
    final boolean present(int u, int v) {
        int n = vertexCount();
        return u >= 0 && v >= 0 && u < n && v < n && !Double.isNaN(lookup(u, v));
    }

    @Override
    public Integer getEdgeSource(Long e) {
        return Edges.source(e);
    }

    @Override
    public Integer getEdgeTarget(Long e) {
        return Edges.target(e);
    }

    @Override
    public double getEdgeWeight(Long e) {
        if (!type.isWeighted()) {
            return DEFAULT_EDGE_WEIGHT;
        }
        double w = containsVertex(Edges.source(e)) && containsVertex(Edges.target(e))
                ? lookup(Edges.source(e), Edges.target(e)) : Double.NaN;
        if (Double.isNaN(w)) {
            throw new IllegalArgumentException("no such edge in graph: " + Edges.source(e) + " -> " + Edges.target(e));
        }
        return w;
    }

    @Override
    public int outDegreeOf(Integer v) {
        assertVertexExist(v);
        return directed() ? current().out().degree(v) : undirectedDegree(v);
    }

    @Override
    public int inDegreeOf(Integer v) {
        assertVertexExist(v);
        return directed() ? current().in().degree(v) : undirectedDegree(v);
    }

    @Override
    public int degreeOf(Integer v) {
        assertVertexExist(v);
        return directed() ? current().out().degree(v) + current().in().degree(v) : undirectedDegree(v);
    }

    /** JGraphT's undirected degree: a self-loop counts twice. */
    private int undirectedDegree(int v) {
        TensorRows out = current().out();
        return out.degree(v) + (out.contains(v, v) ? 1 : 0);
    }

    @Override
    public Set<Long> outgoingEdgesOf(Integer v) {
        assertVertexExist(v);
        return new EdgeSets.RowEdges(this, v, current().out().row(v),
                directed() ? EdgeSets.Side.OUT : EdgeSets.Side.UNDIRECTED);
    }

    @Override
    public Set<Long> incomingEdgesOf(Integer v) {
        assertVertexExist(v);
        return directed() ? new EdgeSets.RowEdges(this, v, current().in().row(v), EdgeSets.Side.IN)
                : outgoingEdgesOf(v);
    }

    /**
     * The in-edges and then the out-edges, as JGraphT's directed graphs list them; a self-loop of a directed graph
     * is in both and listed once. Directed, this set is built per call (O(degree)), as JGraphT builds its own.
     */
    @Override
    public Set<Long> edgesOf(Integer v) {
        if (!directed()) {
            return outgoingEdgesOf(v);
        }
        Set<Long> all = new LinkedHashSet<>(incomingEdgesOf(v));
        all.addAll(outgoingEdgesOf(v));
        return Collections.unmodifiableSet(all);
    }

    /** None: vertices are the tensor's ids. */
    @Override
    public Supplier<Integer> getVertexSupplier() {
        return null;
    }

    /** None: an edge is its two ends. */
    @Override
    public Supplier<Long> getEdgeSupplier() {
        return null;
    }

    @Override
    public Integer addVertex() {
        throw new UnsupportedOperationException("a stag graph view's vertices are the tensor's ids 0..N-1;"
                + " a batch that names vertex N adds it");
    }

    @Override
    public boolean addVertex(Integer v) {
        throw new UnsupportedOperationException("a stag graph view's vertices are the tensor's ids 0..N-1;"
                + " a batch that names vertex N adds it");
    }

    @Override
    public boolean removeVertex(Integer v) {
        throw new UnsupportedOperationException("a stag graph view cannot remove vertex " + v
                + ": its vertices are the tensor's ids 0..N-1");
    }
}
