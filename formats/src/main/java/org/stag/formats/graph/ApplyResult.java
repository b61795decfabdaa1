package org.stag.formats.graph;

/**
 * The outcome of applying one batch to a dynamic graph (DynamicGraph): counts of updates by effect, the graph's
 * size after it, the time taken, and the edge-by-edge {@link EdgeChanges} incremental algorithms read.
 *
 * @param version  the version the batch made
 * @param inserted edges that were absent and now are stored
 * @param updated  inserts of edges already stored (their weight set)
 * @param deleted  edges removed
 * @param missing  deletes of edges that were not stored (or named a vertex never seen)
 * @param vertices vertices after the batch
 * @param edges    stored edges after the batch, as {@code numEdges()} counts them
 * @param nanos    time to apply the batch
 * @param changes  what changed, edge by edge
 */
public record ApplyResult(long version, long inserted, long updated, long deleted, long missing,
                          int vertices, long edges, long nanos, EdgeChanges changes) {
}
