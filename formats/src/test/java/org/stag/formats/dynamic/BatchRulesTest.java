package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.formats.dynamic.impl.BtreeFormat;
import org.stag.formats.dynamic.impl.CtreeFormat;
import org.stag.formats.dynamic.impl.ListFormat;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * The rules of an update batch ({@link BatchCheck}), for tensors of dynamic formats (bench's CSR rebuild baseline
 * has the same test in its module): a negative coordinate, a row
 * or column outside the matrix, or a non-finite weight refuses the batch whole, with a message naming the
 * first bad entry, and leaves the matrix exactly as it was; {@link BatchGrowth#ADD_VERTICES} lets a batch
 * add rows and columns.
 */
class BatchRulesTest {
    private static final int ROWS = 5;
    private static final int COLS = 6;

    /** A weighted 5 x 6 graph with a few edges, so that a change would show in the snapshot. */
    private static Graph graph() {
        int[] rowPtr = {0, 2, 2, 3, 5, 6};
        int[] col = {1, 4, 0, 2, 5, 3};
        double[] w = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5};
        return new Graph("g", ROWS, COLS, rowPtr, col, w, Symmetry.GENERAL, ValueKind.REAL, VertexIds.offset(0), 0);
    }

    static Stream<Arguments> matrices() {
        List<Arguments> all = new ArrayList<>();
        all.add(Arguments.of("dense,list", (Supplier<MutableMatrix>) () -> DynamicMatrix.build(new ListFormat(), graph(), 1)));
        all.add(Arguments.of("dense,ctree", (Supplier<MutableMatrix>) () -> DynamicMatrix.build(new CtreeFormat(), graph(), 1)));
        all.add(Arguments.of("dense,blist5.schema",
                (Supplier<MutableMatrix>) () -> DynamicMatrix.build(UserSchemas.format("blist5.schema"), graph(), 1)));
        all.add(Arguments.of("btree,ctree (nested)",
                (Supplier<MutableMatrix>) () -> NestedMatrix.build(new BtreeFormat(), new CtreeFormat(), graph(), 1)));
        return all.stream();
    }

    /** Everything observable of a matrix. */
    private record Snapshot(int rows, int cols, long edges, int[] rowPtr, int[] col, double[] w) {
        static Snapshot of(MutableMatrix m) {
            Graph g = m.toGraph();
            return new Snapshot(m.numRows(), m.numCols(), m.numEdges(), g.rowPtr().clone(), g.colIdx().clone(),
                    g.weights() == null ? null : g.weights().clone());
        }

        void assertEqualTo(Snapshot o, String what) {
            assertEquals(rows, o.rows, what + ": rows");
            assertEquals(cols, o.cols, what + ": cols");
            assertEquals(edges, o.edges, what + ": edges");
            assertArrayEquals(rowPtr, o.rowPtr, what + ": row pointers");
            assertArrayEquals(col, o.col, what + ": columns");
            assertArrayEquals(w, o.w, what + ": weights");
        }
    }

    /** Inserts a batch whose entry 2 is bad (the first two are good), expecting refusal and no change. */
    private static void refusedInsert(MutableMatrix m, String name, int badRow, int badCol, double badWeight, String reason) {
        Snapshot before = Snapshot.of(m);
        int[] src = {0, 2, badRow, 4};
        int[] dst = {0, 3, badCol, 1};
        double[] w = {7, 8, badWeight, 9};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.insertBatch(src, dst, w, 4, 1));
        assertTrue(e.getMessage().startsWith("update batch entry 2 (" + badRow + ", " + badCol + ", "),
                name + ": message names entry 2: " + e.getMessage());
        assertTrue(e.getMessage().contains(reason), name + ": message says '" + reason + "': " + e.getMessage());
        Snapshot.of(m).assertEqualTo(before, name + " after refusing " + reason);
        m.check();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void outOfRangeRowIsRefused(String name, Supplier<MutableMatrix> make) {
        refusedInsert(make.get(), name, ROWS, 0, 1.0, "row 5 is outside the matrix's 5 rows (0..4)");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void outOfRangeColumnIsRefused(String name, Supplier<MutableMatrix> make) {
        refusedInsert(make.get(), name, 1, 1000, 1.0, "column 1000 is outside the matrix's 6 columns (0..5)");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void negativeCoordinatesAreRefused(String name, Supplier<MutableMatrix> make) {
        MutableMatrix m = make.get();
        refusedInsert(m, name, -1, 0, 1.0, "negative coordinate");
        refusedInsert(m, name, 0, -3, 1.0, "negative coordinate");
        // Negative coordinates are refused even when the batch may add vertices.
        Snapshot before = Snapshot.of(m);
        assertThrows(IllegalArgumentException.class,
                () -> m.insertBatch(new int[] {0, -1}, new int[] {0, 0}, null, 2, 1, BatchGrowth.ADD_VERTICES));
        Snapshot.of(m).assertEqualTo(before, name + " after a negative row with growth allowed");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void nonFiniteWeightsAreRefused(String name, Supplier<MutableMatrix> make) {
        MutableMatrix m = make.get();
        refusedInsert(m, name, 1, 1, Double.NaN, "weight NaN is not finite");
        refusedInsert(m, name, 1, 1, Double.POSITIVE_INFINITY, "weight Infinity is not finite");
        refusedInsert(m, name, 1, 1, Double.NEGATIVE_INFINITY, "weight -Infinity is not finite");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void deletesOutsideTheMatrixAreRefused(String name, Supplier<MutableMatrix> make) {
        MutableMatrix m = make.get();
        Snapshot before = Snapshot.of(m);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> m.deleteBatch(new int[] {0, 3}, new int[] {1, COLS}, 2, 1));
        assertTrue(e.getMessage().startsWith("update batch entry 1 (3, 6): column 6 is outside"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> m.deleteBatch(new int[] {0, -2}, new int[] {1, 0}, 2, 1));
        Snapshot.of(m).assertEqualTo(before, name + " after refused deletes");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void growthIsRefusedByDefaultAndAllowedOnRequest(String name, Supplier<MutableMatrix> make) {
        MutableMatrix m = make.get();
        Snapshot before = Snapshot.of(m);
        int[] src = {7, 1};
        int[] dst = {2, 9};
        double[] w = {6.5, 7.5};
        assertThrows(IllegalArgumentException.class, () -> m.insertBatch(src, dst, w, 2, 1, BatchGrowth.FIXED));
        Snapshot.of(m).assertEqualTo(before, name + " after growth refused");
        UpdateStats st = m.insertBatch(src, dst, w, 2, 1, BatchGrowth.ADD_VERTICES);
        assertEquals(2, st.inserted());
        m.check();
        assertEquals(8, m.numRows(), name + ": rows grow to cover row 7");
        assertEquals(10, m.numCols(), name + ": columns grow to cover column 9");
        assertEquals(8, m.numEdges());
        Graph g = m.toGraph();
        assertArrayEquals(new int[] {0, 2, 3, 4, 6, 7, 7, 7, 8}, g.rowPtr(), name + ": row pointers after growth");
        assertArrayEquals(new int[] {1, 4, 9, 0, 2, 5, 3, 2}, g.colIdx(), name + ": columns after growth");
        assertEquals(7.5, g.weights()[2]);
        assertEquals(6.5, g.weights()[7]);
        // The grown rows take further updates like any other.
        m.insertBatch(new int[] {6}, new int[] {9}, new double[] {1.0}, 1, 1);
        m.deleteBatch(new int[] {7}, new int[] {2}, 1, 1);
        m.check();
        assertEquals(8, m.numEdges());
        assertArrayEquals(new int[] {0, 2, 3, 4, 6, 7, 7, 8, 8}, m.toGraph().rowPtr(), name + ": row pointers after more updates");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void aBatchShorterThanItsCountIsRefused(String name, Supplier<MutableMatrix> make) {
        MutableMatrix m = make.get();
        Snapshot before = Snapshot.of(m);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> m.insertBatch(new int[] {0}, new int[] {0}, null, 2, 1));
        assertTrue(e.getMessage().contains("update batch of 2 entries"), e.getMessage());
        Snapshot.of(m).assertEqualTo(before, name);
    }
}
