package org.stag.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.engine.check.CheckedProgram;
import org.stag.formats.tensor.Format;
import org.stag.loaders.BadInputException;
import org.stag.loaders.LoadOptions;

/**
 * What {@code --spark MASTER} of {@code stag run} and {@code stag bench} asks of the Spark module, found by
 * {@link ServiceLoader} when that module is on the class path (the {@code ./stag} launcher puts it there for
 * {@code --spark} only, so that other runs never load Spark). This module does not depend on Spark.
 */
public interface SparkRuns {
    /**
     * A run of {@code stag run --spark}.
     *
     * @param partitions row blocks, or 0 for the cluster's default parallelism
     * @param parquet    where to write the result as Parquet, or null (the command writes it as text)
     */
    record RunRequest(String master, int partitions, CheckedProgram program, Algorithm algorithm, String graph,
                      LoadOptions load, RunSettings settings, Path parquet) {
    }

    /**
     * What the run gave, with the distributed graph's facts for the summary.
     *
     * @param loadSeconds reading the graph into its blocks (parsing, shuffling, building)
     * @param graphBytes  the blocks' tensors, all executors together
     * @param jobs        kernel runs sent to the partitions (one Spark job each)
     */
    record RunResponse(AlgorithmRunner.Result result, int partitions, long vertices, long edges, double loadSeconds,
                       long graphBytes, long jobs, long shippedBytes, long resultBytes) {
    }

    /** A {@code stag bench --spark}: each graph and algorithm on one JVM and on Spark, interleaved. */
    record BenchRequest(String master, int partitions, List<String> graphs, List<Algorithm> algorithms, Format format,
                        int threads, int repeat, Long source, Integer iterations, LoadOptions load, Path out) {
    }

    /** Runs {@code r}. */
    RunResponse run(RunRequest r);

    /** Runs {@code r}, printing its table on {@code out}; returns the exit status. */
    int bench(BenchRequest r, PrintWriter out, PrintWriter err);

    /**
     * The Spark module.
     *
     * @throws BadInputException naming what to do when it is not on the class path
     */
    static SparkRuns find() {
        return ServiceLoader.load(SparkRuns.class).findFirst().orElseThrow(() -> new BadInputException(
                "--spark: the Spark module is not on the class path; run through ./stag, which builds and adds it"
                        + " (or add spark/target/stag-spark.jar and the jars in spark/target/classpath.txt)"));
    }
}
