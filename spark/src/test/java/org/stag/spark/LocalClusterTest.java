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
 * JVMs. {@code stag bench} runs every shipped program that row blocks can run there and in one JVM and checks
 * they agree.
 */
class LocalClusterTest {
    @Test
    void everyProgramAgreesWithOneJvmAcrossExecutorJvms(@TempDir Path home) throws Exception {
        Files.createDirectories(home.resolve("jars"));
        Files.createDirectories(home.resolve("launcher/target/scala-2.13"));
        String g = Programs.graph("suitesparse/jazz.mtx").toString();
        Cli l = Launched.run(Map.of("SPARK_HOME", home.toString()), 900, "bench", "--graph", g,
                "--algorithms", String.join(",", runnable()), "--spark", "local-cluster[2,1,1024]",
                "--partitions", "3", "--repeat", "1", "--threads", "1");
        // Status 0: every program agreed with one JVM (stag bench says which differ, with status 1).
        assertEquals(0, l.status, l.err);
        for (String a : runnable()) {
            assertTrue(l.out.contains("| " + g + " | " + a + " | 3 |"), a + ":\n" + l.out);
        }
        assertFalse(l.out.contains("FAILED"), l.out);
    }

    /** Every shipped algorithm but those row blocks cannot run ({@link Programs#NOT_ON_ROW_BLOCKS}). */
    private static java.util.List<String> runnable() {
        return Algorithm.ids(d -> Programs.NOT_ON_ROW_BLOCKS.stream().noneMatch(a -> a.id().equals(d.id())));
    }
}
