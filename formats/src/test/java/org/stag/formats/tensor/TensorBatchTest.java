package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.ShardedRows;
import org.stag.formats.dynamic.UpdateBatch;
import org.stag.formats.dynamic.UpdateStats;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.DynamicLevel;

/**
 * Sharded dynamic levels and batch updates through {@link Tensor}: every shipped schema as {@code dense,X}
 * and {@code bst,ctree}, built from CSR rows and by {@link Tensor#build} with shards of 4 rows (so a small
 * matrix spans many shards), then random insert and delete batches, each compared with a {@code TreeMap}
 * model and checked; refused batches change nothing.
 */
class TensorBatchTest {
    private static final int ROWS = 37;
    private static final int COLS = 300;
    private int savedBits;

    @BeforeEach
    void smallShards() {
        savedBits = ShardedRows.fixBits(2);
    }

    @AfterEach
    void restoreShards() {
        ShardedRows.fixBits(savedBits);
    }

    static Stream<String> formats() {
        List<String> f = new ArrayList<>();
        for (String name : BuiltinFormats.names()) {
            f.add("dense," + name);
        }
        f.add("bst,ctree");
        return f.stream();
    }

    /** (row, column) packed as one key, in row-major order. */
    static long key(int r, int c) {
        return ((long) r << 32) | c;
    }

    /** A random CSR matrix: some rows empty, some long (several nodes or blocks per structure). */
    private static TreeMap<Long, Double> randomMatrix(SplittableRandom rnd) {
        TreeMap<Long, Double> m = new TreeMap<>();
        for (int r = 0; r < ROWS; r++) {
            int n = r % 5 == 0 ? 0 : r % 7 == 0 ? 120 : rnd.nextInt(12);
            for (int k = 0; k < n; k++) {
                m.put(key(r, rnd.nextInt(COLS)), (double) rnd.nextInt(1, 1000));
            }
        }
        return m;
    }

    static Tensor fromCsr(Format f, int rows, int cols, TreeMap<Long, Double> m) {
        int[] rowPtr = new int[rows + 1];
        int[] col = new int[m.size()];
        double[] val = new double[m.size()];
        int k = 0;
        for (Map.Entry<Long, Double> e : m.entrySet()) {
            rowPtr[(int) (e.getKey() >>> 32) + 1]++;
            col[k] = (int) (long) e.getKey();
            val[k++] = e.getValue();
        }
        for (int r = 0; r < rows; r++) {
            rowPtr[r + 1] += rowPtr[r];
        }
        return Tensor.fromCsr(f, rows, cols, rowPtr, col, val, ValueMode.DOUBLE, 2);
    }

    static void assertHolds(String what, Tensor t, TreeMap<Long, Double> m) {
        t.check();
        TreeMap<Long, Double> got = new TreeMap<>();
        TensorCursor c = t.cursor();
        while (c.next()) {
            if (got.put(key(c.coordinate(0), c.coordinate(1)), c.doubleValue()) != null) {
                fail(what + ": (" + c.coordinate(0) + ", " + c.coordinate(1) + ") visited twice");
            }
        }
        assertEquals(m, got, what);
        for (Map.Entry<Long, Double> e : m.entrySet()) {
            assertEquals(e.getValue(), t.getAsDouble((int) (e.getKey() >>> 32), (int) (long) e.getKey()), what);
        }
        if (t.level(0) instanceof DynamicLevel top) {
            long rows = m.keySet().stream().mapToLong(k -> k >>> 32).distinct().count();
            assertEquals(rows, top.structureSize(0), what + ": rows in the row level");
        }
        if (t.level(1) instanceof DynamicLevel) {
            assertEquals(m.size(), t.level(1).size(), what + ": elements counted by the last level");
        }
    }

