/**
 * Graph algorithms as stag programs, their references and their runs. The packages are layers, lowest first;
 * each uses only itself and the ones before it ({@code LayersTest} checks it, and that no main class is over 450
 * lines):
 * <ol>
 *   <li>{@link org.stag.algorithms.graph graph}: the read-only CSR view the references read;</li>
 *   <li>{@link org.stag.algorithms.ldbc ldbc}: LDBC Graphalytics datasets and output files;</li>
 *   <li>{@link org.stag.algorithms.handwritten handwritten}: the hand-written Java implementations;</li>
 *   <li>{@link org.stag.algorithms.jgrapht jgrapht}: JGraphT with the same semantics;</li>
 *   <li>{@link org.stag.algorithms.catalog catalog}: one descriptor per algorithm, the one place its facts
 *       live;</li>
 *   <li>{@link org.stag.algorithms.run run}: binding a program to a graph, running it, comparing it with a
 *       reference;</li>
 *   <li>{@link org.stag.algorithms.incremental incremental}: results kept up to date across batches of
 *       updates;</li>
 *   <li>{@link org.stag.algorithms.stream stream}: the streaming service (ingest, read-ahead, runs on
 *       snapshots) that {@code stag stream} and the ingest benchmarks share.</li>
 * </ol>
 */
package org.stag.algorithms;
