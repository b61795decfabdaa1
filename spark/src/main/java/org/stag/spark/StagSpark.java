package org.stag.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.algorithms.run.VertexValues;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.tensor.Format;
import org.stag.loaders.LoadOptions;
import org.stag.spark.exec.Shipping;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.read.GraphFiles;
import org.stag.spark.run.SparkRun;

/**
 * stag inside a Spark application (submitted with {@code spark-submit} and this module's jar): read a graph into
 * row blocks that stay in the executors, run shipped algorithms or programs of one's own on it as often as wanted,
 * and write results as Parquet.
 *
 * <pre>{@code
 * JavaSparkContext sc = new JavaSparkContext(new SparkConf().setAppName("ranks"));
 * StagSpark stag = new StagSpark(sc);
 * try (PartitionedGraph g = stag.read("hdfs:///graphs/web.el", 64, "dense,compressed")) {
 *     VertexValues rank = stag.run(Algorithm.PAGERANK, g, new RunSettings().iterations(20));
 *     stag.writeParquet(rank, "hdfs:///out/rank");
 * }
 * }</pre>
 */
public final class StagSpark {
    private final JavaSparkContext sc;
    private final SparkRun runner = new SparkRun(new DefinitionCompiler());
    private Shipping shipping = Shipping.BROADCAST;

    /** stag on the application's context. */
    public StagSpark(JavaSparkContext sc) {
        this.sc = sc;
    }

    /** How vertex vectors reach the partitions (default {@link Shipping#BROADCAST}). */
    public StagSpark shipping(Shipping s) {
        this.shipping = s;
        return this;
    }

    /** Reads {@code path} (any file stag reads, or Parquet edges) into {@code partitions} blocks in {@code format}. */
    public PartitionedGraph read(String path, int partitions, Format format) {
        return read(path, LoadOptions.defaults(), partitions, format);
    }

    /** As {@link #read(String, int, Format)}, with the input options of {@code stag run}. */
    public PartitionedGraph read(String path, LoadOptions options, int partitions, Format format) {
        return GraphFiles.read(sc, path, options, partitions, format);
    }

    /**
     * Runs a shipped algorithm that gives one value per vertex; {@code settings}' format must be the graph's. An
     * algorithm that gives a set of edges (ktruss) returns it in {@link #runResult}'s {@code edges()}.
     *
     * @throws IllegalArgumentException for an algorithm that gives a set of edges
     */
    public VertexValues run(Algorithm a, PartitionedGraph g, RunSettings settings) {
        if (a.descriptor().output().shape() != org.stag.algorithms.catalog.Output.Shape.VERTEX) {
            throw new IllegalArgumentException(a.id() + " gives a set of edges; run it with runResult");
        }
        return runResult(a.program(), a, g, settings).values();
    }

    /** Runs a program (a shipped {@code algorithm}'s, or null for one's own) and returns {@code stag run}'s result. */
    public AlgorithmRunner.Result runResult(CheckedProgram p, Algorithm algorithm, PartitionedGraph g, RunSettings settings) {
        return runner.run(p, algorithm, g, settings.format(g.format()), shipping, null).result();
    }

    /**
     * Writes {@code values} as Parquet into directory {@code path} (replaced): columns {@code vertex} (the input's
     * ids, long) and {@code value} (long or double), one row per vertex.
     */
    public void writeParquet(VertexValues values, String path) {
        SparkSession spark = SparkSession.builder().sparkContext(sc.sc()).getOrCreate();
        StructType schema = new StructType().add("vertex", DataTypes.LongType, false)
                .add("value", values.integral() ? DataTypes.LongType : DataTypes.DoubleType, false);
        int n = values.size();
        int slices = Math.max(1, Math.min(sc.defaultParallelism(), (n + (1 << 20) - 1) >> 20));
        List<Row> rows = new ArrayList<>(n);
        for (int v = 0; v < n; v++) {
            rows.add(RowFactory.create(values.ids().external(v), values.integral() ? (Object) values.longs()[v]
                    : (Object) values.doubles()[v]));
        }
        Dataset<Row> df = spark.createDataFrame(sc.parallelize(rows, slices).rdd(), schema);
        df.write().mode(SaveMode.Overwrite).parquet(path);
    }

    /** The context. */
    public JavaSparkContext context() {
        return sc;
    }
}
