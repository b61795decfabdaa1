package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.OffsetLevel;
import org.stag.formats.level.RangeLevel;
import org.stag.formats.level.SingletonLevel;

/**
 * Formats with a slot level ([Chou 2018], Figure 4): DIA ({@code dense,range,offset}, and {@code dense,compressed,offset}
 * for sparsely filled diagonals) and ELL ({@code dense,dense,singleton}), of order 1 to 3, built from coordinates,
 * read back by cursor and by lookup, converted to and from CSR and COO, against a {@code TreeMap} of the entries.
 */
class SlotFormatTest {
    private static final String[] FORMATS = {"dense,range,offset", "dense,compressed,offset", "dense,dense,singleton",
        "dense,compressed,singleton", "dense,range,offset;order=1,0", "dense,dense,singleton;order=1,0"};

    @Test
    void diaStoresEachDiagonalOverItsRange() {
        // A 4 x 6 matrix with entries on diagonals -1, 0 and 2 (Figure 3c's shape): (1,0), (0,0), (2,2), (0,2), (3,5).
        int[][] c = {{1, 0, 2, 0, 3}, {0, 0, 2, 2, 5}};
        Tensor t = Tensor.build(Format.dia(), new int[] {4, 6}, c, Values.ofDoubles(new double[] {1, 2, 3, 4, 5}));
        t.check();
        DenseLevel diagonals = (DenseLevel) t.level(0);
        assertEquals(3, diagonals.dimension());
        RangeLevel rows = (RangeLevel) t.level(1);
        OffsetLevel cols = (OffsetLevel) t.level(2);
        assertArrayEquals(new int[] {-1, 0, 2}, cols.offset());
        assertTrue(rows.offset() == cols.offset(), "the two levels share the offsets");
        assertEquals(1, rows.coordBegin(0));
        assertEquals(4, rows.coordEnd(0));
        assertEquals(0, rows.coordBegin(2));
        assertEquals(4, rows.coordEnd(2));
        assertEquals(12, rows.size());
        assertFalse(rows.isLabeled(0), "row 0 of diagonal -1 would be column -1");
        assertEquals(5, cols.coord(3, 2));
        // Values by position d * 4 + i, the fill in the padding.
        double[] v = ((DoubleValues) t.values()).array();
        assertEquals(1.0, v[1]);
        assertEquals(2.0, v[4]);
        assertEquals(3.0, v[6]);
        assertEquals(4.0, v[8]);
        assertEquals(5.0, v[11]);
        assertEquals(3.0, t.getAsDouble(2, 2));
        assertEquals(0.0, t.getAsDouble(3, 0));
        assertEquals(expected(c, new double[] {1, 2, 3, 4, 5}), read(t));
    }

    @Test
    void ellStoresTheSlotsOfEachRowPaddedWithUnlabeledPositions() {
        // Row 0 has three entries, row 1 none, row 2 one: three slots of three rows.
        int[][] c = {{0, 2, 0, 0}, {4, 1, 0, 2}};
        Tensor t = Tensor.build(Format.ell(), new int[] {3, 5}, c, Values.ofDoubles(new double[] {1, 2, 3, 4}));
        t.check();
        assertEquals(3, t.level(0).dimension());
        SingletonLevel cols = (SingletonLevel) t.level(2);
        // Slot k of row i is at k * 3 + i.
        assertArrayEquals(new int[] {0, -1, 1, 2, -1, -1, 4, -1, -1}, cols.crd());
        assertFalse(cols.isLabeled(1));
        assertEquals(expected(c, new double[] {1, 2, 3, 4}), read(t));
        assertEquals(2.0, t.getAsDouble(2, 1));
        assertEquals(0.0, t.getAsDouble(1, 1));
    }

    @Test
    void emptyTensorsHaveNoSlots() {
        for (String s : FORMATS) {
            Tensor t = Tensor.build(FormatParser.parse(s), new int[] {3, 4}, new int[2][0], Values.ofDoubles(new double[0]));
            t.check();
            assertEquals(0, t.level(0).dimension(), s);
            assertEquals(0, t.componentCount(), s);
        }
    }

