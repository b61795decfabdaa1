package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.DynamicLevel;

/** {@link ConstantValues} on their own, in tensors built from them, and as views ({@link Tensor#withValues}). */
class ConstantValuesTest {
    private static final String[] FORMATS = {"dense,compressed", "dense,ctree", "dense,list", "bst,ctree",
        "compressed,compressed", "dense,hashed", "dense,bitmap", "compressed(nonunique),singleton",
        "dense,compressed;order=1,0", "dense,dense", "compressed,dense"};

    @Test
    void aSizePastAnIntSaturatesAndTheConstantStillReads() {
        ConstantValues b = Values.constantBool(true, false, 5);
        ConstantValues big = b.resized(2_684_353_744L);
        assertEquals(Integer.MAX_VALUE, big.size());
        assertTrue(big.getAsBoolean(Integer.MAX_VALUE - 1));
        assertSame(b, b.resized(5L));
        assertEquals(7, b.resized(7L).size());
    }

    @Test
    void eachTypeReadsItsConstantAtEveryIndexAndHoldsNoArray() {
        ConstantValues b = Values.constantBool(true, false, 5);
        assertEquals(ValueType.BOOL, b.type());
        assertEquals(5, b.size());
        assertTrue(b.isConstant());
        assertEquals(0, b.memoryBytes());
        assertTrue(b.getAsBoolean(4));
        assertEquals(1.0, b.getAsDouble(0));
        assertEquals(1L, b.getAsLong(3));
        assertFalse(b.isFill(2));
        assertFalse(b.fillAsBoolean());
        assertEquals("true", b.valueString());
        assertEquals("false", b.fillString());

        ConstantValues w = Values.constantDouble(1.0, Double.POSITIVE_INFINITY, 7);
        assertEquals(ValueType.DOUBLE, w.type());
        assertEquals(1.0, w.getAsDouble(6));
        assertEquals(Double.POSITIVE_INFINITY, w.fillAsDouble());
        assertEquals("Infinity", w.fillString());
        assertEquals("1.0", w.valueString());
        assertEquals(0, w.memoryBytes());

        long big = (1L << 60) + 1;
        ConstantValues l = Values.constantLong(big, Long.MAX_VALUE, 2);
        assertEquals(big, l.getAsLong(1));
        assertEquals(big, l.valueAsLong());
        assertEquals(Long.MAX_VALUE, l.fillAsLong());
        assertEquals(String.valueOf(big), l.valueString());

        ConstantValues i = Values.constantInt(-3, 0, 1);
        assertEquals(-3L, i.getAsLong(0));
        assertTrue(i.getAsBoolean(0));
        assertEquals("-3", i.valueString());
        assertEquals("0", i.fillString());

        ConstantValues f = Values.constantFloat(2.5f, Float.NaN, 3);
        assertEquals(2.5, f.getAsDouble(0));
        assertEquals(2L, f.getAsLong(0));
        assertEquals("2.5", f.valueString());
        assertEquals("NaN", f.fillString());
        assertFalse(f.isFill(0));
        assertTrue(Values.constantFloat(Float.NaN, Float.NaN, 1).isFill(0), "NaN equals a NaN fill");
        assertTrue(Values.constantInt(0, 0, 1).valueIsFill());
    }

    @Test
    void filledGatherAndToDoublesKeepTheConstantAndScatterIsRefused() {
        ConstantValues w = Values.constantDouble(1.0, Double.POSITIVE_INFINITY, 4);
        ConstantValues empty = w.filled(3);
        assertEquals(3, empty.size());
        assertTrue(empty.isFill(0));
        assertEquals(Double.POSITIVE_INFINITY, empty.getAsDouble(2));
        ConstantValues g = w.gather(new int[] {3, 0}, 2);
        assertEquals(2, g.size());
        assertEquals(1.0, g.getAsDouble(1));
        assertArrayEquals(new double[] {1.0, 1.0, 1.0}, w.toDoubles(new int[] {2, 1, 0}, 3));
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> w.scatter(Values.ofDoubles(new double[] {2.0}), new int[] {0}, new int[] {1}, 1));
        assertTrue(e.getMessage().contains("constant"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Values.constantBool(true, false, -1));
    }

