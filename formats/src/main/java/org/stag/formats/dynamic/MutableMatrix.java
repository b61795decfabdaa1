package org.stag.formats.dynamic;

/** A sparse matrix (graph) that takes batches of edge insertions and deletions. */
public interface MutableMatrix extends StoredGraph {
    /** Inserts or updates the edges {@code (src[k], dst[k], vals[k])}, {@code k < n}; vals may be null (weight 1). */
    UpdateStats insertBatch(int[] src, int[] dst, double[] vals, int n, int threads);

    /** Deletes the edges {@code (src[k], dst[k])}; absent ones are counted as missing. */
    UpdateStats deleteBatch(int[] src, int[] dst, int n, int threads);
}
