package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.stag.engine.ops.Constant;
import org.stag.engine.front.ScalarType;
import org.stag.engine.kernellib.CooBuffer;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * {@link VectorAssembly}: chunks concatenated in order, sorted (comparison and radix sort) when they are not, the
 * last of equal coordinates winning, against a map built entry by entry; and {@link Tensor#sortedVector}'s checks.
 */
class VectorAssemblyTest {
    /** One frame for all assemblies of a test: its sort scratch is reused, larger or smaller than needed. */
    private final org.stag.engine.kernellib.Frame scratch = new org.stag.engine.kernellib.Frame();
    /** The vector assembled last, whose arrays the next assembly may reuse (dead once checked). */
    private Tensor last;

    private static CooBuffer[] chunks(Random r, int chunks, int perChunk, int dim, boolean ordered) {
        CooBuffer[] coo = new CooBuffer[chunks];
        int next = 0;
        for (int c = 0; c < chunks; c++) {
            coo[c] = new CooBuffer(1, ScalarType.DOUBLE);
            int size = r.nextInt(perChunk + 1);
            for (int k = 0; k < size; k++) {
                int crd;
                if (ordered) {
                    next += 1 + r.nextInt(3);
                    if (next >= dim) {
                        break;
                    }
                    crd = next;
                } else {
                    crd = r.nextInt(dim);
                }
                int e = coo[c].next();
                coo[c].crd[0][e] = crd;
                coo[c].dv[e] = r.nextInt(1000) / 8.0;
            }
        }
        return coo;
    }

    private void check(CooBuffer[] coo, int dim) {
        TreeMap<Integer, Double> want = new TreeMap<>();
        for (CooBuffer b : coo) {
            for (int e = 0; e < b.size; e++) {
                want.put(b.crd[0][e], b.dv[e]);
            }
        }
        Tensor t = VectorAssembly.assemble(FormatParser.parse("compressed"), dim, coo, coo.length, ScalarType.DOUBLE,
                Constant.zero(ScalarType.DOUBLE), scratch, last, null);
        last = t;
        CompressedLevel l = (CompressedLevel) t.level(0);
        assertEquals(want.size(), l.size());
        int[] crd = Arrays.copyOf(l.crd(), l.size());
        assertArrayEquals(want.keySet().stream().mapToInt(Integer::intValue).toArray(), crd);
        double[] vals = Arrays.copyOf(((DoubleValues) t.values()).array(), t.values().size());
        assertArrayEquals(want.values().stream().mapToDouble(Double::doubleValue).toArray(), vals);
    }

    @Test
    void orderedChunksAreConcatenated() {
        Random r = new Random(1);
        for (int round = 0; round < 50; round++) {
            check(chunks(r, 1 + r.nextInt(20), 30, 5000, true), 5000);
        }
    }

    @Test
    void unorderedEntriesAreSortedAndTheLastOfEqualCoordinatesWins() {
        Random r = new Random(2);
        for (int round = 0; round < 50; round++) {
            int dim = 1 + r.nextInt(round < 25 ? 50 : 3_000_000);
            // few entries (comparison sort) and many (radix sort, up to three digits)
            int per = round % 2 == 0 ? 40 : 4000;
            check(chunks(r, 1 + r.nextInt(6), per, dim, false), dim);
        }
    }

    @Test
    void radixSortIsStableByEntry() {
        Random r = new Random(3);
        for (int dim : new int[] {1, 2, 2047, 2048, 1 << 20, Integer.MAX_VALUE}) {
            long[] keys = new long[10_000];
            for (int j = 0; j < keys.length; j++) {
                keys[j] = (long) r.nextInt(Math.min(dim, 64)) * (dim / Math.min(dim, 64)) << 32 | j;
            }
            long[] want = keys.clone();
            Arrays.sort(want, 0, 9_000);
            VectorAssembly.sortKeys(keys, 9_000, dim, new long[9_000], new int[(1 << VectorAssembly.DIGIT) + 1]);
            assertArrayEquals(want, keys, "dim " + dim);
        }
    }

    @Test
    void onlyOrderedUniqueCompressedVectorsApply() {
        assertTrue(VectorAssembly.applies(FormatParser.parse("compressed")));
        assertFalse(VectorAssembly.applies(FormatParser.parse("compressed(nonunique)")));
        assertFalse(VectorAssembly.applies(FormatParser.parse("list")));
        assertFalse(VectorAssembly.applies(FormatParser.parse("dense,compressed")));
    }

    @Test
    void sortedVectorRejectsWhatItCannotAdopt() {
        Values two = Values.ofDoubles(new double[] {1.0, 2.0});
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.sortedVector(FormatParser.parse("list"), 5, new int[] {1, 2}, 2, two));
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.sortedVector(FormatParser.parse("compressed"), 5, new int[] {2, 1}, 2, two));
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.sortedVector(FormatParser.parse("compressed"), 5, new int[] {1, 1}, 2, two));
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.sortedVector(FormatParser.parse("compressed"), 2, new int[] {1, 2}, 2, two));
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.sortedVector(FormatParser.parse("compressed"), 5, new int[] {1, 2, 3}, 3, two));
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.sortedVector(FormatParser.parse("compressed"), 5, new int[] {1}, 2, two));
        Tensor t = Tensor.sortedVector(FormatParser.parse("compressed"), 5, new int[] {1, 4, 9}, 2, two);
        assertEquals(2, t.level(0).size());
        assertEquals(2.0, t.getAsDouble(4), 0.0);
        assertEquals(0.0, t.getAsDouble(3), 0.0);
        t.check();
    }

    @Test
    void aBoolVectorWithConstantEntriesIsSortedFromItsCoordinatesAndRefilled() {
        CooBuffer[] coo = {new CooBuffer(1, ScalarType.BOOL), new CooBuffer(1, ScalarType.BOOL)};
        int[][] crd = {{7, 2}, {5, 0, 9}};
        for (int c = 0; c < 2; c++) {
            for (int x : crd[c]) {
                coo[c].crd[0][coo[c].next()] = x;     // values never set: only the coordinates are read
            }
        }
        Tensor t = VectorAssembly.assemble(FormatParser.parse("compressed"), 10, coo, 2, ScalarType.BOOL,
                Constant.ofBool(false), scratch, null, Constant.ofBool(true));
        CompressedLevel l = (CompressedLevel) t.level(0);
        assertArrayEquals(new int[] {0, 2, 5, 7, 9}, Arrays.copyOf(l.crd(), l.size()));
        assertTrue(t.values().isConstant());
        assertTrue(t.values().getAsBoolean(0));
        coo[1].size = 0;
        Tensor again = VectorAssembly.assemble(FormatParser.parse("compressed"), 10, coo, 2, ScalarType.BOOL,
                Constant.ofBool(false), scratch, t, Constant.ofBool(true));
        assertTrue(again == t, "the dead vector is refilled");
        assertArrayEquals(new int[] {2, 7}, Arrays.copyOf(l.crd(), ((CompressedLevel) again.level(0)).size()));
        assertThrows(IllegalArgumentException.class, () -> VectorAssembly.assemble(FormatParser.parse("compressed"), 10,
                new CooBuffer[] {new CooBuffer(1, ScalarType.DOUBLE)}, 1, ScalarType.DOUBLE, Constant.zero(ScalarType.DOUBLE),
                scratch, null, Constant.ofBool(true)));
    }

    /** Unsorted coordinates without values, with duplicates across chunks, as a push's chunks list them. */
    private static CooBuffer[] coordinates(Random r, int chunks, int total, int dim) {
        CooBuffer[] coo = new CooBuffer[chunks];
        for (int c = 0; c < chunks; c++) {
            coo[c] = new CooBuffer(1, ScalarType.BOOL, false);
        }
        for (int k = 0; k < total; k++) {
            CooBuffer b = coo[r.nextInt(chunks)];
            b.reserve(1);
            b.crd[0][b.size++] = r.nextInt(dim);
        }
        return coo;
    }

    private Tensor constant(CooBuffer[] coo, int dim, Tensor reuse) {
        return VectorAssembly.assemble(FormatParser.parse("compressed"), dim, coo, coo.length, ScalarType.BOOL,
                Constant.ofBool(false), scratch, reuse, Constant.ofBool(true));
    }

    /**
     * Coordinates without values are put in order through the frame's bitmap from a 64th of the dimension on, and
     * sorted below: both sides of the crossover, random inputs with duplicates, against a sorted set; the bitmap
     * grows with the dimension, is clear after each assembly and is reused (dead vectors refilled).
     */
    @Test
    void constantEntriesOnBothSidesOfTheBitmapCrossoverEqualASort() {
        Random r = new Random(5);
        Tensor reuse = null;
        for (int round = 0; round < 60; round++) {
            int dim = 1 + r.nextInt(round < 30 ? 5_000 : 200_000);
            int cross = dim >>> VectorAssembly.BITMAP_FROM_SHIFT;
            int total = switch (round % 4) {
                case 0 -> Math.max(0, cross - 1 - r.nextInt(Math.max(1, cross)));
                case 1 -> cross + r.nextInt(3);
                case 2 -> cross + r.nextInt(4 * dim + 1);
                default -> r.nextInt(Math.max(1, cross * 2));
            };
            CooBuffer[] coo = coordinates(r, 1 + r.nextInt(5), total, dim);
            java.util.TreeSet<Integer> want = new java.util.TreeSet<>();
            for (CooBuffer b : coo) {
                for (int e = 0; e < b.size; e++) {
                    want.add(b.crd[0][e]);
                }
            }
            Tensor t = constant(coo, dim, r.nextBoolean() ? reuse : null);
            CompressedLevel l = (CompressedLevel) t.level(0);
            assertArrayEquals(want.stream().mapToInt(Integer::intValue).toArray(), Arrays.copyOf(l.crd(), l.size()),
                    "round " + round + ": dim " + dim + ", " + total + " entries");
            assertEquals(dim, t.dimension(0));
            if (scratch.sortBits != null) {
                for (long w : scratch.sortBits) {
                    assertEquals(0L, w, "the bitmap is clear after the assembly");
                }
            }
            reuse = t;
        }
        assertTrue(scratch.sortBits != null && scratch.sortBits.length >= 1_000, "the bitmap path ran on large dimensions");
    }

    /** A coordinate out of range is refused by the bitmap path, and the next assembly starts from a clear bitmap. */
    @Test
    void anOutOfRangeCoordinateIsRefusedAndLeavesNoBitBehind() {
        int dim = 640;
        CooBuffer[] bad = coordinates(new Random(3), 2, 200, dim);
        bad[1].crd[0][bad[1].size - 1] = dim + 5;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> constant(bad, dim, null));
        assertTrue(e.getMessage().contains("out of range"), e.getMessage());
        assertTrue(scratch.sortBitsDirty);
        CooBuffer[] good = {new CooBuffer(1, ScalarType.BOOL, false)};
        good[0].reserve(20);
        for (int k = 0; k < 20; k++) {
            good[0].crd[0][good[0].size++] = (k * 7) % 20;   // 0, 7, 14, 1, ...: unsorted, 20 >= 640 / 64
        }
        Tensor t = constant(good, dim, null);
        CompressedLevel l = (CompressedLevel) t.level(0);
        int[] want = new int[20];
        Arrays.setAll(want, k -> k);
        assertArrayEquals(want, Arrays.copyOf(l.crd(), l.size()));
        assertFalse(scratch.sortBitsDirty);
    }

    /** Ordered chunks whose last coordinate is out of range are refused, not adopted unchecked. */
    @Test
    void orderedChunksOutOfRangeAreRefused() {
        CooBuffer[] coo = {new CooBuffer(1, ScalarType.BOOL, false)};
        coo[0].reserve(3);
        coo[0].crd[0][0] = 1;
        coo[0].crd[0][1] = 4;
        coo[0].crd[0][2] = 10;
        coo[0].size = 3;
        assertThrows(IllegalArgumentException.class, () -> constant(coo, 10, null));
        CooBuffer[] valued = {new CooBuffer(1, ScalarType.DOUBLE)};
        valued[0].reserve(2);
        valued[0].crd[0][0] = 3;
        valued[0].crd[0][1] = 12;
        valued[0].size = 2;
        assertThrows(IllegalArgumentException.class, () -> VectorAssembly.assemble(FormatParser.parse("compressed"), 10,
                valued, 1, ScalarType.DOUBLE, Constant.zero(ScalarType.DOUBLE), scratch, null, null));
    }
}
