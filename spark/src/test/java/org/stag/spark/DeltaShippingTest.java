package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.VertexValues;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.tensor.Format;
import org.stag.loaders.Graph;
import org.stag.loaders.io.GraphLoader;
import org.stag.spark.exec.Faults;
import org.stag.spark.exec.Shipping;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.read.GraphFiles;
import org.stag.spark.run.SparkRun;

/**
 * Vectors shipped as the entries that changed since a base the executors hold give what vectors shipped whole give,
 * bit for bit, and what one JVM gives; a task that fails and runs again on a base and a delta gives the same result.
 * The bundled graphs' vectors are far below the 1 MB from which vectors travel as broadcasts, so the tests lower
 * that bound to 0 ({@code stag.spark.inlineBytes}): every vector is then a broadcast, and those that change little
 * from one kernel run to the next (SSSP's distances, BFS's depths) travel as deltas.
 */
class DeltaShippingTest {
    private static final DefinitionCompiler COMPILER = new DefinitionCompiler();

    @BeforeEach
    void everyVectorAsABroadcast() {
        System.setProperty("stag.spark.inlineBytes", "0");
    }

    @AfterEach
    void restore() {
        System.clearProperty("stag.spark.inlineBytes");
        System.clearProperty("stag.spark.deltas");
    }

    @Test
    void deltasGiveWhatWholeVectorsAndOneJvmGive() {
        for (String name : new String[] {"suitesparse/cage8.mtx", "suitesparse/netscience.mtx"}) {
            String path = Programs.graph(name).toString();
            Graph graph = GraphLoader.load(Path.of(path), Programs.load(name));
            long deltas = 0;
            try (PartitionedGraph g = GraphFiles.read(SharedSpark.context(), path, Programs.load(name), 3, Format.csr())) {
                for (Algorithm a : Algorithm.values()) {
                    // Every program on cage8; on netscience the four of the COST comparison.
                    if (Programs.NOT_ON_ROW_BLOCKS.contains(a) || name.contains("netscience")
                            && !java.util.List.of(Algorithm.PAGERANK, Algorithm.WCC, Algorithm.BFS, Algorithm.SSSP).contains(a)) {
                        continue;
                    }
                    String what = a.id() + " on " + name;
                    AlgorithmRunner.Result local = new AlgorithmRunner(COMPILER).run(a, graph, Programs.settings(a).threads(2));
                    System.setProperty("stag.spark.deltas", "false");
                    SparkRun.Outcome whole = new SparkRun(COMPILER).run(a.program(), a, g, Programs.settings(a),
                            Shipping.BROADCAST, null);
                    assertEquals(0, whole.stats().deltas(), what);
                    System.setProperty("stag.spark.deltas", "true");
                    SparkRun.Outcome delta = new SparkRun(COMPILER).run(a.program(), a, g, Programs.settings(a),
                            Shipping.BROADCAST, null);
                    deltas += delta.stats().deltas();
                    if (a == Algorithm.SSSP || a == Algorithm.BFS) {
                        assertTrue(delta.stats().deltas() > 0, what + ": no vector travelled as a delta");
                        assertTrue(delta.stats().shippedBytes() < whole.stats().shippedBytes(), what);
                    }
                    Programs.assertSame(a, local, delta.result(), what);
                    assertBitwise(whole.result().values(), delta.result().values(), what);
                }
            }
            assertTrue(deltas > 0, name);
        }
    }

    @Test
    void aRetriedTaskOnABaseAndADeltaGivesTheSameResult() {
        String path = Programs.graph("suitesparse/cage8.mtx").toString();
        try (PartitionedGraph g = GraphFiles.read(SharedSpark.context(), path, Programs.load("suitesparse/cage8.mtx"), 3, Format.csr())) {
            Algorithm a = Algorithm.SSSP;
            SparkRun.Outcome clean = new SparkRun(COMPILER).run(a.program(), a, g, Programs.settings(a), Shipping.BROADCAST, null);
            assertTrue(clean.stats().deltas() > 0, "no vector travelled as a delta");
            // The last kernel run ships the distances as a delta (each run after the first relaxes a few vertices).
            long last = clean.stats().runs();
            for (long run : new long[] {last / 2, last}) {
                SparkRun.Outcome faulty = new SparkRun(COMPILER).run(a.program(), a, g, Programs.settings(a),
                        Shipping.BROADCAST, new Faults(run, 1));
                assertEquals(clean.stats().runs(), faulty.stats().runs(), "run " + run);
                assertEquals(clean.stats().deltas(), faulty.stats().deltas(), "run " + run);
                assertBitwise(clean.result().values(), faulty.result().values(), "run " + run);
            }
        }
    }

    private static void assertBitwise(VertexValues expected, VertexValues actual, String what) {
        if (expected.integral()) {
            assertArrayEquals(expected.longs(), actual.longs(), what);
        } else {
            assertArrayEquals(expected.doubles(), actual.doubles(), what);
        }
    }
}
