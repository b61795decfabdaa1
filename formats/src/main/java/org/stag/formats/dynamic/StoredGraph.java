package org.stag.formats.dynamic;

import org.stag.loaders.Graph;

/** A graph held in some in-memory format: it can be read back, measured and checked. */
public interface StoredGraph {
    int numRows();

    int numCols();

    /** Stored edges. */
    long numEdges();

    /** The graph as a canonical CSR graph (sorted, unique), e.g. to write it or compare it. */
    Graph toGraph();

    /** Bytes held by the format's arrays. */
    long memoryBytes();

    /** Checks every structural invariant; throws {@link IllegalStateException} naming the first broken one. */
    void check();
}
