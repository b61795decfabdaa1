/**
 * The shipped algorithms run as stag programs, for {@code stag run} and {@code stag compare}:
 * {@link org.stag.algorithms.run.Algorithm} names the programs, {@link org.stag.algorithms.run.AlgorithmRunner}
 * binds a program to a graph by the binding convention and runs it ({@link org.stag.formats.graph.GraphTensor}
 * builds the graph's tensors), {@link org.stag.algorithms.run.VertexValues} holds and writes the per-vertex
 * result, and {@link org.stag.algorithms.run.Comparison} checks a run against JGraphT or the hand-written code.
 */
package org.stag.algorithms.run;