    @ParameterizedTest
    @MethodSource("formats")
    void batchesKeepTheModel(String spec) {
        Format f = FormatParser.parse(spec);
        SplittableRandom rnd = new SplittableRandom(spec.hashCode());
        TreeMap<Long, Double> model = randomMatrix(rnd);
        Tensor t = fromCsr(f, ROWS, COLS, model);
        assertTrue(t.takesBatches(), spec);
        DynamicLevel last = (DynamicLevel) t.level(1);
        assertEquals(2, last.shardBits());
        assertTrue(last.shardCount() > 4, spec + ": " + last.shardCount() + " shards");
        assertHolds(spec + " from CSR", t, model);
        // The general build shards the same way and holds the same matrix.
        assertHolds(spec + " built", build(f, model), model);
        for (int round = 0; round < 6; round++) {
            // Rounds 2 and 3 are large enough to be applied by shards in parallel.
            int n = round == 2 || round == 3 ? 3000 + rnd.nextInt(400) : 1 + rnd.nextInt(400);
            int[] r = new int[n];
            int[] c = new int[n];
            double[] v = new double[n];
            for (int k = 0; k < n; k++) {
                r[k] = rnd.nextInt(ROWS);
                c[k] = rnd.nextInt(COLS);
                v[k] = rnd.nextInt(1, 1000);
            }
            if (round % 2 == 0) {
                int before = model.size();
                for (int k = 0; k < n; k++) {
                    model.put(key(r[k], c[k]), v[k]);
                }
                UpdateStats s = t.insertBatch(r, c, v, n, 2, BatchGrowth.FIXED);
                assertEquals(model.size() - before, s.inserted(), spec + " round " + round);
            } else {
                // Deletes: half of them stored coordinates, so rows empty out (and leave bst,ctree's row tree).
                List<Long> keys = new ArrayList<>(model.keySet());
                for (int k = 0; k < n / 2 && !keys.isEmpty(); k++) {
                    long key = keys.get(rnd.nextInt(keys.size()));
                    r[k] = (int) (key >>> 32);
                    c[k] = (int) key;
                }
                int before = model.size();
                for (int k = 0; k < n; k++) {
                    model.remove(key(r[k], c[k]));
                }
                UpdateStats s = t.deleteBatch(r, c, n, 2);
                assertEquals(before - model.size(), s.deleted(), spec + " round " + round);
            }
            assertHolds(spec + " after round " + round, t, model);
        }
    }

    private static Tensor build(Format f, TreeMap<Long, Double> m) {
        int[] r = new int[m.size()];
        int[] c = new int[m.size()];
        double[] v = new double[m.size()];
        int k = 0;
        for (Map.Entry<Long, Double> e : m.entrySet()) {
            r[k] = (int) (e.getKey() >>> 32);
            c[k] = (int) (long) e.getKey();
            v[k++] = e.getValue();
        }
        return Tensor.build(f, new int[] {ROWS, COLS}, new int[][] {r, c}, Values.ofDoubles(v));
    }

    @ParameterizedTest
    @MethodSource("formats")
    void aBatchMayAddVertices(String spec) {
        Format f = FormatParser.parse(spec);
        TreeMap<Long, Double> model = randomMatrix(new SplittableRandom(7));
        Tensor t = fromCsr(f, ROWS, COLS, model);
        int[] r = {ROWS + 20, 3, ROWS};
        int[] c = {1, COLS + 5, COLS};
        double[] v = {2, 3, 4};
        t.insertBatch(r, c, v, 3, 2, BatchGrowth.ADD_VERTICES);
        for (int k = 0; k < 3; k++) {
            model.put(key(r[k], c[k]), v[k]);
        }
        assertEquals(ROWS + 21, t.dimension(0));
        assertEquals(COLS + 6, t.dimension(1));
        assertEquals(t.dimension(1), t.level(1).dimension());
        assertHolds(spec + " grown", t, model);
        // The grown rows take more batches, as any other.
        t.deleteBatch(new int[] {ROWS + 20}, new int[] {1}, 1, 1);
        model.remove(key(ROWS + 20, 1));
        assertHolds(spec + " grown, then deleted", t, model);
    }

    @ParameterizedTest
    @MethodSource("formats")
    void wholeRowsLeaveAndComeBack(String spec) {
        Format f = FormatParser.parse(spec);
        TreeMap<Long, Double> model = randomMatrix(new SplittableRandom(17));
        Tensor t = fromCsr(f, ROWS, COLS, model);
        // Row 7 holds 120 elements; delete them all, then give the row two again.
        int[] cols = model.subMap(key(7, 0), key(8, 0)).keySet().stream().mapToInt(k -> (int) (long) k).toArray();
        assertEquals(0, t.deleteBatch(new int[cols.length], cols, 0, 1).deleted(), "an empty batch");
        int[] rows = new int[cols.length];
        java.util.Arrays.fill(rows, 7);
        assertEquals(cols.length, t.deleteBatch(rows, cols, cols.length, 2).deleted());
        model.subMap(key(7, 0), key(8, 0)).clear();
        assertHolds(spec + " row 7 emptied", t, model);
        int parents = t.level(1).parentSize();
        // Row 0 has no elements (rows 0, 5, 10, … start empty): under a dynamic row level it enters with row 7's
        // old position, so the level below does not grow.
        t.insertBatch(new int[] {0}, new int[] {3}, new double[] {4}, 1, 1, BatchGrowth.FIXED);
        model.put(key(0, 3), 4.0);
        assertHolds(spec + " row 0 in", t, model);
        assertEquals(parents, t.level(1).parentSize(), spec);
        t.insertBatch(new int[] {7, 7}, new int[] {5, 9}, new double[] {1, 2}, 2, 1, BatchGrowth.FIXED);
        model.put(key(7, 5), 1.0);
        model.put(key(7, 9), 2.0);
        assertHolds(spec + " row 7 back", t, model);
        assertEquals(parents + (t.level(0) instanceof DynamicLevel ? 1 : 0), t.level(1).parentSize(), spec);
    }

