package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.algorithms.catalog.Algorithm;

/**
 * {@code local-cluster[2,1,1024]} starts without a Spark distribution: two workers in the driver's JVM, each starting
 * an executor JVM of its own, with SPARK_HOME a stand-in folder (empty {@code jars/} and
 * {@code launcher/target/scala-2.13/}) and the driver's class path. So kernels, vectors and results really cross
 * JVMs. {@code stag bench} runs every shipped program there and in one JVM and checks they agree.
 */
class LocalClusterTest {
    @Test
    void everyProgramAgreesWithOneJvmAcrossExecutorJvms(@TempDir Path home) throws Exception {
        Files.createDirectories(home.resolve("jars"));
        Files.createDirectories(home.resolve("launcher/target/scala-2.13"));
        String g = Programs.graph("suitesparse/jazz.mtx").toString();
        Cli l = Launched.run(Map.of("SPARK_HOME", home.toString()), 900, "bench", "--graph", g,
                "--algorithms", String.join(",", Algorithm.ids(d -> true)), "--spark", "local-cluster[2,1,1024]",
                "--partitions", "3", "--repeat", "1", "--threads", "1");
        // Status 0: every program agreed with one JVM (stag bench says which differ, with status 1).
        assertEquals(0, l.status, l.err);
        for (Algorithm a : Algorithm.values()) {
            assertTrue(l.out.contains("| " + g + " | " + a.id() + " | 3 |"), a.id() + ":\n" + l.out);
        }
        assertFalse(l.out.contains("FAILED"), l.out);
    }
}
