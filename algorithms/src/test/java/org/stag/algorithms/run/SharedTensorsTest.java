package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.TestGraph;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.Graph;

/** Runs that share one graph's tensors ({@code stag bench}): built once, results as with tensors of their own. */
class SharedTensorsTest {
    @Test
    void runsOnSharedTensorsAgreeAndBuildThemOnce() {
        TestGraph t = TestGraph.random(5, 40, 120, true, false);
        Graph g = AlgorithmRunnerTest.graph(t);
        GraphTensor shared = GraphTensor.of(g, GraphTensor.format("dense,ctree"), 2);
        RunSettings s = new RunSettings().format("dense,ctree").source(t.csr().ids().external(0));
        AlgorithmRunner.Result first = AlgorithmRunnerTest.RUNNER.prepare(Algorithm.BFS.program(), Algorithm.BFS,
                shared, s).run();
        var a = shared.a();
        AlgorithmRunner.Result second = AlgorithmRunnerTest.RUNNER.prepare(Algorithm.WCC.program(), Algorithm.WCC,
                shared, new RunSettings().format("dense,ctree")).run();
        assertSame(a, shared.a(), "the second run reads the tensor the first built");
        // BFS built A and AT; WCC reads the same two, so its run builds nothing.
        assertEquals(0.0, second.buildSeconds());
        assertTrue(first.buildSeconds() > 0);
        AlgorithmRunner.Result own = AlgorithmRunnerTest.RUNNER.prepare(Algorithm.BFS, g, s).run();
        assertTrue(Comparison.check(Algorithm.BFS, own.values(), first.values()).agree());
    }

    @Test
    void tensorsInAnotherFormatThanTheSettingsAreRefused() {
        Graph g = AlgorithmRunnerTest.graph(TestGraph.random(6, 10, 20, false, false));
        GraphTensor shared = GraphTensor.of(g, GraphTensor.format("dense,ctree"), 2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AlgorithmRunnerTest.RUNNER
                .prepare(Algorithm.WCC.program(), Algorithm.WCC, shared, new RunSettings().format("dense,compressed")));
        assertTrue(e.getMessage().startsWith("tensors in "), e.getMessage());
    }
}
