package org.stag.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.BadInputException;
import org.stag.spark.exec.Shipping;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.read.GraphFiles;
import org.stag.spark.run.SparkRun;

/**
 * tc on Spark is refused before any job runs, in one line naming the definition: its count reads rows j of the
 * oriented edges {@code U} it computes, which row blocks hold apart (as ktruss's support does).
 */
class TriangleCountOnSparkTest {
    @Test
    void rowBlocksRefuseTheCountInOneLine() {
        String name = "suitesparse/karate.mtx";
        String path = Programs.graph(name).toString();
        try (PartitionedGraph g = GraphFiles.read(SharedSpark.context(), path, Programs.load(name), 3,
                GraphTensor.format("dense,compressed"))) {
            BadInputException e = assertThrows(BadInputException.class, () -> new SparkRun(new DefinitionCompiler())
                    .run(Algorithm.TC.program(), Algorithm.TC, g, Programs.settings(Algorithm.TC).format("dense,compressed"),
                            Shipping.BROADCAST, null));
            assertEquals("tc.stag:23:5: cannot run on row blocks the definition 'triangles = U[i][j] && U[j][k] &&"
                    + " U[i][k] | k:(+, 0L), j:(+, 0L), i:(+, 0L)': its partitioned matrices are read at rows [i, j],"
                    + " none the target's first index", e.getMessage());
        }
    }
}
