package org.stag.formats.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;
import org.stag.loaders.updates.UpdateBatch;

/**
 * {@link DynamicGraph#apply}: its rules against {@link EdgeModel} over random batches, in every format that takes
 * batches, directed and undirected, weighted and pattern; snapshots of every version checked while later batches
 * land; and what it refuses.
 */
class DynamicGraphTest {
    /** {@code dense,F} for every shipped dynamic F, and {@code bst,ctree} (Aspen's layout) and {@code bst,vctree}. */
    static List<String> batchFormats() {
        List<String> f = new ArrayList<>();
        for (String s : GraphTensor.shippedFormats()) {
            if (!s.equals("dense,compressed")) {
                f.add(s);
            }
        }
        f.add("bst,ctree");
        f.add("bst,vctree");
        return f;
    }

    static Stream<Arguments> cases() {
        List<Arguments> a = new ArrayList<>();
        for (String f : batchFormats()) {
            for (boolean directed : new boolean[] {false, true}) {
                for (boolean weighted : new boolean[] {false, true}) {
                    // Batches while a snapshot is held are logged (limit 2^16) or merged at once by copy (limit 0).
                    a.add(Arguments.of(f, directed, weighted, directed == weighted ? 0L : 1L << 16));
                }
            }
        }
        return a.stream();
    }

    @Test
    void everyDynamicFormatIsCovered() {
        List<String> f = batchFormats();
        assertEquals(14, f.size(), f.toString());
        for (String s : f) {
            assertTrue(GraphTensor.of(GraphTensorTest.random(1, 4, 4, true, false), GraphTensor.format(s), 1)
                    .a().takesBatches(), s);
        }
    }

