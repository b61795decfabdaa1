package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;
import org.stag.spark.exec.Shipping;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.read.GraphFiles;
import org.stag.spark.run.SparkRun;

/**
 * Must-show 1: every shipped program on bundled graphs (undirected and directed, pattern and weighted), read by
 * Spark into P = 1, 3 and 8 row blocks, gives the single JVM's result: exactly for BFS, WCC and CDLP, within 1e-9
 * relative for the others. A program one JVM refuses (SSSP on negative weights) is refused on Spark with the same
 * line. The graphs are small (at most about a thousand vertices) so that the 22 cases, each running all seven
 * programs as some hundreds of Spark jobs, take minutes; they share one context ({@link SharedSpark}).
 */
class ProgramsOnSparkTest {
    private static final DefinitionCompiler COMPILER = new DefinitionCompiler();
    private static final Map<String, Map<Algorithm, Object>> LOCAL = new ConcurrentHashMap<>();

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        if (System.getProperty("stag.spark.quick") != null) {
            String[] q = System.getProperty("stag.spark.quick").split(";");
            out.add(Arguments.of(q[0], Integer.parseInt(q[1]), Shipping.valueOf(q[2]), q[3]));
            return out.stream();
        }
        String[] graphs = {
            "suitesparse/karate.mtx",                   // undirected, pattern
            "suitesparse/jazz.mtx",                     // undirected, integer weights
            "suitesparse/netscience.mtx",               // undirected, real weights
            "suitesparse/cage8.mtx",                    // directed, real weights
            "suitesparse/ldbc-directed-example.mtx",    // directed, real weights (LDBC's example)
            "suitesparse/west0067.mtx",                 // directed, negative weights: SSSP refuses
        };
        for (String g : graphs) {
            for (int p : new int[] {1, 3, 8}) {
                out.add(Arguments.of(g, p, Shipping.BROADCAST, "dense,compressed"));
            }
        }
        // The other way of shipping vectors, and a dynamic format in the blocks.
        out.add(Arguments.of("suitesparse/cage8.mtx", 3, Shipping.NEEDED, "dense,compressed"));
        out.add(Arguments.of("suitesparse/jazz.mtx", 8, Shipping.NEEDED, "dense,compressed"));
        out.add(Arguments.of("suitesparse/karate.mtx", 3, Shipping.BROADCAST, "dense,ctree"));
        out.add(Arguments.of("suitesparse/ldbc-directed-example.mtx", 3, Shipping.NEEDED, "dense,blist"));
        return out.stream();
    }

    @ParameterizedTest(name = "{0} P={1} {2} {3}")
    @MethodSource("cases")
    void everyProgramAsOneJvm(String name, int partitions, Shipping shipping, String format) {
        String path = Programs.graph(name).toString();
        Map<Algorithm, Object> local = LOCAL.computeIfAbsent(name + format, k -> singleJvm(path, Programs.load(name), format));
        try (PartitionedGraph g = GraphFiles.read(SharedSpark.context(), path, Programs.load(name), partitions,
                GraphTensor.format(format))) {
            assertEquals(partitions, g.blocks().getNumPartitions());
            for (Algorithm a : Algorithm.values()) {
                String what = a.id() + " on " + name + " P=" + partitions;
                Object expected = local.get(a);
                Object actual;
                try {
                    actual = new SparkRun(COMPILER).run(a.program(), a, g, Programs.settings(a).format(format),
                            shipping, null).result();
                } catch (BadInputException e) {
                    actual = e.getMessage();
                }
                if (expected instanceof String refusal) {
                    assertEquals(refusal, actual, what);
                } else if (Programs.NOT_ON_ROW_BLOCKS.contains(a)) {
                    assertTrue(actual instanceof String refusal && refusal.contains(Programs.ROW_BLOCKS_REFUSAL),
                            what + ": " + actual);
                } else {
                    assertTrue(actual instanceof AlgorithmRunner.Result, what + ": " + actual);
                    Programs.assertSame(a, (AlgorithmRunner.Result) expected, (AlgorithmRunner.Result) actual, what);
                }
            }
        }
    }

    private static Map<Algorithm, Object> singleJvm(String path, LoadOptions load, String format) {
        Graph graph = GraphLoader.load(java.nio.file.Path.of(path), load);
        Map<Algorithm, Object> out = new ConcurrentHashMap<>();
        for (Algorithm a : Algorithm.values()) {
            try {
                out.put(a, new AlgorithmRunner(COMPILER).run(a, graph, Programs.settings(a).format(format).threads(2)));
            } catch (BadInputException e) {
                out.put(a, e.getMessage());
            }
        }
        return out;
    }
}