    @Test
    void aConstantBuildEqualsTheAllTrueArrayBuildInEveryFormat() {
        SplittableRandom rnd = new SplittableRandom(9);
        int rows = 40;
        int cols = 30;
        int n = 300;
        int[][] c = new int[2][n];
        for (int j = 0; j < n; j++) {
            c[0][j] = rnd.nextInt(rows);
            c[1][j] = rnd.nextInt(cols);
        }
        boolean[] ones = new boolean[n];
        java.util.Arrays.fill(ones, true);
        for (String fs : FORMATS) {
            Format f = FormatParser.parse(fs);
            int[] dims = {rows, cols};
            Tensor arr = Tensor.build(f, dims, c, Values.ofBools(ones));
            Tensor con = Tensor.build(f, dims, c, Values.constantBool(true, false, n));
            con.check();
            assertSameComponents(arr, con, fs);
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    assertEquals(arr.getAsBoolean(i, j), con.getAsBoolean(i, j), fs + " (" + i + "," + j + ")");
                }
            }
            boolean denseLast = fs.startsWith("dense,dense") || fs.startsWith("compressed,dense");
            assertEquals(!denseLast, con.values().isConstant(), fs);
            if (!denseLast) {
                assertTrue(con.memoryBytes() < arr.memoryBytes(), fs + ": " + con.memoryBytes() + " vs " + arr.memoryBytes());
            }
            if (con.level(1) instanceof DynamicLevel d) {
                assertEquals(ValueMode.NONE, d.mode(), fs);
                assertFalse(d.carriesPositions());
                assertFalse(con.valuesInLastLevel());
            }
            for (String to : FORMATS) {
                Format target = FormatParser.parse(to);
                Tensor back = con.convert(target);
                back.check();
                assertSameComponents(arr.convert(target), back, fs + " -> " + to);
            }
        }
    }

    @Test
    void aFullDenseLastLevelKeepsTheConstant() {
        int[][] c = {{0, 0, 1, 1}, {0, 1, 0, 1}};
        Tensor t = Tensor.build(FormatParser.parse("dense,dense"), new int[] {2, 2}, c, Values.constantInt(7, 0, 4));
        assertTrue(t.values().isConstant());
        assertEquals(0, t.values().memoryBytes());
        assertEquals(7L, t.getAsLong(1, 0));
        Tensor partial = Tensor.build(FormatParser.parse("dense,dense"), new int[] {2, 2},
                new int[][] {{1}, {0}}, Values.constantInt(7, -1, 1));
        assertInstanceOf(IntValues.class, partial.values());
        assertEquals(7L, partial.getAsLong(1, 0));
        assertEquals(-1L, partial.getAsLong(0, 0));
        Tensor scalar = Tensor.build(Format.of(), new int[0], new int[0][], Values.constantDouble(2.0, 0, 3));
        assertEquals(2.0, scalar.getAsDouble());
        assertEquals(0.0, Tensor.build(Format.of(), new int[0], new int[0][], Values.constantDouble(2.0, 0, 0)).getAsDouble());
    }

    @Test
    void aPatternViewSharesTheLevelsOfTheWeightsAndReadsTheConstant() {
        int[][] c = {{0, 0, 2, 2, 2}, {4, 1, 3, 0, 4}};
        double[] w = {1.5, 2.5, 3.5, 4.5, 5.5};
        for (String fs : new String[] {"dense,compressed", "dense,ctree", "dense,list", "bst,ctree"}) {
            Tensor weights = Tensor.build(FormatParser.parse(fs), new int[] {3, 5}, c, Values.ofDoubles(w, Double.POSITIVE_INFINITY));
            Tensor a = weights.withValues(Values.constantBool(true, false, 0));
            Tensor ones = weights.withValues(Values.constantDouble(1.0, Double.POSITIVE_INFINITY, 0));
            for (int k = 0; k < 2; k++) {
                assertSame(weights.level(k), a.level(k), fs);
                assertSame(weights.level(k), ones.level(k), fs);
            }
            assertEquals(weights.level(1).size(), a.values().size(), fs);
            assertFalse(a.valuesInLastLevel(), fs);
            a.check();
            assertEquals(weights.memoryBytes(), a.memoryBytes() + weights.values().memoryBytes(), fs);
            assertTrue(a.getAsBoolean(2, 0), fs);
            assertFalse(a.getAsBoolean(1, 0), fs);
            assertEquals(4.5, weights.getAsDouble(2, 0), fs);
            assertEquals(1.0, ones.getAsDouble(2, 0), fs);
            assertEquals(Double.POSITIVE_INFINITY, ones.getAsDouble(1, 1), fs);
            TensorCursor cur = a.cursor();
            int count = 0;
            while (cur.next()) {
                assertTrue(cur.booleanValue());
                assertEquals(1.0, ones.getAsDouble(cur.coordinate(0), cur.coordinate(1)));
                assertFalse(cur.isFill());
                count++;
            }
            assertEquals(5, count, fs);
            Tensor converted = a.convert(FormatParser.parse("dense,list"));
            assertTrue(converted.values().isConstant(), fs);
            assertEquals(ValueMode.NONE, ((DynamicLevel) converted.level(1)).mode());
            assertEquals(5, converted.componentCount());
        }
    }

    @Test
    void withValuesRefusesValuesThatDoNotFit() {
        int[][] c = {{0, 1}, {1, 0}};
        Tensor csr = Tensor.build(FormatParser.parse("dense,compressed"), new int[] {2, 2}, c, Values.ofLongs(new long[] {3, 4}));
        Tensor asBool = csr.withValues(Values.ofBools(new boolean[] {true, false}));
        assertSame(csr.level(1), asBool.level(1));
        assertFalse(asBool.getAsBoolean(1, 0));
        IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
                () -> csr.withValues(Values.ofBools(new boolean[3])));
        assertTrue(size.getMessage().contains("3 values for the 2 positions"), size.getMessage());

        Tensor list = Tensor.build(FormatParser.parse("dense,list"), new int[] {2, 2}, c, Values.ofDoubles(new double[] {3, 4}));
        IllegalArgumentException inline = assertThrows(IllegalArgumentException.class,
                () -> list.withValues(Values.ofDoubles(new double[] {3, 4})));
        assertTrue(inline.getMessage().contains("inline"), inline.getMessage());
        assertThrows(IllegalArgumentException.class, () -> list.withValues(Values.ofLongs(new long[0])));
        Tensor refilled = list.withValues(Values.ofDoubles(new double[0], -1.0));
        assertEquals(4.0, refilled.getAsDouble(1, 0));
        assertEquals(-1.0, refilled.getAsDouble(0, 0));

        Tensor pattern = Tensor.build(FormatParser.parse("dense,list"), new int[] {2, 2}, c, Values.constantBool(true, false, 2));
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> pattern.withValues(Values.ofBools(new boolean[] {true, true})));
        assertTrue(none.getMessage().contains("only constant values fit"), none.getMessage());
        Tensor w = pattern.withValues(Values.constantDouble(2.0, Double.POSITIVE_INFINITY, 99));
        assertEquals(2, w.values().size());
        assertEquals(2.0, w.getAsDouble(0, 1));
        // What withValues refuses, check() finds in a tensor put together another way.
        Tensor broken = new Tensor(pattern.format(), pattern.dimensions(), pattern.levels(), Values.ofBools(new boolean[2]));
        IllegalStateException bad = assertThrows(IllegalStateException.class, broken::check);
        assertTrue(bad.getMessage().contains("stores no values"), bad.getMessage());
    }

    private static void assertSameComponents(Tensor expected, Tensor actual, String what) {
        TensorCursor e = expected.cursor();
        TensorCursor a = actual.cursor();
        int k = 0;
        while (true) {
            boolean more = e.next();
            // Explicit fill values (a dense level's unset positions) are not components of the pattern.
            while (more && e.isFill()) {
                more = e.next();
            }
            boolean amore = a.next();
            while (amore && a.isFill()) {
                amore = a.next();
            }
            assertEquals(more, amore, what + ": component " + k);
            if (!more) {
                break;
            }
            assertEquals(e.coordinate(0), a.coordinate(0), what + ": component " + k);
            assertEquals(e.coordinate(1), a.coordinate(1), what + ": component " + k);
            assertEquals(e.booleanValue(), a.booleanValue(), what + ": component " + k);
            k++;
        }
        assertTrue(k > 0, what + ": no components");
    }
}
