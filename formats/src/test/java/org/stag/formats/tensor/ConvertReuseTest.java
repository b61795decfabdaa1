package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.stag.formats.level.BitmapLevel;
import org.stag.formats.level.Level;

/**
 * {@link Tensor#convert(Format, Tensor)}: a sorted compressed vector converted into a dead bitmap reuses its words
 * and values and equals a fresh conversion, whatever the dead bitmap held; anything else converts as usual.
 */
class ConvertReuseTest {
    private static final Format COMPRESSED = FormatParser.parse("compressed");
    private static final Format BITMAP = FormatParser.parse("bitmap");

    private static Tensor vector(SplittableRandom rnd, int dim, double density, ValueType type) {
        int[] crd = new int[dim];
        int n = 0;
        for (int i = 0; i < dim; i++) {
            if (rnd.nextDouble() < density) {
                crd[n++] = i;
            }
        }
        Values v = switch (type) {
            case LONG -> {
                long[] a = new long[n];
                for (int j = 0; j < n; j++) {
                    a[j] = rnd.nextInt(4); // some explicit fill values (0)
                }
                yield Values.ofLongs(a, 0);
            }
            default -> {
                boolean[] a = new boolean[n];
                for (int j = 0; j < n; j++) {
                    a[j] = rnd.nextInt(5) > 0;
                }
                yield Values.ofBools(a, false);
            }
        };
        return Tensor.sortedVector(COMPRESSED, dim, crd, n, v);
    }

    @Test
    void aDeadBitmapIsReusedAndTheResultEqualsAFreshConversion() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (ValueType type : new ValueType[] {ValueType.BOOL, ValueType.LONG}) {
            int dim = 1000;
            Tensor dead = vector(rnd, dim, 0.5, type).convert(BITMAP);
            for (int round = 0; round < 20; round++) {
                Tensor v = vector(rnd, dim, rnd.nextDouble() * 0.3, type);
                Tensor fresh = v.convert(BITMAP);
                long[] words = ((BitmapLevel) dead.level(0)).words();
                Tensor reused = v.convert(BITMAP, dead);
                assertSame(words, ((BitmapLevel) reused.level(0)).words());
                assertSame(dead, reused); // in the bitmap format already: the dead tensor itself, refilled
                assertEquals(BITMAP, reused.format());
                assertEquals(fresh.componentCount(), reused.componentCount());
                for (int i = 0; i < dim; i++) {
                    assertEquals(fresh.getAsLong(i), reused.getAsLong(i), "coordinate " + i);
                    assertEquals(((BitmapLevel) fresh.level(0)).locate(0, i), ((BitmapLevel) reused.level(0)).locate(0, i));
                }
                reused.check();
                dead = reused;
            }
        }
    }

    @Test
    void whatCannotBeReusedConvertsAsUsual() {
        SplittableRandom rnd = new SplittableRandom(6);
        Tensor v = vector(rnd, 100, 0.2, ValueType.BOOL);
        Tensor otherDim = vector(rnd, 99, 0.2, ValueType.BOOL).convert(BITMAP);
        Tensor otherType = vector(rnd, 100, 0.2, ValueType.LONG).convert(BITMAP);
        long stored = v.convert(BITMAP).componentCount();
        for (Tensor dead : new Tensor[] {null, otherDim, otherType, v}) {
            Tensor c = v.convert(BITMAP, dead);
            assertEquals(stored, c.componentCount());
            if (dead != null && dead.level(0) instanceof BitmapLevel b) {
                // not reused: the dead tensor is left as it was
                assertEquals(dead.dimension(0) == 100 && dead.valueType() == v.valueType(), b.words() == ((BitmapLevel) c.level(0)).words());
            }
        }
        assertEquals(v.convert(FormatParser.parse("dense")).componentCount(),
                v.convert(FormatParser.parse("dense"), otherDim).componentCount());
    }

    @Test
    void aBoolVectorConvertsIntoAPatternAndReusesADeadPatternBitmap() {
        SplittableRandom rnd = new SplittableRandom(7);
        int dim = 1000;
        Tensor dead = vector(rnd, dim, 0.5, ValueType.BOOL).convertPattern(BITMAP, null);
        assertEquals(true, dead.values().isConstant());
        for (int round = 0; round < 20; round++) {
            Tensor v = vector(rnd, dim, rnd.nextDouble() * 0.3, ValueType.BOOL);
            Tensor fresh = v.convert(BITMAP);
            long[] words = ((BitmapLevel) dead.level(0)).words();
            Values constant = dead.values();
            Tensor reused = v.convertPattern(BITMAP, dead);
            assertSame(dead, reused);
            assertSame(words, ((BitmapLevel) reused.level(0)).words());
            assertSame(constant, reused.values());
            for (int i = 0; i < dim; i++) {
                // the explicit false entries of v are dropped: a set bit is exactly a true entry
                assertEquals(fresh.getAsBoolean(i), ((BitmapLevel) reused.level(0)).locate(0, i) >= 0, "coordinate " + i);
                assertEquals(fresh.getAsBoolean(i), reused.getAsBoolean(i), "coordinate " + i);
            }
            reused.check();
            dead = reused;
        }
        // back into a compressed vector, and from a constant: still a pattern, the same entries
        Tensor back = dead.convertPattern(COMPRESSED, null);
        assertEquals(true, back.values().isConstant());
        assertEquals(dead.componentCount(), back.componentCount());
        Tensor again = back.convertPattern(BITMAP, dead);
        assertSame(dead, again);
        assertEquals(back.componentCount(), again.componentCount());
    }

    @Test
    void onlyABoolTensorConvertsIntoAPatternFormatOfStaticLevels() {
        SplittableRandom rnd = new SplittableRandom(8);
        Tensor longs = vector(rnd, 100, 0.2, ValueType.LONG);
        Tensor bools = vector(rnd, 100, 0.2, ValueType.BOOL);
        assertThrows(IllegalArgumentException.class, () -> longs.convertPattern(BITMAP, null));
        assertThrows(IllegalArgumentException.class, () -> bools.convertPattern(FormatParser.parse("dense"), null));
        assertEquals(false, Tensor.patternFormat(FormatParser.parse("dense")));
        assertEquals(true, Tensor.patternFormat(FormatParser.parse("dense,compressed")));
        assertEquals(false, Tensor.patternFormat(FormatParser.parse("compressed,dense")));
        // a dead bitmap with an array of values is not reused: the result is a new pattern
        Tensor arrayBitmap = bools.convert(BITMAP);
        Tensor c = bools.convertPattern(BITMAP, arrayBitmap);
        assertEquals(true, c.values().isConstant());
        assertEquals(false, arrayBitmap.values().isConstant());
    }

    @Test
    void aBitmapOverWordsThatAreNotClearIsRefused() {
        BitmapLevel b = (BitmapLevel) Level.create(BITMAP.level(0), 100, org.stag.formats.dynamic.ValueMode.POSITION);
        assertThrows(IllegalArgumentException.class, () -> b.insertInit(1, new long[] {0, 1}));
        assertThrows(IllegalArgumentException.class, () -> b.insertInit(1, new long[3]));
        b.insertInit(1, new long[2]);
        assertEquals(100, b.size());
    }
}
