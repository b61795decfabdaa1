/**
 * Read-only graph views the algorithms work on: {@link org.stag.algorithms.graph.Csr} holds a loaded
 * graph's out-edges and its in-edges (the transpose, built once).
 *
 * <p>In the algorithms' layers ({@code graph} &lt; {@code ldbc} &lt; {@code handwritten} &lt; {@code jgrapht} &lt;
 * {@code catalog} &lt; {@code run} &lt; {@code incremental} &lt; {@code stream}) this is {@code graph}: it uses
 * only the layers before it ({@code LayersTest}).
 */
package org.stag.algorithms.graph;
