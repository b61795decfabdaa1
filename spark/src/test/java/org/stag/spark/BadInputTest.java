package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Must-show 5: an unreachable master, a missing path and a malformed Parquet schema each give one line on stderr and
 * exit status 2, without a stack trace, a hang or Spark's logging: run as the launcher runs stag, in a JVM of its
 * own, so that stderr is everything the user sees. Other bad masters, a bad line of a file read in splits (its line
 * counted over the whole file) and options that need --spark are checked in this JVM.
 */
class BadInputTest {
    /**
     * Exit status 2, nothing on stdout, and stderr exactly one line {@code stag: expected} without a stack trace (a
     * prefix when {@code expected} ends in ...).
     */
    private static void assertOneLine(Cli c, String expected) {
        assertEquals(2, c.status, c.err);
        assertEquals("", c.out, c.err);
        assertEquals(1, c.err.lines().count(), c.err);
        assertFalse(c.err.contains("\tat "), c.err);
        String line = c.err.strip();
        if (expected.endsWith("...")) {
            assertTrue(line.startsWith("stag: " + expected.substring(0, expected.length() - 3)), c.err);
        } else {
            assertEquals("stag: " + expected, line);
        }
    }

    @Test
    void unreachableMaster() throws Exception {
        String g = Programs.graph("suitesparse/karate.mtx").toString();
        // Nothing listens on port 1: refused at once. The wait for an answer is bounded (5 s) either way.
        Cli l = Launched.run(Map.of(), 60, "run", "bfs", "--graph", g, "--source", "1", "--spark", "spark://127.0.0.1:1");
        assertOneLine(l, "--spark spark://127.0.0.1:1: cannot reach the master at 127.0.0.1:1 (...");
    }

    @Test
    void otherBadMasters() {
        String g = Programs.graph("suitesparse/karate.mtx").toString();
        Cli unknown = Cli.run("run", "bfs", "--graph", g, "--source", "1", "--spark", "spark://no-such-host.invalid:7077");
        assertOneLine(unknown, "--spark spark://no-such-host.invalid:7077: unknown host no-such-host.invalid");
        Cli nonsense = Cli.run("run", "bfs", "--graph", g, "--source", "1", "--spark", "local[two]");
        assertOneLine(nonsense, "--spark local[two]: unknown master (expected local[N], local[N,F],"
                + " local-cluster[W,C,MB], spark://HOST:PORT, yarn or k8s://URL)");
    }

    @Test
    void missingPath(@TempDir Path dir) throws Exception {
        String missing = dir.resolve("nowhere.mtx").toString();
        assertOneLine(Launched.run(Map.of(), 60, "run", "bfs", "--graph", missing, "--source", "1", "--spark", "local[2]"),
                missing + ": no such file or directory");
    }

    @Test
    void malformedParquetSchema(@TempDir Path dir) throws Exception {
        String out = dir.resolve("edges.parquet").toString();
        SparkSession spark = SparkSession.builder().sparkContext(SharedSpark.context().sc()).getOrCreate();
        StructType schema = new StructType().add("from", DataTypes.LongType).add("to", DataTypes.LongType);
        spark.createDataFrame(List.of(RowFactory.create(0L, 1L), RowFactory.create(1L, 2L)), schema).write()
                .mode(SaveMode.Overwrite).parquet(out);
        assertOneLine(Launched.run(Map.of(), 300, "run", "wcc", "--graph", out, "--spark", "local[2]"),
                out + ": Parquet schema has no column 'src' (it has [from, to]; expected src and dst integers, optional weight)");
        StructType strings = new StructType().add("src", DataTypes.StringType).add("dst", DataTypes.LongType);
        String bad = dir.resolve("strings.parquet").toString();
        spark.createDataFrame(List.of(RowFactory.create("a", 1L)), strings).write().mode(SaveMode.Overwrite).parquet(bad);
        assertOneLine(Cli.run("run", "wcc", "--graph", bad, "--spark", "local[2]"),
                bad + ": Parquet column 'src' is string, not an integer (expected src and dst integers, optional weight)");
        StructType noDst = new StructType().add("src", DataTypes.IntegerType).add("weight", DataTypes.DoubleType);
        String half = dir.resolve("nodst.parquet").toString();
        spark.createDataFrame(List.of(RowFactory.create(0, 1.0)), noDst).write().mode(SaveMode.Overwrite).parquet(half);
        assertOneLine(Cli.run("run", "wcc", "--graph", half, "--spark", "local[2]"),
                half + ": Parquet schema has no column 'dst' (it has [src, weight]; expected src and dst integers, optional weight)");
    }

