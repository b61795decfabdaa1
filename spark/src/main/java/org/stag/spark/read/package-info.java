/**
 * Reading a graph into a cluster, above {@code graph}: {@link org.stag.spark.read.GraphFiles} picks the reader by
 * name or {@code --input-format}; text files (Matrix Market, GAP and SNAP edge lists) are cut into byte ranges
 * that tasks parse with stag's own parser ({@link org.stag.spark.read.TextRead}), {@code .stagb} files are read
 * block by block with positioned reads ({@link org.stag.spark.read.BinaryRead}), Parquet edges through Spark SQL
 * ({@link org.stag.spark.read.ParquetRead}), and the entries go to their row blocks. Bad input found in a task
 * comes back as the loader's one line, with the line counted over the file ({@link org.stag.spark.read.Failures}).
 */
package org.stag.spark.read;