    @Test
    void randomMatricesInEverySlotFormatAgreeWithTheModel() {
        SplittableRandom rnd = new SplittableRandom(20261129L);
        for (int trial = 0; trial < 40; trial++) {
            int rows = 1 + rnd.nextInt(9);
            int cols = 1 + rnd.nextInt(9);
            int n = rnd.nextInt(30);
            boolean banded = trial % 2 == 0;
            int[][] c = new int[2][n];
            double[] v = new double[n];
            for (int e = 0; e < n; e++) {
                c[0][e] = rnd.nextInt(rows);
                c[1][e] = banded ? Math.max(0, Math.min(cols - 1, c[0][e] + rnd.nextInt(3) - 1)) : rnd.nextInt(cols);
                v[e] = 1 + rnd.nextInt(50) / 4.0;
            }
            Map<List<Integer>, Double> want = expected(c, v);
            for (String s : FORMATS) {
                String what = s + " trial " + trial;
                Tensor t = Tensor.build(FormatParser.parse(s), new int[] {rows, cols}, c, Values.ofDoubles(v));
                t.check();
                assertEquals(want, read(t), what);
                for (int i = 0; i < rows; i++) {
                    for (int j = 0; j < cols; j++) {
                        assertEquals(want.getOrDefault(List.of(i, j), 0.0), t.getAsDouble(i, j), what + " at " + i + "," + j);
                    }
                }
                Tensor csr = t.convert(Format.csr());
                csr.check();
                assertEquals(want, read(csr), what + " to CSR");
                Tensor back = csr.convert(t.format());
                back.check();
                assertEquals(want, read(back), what + " back from CSR");
                Tensor coo = t.convert(Format.coo(2));
                assertEquals(want, read(coo), what + " to COO");
                int[] rowPtr = ((org.stag.formats.level.CompressedLevel) csr.level(1)).pos();
                int[] col = ((org.stag.formats.level.CompressedLevel) csr.level(1)).crd();
                Tensor fromCsr = Tensor.fromCsr(t.format(), rows, cols, rowPtr, col, ((DoubleValues) csr.values()).array(),
                        org.stag.formats.dynamic.ValueMode.POSITION, 2);
                fromCsr.check();
                assertEquals(want, read(fromCsr), what + " from CSR arrays");
            }
        }
    }

    @Test
    void orderOneAndThreeTensorsTakeSlotLevelsToo() {
        SplittableRandom rnd = new SplittableRandom(7);
        String[] formats = {"dense,range,offset,compressed", "dense,dense,dense,singleton", "dense,compressed,offset,dense",
            "dense,dense,compressed,singleton"};
        for (int trial = 0; trial < 10; trial++) {
            int[] dims = {1 + rnd.nextInt(5), 1 + rnd.nextInt(5), 1 + rnd.nextInt(5)};
            int n = rnd.nextInt(40);
            int[][] c = new int[3][n];
            double[] v = new double[n];
            for (int e = 0; e < n; e++) {
                for (int m = 0; m < 3; m++) {
                    c[m][e] = rnd.nextInt(dims[m]);
                }
                v[e] = 1 + e;
            }
            Map<List<Integer>, Double> want = expected(c, v);
            for (String s : formats) {
                Tensor t = Tensor.build(FormatParser.parse(s), dims, c, Values.ofDoubles(v));
                t.check();
                assertEquals(want, read(t), s);
                assertEquals(want, read(t.convert(FormatParser.parse("dense,compressed,compressed"))), s + " to CSF");
            }
        }
        // A vector in slots: each slot holds one of its entries.
        Tensor vec = Tensor.build(FormatParser.parse("dense,singleton"), new int[] {6}, new int[][] {{4, 1, 3}},
                Values.ofDoubles(new double[] {1, 2, 3}));
        vec.check();
        assertEquals(3, vec.level(0).dimension());
        assertEquals(2.0, vec.getAsDouble(1));
        assertEquals(expected(new int[][] {{4, 1, 3}}, new double[] {1, 2, 3}), read(vec.convert(Format.of(
                org.stag.formats.level.StaticLevelFormat.DENSE))));
    }

    @Test
    void patternsAndOtherValueTypesKeepTheirFill() {
        int[][] c = {{0, 1, 2}, {1, 2, 0}};
        Tensor pattern = Tensor.build(Format.ell(), new int[] {3, 3}, c, Values.constantBool(true, false, 3));
        pattern.check();
        assertTrue(pattern.getAsBoolean(1, 2));
        assertFalse(pattern.getAsBoolean(1, 1));
        assertEquals(3, pattern.componentCount());
        Tensor longs = Tensor.build(Format.dia(), new int[] {3, 3}, c, Values.ofLongs(new long[] {5, 6, 7}, Long.MAX_VALUE));
        longs.check();
        assertEquals(Long.MAX_VALUE, longs.getAsLong(0, 0));
        assertEquals(7, longs.getAsLong(2, 0));
    }

    @Test
    void aTensorOfAnotherOrderIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tensor.build(Format.dia(),
                new int[] {2, 2, 2}, new int[3][0], Values.ofDoubles(new double[0])));
        assertTrue(e.getMessage().contains("has 2 modes"), e.getMessage());
    }

    private static Map<List<Integer>, Double> expected(int[][] c, double[] v) {
        Map<List<Integer>, Double> m = new TreeMap<>(SlotFormatTest::compare);
        for (int e = 0; e < v.length; e++) {
            List<Integer> key = new ArrayList<>();
            for (int[] mode : c) {
                key.add(mode[e]);
            }
            m.put(key, v[e]);
        }
        return m;
    }

    private static Map<List<Integer>, Double> read(Tensor t) {
        Map<List<Integer>, Double> m = new TreeMap<>(SlotFormatTest::compare);
        TensorCursor c = t.cursor();
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            List<Integer> key = new ArrayList<>();
            for (int d = 0; d < t.order(); d++) {
                key.add(c.coordinate(d));
            }
            Double before = m.put(key, c.doubleValue());
            assertEquals(null, before, "component " + key + " stored twice in " + t.format() + ": " + Arrays.toString(
                    key.toArray()));
        }
        return m;
    }

    private static int compare(List<Integer> a, List<Integer> b) {
        for (int k = 0; k < a.size(); k++) {
            int c = Integer.compare(a.get(k), b.get(k));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
