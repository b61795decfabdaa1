package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.stag.formats.level.HashedLevel;

/** {@link Tensor#memoryBytes()}: the arrays each format needs, exactly. */
class TensorMemoryTest {
    private static final int ROWS = 1000;
    private static final int COLS = 800;

    /** A random matrix with {@code n} distinct components, built in {@code format}. */
    private static Tensor matrix(String format, ValueType type, SplittableRandom rnd) {
        Model m = Model.random(FormatParser.parse(format), new int[] {ROWS, COLS}, type, false, 20_000, rnd);
        return m.build();
    }

    @Test
    void csrNeedsPosPlusCoordinatesPlusValues() {
        Tensor t = matrix("dense,compressed", ValueType.DOUBLE, new SplittableRandom(1));
        long nnz = t.componentCount();
        assertEquals(4L * (ROWS + 1) + 4 * nnz + 8 * nnz, t.memoryBytes());
        Tensor f = matrix("dense,compressed", ValueType.FLOAT, new SplittableRandom(1));
        assertEquals(4L * (ROWS + 1) + 4 * nnz + 4 * nnz, f.memoryBytes());
        Tensor b = matrix("dense,compressed", ValueType.BOOL, new SplittableRandom(1));
        assertEquals(4L * (ROWS + 1) + 4 * nnz + nnz, b.memoryBytes());
    }

    @Test
    void cooNeedsTwoCoordinatesPerComponent() {
        Tensor t = matrix("compressed(nonunique),singleton", ValueType.LONG, new SplittableRandom(2));
        long nnz = t.componentCount();
        assertEquals(4L * 2 + 4 * nnz + 4 * nnz + 8 * nnz, t.memoryBytes());
    }

    @Test
    void denseAndBitmapVectorsAreSizedByTheDimension() {
        int[][] c = {{3, 70, 99}};
        Tensor d = Tensor.build(FormatParser.parse("dense"), new int[] {100}, c, Values.ofInts(new int[] {1, 2, 3}));
        assertEquals(4L * 100, d.memoryBytes());
        Tensor b = Tensor.build(FormatParser.parse("bitmap"), new int[] {100}, c, Values.ofInts(new int[] {1, 2, 3}));
        assertEquals(8L * 2 + 4L * 100, b.memoryBytes());
    }

    @Test
    void hashedSegmentsCostTheirCapacity() {
        SplittableRandom rnd = new SplittableRandom(3);
        Tensor t = matrix("dense,hashed", ValueType.DOUBLE, rnd);
        long buckets = t.level(1).size();
        assertEquals(4L * (ROWS + 1) + 4 * buckets + 8 * buckets, t.memoryBytes());
        long nnz = t.componentCount();
        // Load factor between 1/3 and 2/3 per segment, so overall too.
        assertTrue(buckets >= 1.5 * nnz && buckets <= 3 * nnz, buckets + " buckets for " + nnz);
        HashedLevel h = (HashedLevel) t.level(1);
        assertEquals(HashedLevel.capacityFor(countRow(t, 0)), h.posEnd(0) - h.posBegin(0));
    }

    private static int countRow(Tensor t, int row) {
        int[] n = {0};
        t.forEach(c -> n[0] += c.coordinate(0) == row ? 1 : 0);
        return n[0];
    }

    @Test
    void aDynamicLevelCountsItsStoreAndRoots() {
        Tensor t = matrix("dense,list", ValueType.DOUBLE, new SplittableRandom(4));
        long nnz = t.componentCount();
        assertEquals(t.level(1).memoryBytes(), t.memoryBytes(), "values live in the list nodes");
        // A list node: coordinate, value and next link (12 bytes), plus a head record and a root per row.
        assertTrue(t.memoryBytes() >= 16L * nnz + 8L * ROWS, t.memoryBytes() + " bytes for " + nnz);
        // Pools keep 1/8 spare after a build (NodePool.trim), so the first update does not copy them.
        assertTrue(t.memoryBytes() <= (16L * nnz + 16L * ROWS) * 9 / 8 + 256, t.memoryBytes() + " bytes for " + nnz);
    }
}
