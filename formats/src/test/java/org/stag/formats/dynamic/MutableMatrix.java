package org.stag.formats.dynamic;

import org.stag.loaders.Graph;

/**
 * Test support: a sparse matrix (graph) that takes batches of edge insertions and deletions, so that one
 * contract test runs over every format. A batch is checked whole before anything changes
 * ({@link UpdateBatch#of}): a negative or out-of-range coordinate or a non-finite weight refuses it with an
 * {@link IllegalArgumentException} naming the first bad entry, and the matrix is left as it was.
 */
interface MutableMatrix {
    int numRows();

    int numCols();

    /** Stored edges. */
    long numEdges();

    /** The graph as a canonical CSR graph (sorted, unique), to compare it. */
    Graph toGraph();

    /** Bytes held by the format's arrays. */
    long memoryBytes();

    /** Checks every structural invariant; throws {@link IllegalStateException} naming the first broken one. */
    void check();

    /**
     * Inserts or updates the edges {@code (src[k], dst[k], vals[k])}, {@code k < n}; vals may be null
     * (weight 1). {@code growth} says whether rows and columns beyond the matrix may be added.
     *
     * @throws IllegalArgumentException if the batch breaks a rule; nothing is changed then
     */
    UpdateStats insertBatch(int[] src, int[] dst, double[] vals, int n, int threads, BatchGrowth growth);

    /** {@link #insertBatch(int[], int[], double[], int, int, BatchGrowth)} with {@link BatchGrowth#FIXED}. */
    default UpdateStats insertBatch(int[] src, int[] dst, double[] vals, int n, int threads) {
        return insertBatch(src, dst, vals, n, threads, BatchGrowth.FIXED);
    }

    /**
     * Deletes the edges {@code (src[k], dst[k])}; absent ones are counted as missing.
     *
     * @throws IllegalArgumentException for a negative or out-of-range coordinate; nothing is changed then
     */
    UpdateStats deleteBatch(int[] src, int[] dst, int n, int threads);
}
