package org.stag.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.stag.formats.graph.ApplyResult;

/** The facade on dynamic graphs: batches, snapshots that stay as they were, results kept up to date. */
class StagDynamicGraphTest {
    static final Path KARATE = Path.of("..", "data", "karate.mtx");

    /** A path 0 - 1 - 2 - 3 and a lone vertex 4, undirected. */
    private static StagGraph path() {
        return StagGraph.fromEdges(5, new int[] {0, 1, 2}, new int[] {1, 2, 3}, null, false);
    }

    @Test
    void batchesMakeVersionsAndSnapshotsKeepTheirs() {
        StagDynamicGraph g = path().dynamic();
        assertEquals("dense,ctree", g.format());
        try (Snapshot before = g.snapshot()) {
            ApplyResult r = g.apply(new Batch().insert(3, 4).delete(0, 1).delete(0, 4));
            assertEquals(1, r.version());
            assertEquals(1, r.inserted());
            assertEquals(1, r.deleted());
            assertEquals(1, r.missing());
            assertEquals(0, before.version());
            assertEquals(6, before.numEdges());
            assertArrayEquals(new long[] {0, 1, 2, 3, Long.MAX_VALUE},
                    before.run("bfs").source(0).execute().longs());
            try (Snapshot after = g.snapshot()) {
                assertEquals(1, after.version());
                assertArrayEquals(new long[] {Long.MAX_VALUE, 0, 1, 2, 3}, after.run("bfs").source(1).execute().longs());
                // The same as a static graph of the same edges.
                StagGraph same = StagGraph.fromEdges(5, new int[] {1, 2, 3}, new int[] {2, 3, 4}, null, false);
                assertArrayEquals(same.run("wcc").execute().longs(), after.run("wcc").execute().longs());
                assertTrue(after.run("wcc").compare().agree());
            }
        }
    }

    @Test
    void aNewIdAddsAVertex() {
        StagDynamicGraph g = path().dynamic("dense,ctree");
        g.apply(new Batch().insert(4, 7, 2.5));
        assertEquals(8, g.numVertices());
        try (Snapshot s = g.snapshot()) {
            assertEquals(8, s.run("wcc").execute().size());
        }
    }

    @Test
    void keptResultsEqualFullRuns() {
        StagGraph karate = StagGraph.load(KARATE);
        StagDynamicGraph g = karate.dynamic();
        Kept bfs = g.keep("bfs").source(1);
        Kept wcc = g.keep("wcc");
        assertArrayEquals(karate.run("bfs").source(1).execute().longs(), bfs.update().longs());
        wcc.update();
        g.apply(new Batch().insert(1, 30).delete(1, 2));
        g.apply(new Batch().insert(33, 12));
        Kept.Update b = bfs.update();
        Kept.Update w = wcc.update();
        assertEquals(2, b.version());
        try (Snapshot s = g.snapshot()) {
            assertArrayEquals(s.run("bfs").source(1).execute().longs(), b.longs());
            assertArrayEquals(s.run("wcc").execute().longs(), w.longs());
        }
        Kept.Update none = g.keep("sssp").update();
        assertEquals(0.0, none.doubles()[33], 0);   // its default source: vertex 34, the most out-edges
    }

    @Test
    void refusedBatchesAndSettingsAreStagExceptions() {
        StagDynamicGraph g = path().dynamic();
        assertThrows(StagException.class, () -> g.apply(new Batch().insert(0, -1)));
        assertThrows(StagException.class, () -> g.apply(new Batch().insert(0, 1, Double.POSITIVE_INFINITY)));
        assertEquals(0, g.version());
        StagGraphTest.assertMessage("--iterations: bfs does not take it (bfs takes --source)",
                () -> g.keep("bfs").iterations(3).update());
        try (Snapshot s = g.snapshot()) {
            assertThrows(StagException.class, () -> s.run("bfs").format("dense,compressed"));
        }
        assertThrows(StagException.class, () -> g.keep("nosuch"));
    }
}
