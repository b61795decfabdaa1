package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.HashedLevel;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.SingletonLevel;
import org.stag.formats.level.StaticLevelFormat;

/** Building tensors of order 1 to 3 in every static format and mode order, checked against a TreeMap model. */
class TensorBuildTest {

    @ParameterizedTest(name = "order {0}")
    @ValueSource(ints = {1, 2, 3})
    void everyStaticFormatAndModeOrderHoldsRandomComponents(int order) {
        SplittableRandom rnd = new SplittableRandom(100 + order);
        List<Format> formats = Model.formats(order, Model.STATIC);
        // Every combination that Format admits (no singleton first or under a unique level): 5, 27, 147; and vbyte,
        // last under dense or alone: vbyte, dense,vbyte and the 5 first levels over dense,vbyte.
        assertEquals(order == 1 ? 5 + 1 : order == 2 ? 27 + 1 : 147 + 5, formats.size());
        int built = 0;
        for (Format levels : formats) {
            for (int[] perm : Model.permutations(order)) {
                Format f = levels.withOrder(perm);
                ValueType type = ValueType.values()[built % ValueType.values().length];
                int[] dims = new int[order];
                for (int m = 0; m < order; m++) {
                    dims[m] = 1 + rnd.nextInt(order == 3 ? 7 : 12);
                }
                int n = rnd.nextInt(5) == 0 ? rnd.nextInt(3) : rnd.nextInt(80);
                Model model = Model.random(f, dims, type, built % 3 == 1, n, rnd);
                model.verify(model.build(), true, f + " " + type + " dims " + java.util.Arrays.toString(dims));
                built++;
            }
        }
        assertTrue(built > 0);
    }

    @Test
    void eachValueTypeWithEachFillInTheCommonFormats() {
        SplittableRandom rnd = new SplittableRandom(7);
        String[] formats = {"dense", "compressed", "bitmap", "hashed", "dense,compressed", "dense,compressed;order=1,0",
            "compressed(nonunique),singleton", "compressed,compressed", "dense,dense", "hashed,bitmap",
            "compressed(nonunique),singleton(nonunique),singleton;order=2,0,1", "dense,compressed,hashed"};
        for (String s : formats) {
            Format f = FormatParser.parse(s);
            for (ValueType type : ValueType.values()) {
                for (boolean unusual : new boolean[] {false, true}) {
                    int[] dims = new int[f.order()];
                    java.util.Arrays.fill(dims, 30);
                    Model model = Model.random(f, dims, type, unusual, 400, rnd);
                    model.verify(model.build(), true, s + " " + type + " unusual fill " + unusual);
                }
            }
        }
    }

    @Test
    void cscStoresColumnsThenRows() {
        // A 3 x 4 matrix: (0,1)=1, (2,1)=2, (1,3)=3, (2,0)=4.
        int[][] c = {{0, 2, 1, 2}, {1, 1, 3, 0}};
        Tensor t = Tensor.build(Format.csc(), new int[] {3, 4}, c, Values.ofDoubles(new double[] {1, 2, 3, 4}));
        assertEquals("dense,compressed;order=1,0", t.format().toString());
        DenseLevel cols = (DenseLevel) t.level(0);
        assertEquals(4, cols.dimension());
        CompressedLevel rows = (CompressedLevel) t.level(1);
        assertArrayEquals(new int[] {0, 1, 3, 3, 4}, rows.pos());
        assertArrayEquals(new int[] {2, 0, 2, 1}, rows.crd());
        assertArrayEquals(new double[] {4, 1, 2, 3}, ((DoubleValues) t.values()).array());
        assertEquals(2.0, t.getAsDouble(2, 1));
        assertEquals(0.0, t.getAsDouble(1, 1));
    }

    @Test
    void cooStoresOneRowCoordinatePerComponent() {
        int[][] c = {{3, 0, 3, 1}, {2, 4, 0, 4}};
        Tensor t = Tensor.build(Format.coo(2), new int[] {4, 5}, c, Values.ofInts(new int[] {7, 8, 9, 10}));
        CompressedLevel rows = (CompressedLevel) t.level(0);
        assertArrayEquals(new int[] {0, 4}, rows.pos());
        assertArrayEquals(new int[] {0, 1, 3, 3}, rows.crd());
        SingletonLevel cols = (SingletonLevel) t.level(1);
        assertArrayEquals(new int[] {4, 4, 0, 2}, cols.crd());
        assertArrayEquals(new int[] {8, 10, 9, 7}, ((IntValues) t.values()).array());
        assertEquals(9, t.getAsLong(3, 0));
        assertEquals(7, t.getAsLong(3, 2));
        assertEquals(0, t.getAsLong(3, 1));
        Format coo3 = Format.coo(3);
        assertEquals("compressed(nonunique),singleton(nonunique),singleton", coo3.toString());
        assertEquals("compressed", Format.coo(1).toString());
    }

