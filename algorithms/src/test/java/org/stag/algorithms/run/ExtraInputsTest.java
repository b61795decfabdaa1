package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Source;
import org.stag.engine.program.ProgramRunException;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/** Inputs bound beside the graph's ({@code prepare(..., extra)}), rebound between runs, and their refusals. */
class ExtraInputsTest {
    /** Out-degree plus a per-vertex offset given from Java. */
    private static final CheckedProgram PROGRAM = new Checker().check(new Source("offset.stag", String.join("\n",
            "N int", "A bool[N][compressed[N]]", "offset long[N]", "Let Main() -> (r long[N])", "    deg long[N]",
            "    deg[i] = A[i][j] | j:(+, 0)", "    r[i] = offset[i] + deg[i]", "End", "")));

    private static GraphTensor path() {
        Graph g = new Graph("path", 3, 3, new int[] {0, 1, 2, 2}, new int[] {1, 2}, null, Symmetry.GENERAL,
                ValueKind.PATTERN, VertexIds.offset(1), 0);
        return GraphTensor.of(g, GraphTensor.format("dense,ctree"), 1);
    }

    private static Tensor longs(long... v) {
        return GraphTensor.denseVector(Values.ofLongs(v));
    }

    @Test
    void anExtraInputIsBoundAndRebound() {
        AlgorithmRunner.Prepared p = AlgorithmRunnerTest.RUNNER.prepare(PROGRAM, null, path(),
                new RunSettings().format("dense,ctree"), Map.of("offset", longs(10, 20, 30)));
        assertArrayEquals(new long[] {11, 21, 30}, p.run().values().longs());
        p.rebind("offset", longs(0, 0, 5));
        assertArrayEquals(new long[] {1, 1, 5}, p.run().values().longs());
    }

    @Test
    void refusals() {
        GraphTensor t = path();
        RunSettings s = new RunSettings().format("dense,ctree");
        assertEquals("'prev' is not an input tensor of offset.stag", assertThrows(IllegalArgumentException.class,
                () -> AlgorithmRunnerTest.RUNNER.prepare(PROGRAM, null, t, s, Map.of("offset", longs(1, 2, 3),
                        "prev", longs(1, 2, 3)))).getMessage());
        assertEquals("offset.stag:3:1: input tensor 'offset' is 2 but is declared long[N], which is 3 with N = 3",
                assertThrows(ProgramRunException.class, () -> AlgorithmRunnerTest.RUNNER.prepare(PROGRAM, null, t, s,
                        Map.of("offset", longs(1, 2)))).getMessage());
        AlgorithmRunner.Prepared p = AlgorithmRunnerTest.RUNNER.prepare(PROGRAM, null, t, s,
                Map.of("offset", longs(1, 2, 3)));
        assertThrows(ProgramRunException.class, () -> p.rebind("offset", longs(1, 2, 3, 4)));
        assertArrayEquals(new long[] {2, 3, 3}, p.run().values().longs());
    }
}
