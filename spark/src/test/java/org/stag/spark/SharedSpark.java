package org.stag.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The one Spark context of the module's tests, started on first use and stopped by Spark's shutdown hook when the JVM exits (a JVM holds
 * one context at a time, and starting one costs seconds). Its master is {@code local[2,4]}: two threads as
 * {@code local[2]}, and up to 4 attempts per task, since a local master retries a failed task only when given a
 * count (the fault test needs that; no other test fails a task).
 */
public final class SharedSpark {
    private static JavaSparkContext sc;

    private SharedSpark() {
    }

    /** The shared context. */
    public static synchronized JavaSparkContext context() {
        if (sc == null) {
            SparkConf conf = new SparkConf().setMaster("local[2,4]").setAppName("stag-spark-tests")
                    .set("spark.ui.enabled", "false")
                    .set("spark.ui.showConsoleProgress", "false")
                    .set("spark.sql.shuffle.partitions", "4")
                    .set("spark.driver.host", "127.0.0.1")
                    .set("spark.driver.bindAddress", "127.0.0.1");
            sc = new JavaSparkContext(conf);
            sc.setLogLevel("ERROR");
            // Spark's own shutdown hook stops the context when the test JVM exits.
        }
        return sc;
    }

    /** The datasets folder the tests read. */
    public static java.nio.file.Path datasets() {
        return java.nio.file.Path.of(System.getProperty("stag.datasets", "../datasets"));
    }
}