    @Test
    void theLastDuplicateWins() {
        int[][] c = {{1, 2, 1, 1, 2}};
        Tensor t = Tensor.build(Format.of(StaticLevelFormat.COMPRESSED), new int[] {4}, c,
                Values.ofLongs(new long[] {10, 20, 30, 40, 50}));
        assertArrayEquals(new int[] {1, 2}, ((CompressedLevel) t.level(0)).crd());
        assertEquals(40, t.getAsLong(1));
        assertEquals(50, t.getAsLong(2));
    }

    @Test
    void denseLevelsFillUntouchedPositionsWithTheFillValue() {
        Tensor t = Tensor.build(Format.of(StaticLevelFormat.DENSE), new int[] {5}, new int[][] {{1, 3}},
                Values.ofDoubles(new double[] {2.5, Double.POSITIVE_INFINITY}, Double.POSITIVE_INFINITY));
        assertArrayEquals(new double[] {Double.POSITIVE_INFINITY, 2.5, Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY}, ((DoubleValues) t.values()).array());
        assertEquals(5, t.componentCount());
        int[] fills = {0};
        t.forEach(c -> fills[0] += c.isFill() ? 1 : 0);
        assertEquals(4, fills[0]);
        // A sparse level keeps the explicit fill value it was given; conversion drops it.
        Tensor s = Tensor.build(Format.of(StaticLevelFormat.COMPRESSED), new int[] {5}, new int[][] {{1, 3}},
                Values.ofDoubles(new double[] {2.5, Double.POSITIVE_INFINITY}, Double.POSITIVE_INFINITY));
        assertEquals(2, s.componentCount());
        assertEquals(1, s.convert(s.format()).componentCount());
        assertEquals(1, t.convert(s.format()).componentCount());
    }

    @Test
    void booleanAndLongFillsAreReturnedForAbsentComponents() {
        Tensor b = Tensor.build(Format.of(StaticLevelFormat.HASHED), new int[] {9}, new int[][] {{4}},
                Values.ofBools(new boolean[] {false}, true));
        assertFalse(b.getAsBoolean(4));
        assertTrue(b.getAsBoolean(5));
        Tensor depth = Tensor.build(Format.of(StaticLevelFormat.BITMAP), new int[] {9}, new int[][] {{2, 8}},
                Values.ofLongs(new long[] {3, 1}, Long.MAX_VALUE));
        assertEquals(Long.MAX_VALUE, depth.getAsLong(0));
        assertEquals(1, depth.getAsLong(8));
        assertEquals(2, depth.componentCount());
    }

    @Test
    void aScalarIsAnOrderZeroTensor() {
        Tensor s = Tensor.build(Format.of(), new int[0], new int[0][], Values.ofFloats(new float[] {1f, 2f}));
        assertEquals(0, s.order());
        assertEquals(2.0, s.getAsDouble());
        assertEquals(1, s.componentCount());
        Tensor empty = Tensor.build(Format.of(), new int[0], new int[0][], Values.ofFloats(new float[0], 5f));
        assertEquals(5.0, empty.getAsDouble());
        assertEquals(1, empty.componentCount());
    }

    @Test
    void emptyTensorsInEveryFormat() {
        for (Format f : Model.formats(2, Model.STATIC)) {
            Tensor t = Tensor.build(f, new int[] {3, 0}, new int[][] {{}, {}}, Values.ofDoubles(new double[0]));
            t.check();
            assertEquals(0, t.componentCount(), f.toString());
            Tensor u = Tensor.build(f, new int[] {3, 2}, new int[][] {{}, {}}, Values.ofDoubles(new double[0]));
            assertEquals(f.level(1) == StaticLevelFormat.DENSE && f.level(0) == StaticLevelFormat.DENSE ? 6 : 0,
                    u.componentCount(), f.toString());
        }
    }

