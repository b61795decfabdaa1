package org.stag.formats.level;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.ValueMode;
import org.stag.loaders.RowBlocks;

/**
 * A compressed last level held in row blocks ({@link BlockedLevel}): what it exposes of its blocks, its counts, and
 * the levels it refuses to be (not compressed, of positions, values that do not match the blocks).
 */
class BlockedLevelTest {
    private static final int[] ROW_PTR = {0, 2, 2, 5, 6, 9};
    private static final int[] COL = {1, 4, 0, 2, 3, 4, 0, 1, 2};
    private static final double[] W = {1.5, -2, 3, 4, -0.0, 6, 7, 8, 9};

    @Test
    void itsBlocksAreTheRowsBlocks() {
        RowBlocks rows = RowBlocks.split(5, ROW_PTR, COL, W, 4);
        assertTrue(rows.blockCount() > 1);
        BlockedLevel b = new BlockedLevel(StaticLevelFormat.COMPRESSED, 5, rows, ValueMode.DOUBLE);
        assertSame(rows, b.rows());
        assertEquals(ValueMode.DOUBLE, b.mode());
        assertTrue(b.holdsValues());
        assertEquals(5, b.parentSize());
        assertEquals(5, b.dimension());
        assertEquals(rows.bits(), b.shardBits());
        assertEquals(rows.blockCount(), b.blockCount());
        assertEquals(9, b.entries());
        assertEquals(9, b.size());
        assertEquals(rows.memoryBytes(), b.memoryBytes());
        assertTrue(b.memoryBytes() > 0);
        int k = 0;
        for (int blk = 0; blk < b.blockCount(); blk++) {
            assertSame(rows.ptr(blk), b.pos(blk));
            assertSame(rows.col(blk), b.crd(blk));
            assertSame(rows.weights(blk), b.val(blk));
            int n = b.pos(blk)[b.pos(blk).length - 1];
            for (int p = 0; p < n; p++, k++) {
                assertEquals(COL[k], b.crd(blk)[p]);
                assertEquals(W[k], b.val(blk)[p]);
            }
        }
        assertEquals(9, k);
        assertEquals("compressed in " + rows.blockCount() + " blocks of 2^" + rows.bits() + " rows, 9 entries", b.toString());
    }

    @Test
    void aPatternHoldsNoValues() {
        BlockedLevel b = new BlockedLevel(StaticLevelFormat.COMPRESSED, 5, RowBlocks.split(5, ROW_PTR, COL, null, 4),
                ValueMode.NONE);
        assertEquals(ValueMode.NONE, b.mode());
        assertFalse(b.holdsValues());
        assertNull(b.val(0));
        assertArrayEquals(new int[] {1, 4}, java.util.Arrays.copyOf(b.crd(0), 2));
    }

    @Test
    void onlyACompressedLastLevelOfDoublesOrNothing() {
        RowBlocks weighted = RowBlocks.split(5, ROW_PTR, COL, W, 4);
        RowBlocks pattern = RowBlocks.split(5, ROW_PTR, COL, null, 4);
        IllegalArgumentException dense = assertThrows(IllegalArgumentException.class,
                () -> new BlockedLevel(StaticLevelFormat.DENSE, 5, weighted, ValueMode.DOUBLE));
        assertEquals("a blocked level is a compressed last level holding doubles or nothing, not dense in DOUBLE",
                dense.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new BlockedLevel(StaticLevelFormat.COMPRESSED, 5, weighted, ValueMode.POSITION));
        assertThrows(IllegalArgumentException.class,
                () -> new BlockedLevel(StaticLevelFormat.COMPRESSED, 5, weighted, ValueMode.NONE));
        assertThrows(IllegalArgumentException.class,
                () -> new BlockedLevel(StaticLevelFormat.COMPRESSED, 5, pattern, ValueMode.DOUBLE));
    }
}
