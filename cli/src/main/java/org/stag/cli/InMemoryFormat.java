package org.stag.cli;

import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;

/**
 * A graph built with {@code --format} as the {@link GraphTensor} that {@code stag run} reads: its out-edge
 * structure and, for a directed graph, its in-edge structure (with the weights of a weighted graph), and how
 * long that took.
 */
record InMemoryFormat(Format format, GraphTensor graph, double buildSeconds) {

    static InMemoryFormat build(Format format, Graph g, int threads) {
        return of(format, GraphTensor.of(g, format, threads));
    }

    /**
     * The views of {@code t} built now; a graph loaded straight into its format has its out-structure built already
     * (counted in the load's time), so only its views and a directed graph's in-edges count here.
     */
    static InMemoryFormat of(Format format, GraphTensor t) {
        if (t.weighted()) {
            t.w();
        }
        t.buildAll();
        return new InMemoryFormat(format, t, t.buildNanos() / 1e9);
    }

    /** What {@link GraphTensor#memoryBytes()} counts, e.g. {@code out-tensor in-tensor}. */
    String counted() {
        return graph.holdsInEdges() ? "out-tensor in-tensor" : "out-tensor";
    }
}