    @Test
    void declaredFullLevelsAreChecked() {
        Format full = Format.of(StaticLevelFormat.DENSE, StaticLevelFormat.COMPRESSED.with(org.stag.formats.level.Property.FULL));
        int[][] all = {{0, 0, 1, 1}, {0, 1, 1, 0}};
        Tensor t = Tensor.build(full, new int[] {2, 2}, all, Values.ofDoubles(new double[] {1, 2, 3, 4}));
        assertEquals(4.0, t.getAsDouble(1, 0));
        int[][] missing = {{0, 0, 1}, {0, 1, 1}};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Tensor.build(full, new int[] {2, 2}, missing, Values.ofDoubles(new double[] {1, 2, 3})));
        assertTrue(e.getMessage().contains("declared full") && e.getMessage().contains("parent position 1"), e.getMessage());
        // Under a hashed parent only labeled buckets are parents.
        LevelFormat hashedFull = StaticLevelFormat.HASHED.with(org.stag.formats.level.Property.FULL);
        Tensor h = Tensor.build(Format.of(StaticLevelFormat.HASHED, hashedFull), new int[] {5, 2},
                new int[][] {{3, 3}, {1, 0}}, Values.ofDoubles(new double[] {1, 2}));
        assertEquals(2.0, h.getAsDouble(3, 0));
    }

    @Test
    void badInputIsRejectedWithTheReason() {
        Format csr = Format.csr();
        Values v = Values.ofDoubles(new double[] {1, 2});
        assertMessage("2 modes, but 1 dimensions", () -> Tensor.build(csr, new int[] {3}, new int[][] {{0, 1}, {0, 1}}, v));
        assertMessage("2 modes, but 2 dimensions and 1 coordinate arrays",
                () -> Tensor.build(csr, new int[] {3, 3}, new int[][] {{0, 1}}, v));
        assertMessage("mode 1 coordinate 3 out of range 0..2",
                () -> Tensor.build(csr, new int[] {3, 3}, new int[][] {{0, 1}, {0, 3}}, v));
        assertMessage("mode 0 coordinate -1", () -> Tensor.build(csr, new int[] {3, 3}, new int[][] {{-1, 1}, {0, 1}}, v));
        assertMessage("1 coordinates for 2 values", () -> Tensor.build(csr, new int[] {3, 3}, new int[][] {{0}, {0, 1}}, v));
        assertMessage("negative dimension", () -> Tensor.build(csr, new int[] {-1, 3}, new int[][] {{}, {}},
                Values.ofDoubles(new double[0])));
        assertMessage("positions", () -> Tensor.build(Format.of(StaticLevelFormat.DENSE, StaticLevelFormat.DENSE),
                new int[] {1 << 16, 1 << 16}, new int[][] {{}, {}}, Values.ofDoubles(new double[0])));
        assertMessage("cannot convert an order-2 tensor", () -> Tensor.build(csr, new int[] {3, 3},
                new int[][] {{0, 1}, {0, 1}}, v).convert(Format.of(StaticLevelFormat.DENSE)));
    }

    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable e) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().contains(part), "expected '" + part + "' in: " + x.getMessage());
    }

    @Test
    void checkNamesACorruptedInvariant() {
        Tensor t = Tensor.build(Format.csr(), new int[] {2, 9}, new int[][] {{0, 0, 1}, {2, 5, 7}},
                Values.ofDoubles(new double[] {1, 2, 3}));
        t.check();
        int[] crd = ((CompressedLevel) t.level(1)).crd();
        crd[1] = 2;
        IllegalStateException e = assertThrows(IllegalStateException.class, t::check);
        assertTrue(e.getMessage().contains("order or uniqueness"), e.getMessage());
        crd[1] = 9;
        e = assertThrows(IllegalStateException.class, t::check);
        assertTrue(e.getMessage().contains("out of range"), e.getMessage());
        Tensor h = Tensor.build(Format.of(StaticLevelFormat.HASHED), new int[] {100}, new int[][] {{5, 6, 7}},
                Values.ofDoubles(new double[] {1, 2, 3}));
        h.check();
        HashedLevel hl = (HashedLevel) h.level(0);
        int q = hl.locate(0, 6);
        hl.crd()[q] = 5;
        e = assertThrows(IllegalStateException.class, h::check);
        assertTrue(e.getMessage().contains("not reachable") || e.getMessage().contains("repeated"), e.getMessage());
    }

    @Test
    void hugeDimensionsAreSortedSixteenBitsAtATime() {
        // Dimensions far above the number of entries take two counting passes per level.
        SplittableRandom rnd = new SplittableRandom(31);
        Format f = FormatParser.parse("compressed,hashed;order=1,0");
        Model m = Model.random(f, new int[] {Integer.MAX_VALUE, 1 << 20}, ValueType.INT, true, 3000, rnd);
        m.verify(m.build(), true, f.toString());
        m.verify(m.build().convert(FormatParser.parse("compressed,compressed")), false, "-> dcsr");
    }

    @Test
    void largeRandomMatricesInTheMainFormats() {
        SplittableRandom rnd = new SplittableRandom(99);
        for (String s : new String[] {"dense,compressed", "dense,hashed", "compressed(nonunique),singleton",
            "bitmap,compressed;order=1,0", "hashed,compressed"}) {
            Format f = FormatParser.parse(s);
            Model m = Model.random(f, new int[] {3000, 5000}, ValueType.DOUBLE, false, 30_000, rnd);
            m.verify(m.build(), true, s);
        }
    }
}
