package org.stag.algorithms.incremental;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.catalog.IncrementalProgram.Relaxation;
import org.stag.formats.graph.EdgeChanges;

/**
 * The rules for deletions and heavier edges ({@link Invalidation}) and the batch edges a program relaxes
 * ({@link Inputs}), on hand-made changes over a path 0 -> 1 -> 2 with a side edge 0 -> 2 that is not on a
 * shortest path.
 */
class InvalidationTest {
    private static final long[] DEPTH = {0, 1, 2, Long.MAX_VALUE};
    /** Weights 0 -> 1: 1.5, 1 -> 2: 2.0, 0 -> 2: 4.0 (not tight). */
    private static final double[] DIST = {0, 1.5, 3.5, Double.POSITIVE_INFINITY};

    private static final int[] NO = {};
    private static final double[] NONE = {};

    private static EdgeChanges deleted(int u, int v, double w) {
        return new EdgeChanges(NO, NO, NONE, NO, NO, NONE, NONE, new int[] {u}, new int[] {v}, new double[] {w}, 4, 4);
    }

    private static EdgeChanges updated(int u, int v, double old, double now) {
        return new EdgeChanges(NO, NO, NONE, new int[] {u}, new int[] {v}, new double[] {old}, new double[] {now},
                NO, NO, NONE, 4, 4);
    }

    private static EdgeChanges inserted(int u, int v, double w) {
        return new EdgeChanges(new int[] {u}, new int[] {v}, new double[] {w}, NO, NO, NONE, NONE, NO, NO, NONE, 4, 4);
    }

    @Test
    void bfsFallsBackOnlyForATightDeletion() {
        assertNull(Invalidation.check(Relaxation.DEPTHS, DEPTH, null, List.of(deleted(0, 2, 1)), true));
        assertEquals("deleted edge 1 -> 2 was on a shortest path (depth 2)",
                Invalidation.check(Relaxation.DEPTHS, DEPTH, null, List.of(deleted(1, 2, 1)), true));
        // Undirected: named either way round, 2 - 1 is tight as 1 -> 2.
        assertEquals("deleted edge 2 -> 1 was on a shortest path (depth 1)",
                Invalidation.check(Relaxation.DEPTHS, DEPTH, null, List.of(deleted(2, 1, 1)), false));
        // Directed, 2 -> 1 is not 1 -> 2; an unreached tail is never tight; weight changes do not matter.
        assertNull(Invalidation.check(Relaxation.DEPTHS, DEPTH, null, List.of(deleted(2, 1, 1), deleted(3, 0, 1)), true));
        assertNull(Invalidation.check(Relaxation.DEPTHS, DEPTH, null, List.of(updated(1, 2, 1, 9)), true));
    }

    @Test
    void ssspFallsBackForATightDeletionOrHeavierEdge() {
        assertNull(Invalidation.check(Relaxation.DISTANCES, null, DIST, List.of(deleted(0, 2, 4.0)), true));
        assertNull(Invalidation.check(Relaxation.DISTANCES, null, DIST, List.of(updated(0, 2, 4.0, 9.0)), true));
        assertNull(Invalidation.check(Relaxation.DISTANCES, null, DIST, List.of(updated(1, 2, 2.0, 1.0)), true));
        assertEquals("deleted edge 0 -> 1 was on a shortest path (distance 1.5)",
                Invalidation.check(Relaxation.DISTANCES, null, DIST, List.of(deleted(0, 1, 1.5)), true));
        assertEquals("heavier edge 1 -> 2 was on a shortest path (distance 3.5)",
                Invalidation.check(Relaxation.DISTANCES, null, DIST, List.of(updated(1, 2, 2.0, 2.5)), true));
    }

    @Test
    void ssspJudgesAnEdgeChangedTwiceByItsWeightInThePreviousVersion() {
        // 1 -> 2 made lighter, then heavier than it was: tight at its old 2.0, though not at the 1.0 in between.
        assertEquals("heavier edge 1 -> 2 was on a shortest path (distance 3.5)", Invalidation.check(Relaxation.DISTANCES, null,
                DIST, List.of(updated(1, 2, 2.0, 1.0), updated(1, 2, 1.0, 3.0)), true));
        // Heavier, then back below its old weight: no path got longer.
        assertNull(Invalidation.check(Relaxation.DISTANCES, null, DIST,
                List.of(updated(1, 2, 2.0, 3.0), updated(1, 2, 3.0, 1.0)), true));
        // Deleted, then re-inserted as heavy: its old weight counts.
        assertEquals("heavier edge 0 -> 1 was on a shortest path (distance 1.5)", Invalidation.check(Relaxation.DISTANCES, null,
                DIST, List.of(deleted(0, 1, 1.5), inserted(0, 1, 7.0)), true));
        // Inserted since, then deleted: it was not in the previous version.
        assertNull(Invalidation.check(Relaxation.DISTANCES, null, DIST, List.of(inserted(3, 2, 0.5), deleted(3, 2, 0.5)), true));
    }

    @Test
    void wccFallsBackForAnyDeletion() {
        assertNull(Invalidation.check(Relaxation.COMPONENTS, null, null, List.of(inserted(0, 3, 1), updated(1, 2, 1, 2)), true));
        assertEquals("2 deleted edges may split a component",
                Invalidation.check(Relaxation.COMPONENTS, null, null, List.of(deleted(0, 2, 1), deleted(0, 1, 1)), false));
    }

    @Test
    void theBatchHoldsTheEdgesThatMayShortenPathsAsTheyStandNow() {
        List<EdgeChanges> c = List.of(inserted(0, 3, 1), updated(1, 2, 2.0, 1.0), updated(2, 0, 1.0, 5.0));
        assertEquals(List.of("0>3"), edges(Inputs.edges(Relaxation.DEPTHS, c, true)));
        assertEquals(List.of("0>3", "3>0"), edges(Inputs.edges(Relaxation.DEPTHS, c, false)));
        assertEquals(List.of("0>3", "3>0"), edges(Inputs.edges(Relaxation.COMPONENTS, c, true)));
        assertEquals(List.of("0>3:1.0", "1>2:1.0", "2>0:5.0"), weighted(Inputs.edges(Relaxation.DISTANCES, c, true)));
        // Over several batches: the last weight counts, and an edge deleted after its insertion is gone.
        List<EdgeChanges> two = List.of(inserted(0, 3, 4.0), inserted(3, 1, 1.0), updated(0, 3, 4.0, 2.0),
                deleted(3, 1, 1.0));
        assertEquals(List.of("0>3:2.0"), weighted(Inputs.edges(Relaxation.DISTANCES, two, true)));
        assertEquals(List.of("0>3"), edges(Inputs.edges(Relaxation.DEPTHS, two, true)));
    }

    private static List<String> edges(Inputs.Edges e) {
        List<String> out = new java.util.ArrayList<>();
        for (int k = 0; k < e.size(); k++) {
            out.add(e.src()[k] + ">" + e.dst()[k]);
        }
        return out;
    }

    private static List<String> weighted(Inputs.Edges e) {
        List<String> out = new java.util.ArrayList<>();
        for (int k = 0; k < e.size(); k++) {
            out.add(e.src()[k] + ">" + e.dst()[k] + ":" + e.weight()[k]);
        }
        return out;
    }
}
