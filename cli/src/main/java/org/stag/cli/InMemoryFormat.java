package org.stag.cli;

import org.stag.formats.dynamic.StoredGraph;
import org.stag.formats.graph.GraphFormats;
import org.stag.loaders.Graph;

/** A graph built in an in-memory format chosen with {@code --format}, and how long that took. */
record InMemoryFormat(String name, StoredGraph matrix, double buildSeconds) {

    static InMemoryFormat build(String format, Graph g, int threads) {
        long start = System.nanoTime();
        StoredGraph m = GraphFormats.build(format, g.requireSquare(), threads);
        return new InMemoryFormat(format, m, (System.nanoTime() - start) / 1e9);
    }

    /** The matrix read back as a graph with the source's symmetry, value kind and vertex ids. */
    Graph backTo(Graph source) {
        Graph m = matrix.toGraph();
        return new Graph(source.source(), m.numRows(), m.numCols(), m.rowPtr(), m.colIdx(), m.weights(),
                source.symmetry(), source.valueKind(), source.ids(), source.duplicates());
    }
}
