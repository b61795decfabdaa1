package org.stag.algorithms.jgrapht;

import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphSnapshot;
import org.stag.formats.graph.GraphTensor;

/**
 * {@code org.jgrapht.Graph} views of stag graphs, without a copy ({@link TensorGraphView}): JGraphT's algorithms
 * run on the format's own structures. Read-only over a {@link GraphTensor} or a {@link GraphSnapshot}; over a
 * {@link DynamicGraph} the view takes {@code addEdge}, {@code removeEdge} and {@code setEdgeWeight} as batched
 * updates ({@link DynamicGraphView}). The formats read are {@code dense,compressed} and {@code dense,F} for every
 * dynamic F (the shipped graph formats, {@link GraphTensor#shippedFormats()}).
 *
 * <pre>{@code
 * Graph<Integer, Long> view = JGraphTView.of(GraphTensor.of(graph, GraphTensor.format("dense,compressed"), 2));
 * double[] ranks = ... new PageRank<>(view).getScores() ...
 * }</pre>
 */
public final class JGraphTView {
    private JGraphTView() {
    }

    /**
     * The read-only view of {@code g}; builds {@code A}, {@code W} (weighted graphs) and, for a directed graph,
     * {@code AT} if they were not built (the structures {@code stag info} counts).
     *
     * @throws IllegalArgumentException when the format is not one the view reads by row
     */
    public static TensorGraphView of(GraphTensor g) {
        StaticGraphView v = new StaticGraphView(g, g.graph().source());
        v.current();
        return v;
    }

    /**
     * The read-only view of one version of a dynamic graph; it must not be read after the snapshot is closed.
     *
     * @throws IllegalStateException when the snapshot is closed
     */
    public static TensorGraphView of(GraphSnapshot s) {
        StaticGraphView v = new StaticGraphView(s.tensors(), "version " + s.version() + " of a dynamic graph");
        v.current();
        return v;
    }

    /**
     * The mutable view of {@code g}: updates are batched, applied by {@link DynamicGraphView#flush()} or by the
     * next read. Close it to release the snapshot it reads through.
     */
    public static DynamicGraphView of(DynamicGraph g) {
        DynamicGraphView v = new DynamicGraphView(g);
        v.current();
        return v;
    }
}