    @Test
    void localClusterWithoutASparkHome(@TempDir Path dir) throws Exception {
        // Its workers run in the driver's JVM and start executors from SPARK_HOME's layout (LocalClusterTest runs
        // one with a stand-in home); without one they would fail ten executors, so it is refused at once.
        String g = Programs.graph("suitesparse/karate.mtx").toString();
        Map<String, String> env = new HashMap<>();
        env.put("SPARK_HOME", null);
        env.put("SPARK_SCALA_VERSION", null);
        String why = " (name a Spark distribution with SPARK_SCALA_VERSION=2.13, or a folder holding empty jars/ and"
                + " launcher/target/scala-2.13/; or use local[N])";
        assertOneLine(Launched.run(env, 60, "run", "wcc", "--graph", g, "--spark", "local-cluster[2,1,1024]"),
                "--spark local-cluster[2,1,1024]: local-cluster starts its executors from SPARK_HOME, which is not set" + why);
        env.put("SPARK_HOME", dir.toString());
        assertOneLine(Launched.run(env, 60, "run", "wcc", "--graph", g, "--spark", "local-cluster[2,1,1024]"),
                "--spark local-cluster[2,1,1024]: local-cluster starts its executors from SPARK_HOME, " + dir
                        + ", which has no jars folder" + why);
    }

    @Test
    void badLineIsNamedByItsLineInTheFile(@TempDir Path dir) throws Exception {
        StringBuilder text = new StringBuilder("%%MatrixMarket matrix coordinate pattern general\n% a comment\n200 200 300\n");
        for (int k = 0; k < 300; k++) {
            text.append(k == 250 ? "7 x\n" : (k % 200 + 1) + " " + ((k * 7) % 200 + 1) + "\n");
        }
        Path g = dir.resolve("g.mtx");
        Files.writeString(g, text);
        // Line 254: three header lines, then entry 251. The file is parsed in three splits.
        Cli c = Cli.run("run", "bfs", "--graph", g.toString(), "--source", "1", "--spark", "local[2]", "--partitions", "3");
        assertEquals(2, c.status, c.err);
        assertEquals(1, c.err.lines().count(), c.err);
        assertEquals(true, c.err.startsWith("stag: " + g + ":254: "), c.err);
    }

    @Test
    void aSourceMustBeGivenOnSpark() {
        String g = Programs.graph("suitesparse/karate.mtx").toString();
        assertOneLine(Cli.run("run", "bfs", "--graph", g, "--spark", "local[2]"), "bfs.stag on Spark needs --source ID"
                + " (the default, the vertex with the most out-edges, is chosen on a graph loaded in one JVM)");
    }

    @Test
    void sparkOptionsNeedSpark(@TempDir Path dir) {
        String g = Programs.graph("suitesparse/karate.mtx").toString();
        Cli p = Cli.run("run", "wcc", "--graph", g, "--partitions", "3");
        assertEquals(2, p.status);
        assertEquals(true, p.err.startsWith("stag: --partitions needs --spark MASTER"), p.err);
        Cli q = Cli.run("run", "wcc", "--graph", g, "--output-format", "parquet", "-o", dir.resolve("x").toString());
        assertEquals(2, q.status);
        assertEquals(true, q.err.startsWith("stag: --output-format parquet needs --spark MASTER"), q.err);
    }
}
