package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
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

    /** {@code B <= capacity < 4B} for every block of {@code root}, capacities powers of two unless {@code exactAllowed}. */
    private static void assertCapacities(NodeStore s, int root, boolean exactAllowed) {
        NodePool pool = BlockLists.blockPool(s);
        int[] cap = pool.capacities(pool.layout("e"));
        for (BlockLists.Block b : BlockLists.blocks(s, root)) {
            int c = cap[b.handle()];
            int n = b.crd().length;
            assertTrue(exactAllowed || Integer.bitCount(c) == 1, "capacity " + c);
            assertTrue(n <= c && c < 4 * n, "block of " + n + " in a run of " + c);
        }
    }

    private static void assertCapacities(NodeStore s, int root) {
        assertCapacities(s, root, false);
    }

    /**
     * A build gives every block a run of exactly its size, back to back in build order (rows one after the
     * other); random batches then move blocks to power-of-two runs and free the exact ones in pieces, against
     * a model of every row, with the store's live slots equal to the runs held.
     */
    @Test
    void buildGivesExactRunsThatUpdatesReplace() {
        VblistFormat f = new VblistFormat(Schemas.builtin("vblist"), 16);
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        SplittableRandom rnd = new SplittableRandom(13);
        int rows = 12;
        int[] roots = new int[rows];
        List<TreeMap<Integer, Double>> model = new ArrayList<>();
        int next = 1;
        NodePool pool = BlockLists.blockPool(s);
        for (int r = 0; r < rows; r++) {
            roots[r] = f.newRoot(s);
            int[] c = BlockLists.randomSorted(rnd, rnd.nextInt(80), 3000);
            double[] v = new double[c.length];
            TreeMap<Integer, Double> row = new TreeMap<>();
            for (int i = 0; i < c.length; i++) {
                v[i] = rnd.nextInt(1000);
                row.put(c[i], v[i]);
            }
            model.add(row);
            f.build(s, roots[r], c, v, 0, c.length);
            for (BlockLists.Block b : BlockLists.blocks(s, roots[r])) {
                int h = b.handle();
                assertEquals(b.crd().length, pool.capacities(pool.layout("e"))[h], "a built block's run is its size");
                assertEquals(next, pool.ints(pool.layout("e"))[h], "runs back to back in build order");
                next += b.crd().length;
            }
        }
        assertEquals(next - 1, s.arena().liveSlots());
        for (int step = 0; step < 200; step++) {
            int r = rnd.nextInt(rows);
            int[] c = BlockLists.randomSorted(rnd, 1 + rnd.nextInt(step % 5 == 0 ? 60 : 6), 3000);
            if (rnd.nextInt(3) == 0) {
                f.delete(s, roots[r], c, 0, c.length);
                for (int x : c) {
                    model.get(r).remove(x);
                }
            } else {
                double[] v = new double[c.length];
                for (int i = 0; i < c.length; i++) {
                    v[i] = step * 1000 + i;
                    model.get(r).put(c[i], v[i]);
                }
                f.insert(s, roots[r], c, v, 0, c.length);
            }
            long held = 0;
            for (int q = 0; q < rows; q++) {
                f.check(s, roots[q]);
                assertCapacities(s, roots[q], true);
                Iterator<Map.Entry<Integer, Double>> it = model.get(q).entrySet().iterator();
                for (BlockLists.Block b : BlockLists.blocks(s, roots[q])) {
                    held += pool.capacities(pool.layout("e"))[b.handle()];
                    for (int i = 0; i < b.crd().length; i++) {
                        Map.Entry<Integer, Double> e = it.next();
                        assertEquals(e.getKey(), b.crd()[i], "step " + step + " row " + q);
                        assertEquals(e.getValue(), b.val()[i], "step " + step + " row " + q);
                    }
                }
                assertTrue(!it.hasNext(), "step " + step + " row " + q + " lost elements");
            }
            assertEquals(held, s.arena().liveSlots(), "step " + step + ": live slots are the runs held");
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
        assertCapacities(s, root, true);
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
        BlockLists.setCapacity(s, h, 0);
        assertBroken(s, root[0], "not positive");
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
        assertEquals(3, pool.capacities(pool.layout("e"))[first], "built at its exact size, 3, then one deleted");
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
