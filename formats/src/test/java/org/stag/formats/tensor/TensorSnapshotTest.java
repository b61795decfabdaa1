package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ShardedRows;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.DynamicLevel;

/**
 * {@link Tensor#snapshot}: a copy that shares the node stores, and the copy-on-write that keeps it as it was:
 * only the shards a batch touches while the snapshot is open are copied, none once it is closed.
 */
class TensorSnapshotTest {
    private int savedBits;

    @BeforeEach
    void smallShards() {
        savedBits = ShardedRows.fixBits(2);   // 4 rows a shard: 10 shards for 40 rows
    }

    @AfterEach
    void restoreShards() {
        ShardedRows.fixBits(savedBits);
    }

    /** Row r holds columns r and r + 1 (mod 40), weight r. */
    private static Tensor ring(String format) {
        int n = 40;
        int[] rowPtr = new int[n + 1];
        int[] col = new int[2 * n];
        double[] w = new double[2 * n];
        for (int r = 0; r < n; r++) {
            rowPtr[r + 1] = 2 * (r + 1);
            int a = r;
            int b = (r + 1) % n;
            col[2 * r] = Math.min(a, b);
            col[2 * r + 1] = Math.max(a, b);
            w[2 * r] = r;
            w[2 * r + 1] = r;
        }
        return Tensor.fromCsr(FormatParser.parse(format), n, n, rowPtr, col, w, ValueMode.DOUBLE, 1);
    }

    @Test
    void aBatchCopiesOnlyTheShardsItTouchesWhileTheSnapshotIsOpen() {
        Tensor t = ring("dense,ctree");
        SnapshotEpochs epochs = new SnapshotEpochs();
        Tensor s = t.snapshot(epochs);
        long epoch = epochs.open();
        DynamicLevel live = (DynamicLevel) t.level(1);
        DynamicLevel held = (DynamicLevel) s.level(1);
        assertEquals(10, live.shardCount());
        for (int k = 0; k < 10; k++) {
            assertSame(live.store(k), held.store(k), "shard " + k + " is shared");
        }
        NodeStore before = live.store(1);
        // Rows 5 and 6 are in shard 1 (rows 4..7).
        t.insertBatch(new int[] {5, 6}, new int[] {20, 30}, new double[] {7.5, 8.5}, 2, 1, BatchGrowth.FIXED);
        for (int k = 0; k < 10; k++) {
            if (k == 1) {
                assertNotSame(held.store(k), live.store(k), "the touched shard was copied");
            } else {
                assertSame(held.store(k), live.store(k), "shard " + k + " is still shared");
            }
        }
        assertSame(before, held.store(1), "the snapshot keeps the old store");
        assertEquals(7.5, t.getAsDouble(5, 20));
        assertEquals(Double.POSITIVE_INFINITY, s.withValues(Values.ofDoubles(new double[0], Double.POSITIVE_INFINITY))
                .getAsDouble(5, 20), "the snapshot does not see the insert");
        assertEquals(5.0, s.getAsDouble(5, 5));
        s.check();
        t.check();
        // The copied shard changes in place from now on; closed, the snapshot keeps nothing from being changed.
        NodeStore copy = live.store(1);
        t.insertBatch(new int[] {4}, new int[] {33}, null, 1, 1, BatchGrowth.FIXED);
        assertSame(copy, live.store(1));
        epochs.close(epoch);
        NodeStore shard3 = live.store(3);
        t.deleteBatch(new int[] {13}, new int[] {13}, 1, 1);
        assertSame(shard3, live.store(3), "no snapshot open: in place");
        assertEquals(0.0, s.getAsDouble(13, 14) - 13.0, "the old store still reads as it was");
    }

    @Test
    void aSnapshotOfARowTreeIsCopiedWhenRowsEnterOrLeave() {
        Tensor t = ring("bst,ctree");
        SnapshotEpochs epochs = new SnapshotEpochs();
        Tensor s = t.snapshot(epochs);
        epochs.open();
        // Row 0 loses both its elements (it leaves the row tree); row 45 enters with the graph grown.
        t.deleteBatch(new int[] {0, 0}, new int[] {0, 1}, 2, 1);
        t.insertBatch(new int[] {45}, new int[] {2}, new double[] {3.0}, 1, 1, BatchGrowth.ADD_VERTICES);
        assertEquals(46, t.dimension(0));
        assertEquals(40, s.dimension(0), "the snapshot keeps its size");
        assertNotSame(((DynamicLevel) s.level(0)).store(0), ((DynamicLevel) t.level(0)).store(0));
        assertEquals(0.0, s.getAsDouble(0, 0));
        assertEquals(0.0, s.getAsDouble(0, 1));
        assertEquals(Double.POSITIVE_INFINITY, t.withValues(Values.ofDoubles(new double[0], Double.POSITIVE_INFINITY))
                .getAsDouble(0, 1));
        assertEquals(3.0, t.getAsDouble(45, 2));
        s.check();
        t.check();
    }

    @Test
    void onlyTensorsThatTakeBatchesHaveSnapshots() {
        Tensor csr = ring("dense,compressed");
        assertThrows(UnsupportedOperationException.class, () -> csr.snapshot(new SnapshotEpochs()));
        assertThrows(UnsupportedOperationException.class, () -> csr.grow(50, 50));
        Tensor t = ring("dense,ctree");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.grow(-1, 3));
        assertTrue(e.getMessage().contains("negative"), e.getMessage());
        Tensor s = t.snapshot(new SnapshotEpochs());
        assertFalse(s.takesBatches());
        UnsupportedOperationException ro = assertThrows(UnsupportedOperationException.class,
                () -> s.insertBatch(new int[] {0}, new int[] {5}, null, 1, 1, BatchGrowth.FIXED));
        assertTrue(ro.getMessage().contains("snapshot"), ro.getMessage());
        assertThrows(UnsupportedOperationException.class, () -> s.deleteBatch(new int[] {0}, new int[] {0}, 1, 1));
        assertThrows(UnsupportedOperationException.class, () -> s.grow(50, 50));
        assertThrows(UnsupportedOperationException.class, () -> s.snapshot(new SnapshotEpochs()));
        assertEquals(0.0, s.getAsDouble(0, 0), "nothing changed");
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> t.snapshot(new SnapshotEpochs()));
        assertTrue(twice.getMessage().contains("one SnapshotEpochs"), twice.getMessage());
    }

    @Test
    void growWidensBothModesOfASquareMatrix() {
        Tensor t = ring("dense,ctree");
        t.grow(44, 41);
        assertEquals(44, t.dimension(0));
        assertEquals(44, t.dimension(1));
        assertEquals(Double.POSITIVE_INFINITY,
                t.withValues(Values.ofDoubles(new double[0], Double.POSITIVE_INFINITY)).getAsDouble(43, 43));
        t.check();
    }

    @Test
    void epochsTellWhichStoresAreHeld() {
        SnapshotEpochs e = new SnapshotEpochs();
        assertFalse(e.heldSince(0));
        long birth = e.now();
        long a = e.open();
        assertTrue(e.heldSince(birth));
        long later = e.now();
        assertFalse(e.heldSince(later), "a store born after the last snapshot is not held");
        long b = e.open();
        assertTrue(e.heldSince(later));
        e.close(b);
        assertFalse(e.heldSince(later));
        assertTrue(e.heldSince(birth));
        assertEquals(1, e.openCount());
        e.close(a);
        assertEquals(0, e.openCount());
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> e.close(a));
        assertTrue(twice.getMessage().contains("not open"), twice.getMessage());
    }
}
