/**
 * JGraphT runs with the hand-written algorithms' semantics, for {@code stag compare}:
 * {@link org.stag.algorithms.jgrapht.JGraphTGraphs} builds JGraphT graphs from a {@code Csr} and
 * {@link org.stag.algorithms.jgrapht.JGraphTReference} runs PageRank, BFS, Dijkstra, connected components
 * and betweenness, documenting where JGraphT's definitions differ and how the adapters reconcile them.
 */
package org.stag.algorithms.jgrapht;
