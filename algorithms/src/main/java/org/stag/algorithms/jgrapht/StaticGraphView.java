package org.stag.algorithms.jgrapht;

import org.stag.formats.graph.GraphTensor;

/**
 * The read-only view of a {@link GraphTensor} ({@link JGraphTView#of(GraphTensor)}): its rows are read again
 * whenever the tensor's version changes (a format that takes batches may be changed through the tensor), and
 * every mutator throws {@link UnsupportedOperationException}.
 */
final class StaticGraphView extends TensorGraphView {
    private final GraphTensor tensor;
    private final String what;
    private Current current;
    private long version = -1;

    StaticGraphView(GraphTensor tensor, String what) {
        super(tensor.directed(), tensor.weighted(), false);
        this.tensor = tensor;
        this.what = what;
    }

    @Override
    Current current() {
        if (current == null || version != tensor.version()) {
            current = Current.of(tensor);
            version = tensor.version();
        }
        return current;
    }

    @Override
    int vertexCount() {
        return current().n();
    }

    @Override
    double lookup(int u, int v) {
        return current().out().weight(u, v);
    }

    private UnsupportedOperationException readOnly() {
        return new UnsupportedOperationException("this JGraphT view of " + what + " is read-only; open the graph as a"
                + " DynamicGraph in a dynamic format (e.g. dense,ctree) for a view that takes addEdge and removeEdge");
    }

    @Override
    public Long addEdge(Integer u, Integer v) {
        throw readOnly();
    }

    @Override
    public boolean addEdge(Integer u, Integer v, Long e) {
        throw readOnly();
    }

    @Override
    public Long removeEdge(Integer u, Integer v) {
        throw readOnly();
    }

    @Override
    public boolean removeEdge(Long e) {
        throw readOnly();
    }

    @Override
    public void setEdgeWeight(Long e, double weight) {
        throw readOnly();
    }
}
