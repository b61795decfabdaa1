package org.stag.algorithms.incremental;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.RunSettings;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.graph.EdgeChanges;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * How {@link Incremental} decides between its program and a full run outside the differential tests: no
 * change, changes that do not continue the last result, new vertices, negative SSSP weights.
 */
class IncrementalRulesTest {
    private static final int[] NO = {};
    private static final double[] NONE = {};

    /** A directed weighted path 1 -> 2 -> 3 (ids 1-based) in dense,ctree. */
    private static GraphTensor path() {
        Graph g = new Graph("path", 3, 3, new int[] {0, 1, 2, 2}, new int[] {1, 2}, new double[] {1.0, 2.0},
                Symmetry.GENERAL, ValueKind.REAL, VertexIds.offset(1), 0);
        return GraphTensor.of(g, GraphTensor.format("dense,ctree"), 1);
    }

    private static Incremental bfs() {
        return Incremental.of(Algorithm.BFS, new RunSettings().format("dense,ctree").source(1L),
                IncrementalTest.RUNNER);
    }

    @Test
    void noChangeKeepsTheResult() {
        GraphTensor t = path();
        Incremental inc = bfs();
        Incremental.Outcome first = inc.update(t, 0, List.of());
        Incremental.Outcome same = inc.update(t, 0, List.of());
        assertTrue(same.incremental());
        assertSame(first.result(), same.result());
        assertEquals("no change since version 0", same.reason());
    }

    @Test
    void aFullRunAskedForBecomesTheLastResult() {
        GraphTensor t = path();
        Incremental inc = bfs();
        Incremental.Outcome o = inc.full(t, 0);
        assertFalse(o.incremental());
        assertEquals("asked: full run", o.reason());
        t.insertBatch(new int[] {0}, new int[] {2}, new double[] {1}, 1, 1, BatchGrowth.FIXED);
        EdgeChanges c = new EdgeChanges(new int[] {0}, new int[] {2}, new double[] {1}, NO, NO, NONE, NONE, NO, NO,
                NONE, 3, 3);
        Incremental.Outcome next = inc.update(t, 1, List.of(c));
        assertTrue(next.incremental(), next.reason());
        assertEquals("1 inserted edges since version 0: relaxed from 1 edge, 1 rounds", next.reason());
        assertArrayEquals(new long[] {0, 1, 1}, next.result().values().longs());
    }

    @Test
    void changesThatDoNotContinueTheLastResultRunInFull() {
        GraphTensor t = path();
        Incremental inc = bfs();
        inc.update(t, 0, List.of());
        t.insertBatch(new int[] {0}, new int[] {2}, new double[] {1}, 1, 1, BatchGrowth.FIXED);
        t.insertBatch(new int[] {2}, new int[] {0}, new double[] {1}, 1, 1, BatchGrowth.FIXED);
        EdgeChanges second = new EdgeChanges(new int[] {2}, new int[] {0}, new double[] {1}, NO, NO, NONE, NONE, NO, NO,
                NONE, 3, 3);
        Incremental.Outcome o = inc.update(t, 2, List.of(second));
        assertFalse(o.incremental());
        assertEquals("1 batches of changes given for versions 0 to 2: full run", o.reason());
        assertArrayEquals(new long[] {0, 1, 1}, o.result().values().longs());
    }

    @Test
    void newVerticesEnterUnreachedAndAreReachedThroughTheirEdges() {
        GraphTensor t = path();
        Incremental inc = bfs();
        inc.update(t, 0, List.of());
        // 3 -> 5 (internal 2 -> 4) adds vertices 4 and 5; 4 stays isolated.
        t.insertBatch(new int[] {2}, new int[] {4}, new double[] {1}, 1, 1, BatchGrowth.ADD_VERTICES);
        EdgeChanges c = new EdgeChanges(new int[] {2}, new int[] {4}, new double[] {1}, NO, NO, NONE, NONE, NO, NO,
                NONE, 3, 5);
        Incremental.Outcome o = inc.update(t, 1, List.of(c));
        assertTrue(o.incremental(), o.reason());
        assertArrayEquals(new long[] {0, 1, 2, Long.MAX_VALUE, 3}, o.result().values().longs());
    }

    @Test
    void anUpdateThatFailsLeavesNoLastResultAndTheNextRunsInFull() {
        GraphTensor t = path();
        // Three star-call runs: enough for every full BFS below, not for relaxing a chain of four new edges.
        Incremental inc = Incremental.of(Algorithm.BFS, new RunSettings().format("dense,ctree").source(1L)
                .maxIterations(3), IncrementalTest.RUNNER);
        inc.update(t, 0, List.of());
        int[] src = {2, 3, 4, 5};
        int[] dst = {3, 4, 5, 6};
        double[] w = {1, 1, 1, 1};
        t.insertBatch(src, dst, w, 4, 1, BatchGrowth.ADD_VERTICES);
        EdgeChanges c1 = new EdgeChanges(src, dst, w, NO, NO, NONE, NONE, NO, NO, NONE, 3, 7);
        RuntimeException e = assertThrows(RuntimeException.class, () -> inc.update(t, 1, List.of(c1)));
        assertTrue(e.getMessage().contains("did not meet its stop condition"), e.getMessage());
        int[] from = {0, 0, 0, 0};
        int[] to = {3, 4, 5, 6};
        t.insertBatch(from, to, w, 4, 1, BatchGrowth.FIXED);
        EdgeChanges c2 = new EdgeChanges(from, to, w, NO, NO, NONE, NONE, NO, NO, NONE, 7, 7);
        Incremental.Outcome o = inc.update(t, 2, List.of(c2));
        assertFalse(o.incremental());
        assertEquals("the update from version 0 failed: full run", o.reason());
        assertArrayEquals(new long[] {0, 1, 2, 1, 1, 1, 1}, o.result().values().longs());
    }

    @Test
    void ssspRefusesANegativeWeightInABatch() {
        GraphTensor t = path();
        Incremental inc = Incremental.of(Algorithm.SSSP, new RunSettings().format("dense,ctree").source(1L),
                IncrementalTest.RUNNER);
        inc.update(t, 0, List.of());
        t.insertBatch(new int[] {0}, new int[] {2}, new double[] {-1}, 1, 1, BatchGrowth.FIXED);
        EdgeChanges c = new EdgeChanges(new int[] {0}, new int[] {2}, new double[] {-1}, NO, NO, NONE, NONE, NO, NO,
                NONE, 3, 3);
        BadInputException e = assertThrows(BadInputException.class, () -> inc.update(t, 1, List.of(c)));
        assertEquals("sssp: negative weight -1.0 on edge 1 -> 3; shortest paths need finite non-negative weights",
                e.getMessage());
    }

    @Test
    void pagerankWithFixedIterationsRunsInFull() {
        GraphTensor t = path();
        Incremental inc = Incremental.of(Algorithm.PAGERANK, new RunSettings().format("dense,ctree").iterations(3),
                IncrementalTest.RUNNER);
        inc.update(t, 0, List.of());
        t.insertBatch(new int[] {2}, new int[] {0}, new double[] {1}, 1, 1, BatchGrowth.FIXED);
        EdgeChanges c = new EdgeChanges(new int[] {2}, new int[] {0}, new double[] {1}, NO, NO, NONE, NONE, NO, NO,
                NONE, 3, 3);
        Incremental.Outcome o = inc.update(t, 1, List.of(c));
        assertFalse(o.incremental());
        assertEquals("fixed iteration count: a warm start would change the result: full run", o.reason());
        assertEquals(3L, o.result().iterations());
    }
}
