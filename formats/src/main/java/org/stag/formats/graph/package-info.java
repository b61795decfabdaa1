/**
 * Graphs as tensors, the top of the formats pipeline: a loader graph held in a two-level format as the
 * tensors stag programs read, and the versioned graph that takes batches of updates.
 *
 * <p>{@link org.stag.formats.graph.GraphTensor} builds a square graph's views (the pattern {@code A}, the
 * in-edge pattern {@code AT}, the weights {@code W}, the ids) from its CSR arrays, and writes edge batches
 * into the structures every view shares. {@link org.stag.formats.graph.DynamicGraph} adds versions: it
 * checks a batch whole, reduces it to each edge's last update ({@code LastUpdates}), applies it straight to
 * the levels when no snapshot reads them ({@code DirectApply}) or through a log otherwise
 * ({@code PendingEdges}), and reports what changed ({@link org.stag.formats.graph.ApplyResult},
 * {@link org.stag.formats.graph.EdgeChanges}); {@link org.stag.formats.graph.GraphSnapshot} is one immutable
 * version that shares the graph's node stores copy-on-write.
 */
package org.stag.formats.graph;
