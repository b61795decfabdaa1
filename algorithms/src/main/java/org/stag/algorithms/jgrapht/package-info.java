/**
 * JGraphT runs with the hand-written algorithms' semantics, for {@code stag compare}:
 * {@link org.stag.algorithms.jgrapht.JGraphTGraphs} builds JGraphT graphs from a {@code Csr} and
 * {@link org.stag.algorithms.jgrapht.JGraphTReference} runs PageRank, BFS, Dijkstra, connected components
 * and betweenness, documenting where JGraphT's definitions differ and how the adapters reconcile them.
 *
 * <p>JGraphT both ways: {@link org.stag.algorithms.jgrapht.JGraphTView} gives an {@code org.jgrapht.Graph} view of
 * a stag graph tensor without a copy (read-only over static formats and snapshots, taking batched updates over a
 * {@code DynamicGraph}), and {@link org.stag.algorithms.jgrapht.JGraphTImport} builds a stag graph from any
 * JGraphT graph.
 *
 * <p>In the algorithms' layers ({@code graph} &lt; {@code ldbc} &lt; {@code handwritten} &lt; {@code jgrapht} &lt;
 * {@code catalog} &lt; {@code run} &lt; {@code incremental} &lt; {@code stream}) this is {@code jgrapht}: it uses
 * only the layers before it ({@code LayersTest}).
 */
package org.stag.algorithms.jgrapht;