    @ParameterizedTest
    @MethodSource("formats")
    void viewsSeeEachOthersBatches(String spec) {
        Format f = FormatParser.parse(spec);
        TreeMap<Long, Double> model = randomMatrix(new SplittableRandom(19));
        Tensor w = fromCsr(f, ROWS, COLS, model);
        // A pattern view over the weights' levels: the same structure, read as constant true.
        Tensor a = w.withValues(Values.constantBool(true, false, 0));
        w.insertBatch(new int[] {ROWS + 2, 4}, new int[] {COLS, 8}, new double[] {6, 7}, 2, 2, BatchGrowth.ADD_VERTICES);
        model.put(key(ROWS + 2, COLS), 6.0);
        model.put(key(4, 8), 7.0);
        assertEquals(ROWS + 3, a.dimension(0), spec + ": the view's dimensions grow with the tensor's");
        assertEquals(COLS + 1, a.dimension(1), spec);
        assertTrue(a.getAsBoolean(ROWS + 2, COLS) && a.getAsBoolean(4, 8), spec);
        // And the other way: a delete through the view is a delete in the weights (both share the row level's directory).
        a.deleteBatch(new int[] {4, ROWS + 2}, new int[] {8, COLS}, 2, 2);
        model.remove(key(4, 8));
        model.remove(key(ROWS + 2, COLS));
        assertHolds(spec + " after a delete through the view", w, model);
        assertFalse(a.getAsBoolean(4, 8), spec);
    }

    @ParameterizedTest
    @MethodSource("formats")
    void refusedBatchesChangeNothing(String spec) {
        Format f = FormatParser.parse(spec);
        TreeMap<Long, Double> model = randomMatrix(new SplittableRandom(11));
        Tensor t = fromCsr(f, ROWS, COLS, model);
        long bytes = t.memoryBytes();
        String outside = assertThrows(IllegalArgumentException.class, () -> t.insertBatch(new int[] {1, 2},
                new int[] {3, COLS}, new double[] {1, 1}, 2, 2, BatchGrowth.FIXED)).getMessage();
        assertTrue(outside.contains("entry 1") && outside.contains("column " + COLS), outside);
        String negative = assertThrows(IllegalArgumentException.class, () -> t.insertBatch(new int[] {1, -2},
                new int[] {3, 4}, null, 2, 2, BatchGrowth.ADD_VERTICES)).getMessage();
        assertTrue(negative.contains("entry 1") && negative.contains("negative"), negative);
        String nan = assertThrows(IllegalArgumentException.class, () -> t.insertBatch(new int[] {1, 2},
                new int[] {3, 4}, new double[] {1, Double.NaN}, 2, 2, BatchGrowth.FIXED)).getMessage();
        assertTrue(nan.contains("entry 1") && nan.contains("not finite"), nan);
        String row = assertThrows(IllegalArgumentException.class, () -> t.deleteBatch(new int[] {ROWS},
                new int[] {0}, 1, 2)).getMessage();
        assertTrue(row.contains("row " + ROWS), row);
        assertEquals(ROWS, t.dimension(0));
        assertEquals(COLS, t.dimension(1));
        assertEquals(bytes, t.memoryBytes(), spec);
        assertHolds(spec + " after refused batches", t, model);
    }

