package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stag run --spark} and {@code stag bench --spark} through the command line's own entry point. The runs
 * reuse the tests' context ({@code local[2,4]}) whatever master they name, as any run inside a JVM that holds one.
 */
class CommandLineTest {
    @Test
    void runWritesWhatOneJvmWrites() {
        String g = Programs.graph("suitesparse/cage8.mtx").toString();
        Cli one = Cli.run("run", "bfs", "--graph", g, "--source", "5");
        Cli spark = Cli.run("run", "bfs", "--graph", g, "--source", "5", "--spark", "local[2]", "--partitions", "3");
        assertEquals(0, one.status, one.err);
        assertEquals(0, spark.status, spark.err);
        assertEquals(one.out, spark.out);
        assertTrue(spark.err.contains("\npartitions 3\n"), spark.err);
        assertTrue(spark.err.contains("\nspark local[2]\n"), spark.err);
    }

    @Test
    void parquetOutputHasVertexAndValueColumns(@TempDir Path dir) {
        String g = Programs.graph("suitesparse/karate.mtx").toString();
        Path out = dir.resolve("ranks");
        Cli spark = Cli.run("run", "pagerank", "--graph", g, "--spark", "local[2]", "--partitions", "2",
                "--output-format", "parquet", "-o", out.toString());
        assertEquals(0, spark.status, spark.err);
        assertEquals("", spark.out);
        Cli text = Cli.run("run", "pagerank", "--graph", g);
        Dataset<Row> df = SparkSession.builder().sparkContext(SharedSpark.context().sc()).getOrCreate().read()
                .parquet(out.toString()).orderBy("vertex");
        assertEquals(List.of("vertex", "value"), List.of(df.schema().fieldNames()));
        List<Row> rows = df.collectAsList();
        String[] lines = text.out.split("\n");
        assertEquals(lines.length, rows.size());
        for (int k = 0; k < lines.length; k++) {
            String[] f = lines[k].split(" ");
            assertEquals(Long.parseLong(f[0]), rows.get(k).getLong(0));
            assertEquals(Double.parseDouble(f[1]), rows.get(k).getDouble(1), 1e-6 * Double.parseDouble(f[1]));
        }
    }

    @Test
    void benchTimesSparkBesideOneJvm(@TempDir Path dir) throws Exception {
        String g = Programs.graph("suitesparse/karate.mtx").toString();
        Cli b = Cli.run("bench", "--graph", g, "--algorithms", "bfs,wcc", "--spark", "local[2]", "--partitions", "2",
                "--repeat", "1", "--threads", "2", "--out", dir.toString());
        assertEquals(0, b.status, b.err);
        assertTrue(b.out.contains("| " + g + " | bfs | 2 |"), b.out);
        assertTrue(b.out.contains("| " + g + " | wcc | 2 |"), b.out);
        assertEquals(b.out, Files.readString(dir.resolve("spark-bench.md")));
    }
}
