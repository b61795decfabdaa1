/**
 * The algorithms run as stag programs, for {@code stag run} and {@code stag compare}:
 * {@link org.stag.algorithms.run.AlgorithmRunner} binds a program to a graph by the binding convention
 * ({@link org.stag.algorithms.run.Binding}) and runs it ({@link org.stag.formats.graph.GraphTensor} builds the
 * graph's tensors in the format of {@link org.stag.algorithms.run.RunSettings}),
 * {@link org.stag.algorithms.run.VertexValues} holds and writes the per-vertex result,
 * {@link org.stag.algorithms.run.LdbcParameters} reads an LDBC dataset's settings, and
 * {@link org.stag.algorithms.run.Comparison} checks a run against the references an algorithm's descriptor names.
 *
 * <p>In the algorithms' layers ({@code graph} &lt; {@code ldbc} &lt; {@code handwritten} &lt; {@code jgrapht} &lt;
 * {@code catalog} &lt; {@code run} &lt; {@code incremental} &lt; {@code stream}) this is {@code run}: it uses only
 * the layers before it ({@code LayersTest}).
 */
package org.stag.algorithms.run;
