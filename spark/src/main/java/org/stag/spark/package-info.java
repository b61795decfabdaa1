/**
 * stag on Apache Spark: the same {@code .stag} programs run with the graph held as row blocks in the executors
 * and every other kernel on the driver. {@link org.stag.spark.StagSpark} is the API for a Spark application, above
 * {@code graph}, {@code read}, {@code exec} and {@code run}; {@code cli} uses it. No other
 * module depends on this one. See docs/DESIGN.md §8.
 */
package org.stag.spark;
