package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.impl.ListFormat;
import org.stag.loaders.Graph;

/** (O, I) matrices against the TreeMap model; rows appear and disappear from the row structure. */
class NestedMatrixTest {
    static DynamicFormat outer() {
        return new ListFormat();
    }

    static DynamicFormat inner() {
        return new ListFormat();
    }

    @ParameterizedTest(name = "weighted={0} threads={1}")
    @CsvSource({"true,1", "false,2", "true,2"})
    void randomBatchesMatchTheModel(boolean weighted, int threads) {
        int rows = 5000;
        int cols = 400;
        SplittableRandom rnd = new SplittableRandom(3);
        NestedMatrix m = new NestedMatrix(outer(), inner(), rows, cols, weighted);
        TreeMap<Long, Double> model = new TreeMap<>();
        int[] sizes = {1, 5, 100, 3000, 20_000, 2, 500, 10_000};
        for (int step = 0; step < 24; step++) {
            int n = sizes[step % sizes.length];
            boolean insert = step % 3 != 2;
            int[] src = new int[n];
            int[] dst = new int[n];
            double[] val = new double[n];
            for (int k = 0; k < n; k++) {
                // Few columns per row, so deletions empty rows often.
                src[k] = rnd.nextInt(rows);
                dst[k] = rnd.nextInt(3) == 0 ? rnd.nextInt(4) : rnd.nextInt(cols);
                val[k] = rnd.nextInt(100);
            }
            if (insert) {
                m.insertBatch(src, dst, val, n, threads);
                for (int k = 0; k < n; k++) {
                    model.put(((long) src[k] << 32) | dst[k], weighted ? val[k] : 1.0);
                }
            } else {
                UpdateStats st = m.deleteBatch(src, dst, n, threads);
                long before = model.size();
                for (int k = 0; k < n; k++) {
                    model.remove(((long) src[k] << 32) | dst[k]);
                }
                assertEquals(before - model.size(), st.deleted());
            }
            m.check();
            DynamicFormatContract.assertSame(model, m, weighted, "step " + step);
        }
    }

    @Test
    void buildKeepsOnlyRowsWithEdges() {
        int[] rowPtr = {0, 2, 2, 2, 5};
        int[] col = {1, 3, 0, 2, 3};
        Graph g = new Graph("g", 4, 4, rowPtr, col, null, org.stag.loaders.Symmetry.GENERAL,
                org.stag.loaders.ValueKind.PATTERN, org.stag.loaders.VertexIds.offset(0), 0);
        NestedMatrix m = NestedMatrix.build(outer(), inner(), g, 2);
        m.check();
        assertEquals(2, m.outerFormat().size(m.rowStore(), m.rowRoot()));
        assertEquals(0, m.rootOf(1));
        assertEquals(5, m.toGraph().numEdges());
    }

    @Test
    void rowsOutOfRangeAreRefused() {
        NestedMatrix m = new NestedMatrix(outer(), inner(), 3, 3, false);
        assertThrows(IllegalArgumentException.class, () -> m.insertBatch(new int[] {3}, new int[] {0}, null, 1, 1));
    }
}
