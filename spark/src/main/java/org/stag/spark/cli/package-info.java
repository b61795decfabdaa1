/**
 * The Spark module as the command line finds it, near the top of the module: {@code stag run --spark} and
 * {@code stag bench --spark} through the {@code org.stag.cli.SparkRuns} service
 * ({@link org.stag.spark.cli.SparkRunsProvider}, {@link org.stag.spark.cli.SparkBench}), so that {@code cli}
 * itself never depends on Spark.
 */
package org.stag.spark.cli;
