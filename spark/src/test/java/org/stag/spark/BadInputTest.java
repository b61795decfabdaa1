package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Must-show 5: an unreachable master, a missing path and a malformed Parquet schema each give one line on stderr and
 * exit status 2, without a stack trace or a hang; so do a bad line of a file read in splits (its line counted over
 * the whole file) and options that need --spark.
 */
class BadInputTest {
    private static void assertOneLine(Cli c, String expected) {
        assertEquals(2, c.status, c.err);
        assertEquals("", c.out);
        assertEquals(1, c.err.lines().count(), c.err);
        assertFalse(c.err.contains("\tat "), c.err);
        assertEquals("stag: " + expected, c.err.strip());
    }

    @Test
    void unreachableMaster() {
        String g = Programs.graph("suitesparse/karate.mtx").toString();
        Cli c = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> Cli.run("run", "bfs", "--graph", g, "--source", "1", "--spark", "spark://127.0.0.1:1"));
        assertEquals(2, c.status, c.err);
        assertEquals(1, c.err.lines().count(), c.err);
        assertFalse(c.err.contains("\tat "), c.err);
        assertEquals(true, c.err.startsWith("stag: --spark spark://127.0.0.1:1: cannot reach the master at 127.0.0.1:1"), c.err);
        Cli unknown = Cli.run("run", "bfs", "--graph", g, "--source", "1", "--spark", "spark://no-such-host.invalid:7077");
        assertOneLine(unknown, "--spark spark://no-such-host.invalid:7077: unknown host no-such-host.invalid");
        Cli nonsense = Cli.run("run", "bfs", "--graph", g, "--source", "1", "--spark", "local[two]");
        assertOneLine(nonsense, "--spark local[two]: unknown master (expected local[N], local[N,F],"
                + " local-cluster[W,C,MB], spark://HOST:PORT, yarn or k8s://URL)");
    }

    @Test
    void localClusterWithoutADistribution(@TempDir Path dir) {
        // local-cluster's workers start executors from a Spark distribution's jars/ (SPARK_HOME, or the spark.home
        // property, which wins); Maven's jars are none, so the master is refused at once instead of failing 10 times.
        System.setProperty("spark.home", dir.toString());
        try {
            String g = Programs.graph("suitesparse/karate.mtx").toString();
            assertOneLine(Cli.run("run", "wcc", "--graph", g, "--spark", "local-cluster[2,1,1024]"),
                    "--spark local-cluster[2,1,1024]: local-cluster starts executors from a Spark distribution, and"
                            + " none is here (set SPARK_HOME to one, or use local[N])");
        } finally {
            System.clearProperty("spark.home");
        }
    }

    @Test
    void missingPath(@TempDir Path dir) {
        String missing = dir.resolve("nowhere.mtx").toString();
        assertOneLine(Cli.run("run", "bfs", "--graph", missing, "--source", "1", "--spark", "local[2]"),
                missing + ": no such file or directory");
    }

    @Test
    void malformedParquetSchema(@TempDir Path dir) {
        String out = dir.resolve("edges.parquet").toString();
        SparkSession spark = SparkSession.builder().sparkContext(SharedSpark.context().sc()).getOrCreate();
        StructType schema = new StructType().add("from", DataTypes.LongType).add("to", DataTypes.LongType);
        spark.createDataFrame(List.of(RowFactory.create(0L, 1L), RowFactory.create(1L, 2L)), schema).write()
                .mode(SaveMode.Overwrite).parquet(out);
        assertOneLine(Cli.run("run", "wcc", "--graph", out, "--spark", "local[2]"),
                out + ": Parquet schema has no column 'src' (it has [from, to]; expected src and dst integers, optional weight)");
        StructType strings = new StructType().add("src", DataTypes.StringType).add("dst", DataTypes.LongType);
        String bad = dir.resolve("strings.parquet").toString();
        spark.createDataFrame(List.of(RowFactory.create("a", 1L)), strings).write().mode(SaveMode.Overwrite).parquet(bad);
        assertOneLine(Cli.run("run", "wcc", "--graph", bad, "--spark", "local[2]"),
                bad + ": Parquet column 'src' is string, not an integer (expected src and dst integers, optional weight)");
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
