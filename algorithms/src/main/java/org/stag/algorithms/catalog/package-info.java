/**
 * The shipped algorithms and everything stag knows about each besides its program: one
 * {@link org.stag.algorithms.catalog.Descriptor} per {@link org.stag.algorithms.catalog.Algorithm} (its output and
 * the result's shape, how results are compared, what it asks of the weights, defaults from the graph, its LDBC
 * names, its hand-written and JGraphT references, GAP's kernel and arguments, its incremental program). The
 * runner, the comparisons, the incremental runs, the stream, the commands and the benchmarks read these; none of
 * them switches over algorithms.
 *
 * <p>In the algorithms' layers ({@code graph} &lt; {@code ldbc} &lt; {@code handwritten} &lt; {@code jgrapht} &lt;
 * {@code catalog} &lt; {@code run} &lt; {@code incremental} &lt; {@code stream}) this is {@code catalog}: it uses
 * only the layers before it ({@code LayersTest}).
 */
package org.stag.algorithms.catalog;
