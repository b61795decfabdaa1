package org.stag.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.UpdateStats;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * The CSR rebuild baseline of {@link UpdateBenchmark}: batches refused whole by the rules every batch follows
 * (the matrix unchanged), growth on request, and merges that agree with a {@link TreeMap} model.
 */
class CsrRebuildTest {
    private static final int ROWS = 5;
    private static final int COLS = 6;

    /** A weighted 5 x 6 graph with a few edges. */
    private static Graph graph() {
        int[] rowPtr = {0, 2, 2, 3, 5, 6};
        int[] col = {1, 4, 0, 2, 5, 3};
        double[] w = {0.5, 1.5, 2.5, 3.5, 4.5, 5.5};
        return new Graph("g", ROWS, COLS, rowPtr, col, w, Symmetry.GENERAL, ValueKind.REAL, VertexIds.offset(0), 0);
    }

    private static void assertUnchanged(CsrRebuild m, String what) {
        Graph g = graph();
        assertEquals(ROWS, m.numRows(), what);
        assertEquals(COLS, m.numCols(), what);
        assertArrayEquals(g.rowPtr(), m.rowPtr(), what);
        assertArrayEquals(g.colIdx(), m.colIdx(), what);
        assertArrayEquals(g.weights(), m.values(), what);
    }

    private static void refused(CsrRebuild m, int row, int col, double w, String reason) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> m.insertBatch(new int[] {0, 2, row, 4}, new int[] {0, 3, col, 1}, new double[] {7, 8, w, 9}, 4, 1));
        assertTrue(e.getMessage().startsWith("update batch entry 2 (" + row + ", " + col + ", "), e.getMessage());
        assertTrue(e.getMessage().contains(reason), e.getMessage());
        assertUnchanged(m, "after refusing " + reason);
    }

    @Test
    void badBatchesAreRefusedWhole() {
        CsrRebuild m = new CsrRebuild(graph());
        refused(m, ROWS, 0, 1.0, "row 5 is outside the matrix's 5 rows (0..4)");
        refused(m, 1, 1000, 1.0, "column 1000 is outside the matrix's 6 columns (0..5)");
        refused(m, -1, 0, 1.0, "negative coordinate");
        refused(m, 1, 1, Double.NaN, "weight NaN is not finite");
        refused(m, 1, 1, Double.NEGATIVE_INFINITY, "weight -Infinity is not finite");
        assertThrows(IllegalArgumentException.class, () -> m.deleteBatch(new int[] {0, 3}, new int[] {1, COLS}, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> m.insertBatch(new int[] {0}, new int[] {0}, null, 2, 1));
        assertThrows(IllegalArgumentException.class,
                () -> m.insertBatch(new int[] {7, 1}, new int[] {2, 9}, new double[] {6.5, 7.5}, 2, 1, BatchGrowth.FIXED));
        assertUnchanged(m, "after refused deletes and growth");
        m.check();
    }

    @Test
    void growthAddsRowsAndColumnsOnRequest() {
        CsrRebuild m = new CsrRebuild(graph());
        UpdateStats st = m.insertBatch(new int[] {7, 1}, new int[] {2, 9}, new double[] {6.5, 7.5}, 2, 1,
                BatchGrowth.ADD_VERTICES);
        assertEquals(2, st.inserted());
        assertEquals(8, m.numRows());
        assertEquals(10, m.numCols());
        assertArrayEquals(new int[] {0, 2, 3, 4, 6, 7, 7, 7, 8}, m.rowPtr());
        assertArrayEquals(new int[] {1, 4, 9, 0, 2, 5, 3, 2}, m.colIdx());
        m.check();
    }

    @Test
    void randomBatchesAgreeWithAModel() {
        Random rnd = new Random(31);
        int rows = 40;
        int cols = 50;
        CsrRebuild m = new CsrRebuild(new Graph("empty", rows, cols, new int[rows + 1], new int[0], new double[0],
                Symmetry.GENERAL, ValueKind.REAL, VertexIds.offset(0), 0));
        TreeMap<Long, Double> model = new TreeMap<>();
        for (int round = 0; round < 60; round++) {
            int n = 1 + rnd.nextInt(30);
            int[] src = new int[n];
            int[] dst = new int[n];
            double[] w = new double[n];
            for (int k = 0; k < n; k++) {
                src[k] = rnd.nextInt(rows);
                dst[k] = rnd.nextInt(cols);
                w[k] = rnd.nextInt(100);
            }
            if (rnd.nextInt(3) == 0) {
                m.deleteBatch(src, dst, n, 1 + rnd.nextInt(2));
                for (int k = 0; k < n; k++) {
                    model.remove(((long) src[k] << 32) | dst[k]);
                }
            } else {
                m.insertBatch(src, dst, w, n, 1 + rnd.nextInt(2));
                for (int k = 0; k < n; k++) {
                    model.put(((long) src[k] << 32) | dst[k], w[k]);
                }
            }
            m.check();
            assertEquals(model.size(), m.numEdges(), "round " + round);
            int q = 0;
            for (Map.Entry<Long, Double> e : model.entrySet()) {
                int r = (int) (e.getKey() >>> 32);
                assertTrue(m.rowPtr()[r] <= q && q < m.rowPtr()[r + 1], "round " + round + ": entry " + q + " in row " + r);
                assertEquals((int) (long) e.getKey(), m.colIdx()[q], "round " + round);
                assertEquals(e.getValue(), m.values()[q], "round " + round);
                q++;
            }
        }
    }
}
