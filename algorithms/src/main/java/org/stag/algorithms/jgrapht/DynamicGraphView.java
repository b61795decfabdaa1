package org.stag.algorithms.jgrapht;

import it.unimi.dsi.fastutil.longs.Long2DoubleLinkedOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongLinkedOpenHashSet;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphSnapshot;
import org.stag.loaders.updates.UpdateBatch;

/**
 * The mutable view of a {@link DynamicGraph} ({@link JGraphTView#of(DynamicGraph)}). {@link #addEdge},
 * {@link #removeEdge} and {@link #setEdgeWeight} are collected as one pending batch; {@link #flush()} applies it
 * with {@link DynamicGraph#apply}, as the graph's next version, and so does the next read of rows, degrees or
 * edge sets, so that a read never sees stale data. Single-edge queries ({@link #containsEdge}, {@link #getEdge},
 * {@link #getEdgeWeight}, and the checks of the mutators) read the pending batch over the graph and apply nothing.
 *
 * <p>Reads go through a {@link GraphSnapshot} of the current version, which shares the graph's stores (nothing is
 * copied); it is re-taken when the graph's version changes, also through batches applied to the graph directly.
 * While the view holds it, batches applied to the graph by others are logged and merged copy-on-write, as with
 * any open snapshot; {@link #close()} releases it (a later read takes a new one). The view's own flush releases
 * the snapshot before it applies the batch, so its updates go into the stores in place.
 */
public final class DynamicGraphView extends TensorGraphView implements AutoCloseable {
    private final DynamicGraph graph;
    /** Pending inserts (and weight changes): edge to weight. */
    private final Long2DoubleLinkedOpenHashMap puts = new Long2DoubleLinkedOpenHashMap();
    /** Pending deletes of stored edges. */
    private final LongLinkedOpenHashSet dels = new LongLinkedOpenHashSet();
    private GraphSnapshot snapshot;
    private Current current;

    DynamicGraphView(DynamicGraph graph) {
        super(graph.directed(), graph.weighted(), true);
        this.graph = graph;
    }

    /** The graph this views. */
    public DynamicGraph graph() {
        return graph;
    }

    /** Updates collected and not yet applied. */
    public int pendingUpdates() {
        return puts.size() + dels.size();
    }

    /**
     * Applies the pending updates to the graph as one batch (its next version); does nothing when there are none.
     *
     * @return the graph's version afterwards
     */
    public long flush() {
        if (puts.isEmpty() && dels.isEmpty()) {
            return graph.version();
        }
        int k = puts.size() + dels.size();
        byte[] op = new byte[k];
        int[] src = new int[k];
        int[] dst = new int[k];
        double[] weight = new double[k];
        long[] line = new long[k];
        int i = 0;
        for (var it = puts.long2DoubleEntrySet().fastIterator(); it.hasNext(); i++) {
            var e = it.next();
            set(i, UpdateBatch.INSERT, e.getLongKey(), e.getDoubleValue(), op, src, dst, weight, line);
        }
        for (var it = dels.iterator(); it.hasNext(); i++) {
            set(i, UpdateBatch.DELETE, it.nextLong(), Double.NaN, op, src, dst, weight, line);
        }
        int n = graph.numVertices();
        release();
        graph.apply(UpdateBatch.of(op, src, dst, weight, line, n, n));
        puts.clear();
        dels.clear();
        return graph.version();
    }

    private static void set(int i, byte o, long e, double w, byte[] op, int[] src, int[] dst, double[] weight,
            long[] line) {
        op[i] = o;
        src[i] = Edges.source(e);
        dst[i] = Edges.target(e);
        weight[i] = w;
        line[i] = i + 1;
    }

    /** Applies the pending updates and releases the snapshot the view reads; the view stays usable. */
    @Override
    public void close() {
        flush();
        release();
    }

    private void release() {
        if (snapshot != null) {
            snapshot.close();
            snapshot = null;
            current = null;
        }
    }

    @Override
    Current current() {
        flush();
        return rows();
    }

    /** The rows of the graph's current version, without the pending updates. */
    private Current rows() {
        if (snapshot == null || snapshot.version() != graph.version()) {
            release();
            snapshot = graph.snapshot();
            current = Current.of(snapshot.tensors());
        }
        return current;
    }

    @Override
    int vertexCount() {
        return rows().n();
    }

    @Override
    double lookup(int u, int v) {
        long e = edge(u, v);
        if (puts.containsKey(e)) {
            return puts.get(e);
        }
        return dels.contains(e) ? Double.NaN : rows().out().weight(u, v);
    }

    @Override
    public Long addEdge(Integer u, Integer v) {
        assertVertexExist(u);
        assertVertexExist(v);
        if (present(u, v)) {
            return null;
        }
        long e = edge(u, v);
        dels.remove(e);
        // A new edge weighs JGraphT's default, also where a deleted one weighed more.
        puts.put(e, DEFAULT_EDGE_WEIGHT);
        return e;
    }

    /**
     * Adds {@code e}, which must be this view's edge {@code u -> v} (edges are their ends).
     *
     * @throws IllegalArgumentException when {@code e} is not the edge of {@code u} and {@code v}
     */
    @Override
    public boolean addEdge(Integer u, Integer v, Long e) {
        if (e == null) {
            throw new NullPointerException("edge");
        }
        if (e != edge(u, v)) {
            throw new IllegalArgumentException("edge " + e + " is not the edge " + u + " -> " + v
                    + " of this view (an edge is its two ends packed in a long)");
        }
        return addEdge(u, v) != null;
    }

    @Override
    public Long removeEdge(Integer u, Integer v) {
        if (!present(u, v)) {
            return null;
        }
        long e = edge(u, v);
        puts.remove(e);
        if (!Double.isNaN(rows().out().weight(u, v))) {
            dels.add(e);
        }
        return e;
    }

    @Override
    public boolean removeEdge(Long e) {
        return e != null && containsEdge(e) && removeEdge(Edges.source(e), Edges.target(e)) != null;
    }

    /**
     * Sets the weight of edge {@code e}, applied with the pending batch.
     *
     * @throws UnsupportedOperationException for an unweighted graph
     * @throws IllegalArgumentException      when {@code e} is not an edge, or the weight is not finite (a stag
     *                                       graph's structures hold finite weights)
     */
    @Override
    public void setEdgeWeight(Long e, double weight) {
        if (!getType().isWeighted()) {
            throw new UnsupportedOperationException("the graph is unweighted: every edge weighs 1");
        }
        if (!Double.isFinite(weight)) {
            throw new IllegalArgumentException("weight " + weight + " is not finite");
        }
        if (!containsEdge(e)) {
            throw new IllegalArgumentException("no such edge in graph: " + Edges.source(e) + " -> " + Edges.target(e));
        }
        dels.remove(e.longValue());
        puts.put(e.longValue(), weight);
    }
}