    @ParameterizedTest(name = "{0} directed={1} weighted={2} minLog={3}")
    @MethodSource("cases")
    void batchesFollowTheModel(String format, boolean directed, boolean weighted, long minLog) {
        Graph g = GraphTensorTest.random(format.hashCode() * 31L + (directed ? 2 : 0) + (weighted ? 1 : 0), 30, 90,
                directed, weighted);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format(format), 2, minLog);
        EdgeModel model = new EdgeModel(g);
        Random rnd = new Random(format.hashCode() ^ 12345L ^ (directed ? 7 : 0) ^ (weighted ? 11 : 0));
        List<Long> deleted = new ArrayList<>();
        List<GraphSnapshot> held = new ArrayList<>();
        List<TreeMap<Long, Double>> heldEdges = new ArrayList<>();
        try (GraphSnapshot first = dg.snapshot()) {
            check(first, model, 0);
        }
        long line = 1;
        for (int batch = 1; batch <= 30; batch++) {
            UpdateBatch b = model.randomBatch(rnd, 1 + rnd.nextInt(40), line, deleted);
            line += b.size();
            EdgeModel.Expected want = model.apply(b);
            ApplyResult got = dg.apply(b);
            String where = format + " batch " + batch;
            assertEquals(batch, got.version(), where);
            want.assertMatches(got, where);
            assertEquals(want.vertices(), got.changes().verticesAfter(), where);
            assertEquals(want.edges(), dg.numEdges(), where);
            assertEquals(want.vertices(), dg.numVertices(), where);
            if (batch % 3 == 1 && batch % 7 != 0) {
                continue; // no snapshot: with one held, the next batch goes to the log on top of this one
            }
            GraphSnapshot s = dg.snapshot();
            check(s, model, batch);
            if (batch % 7 == 0) {
                held.add(s);
                heldEdges.add(new TreeMap<>(model.edges));
            } else {
                s.close();
            }
        }
        // Snapshots held across later batches still show their own version.
        for (int k = 0; k < held.size(); k++) {
            GraphSnapshot s = held.get(k);
            assertEquals(heldEdges.get(k), EdgeModel.outEdges(s.tensors()), format + " held version " + s.version());
            s.tensors().check();
            s.close();
        }
        assertEquals(0, dg.openSnapshots());
    }

    /** The snapshot holds exactly the model's edges, out and in, and reports the model's sizes. */
    private static void check(GraphSnapshot s, EdgeModel model, long version) {
        GraphTensor t = s.tensors();
        assertEquals(version, s.version());
        assertEquals(version, t.version());
        assertEquals(model.edges.size(), s.numEdges());
        assertEquals(model.n, s.numVertices());
        assertEquals(model.n, t.a().dimension(0));
        assertEquals(model.n, t.at().dimension(1));
        assertEquals(model.edges, EdgeModel.outEdges(t), "version " + version);
        assertEquals(model.pattern(), EdgeModel.inEdgesTransposed(t), "in-edges of version " + version);
        t.check();
    }

    @Test
    void anInsertWithoutWeightMakesANewEdgeWeighOneAndLeavesAnExistingEdgesWeight() {
        // 0 -> 1 (5.0) stored; directed, weighted.
        Graph g = new Graph("w", 3, 3, new int[] {0, 1, 1, 1}, new int[] {1}, new double[] {5.0}, Symmetry.GENERAL,
                ValueKind.REAL, VertexIds.offset(0), 0);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format("dense,ctree"), 1);
        ApplyResult r = dg.apply(batch(new byte[] {UpdateBatch.INSERT, UpdateBatch.INSERT},
                new int[] {0, 1}, new int[] {1, 2}, new double[] {Double.NaN, Double.NaN}, 3, 3));
        assertEquals(1, r.inserted());
        assertEquals(1, r.updated());
        assertEquals(0, r.changes().updated(), "the weight stayed: not a change");
        try (GraphSnapshot s = dg.snapshot()) {
            assertEquals(5.0, s.tensors().w().getAsDouble(0, 1));
            assertEquals(1.0, s.tensors().w().getAsDouble(1, 2));
        }
        // The same weight again: updated, not a change; another one: a change with both weights.
        r = dg.apply(batch(new byte[] {UpdateBatch.INSERT, UpdateBatch.INSERT}, new int[] {0, 1}, new int[] {1, 2},
                new double[] {5.0, 2.5}, 3, 3));
        assertEquals(2, r.updated());
        assertEquals(1, r.changes().updated());
        assertEquals(1.0, r.changes().oldWeight()[0]);
        assertEquals(2.5, r.changes().newWeight()[0]);
    }

    @Test
    void anEmptyBatchMakesAVersionAndChangesNothing() {
        Graph g = GraphTensorTest.random(8, 12, 30, true, true);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format("dense,ctree"), 2);
        long m = dg.numEdges();
        ApplyResult r = dg.apply(batch(new byte[0], new int[0], new int[0], new double[0], 12, 12));
        assertEquals(1, r.version());
        assertEquals(0, r.inserted() + r.updated() + r.deleted() + r.missing());
        assertEquals(m, r.edges());
        assertTrue(r.changes().insertOnly());
        try (GraphSnapshot s = dg.snapshot()) {
            assertEquals(1, s.version());
            assertEquals(new EdgeModel(g).edges, EdgeModel.outEdges(s.tensors()));
        }
    }

    @Test
    void theLastUpdateOfAnEdgeWinsWhicheverDirectionItNames() {
        // Undirected 0 - 1 stored (weight 4). Batch: -0 1, +1 0 7, -2 3 (absent), +2 3, -2 3.
        Graph g = new Graph("u", 4, 4, new int[] {0, 1, 2, 2, 2}, new int[] {1, 0}, new double[] {4.0, 4.0},
                Symmetry.SYMMETRIC, ValueKind.REAL, VertexIds.offset(0), 0);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format("bst,ctree"), 1);
        ApplyResult r = dg.apply(batch(new byte[] {UpdateBatch.DELETE, UpdateBatch.INSERT, UpdateBatch.DELETE,
                UpdateBatch.INSERT, UpdateBatch.DELETE}, new int[] {0, 1, 2, 2, 2}, new int[] {1, 0, 3, 3, 3},
                new double[] {Double.NaN, 7, Double.NaN, 1, Double.NaN}, 4, 4));
        assertEquals(0, r.inserted());
        assertEquals(1, r.updated());
        assertEquals(0, r.deleted());
        assertEquals(1, r.missing());
        assertEquals(List.of("~ 1 0 4.0 7.0"), EdgeModel.lines(r.changes()), "listed once, as the update named it");
        try (GraphSnapshot s = dg.snapshot()) {
            assertEquals(7.0, s.tensors().w().getAsDouble(0, 1));
            assertEquals(7.0, s.tensors().w().getAsDouble(1, 0));
            assertEquals(2, s.numEdges());
        }
    }

    @Test
    void newVerticesJoinWithOrWithoutEdgesAndDeletesOfThemAreMissing() {
        Graph g = GraphTensorTest.random(3, 5, 6, true, false);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format("bst,ctree"), 1);
        long m = dg.numEdges();
        // A delete naming vertex 7 (never seen) and an insert 0 -> 6; the batch says the graph now has 9.
        ApplyResult r = dg.apply(batch(new byte[] {UpdateBatch.DELETE, UpdateBatch.INSERT}, new int[] {7, 0},
                new int[] {1, 6}, new double[] {Double.NaN, Double.NaN}, 5, 9));
        assertEquals(1, r.missing());
        assertEquals(1, r.inserted());
        assertEquals(9, r.vertices());
        assertEquals(5, r.changes().verticesBefore());
        assertEquals(9, r.changes().verticesAfter());
        assertEquals(m + 1, r.edges());
        try (GraphSnapshot s = dg.snapshot()) {
            assertEquals(9, s.tensors().a().dimension(0));
            assertEquals(9, s.tensors().at().dimension(0));
            assertEquals(9, s.tensors().id().dimension(0));
            assertTrue(s.tensors().at().getAsBoolean(6, 0));
        }
    }

    @Test
    void aBadBatchIsRefusedWholeAndChangesNothing() {
        Graph g = GraphTensorTest.random(4, 20, 60, false, true);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format("dense,ctree"), 2);
        GraphSnapshot before = dg.snapshot();
        TreeMap<Long, Double> edges = EdgeModel.outEdges(before.tensors());
        long bytes = dg.memoryBytes();
        // Good updates first, then an infinite weight on line 12.
        BatchRefusedException inf = assertThrows(BatchRefusedException.class, () -> dg.apply(UpdateBatch.of(
                new byte[] {UpdateBatch.INSERT, UpdateBatch.DELETE, UpdateBatch.INSERT}, new int[] {0, 1, 2},
                new int[] {3, 2, 4}, new double[] {2, Double.NaN, Double.POSITIVE_INFINITY}, new long[] {10, 11, 12},
                20, 20)));
        assertEquals(12, inf.line());
        assertTrue(inf.getMessage().startsWith("line 12: weight Infinity is not finite"), inf.getMessage());
        // A vertex past what the batch says the graph has, and a negative one.
        BatchRefusedException past = assertThrows(BatchRefusedException.class, () -> dg.apply(batch(
                new byte[] {UpdateBatch.INSERT, UpdateBatch.INSERT}, new int[] {0, 21}, new int[] {1, 0},
                new double[] {1, 1}, 20, 21)));
        assertEquals(2, past.line());
        assertTrue(past.why().contains("vertex 21"), past.why());
        BatchRefusedException negative = assertThrows(BatchRefusedException.class, () -> dg.apply(batch(
                new byte[] {UpdateBatch.DELETE}, new int[] {3}, new int[] {-1}, new double[] {Double.NaN}, 20, 20)));
        assertTrue(negative.why().contains("vertex -1"), negative.why());
        assertEquals(0, dg.version());
        assertEquals(20, dg.numVertices());
        assertEquals(edges.size(), dg.numEdges());
        assertEquals(bytes, dg.memoryBytes());
        try (GraphSnapshot after = dg.snapshot()) {
            assertEquals(edges, EdgeModel.outEdges(after.tensors()));
            assertEquals(0, after.version());
        }
        assertEquals(edges, EdgeModel.outEdges(before.tensors()));
        before.close();
    }

    /**
     * A batch large enough to be checked in parallel blocks: of several bad updates in different blocks, the first
     * in the batch is named, whatever the blocks' order of finishing; nothing changes.
     */
    @Test
    void aLargeBatchIsCheckedInParallelAndItsFirstBadUpdateNamed() {
        Graph g = GraphTensorTest.random(4, 20, 60, false, true);
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format("dense,ctree"), 2);
        long edges = dg.numEdges();
        int n = 100_000;
        byte[] op = new byte[n];
        int[] src = new int[n];
        int[] dst = new int[n];
        double[] w = new double[n];
        java.util.Arrays.fill(op, UpdateBatch.INSERT);
        for (int i = 0; i < n; i++) {
            src[i] = i % 20;
            dst[i] = (i * 7 + 3) % 20;
            w[i] = 1 + i % 5;
        }
        w[90_000] = Double.NEGATIVE_INFINITY;
        dst[70_001] = 20;
        src[99_999] = -4;
        BatchRefusedException e = assertThrows(BatchRefusedException.class, () -> dg.apply(batch(op, src, dst, w, 20,
                20)));
        assertEquals(70_002, e.line());
        assertTrue(e.why().contains("vertex 20"), e.why());
        dst[70_001] = 5;
        BatchRefusedException inf = assertThrows(BatchRefusedException.class, () -> dg.apply(batch(op, src, dst, w, 20,
                20)));
        assertEquals(90_001, inf.line());
        assertTrue(inf.why().contains("not finite"), inf.why());
        assertEquals(0, dg.version());
        assertEquals(edges, dg.numEdges());
        w[90_000] = 2;
        src[99_999] = 4;
        assertEquals(1, dg.apply(batch(op, src, dst, w, 20, 20)).version());
    }

    @Test
    void aGraphWithIdsOfItsOwnRefusesNewVertices() {
        Graph explicit = new Graph("ldbc", 2, 2, new int[] {0, 1, 1}, new int[] {1}, null, Symmetry.GENERAL,
                ValueKind.PATTERN, VertexIds.explicit(new long[] {100, 200}), 0);
        DynamicGraph dg = DynamicGraph.of(explicit, GraphTensor.format("dense,list"), 1);
        BatchRefusedException e = assertThrows(BatchRefusedException.class, () -> dg.apply(batch(
                new byte[] {UpdateBatch.INSERT}, new int[] {0}, new int[] {2}, new double[] {Double.NaN}, 2, 3)));
        assertTrue(e.why().contains("ids of their own"), e.why());
        // A batch that says the graph grows without naming the new vertex is refused as well.
        BatchRefusedException unnamed = assertThrows(BatchRefusedException.class, () -> dg.apply(batch(
                new byte[] {UpdateBatch.INSERT}, new int[] {0}, new int[] {1}, new double[] {Double.NaN}, 2, 3)));
        assertTrue(unnamed.why().contains("adds vertices"), unnamed.why());
        assertEquals(2, dg.numVertices());
        assertEquals(0, dg.version());
        // Within its vertices it takes batches.
        assertEquals(1, dg.apply(batch(new byte[] {UpdateBatch.INSERT}, new int[] {1}, new int[] {0},
                new double[] {Double.NaN}, 2, 2)).inserted());
    }

    @Test
    void aSnapshotRefusesBatchesAndItsTensorsGoWhenClosed() {
        DynamicGraph dg = DynamicGraph.of(GraphTensorTest.random(5, 10, 20, true, true), GraphTensor.format("dense,ctree"),
                1);
        GraphSnapshot s = dg.snapshot();
        assertTrue(s.tensors().frozen());
        assertThrows(UnsupportedOperationException.class, () -> s.tensors().insertBatch(new int[] {0}, new int[] {1},
                null, 1, 1, BatchGrowth.FIXED));
        assertThrows(UnsupportedOperationException.class, () -> s.tensors().deleteBatch(new int[] {0}, new int[] {1},
                1, 1));
        assertEquals(1, dg.openSnapshots());
        s.close();
        s.close();
        assertTrue(s.closed());
        assertEquals(0, dg.openSnapshots());
        IllegalStateException closed = assertThrows(IllegalStateException.class, s::tensors);
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        assertFalse(dg.snapshot().closed());
    }

    @Test
    void formatsThatTakeNoBatchesAreRefused() {
        Graph g = GraphTensorTest.random(6, 10, 20, false, false);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DynamicGraph.of(g, GraphTensor.format("dense,compressed"), 1));
        assertTrue(e.getMessage().contains("takes no batch updates"), e.getMessage());
        Graph nan = new Graph("nan", 3, 3, new int[] {0, 1, 2, 2}, new int[] {1, 2}, new double[] {1.5, Double.NaN},
                Symmetry.GENERAL, ValueKind.REAL, VertexIds.offset(0), 0);
        IllegalArgumentException w = assertThrows(IllegalArgumentException.class,
                () -> DynamicGraph.of(nan, GraphTensor.format("dense,ctree"), 1));
        assertTrue(w.getMessage().contains("NaN or infinite"), w.getMessage());
    }

    /** A batch with lines 1, 2, … */
    static UpdateBatch batch(byte[] op, int[] src, int[] dst, double[] w, int before, int after) {
        long[] line = new long[op.length];
        for (int i = 0; i < line.length; i++) {
            line[i] = i + 1;
        }
        return UpdateBatch.of(op, src, dst, w, line, before, after);
    }
}