    /**
     * Sorted batches ({@link Tensor#insertSorted}, {@link Tensor#deleteSorted}) in every format: each entry reports
     * the value it replaced or removed (NaN where absent, also under a row the matrix does not have), the counts
     * are the new and the removed entries, and the matrix ends as the model.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void sortedBatchesReportWhatTheyReplace(String spec) {
        SplittableRandom rnd = new SplittableRandom(spec.hashCode());
        TreeMap<Long, Double> model = randomMatrix(rnd);
        Tensor t = fromCsr(FormatParser.parse(spec), ROWS, COLS, model);
        for (int round = 0; round < 12; round++) {
            boolean delete = round % 3 == 2;
            TreeMap<Long, Double> batch = new TreeMap<>();
            for (int k = 0; k < 1 + rnd.nextInt(200); k++) {
                batch.put(key(rnd.nextInt(ROWS), rnd.nextInt(COLS)), 1.0 + rnd.nextInt(50));
            }
            SortedBatches.apply(t, model, batch, delete, 2, spec + " round " + round);
            assertHolds(spec + " round " + round, t, model);
        }
    }

    @Test
    void sortedBatchesRefuseDisorderAndEntriesOutside() {
        String order = assertThrows(IllegalArgumentException.class, () -> UpdateBatch.ofSorted(new int[] {1, 1},
                new int[] {4, 4}, null, 2)).getMessage();
        assertTrue(order.contains("entry 1 (1, 4) is not after (1, 4)"), order);
        String rows = assertThrows(IllegalArgumentException.class, () -> UpdateBatch.ofSorted(new int[] {2, 1},
                new int[] {0, 9}, null, 2)).getMessage();
        assertTrue(rows.contains("entry 1 (1, 9) is not after (2, 0)"), rows);
        String negative = assertThrows(IllegalArgumentException.class, () -> UpdateBatch.ofSorted(new int[] {0},
                new int[] {-3}, null, 1)).getMessage();
        assertTrue(negative.contains("negative"), negative);
        TreeMap<Long, Double> model = randomMatrix(new SplittableRandom(5));
        Tensor t = fromCsr(FormatParser.parse("dense,ctree"), ROWS, COLS, model);
        UpdateBatch outside = UpdateBatch.ofSorted(new int[] {0, ROWS}, new int[] {1, 2}, null, 2);
        String why = assertThrows(IllegalArgumentException.class, () -> t.insertSorted(outside, 1, BatchGrowth.FIXED,
                null)).getMessage();
        assertTrue(why.contains("outside"), why);
        assertHolds("after the refused batch", t, model);
        assertEquals(2, t.insertSorted(outside, 1, BatchGrowth.ADD_VERTICES, null));
        assertEquals(ROWS + 1, t.dimension(0));
    }

    @Test
    void formatsWithoutADynamicLastLevelRefuseBatches() {
        Tensor csr = Tensor.build(FormatParser.parse("dense,compressed"), new int[] {3, 3}, new int[][] {{0, 1}, {1, 2}},
                Values.ofDoubles(new double[] {1, 2}));
        assertTrue(!csr.takesBatches());
        String why = assertThrows(UnsupportedOperationException.class, () -> csr.insertBatch(new int[] {0}, new int[] {0},
                null, 1, 1, BatchGrowth.FIXED)).getMessage();
        assertTrue(why.contains("dense,compressed") || why.contains("compressed"), why);
        assertThrows(UnsupportedOperationException.class, () -> csr.deleteBatch(new int[] {0}, new int[] {1}, 1, 1));
        // Values as positions (an int tensor) are not inline: no batches either.
        Tensor ints = Tensor.build(FormatParser.parse("dense,ctree"), new int[] {3, 3}, new int[][] {{0}, {1}},
                Values.ofInts(new int[] {4}));
        assertTrue(!ints.takesBatches());
        assertThrows(UnsupportedOperationException.class, () -> ints.insertBatch(new int[] {0}, new int[] {0}, null, 1, 1,
                BatchGrowth.FIXED));
    }

    @Test
    void fromCsrRefusesMalformedRows() {
        Format f = FormatParser.parse("dense,ctree");
        String unsorted = assertThrows(IllegalArgumentException.class, () -> Tensor.fromCsr(f, 2, 5, new int[] {0, 2, 3},
                new int[] {3, 1, 4}, null, ValueMode.DOUBLE, 1)).getMessage();
        assertTrue(unsorted.contains("row 0") && unsorted.contains("column 1"), unsorted);
        String range = assertThrows(IllegalArgumentException.class, () -> Tensor.fromCsr(f, 2, 5, new int[] {0, 1, 2},
                new int[] {3, 5}, null, ValueMode.DOUBLE, 1)).getMessage();
        assertTrue(range.contains("row 1") && range.contains("column 5"), range);
        String nan = assertThrows(IllegalArgumentException.class, () -> Tensor.fromCsr(f, 2, 5, new int[] {0, 1, 2},
                new int[] {3, 4}, new double[] {1, Double.POSITIVE_INFINITY}, ValueMode.DOUBLE, 1)).getMessage();
        assertTrue(nan.contains("row 1") && nan.contains("not finite"), nan);
        String ptr = assertThrows(IllegalArgumentException.class, () -> Tensor.fromCsr(f, 2, 5, new int[] {0, 3},
                new int[] {3, 4}, null, ValueMode.DOUBLE, 1)).getMessage();
        assertTrue(ptr.contains("rowPtr"), ptr);
        String back = assertThrows(IllegalArgumentException.class, () -> Tensor.fromCsr(f, 3, 5, new int[] {0, 2, 1, 2},
                new int[] {3, 4}, null, ValueMode.DOUBLE, 1)).getMessage();
        assertTrue(back.contains("row 1") && back.contains("decrease"), back);
    }

    @Test
    void fromCsrBuildsAPatternWithoutValues() {
        Format f = FormatParser.parse("dense,ctree");
        Tensor t = Tensor.fromCsr(f, 3, 5, new int[] {0, 2, 2, 3}, new int[] {1, 4, 0}, null, ValueMode.NONE, 1);
        t.check();
        assertTrue(t.values().isConstant());
        assertEquals(ValueMode.NONE, ((org.stag.formats.level.DynamicLevel) t.level(1)).mode());
        assertTrue(t.getAsBoolean(0, 4));
        assertTrue(t.getAsBoolean(2, 0));
        assertFalse(t.getAsBoolean(1, 1));
        assertFalse(t.getAsBoolean(0, 2));
    }

    @Test
    void fromCsrFallsBackToTheGeneralBuildForOtherFormats() {
        TreeMap<Long, Double> model = randomMatrix(new SplittableRandom(3));
        for (String spec : new String[] {"dense,compressed", "compressed,compressed", "dense,hashed"}) {
            assertHolds(spec, fromCsr(FormatParser.parse(spec), ROWS, COLS, model), model);
        }
        // A pattern (no values) stores ones.
        Tensor ones = Tensor.fromCsr(FormatParser.parse("dense,ctree"), 2, 4, new int[] {0, 1, 3}, new int[] {2, 0, 3}, null,
                ValueMode.DOUBLE, 1);
        assertHolds("ones", ones, new TreeMap<>(Map.of(key(0, 2), 1.0, key(1, 0), 1.0, key(1, 3), 1.0)));
    }

    @ParameterizedTest
    @MethodSource("formats")
    void fromCsrWithPositionsIndexesTheCsrValues(String spec) {
        Format f = FormatParser.parse(spec);
        TreeMap<Long, Double> model = randomMatrix(new SplittableRandom(13));
        int[] rowPtr = new int[ROWS + 1];
        int[] col = new int[model.size()];
        double[] val = new double[model.size()];
        int k = 0;
        for (Map.Entry<Long, Double> e : model.entrySet()) {
            rowPtr[(int) (e.getKey() >>> 32) + 1]++;
            col[k] = (int) (long) e.getKey();
            val[k++] = e.getValue();
        }
        for (int r = 0; r < ROWS; r++) {
            rowPtr[r + 1] += rowPtr[r];
        }
        Tensor t = Tensor.fromCsr(f, ROWS, COLS, rowPtr, col, val, ValueMode.POSITION, 2);
        assertTrue(((DynamicLevel) t.level(1)).shardCount() > 4, spec);
        assertEquals(ValueMode.POSITION, ((DynamicLevel) t.level(1)).mode());
        assertHolds(spec + " positions", t, model);
        // Values live in an array indexed by position: a batch could not grow it.
        assertTrue(!t.takesBatches(), spec);
        assertThrows(UnsupportedOperationException.class, () -> t.insertBatch(new int[] {0}, new int[] {0}, null, 1, 1,
                BatchGrowth.FIXED));
        Tensor pattern = Tensor.fromCsr(f, ROWS, COLS, rowPtr, col, null, ValueMode.POSITION, 2);
        pattern.check();
        assertEquals(ValueType.BOOL, pattern.valueType());
        assertEquals(model.size(), pattern.componentCount());
        for (long key : model.keySet()) {
            assertTrue(pattern.getAsBoolean((int) (key >>> 32), (int) key), spec);
        }
    }

    @Test
    void convertCountsItsCalls() {
        Tensor t = fromCsr(FormatParser.parse("dense,ctree"), ROWS, COLS, randomMatrix(new SplittableRandom(5)));
        long before = Tensor.conversionCount();
        t.insertBatch(new int[] {1}, new int[] {2}, new double[] {3}, 1, 1, BatchGrowth.FIXED);
        assertEquals(before, Tensor.conversionCount(), "a batch converts nothing");
        t.convert(FormatParser.parse("dense,compressed"));
        assertTrue(Tensor.conversionCount() >= before + 1);
    }
}
