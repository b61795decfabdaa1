/**
 * LDBC Graphalytics datasets and output files: {@link org.stag.algorithms.ldbc.LdbcDataset} reads a
 * {@code .properties} file's parameters and locates the expected outputs,
 * {@link org.stag.algorithms.ldbc.LdbcOutput} writes and reads {@code vertex value} files, and
 * {@link org.stag.algorithms.ldbc.LdbcValidation} compares two outputs as the benchmark does.
 *
 * <p>In the algorithms' layers ({@code graph} &lt; {@code ldbc} &lt; {@code handwritten} &lt; {@code jgrapht} &lt;
 * {@code catalog} &lt; {@code run} &lt; {@code incremental} &lt; {@code stream}) this is {@code ldbc}: it uses only
 * the layers before it ({@code LayersTest}).
 */
package org.stag.algorithms.ldbc;
