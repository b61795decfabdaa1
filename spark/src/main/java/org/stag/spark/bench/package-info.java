/**
 * Side-by-side harnesses on Spark, at the top of the module: stag on Spark beside GraphX's library calls on the
 * same Spark and beside stag in one JVM ({@link org.stag.spark.bench.GraphXSideBySide},
 * {@link org.stag.spark.bench.GraphXPrograms}), and vector shipping by broadcast against needed entries only
 * ({@link org.stag.spark.bench.ShippingAB}).
 */
package org.stag.spark.bench;
