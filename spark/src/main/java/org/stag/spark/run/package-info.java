/**
 * A program run on a partitioned graph, above {@code exec}: {@link org.stag.spark.run.SparkRun} binds a program
 * by {@code stag run}'s convention with the graph's stand-ins and runs {@code Main} on the driver with its graph
 * kernels in the partitions; {@link org.stag.spark.run.Weights} checks SSSP's weights in the partitions;
 * {@link org.stag.spark.run.Contexts} starts a command's Spark context, refusing a bad master in one line.
 */
package org.stag.spark.run;
