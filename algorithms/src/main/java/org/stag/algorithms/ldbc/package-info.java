/**
 * LDBC Graphalytics datasets and output files: {@link org.stag.algorithms.ldbc.LdbcDataset} reads a
 * {@code .properties} file's parameters and locates the expected outputs,
 * {@link org.stag.algorithms.ldbc.LdbcOutput} writes and reads {@code vertex value} files, and
 * {@link org.stag.algorithms.ldbc.LdbcValidation} compares two outputs as the benchmark does.
 */
package org.stag.algorithms.ldbc;
