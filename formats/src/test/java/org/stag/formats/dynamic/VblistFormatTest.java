package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.impl.VblistFormat;
import org.stag.formats.schema.Schemas;

/** The variable block list against the contracts (blocks of at most 3 as the small variant) and its arena invariants. */
class VblistFormatTest extends BlockListContract {
    private static final int SMALL = 3;
    private final VblistFormat format = new VblistFormat();
    private final VblistFormat small = new VblistFormat(Schemas.builtin("vblist"), SMALL);

    @Override
    protected DynamicFormat format() {
        return format;
    }

    @Override
    protected DynamicFormat smallNodeFormat() {
        return small;
    }

    @Override
    protected int smallCapacity() {
        return SMALL;
    }

    @Override
    protected void assertShape(List<BlockLists.Block> blocks, int capacity) {
        BlistFormatTest.assertCompactShape(blocks, capacity);
    }

    /** {@code B <= capacity < 4B}, capacities powers of two, for every block of {@code root}. */
    private static void assertCapacities(NodeStore s, int root) {
        NodePool pool = BlockLists.blockPool(s);
        int[] cap = pool.capacities(pool.layout("e"));
        for (BlockLists.Block b : BlockLists.blocks(s, root)) {
            int c = cap[b.handle()];
            int n = b.crd().length;
            assertEquals(1, Integer.bitCount(c), "capacity " + c);
            assertTrue(n <= c && c < 4 * n, "block of " + n + " in a run of " + c);
        }
    }

    @Test
    void runsGrowByDoublingAndShrinkAfterDeletions() {
        VblistFormat f = new VblistFormat(Schemas.builtin("vblist"), 64);
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        int state = f.appendFirst(s, root, 0, 0);
        for (int i = 1; i < 40; i++) {
            state = f.appendRest(s, root, state, i, i);
            assertCapacities(s, root);
        }
        assertEquals(1, BlockLists.blocks(s, root).size());
        int[] drop = new int[36];
        for (int i = 0; i < drop.length; i++) {
            drop[i] = i + 2;
        }
        assertEquals(36, f.delete(s, root, drop, 0, drop.length));
        f.check(s, root);
        assertCapacities(s, root);
        NodePool pool = BlockLists.blockPool(s);
        assertEquals(4, pool.capacities(pool.layout("e"))[BlockLists.blocks(s, root).get(0).handle()]);
    }

    @Test
    void randomBatchesKeepCapacitiesTight() {
        VblistFormat f = new VblistFormat(Schemas.builtin("vblist"), 16);
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        SplittableRandom rnd = new SplittableRandom(8);
        for (int step = 0; step < 300; step++) {
            int[] c = BlockLists.randomSorted(rnd, 1 + rnd.nextInt(step % 7 == 0 ? 200 : 10), 3000);
            if (rnd.nextInt(3) == 0) {
                f.delete(s, root, c, 0, c.length);
            } else {
                f.insert(s, root, c, null, 0, c.length);
            }
            f.check(s, root);
            assertCapacities(s, root);
        }
    }

    /** GraphOne's point: a batch of new, larger coordinates costs at most one block per row. */
    @Test
    void appendBatchesAddNoBlocksUntilTheLimit() {
        DynamicMatrix m = new DynamicMatrix(format, 100, 1 << 20, true);
        int rows = 100;
        for (int batch = 0; batch < 300; batch++) {
            int[] src = new int[rows];
            int[] dst = new int[rows];
            double[] val = new double[rows];
            for (int r = 0; r < rows; r++) {
                src[r] = r;
                dst[r] = 1000 * batch + r;
                val[r] = batch;
            }
            m.insertBatch(src, dst, val, rows, 1);
            int perRow = batch / VblistFormat.DEFAULT_MAX_BLOCK + 1;
            assertEquals(rows * perRow, BlockLists.blockPool(m.shards()[0]).live(), "blocks after batch " + batch);
        }
        m.check();
    }

    @Test
    void aMiddleBatchSplitsIntoBoundedBlocks() {
        NodeStore s = format.newStore(ValueMode.NONE);
        int root = format.newRoot(s);
        int n = 1000;
        int[] even = new int[n];
        int[] odd = new int[n];
        for (int i = 0; i < n; i++) {
            even[i] = 2 * i;
            odd[i] = 2 * i + 1;
        }
        format.build(s, root, even, null, 0, n);
        assertEquals(4, BlockLists.blocks(s, root).size(), "build fills blocks of 256");
        assertEquals(n, format.insert(s, root, odd, null, 0, n));
        format.check(s, root);
        assertCapacities(s, root);
        List<BlockLists.Block> blocks = BlockLists.blocks(s, root);
        assertEquals(8, blocks.size(), "each of the four blocks doubled and split in two");
        for (BlockLists.Block b : blocks) {
            assertTrue(b.crd().length <= VblistFormat.DEFAULT_MAX_BLOCK);
        }
    }

    @Test
    void checkFindsBadCapacities() {
        int[] root = new int[1];
        NodeStore s = sample(30, root);
        int h = BlockLists.blocks(s, root[0]).get(2).handle();
        BlockLists.setCapacity(s, h, 3);
        assertBroken(s, root[0], "not a power of two");
        BlockLists.setCapacity(s, h, 16);
        assertBroken(s, root[0], "4 or more times");
        BlockLists.setCapacity(s, h, 1 << 30);
        assertBroken(s, root[0], "outside the arena");
    }

    @Test
    void checkFindsOverlappingRuns() {
        NodeStore s = small.newStore(ValueMode.NONE);
        int root = small.newRoot(s);
        small.build(s, root, new int[] {0, 2, 4, 6, 8, 10}, null, 0, 6);
        small.delete(s, root, new int[] {4}, 0, 1);
        small.check(s, root);
        List<BlockLists.Block> blocks = BlockLists.blocks(s, root);
        NodePool pool = BlockLists.blockPool(s);
        int[] off = pool.ints(pool.layout("e"));
        int first = blocks.get(0).handle();
        int second = blocks.get(1).handle();
        assertEquals(4, pool.capacities(pool.layout("e"))[first]);
        // The second block's run starts inside the first's slack, its elements still in order.
        off[second] = off[first] + 2;
        BlockLists.setField(s, second, "B", 2);
        BlockLists.setSlot(s, second, 0, 20);
        BlockLists.setSlot(s, second, 1, 30);
        assertBroken(s, root, "share slots");
    }

    @Test
    void schemasOfOtherShapesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new VblistFormat(Schemas.builtin("blist"), 8));
        assertThrows(IllegalArgumentException.class, () -> new VblistFormat(Schemas.builtin("ctree"), 8));
        assertThrows(IllegalArgumentException.class, () -> new VblistFormat(Schemas.builtin("vblist"), 0));
        assertEquals(5, new VblistFormat(Schemas.builtin("vblist"), 5).maxBlock());
    }
}
