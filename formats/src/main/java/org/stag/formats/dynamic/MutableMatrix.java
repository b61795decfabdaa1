package org.stag.formats.dynamic;

import org.stag.loaders.Graph;

/** A sparse matrix (graph) that takes batches of edge insertions and deletions. */
public interface MutableMatrix {
    /** Inserts or updates the edges {@code (src[k], dst[k], vals[k])}, {@code k < n}; vals may be null (weight 1). */
    UpdateStats insertBatch(int[] src, int[] dst, double[] vals, int n, int threads);

    /** Deletes the edges {@code (src[k], dst[k])}; absent ones are counted as missing. */
    UpdateStats deleteBatch(int[] src, int[] dst, int n, int threads);

    int numRows();

    int numCols();

    /** Stored edges. */
    long numEdges();

    /** The matrix as a canonical CSR graph (sorted, unique), e.g. to write it or compare it. */
    Graph toGraph();

    /** Bytes held by the matrix's arrays. */
    long memoryBytes();

    /** Checks every structural invariant; throws {@link IllegalStateException} naming the first broken one. */
    void check();
}
