package org.stag.formats.level;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.dynamic.impl.ListFormat;

/** The level functions and assembly of each storage class ([Chou 2018], Tables 2 and 3). */
class LevelStorageTest {

    @Test
    void denseLocatesByArithmetic() {
        DenseLevel d = (DenseLevel) Level.create(StaticLevelFormat.DENSE, 7, ValueMode.POSITION);
        d.insertInit(3);
        assertEquals(21, d.size());
        assertEquals(2 * 7 + 5, d.locate(2, 5));
        assertEquals(0, d.memoryBytes());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.insertInit(1 << 29));
        assertTrue(e.getMessage().contains("positions"), e.getMessage());
    }

    @Test
    void compressedAppendBuildsPosFromEdgeCounts() {
        // Figure 3b: rows 0, 1, 3 of a 4-row matrix, row 2 empty.
        CompressedLevel c = (CompressedLevel) Level.create(StaticLevelFormat.COMPRESSED, 5, ValueMode.POSITION);
        c.appendInit(4, 1);
        int[][] rows = {{0, 1}, {0, 1}, {}, {0, 3, 4}};
        for (int p = 0; p < rows.length; p++) {
            int begin = c.size();
            for (int i : rows[p]) {
                assertEquals(c.size(), c.appendCoord(i));
            }
            if (rows[p].length > 0) {
                c.appendEdges(p, begin, c.size());
            }
        }
        c.appendFinalize();
        assertArrayEquals(new int[] {0, 2, 4, 4, 7}, c.pos());
        assertArrayEquals(new int[] {0, 1, 0, 1, 0, 3, 4}, c.crd());
        assertEquals(4, c.posBegin(3));
        assertEquals(7, c.posEnd(3));
        assertEquals(3, c.coord(5));
        assertEquals(4L * (5 + 7), c.memoryBytes());
    }

    @Test
    void compressedFinalizeRejectsChildrenWithoutEdges() {
        CompressedLevel c = (CompressedLevel) Level.create(StaticLevelFormat.COMPRESSED, 5, ValueMode.POSITION);
        c.appendInit(2, 0);
        c.appendCoord(1);
        c.appendCoord(2);
        c.appendEdges(0, 0, 1);
        assertThrows(IllegalStateException.class, c::appendFinalize);
    }

    @Test
    void singletonGivesEachParentOneChildAtItsOwnPosition() {
        SingletonLevel s = (SingletonLevel) Level.create(StaticLevelFormat.SINGLETON, 9, ValueMode.POSITION);
        s.appendInit(3);
        assertEquals(0, s.appendCoord(4));
        assertEquals(1, s.appendCoord(8));
        IllegalStateException e = assertThrows(IllegalStateException.class, s::appendFinalize);
        assertTrue(e.getMessage().contains("exactly one"), e.getMessage());
        assertEquals(2, s.appendCoord(0));
        s.appendFinalize();
        assertEquals(1, s.posBegin(1));
        assertEquals(2, s.posEnd(1));
        assertEquals(8, s.coord(1));
    }

    @Test
    void hashedSegmentsAreSizedPerParentAndLocateWhatWasInserted() {
        HashedLevel h = (HashedLevel) Level.create(StaticLevelFormat.HASHED, 1 << 20, ValueMode.POSITION);
        int[] children = {3, 0, 1000, 1};
        h.insertInit(4, children);
        assertArrayEquals(new int[] {0, 8, 8, 8 + 2048, 8 + 2048 + 2}, h.seg());
        SplittableRandom rnd = new SplittableRandom(1);
        TreeSet<Integer> inserted = new TreeSet<>();
        while (inserted.size() < 1000) {
            // Multiples of 1024 collide under i mod W; the multiplicative hash spreads them.
            int i = rnd.nextInt(1024) * 1024;
            int q = h.insertCoord(2, i);
            assertTrue(q >= 8 && q < 8 + 2048);
            assertEquals(q, h.insertCoord(2, i), "inserting again returns the same position");
            inserted.add(i);
        }
        for (int i = 0; i < 1 << 20; i += 512) {
            int q = h.locate(2, i);
            assertEquals(inserted.contains(i), q >= 0, "coordinate " + i);
            if (q >= 0) {
                assertEquals(i, h.coord(q));
                assertTrue(h.isLabeled(q));
            }
        }
        assertEquals(-1, h.locate(1, 5), "a parent without buckets has nothing");
        h.insertCoord(3, 17);
        h.insertCoord(3, 18);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> h.insertCoord(3, 19));
        assertTrue(e.getMessage().contains("full"), e.getMessage());
        assertEquals(17, h.coord(h.locate(3, 17)));
        assertEquals(-1, h.locate(3, 19), "a full segment reports absence after probing every bucket");
    }

    @Test
    void hashedCapacityKeepsLoadAtMostTwoThirds() {
        assertEquals(0, HashedLevel.capacityFor(0));
        assertEquals(2, HashedLevel.capacityFor(1));
        assertEquals(4, HashedLevel.capacityFor(2));
        assertEquals(8, HashedLevel.capacityFor(5));
        assertEquals(16, HashedLevel.capacityFor(6));
        for (int c = 1; c < 5000; c++) {
            int cap = HashedLevel.capacityFor(c);
            assertEquals(1, Integer.bitCount(cap));
            assertTrue(3L * c <= 2L * cap && (cap == 2 || 3L * c > cap), "children " + c + " capacity " + cap);
        }
    }

    @Test
    void hashedUniformWidthIsTheSeedsLayout() {
        HashedLevel h = (HashedLevel) Level.create(StaticLevelFormat.HASHED, 100, ValueMode.POSITION);
        h.insertInitUniform(3, 4);
        assertArrayEquals(new int[] {0, 4, 8, 12}, h.seg());
        assertEquals(12, h.size());
        int q = h.insertCoord(1, 42);
        assertTrue(q >= 4 && q < 8);
        assertFalse(h.isLabeled(q == 4 ? 5 : 4));
        assertThrows(IllegalArgumentException.class, () -> h.insertInitUniform(3, 6));
    }

    @Test
    void bitmapFindsSetBitsAcrossWords() {
        BitmapLevel b = (BitmapLevel) Level.create(StaticLevelFormat.BITMAP, 100, ValueMode.POSITION);
        b.insertInit(3);
        assertEquals(300, b.size());
        assertEquals(5 * 8, b.memoryBytes());
        int[] set = {0, 63, 64, 130, 199, 299};
        for (int q : set) {
            assertEquals(q, b.insertCoord(q / 100, q % 100));
        }
        assertEquals(set.length, b.cardinality());
        int at = 0;
        for (int q : set) {
            assertEquals(q, b.nextSetBit(at, 300));
            at = q + 1;
        }
        assertEquals(-1, b.nextSetBit(at, 300));
        assertEquals(-1, b.nextSetBit(131, 199), "the bound is exclusive");
        assertEquals(130, b.nextSetBit(65, 131));
        assertEquals(130, b.locate(1, 30));
        assertEquals(-1, b.locate(1, 31));
        assertTrue(b.isLabeled(199));
        assertFalse(b.isLabeled(198));
    }

    @Test
    void dynamicLevelBuildAndAppendGiveTheSameStructures() {
        DynamicLevelFormat f = new DynamicLevelFormat(new ListFormat());
        DynamicLevel built = (DynamicLevel) Level.create(f, 50, ValueMode.POSITION);
        DynamicLevel appended = (DynamicLevel) Level.create(f, 50, ValueMode.POSITION);
        built.appendInit(3);
        appended.appendInit(3);
        int[][] rows = {{1, 5, 9}, {}, {0, 49}};
        double[] scratch = new double[3];
        int expected = 0;
        for (int p = 0; p < rows.length; p++) {
            if (rows[p].length > 0) {
                assertEquals(expected, built.build(p, rows[p], scratch, 0, rows[p].length));
            }
            for (int i : rows[p]) {
                assertEquals(expected++, appended.append(p, i, Double.NaN));
            }
        }
        built.check();
        appended.check();
        assertEquals(5, built.size());
        assertEquals(5, appended.size());
        for (DynamicLevel d : new DynamicLevel[] {built, appended}) {
            assertEquals(3, d.structureSize(0));
            assertEquals(0, d.structureSize(1));
            assertEquals(2, d.locate(0, 9));
            assertEquals(4, d.locate(2, 49));
            assertEquals(-1, d.locate(2, 48));
            int[] crd = new int[2];
            double[] pos = new double[2];
            assertEquals(2, d.collect(2, crd, pos, 0));
            assertArrayEquals(new int[] {0, 49}, crd);
            assertArrayEquals(new double[] {3, 4}, pos);
        }
        assertTrue(built.memoryBytes() > 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> appended.append(1, 3, 0));
        assertTrue(e.getMessage().contains("already assembled"), e.getMessage());
    }

    @Test
    void dynamicLevelHoldingDoublesKeepsValuesInItsNodes() {
        DynamicLevel d = (DynamicLevel) Level.create(new DynamicLevelFormat(new ListFormat()), 10, ValueMode.DOUBLE);
        d.appendInit(1);
        assertTrue(d.holdsValues());
        assertEquals(-1, d.append(0, 2, 0.25));
        assertEquals(-1, d.append(0, 7, -3.5));
        assertEquals(-3.5, d.value(0, 7));
        assertTrue(Double.isNaN(d.value(0, 6)));
    }

    @Test
    void dynamicLevelOfAPatternKeepsOnlyCoordinates() {
        DynamicLevel d = (DynamicLevel) Level.create(new DynamicLevelFormat(new ListFormat()), 10, ValueMode.NONE);
        d.appendInit(2);
        assertEquals(ValueMode.NONE, d.mode());
        assertFalse(d.holdsValues());
        assertFalse(d.carriesPositions());
        assertEquals(-1, d.append(0, 2, 0.25));
        assertEquals(-1, d.append(0, 7, -3.5));
        assertEquals(-1, d.build(1, new int[] {1, 4}, new double[2], 0, 2));
        assertEquals(4, d.size());
        assertTrue(d.contains(0, 7));
        assertFalse(d.contains(0, 6));
        assertTrue(d.contains(1, 4));
        // Elements carry no value: a stored coordinate reads 1.0 whatever was passed.
        assertEquals(1.0, d.value(0, 7));
        int[] crd = new int[2];
        double[] val = new double[2];
        assertEquals(2, d.collect(1, crd, val, 0));
        assertArrayEquals(new int[] {1, 4}, crd);
        assertArrayEquals(new double[] {1.0, 1.0}, val);
        d.check();
    }
}
