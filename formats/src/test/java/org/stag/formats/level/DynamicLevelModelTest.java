package org.stag.formats.level;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.NodeOrder;
import org.stag.formats.dynamic.ShardedRows;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.dynamic.ValueMode;
import org.stag.loaders.RowBlocks;

/**
 * A last {@link DynamicLevel} driven directly by batches against a {@code TreeMap} per parent: batches whose parents
 * come in any order (the scheduler re-sorts them) with skipped (negative) parents, small ones applied in the calling
 * thread and large ones spread over shards on two threads, each reporting what it replaced or removed; after every
 * batch the counts, each structure, single and batched reads, the trees' node index, and the level's own check. Also the refusals that
 * keep a level whole: a parent out of range changes nothing, a level never shrinks, batches refuse a level of
 * positions.
 */
class DynamicLevelModelTest {
    private static final int COLS = 4000;
    private static final double SENTINEL = -7.25;
    private int savedBits = Integer.MIN_VALUE;

    @AfterEach
    void restoreShards() {
        if (savedBits != Integer.MIN_VALUE) {
            ShardedRows.fixBits(savedBits);
        }
    }

    private DynamicLevel level(String format, ValueMode mode, int shardBits, int parents) {
        int previous = ShardedRows.fixBits(shardBits);
        if (savedBits == Integer.MIN_VALUE) {
            savedBits = previous;
        }
        DynamicLevel d = (DynamicLevel) Level.create(new DynamicLevelFormat(BuiltinFormats.byName(format)), COLS, mode);
        d.appendInit(parents);
        return d;
    }

    @ParameterizedTest(name = "{0} {1} shard bits {2} threads {3}")
    @CsvSource({"ctree,DOUBLE,2,2", "vctree,DOUBLE,2,2", "vctree,NONE,1,3", "bst,DOUBLE,1,2", "list,NONE,3,2",
        "btree,DOUBLE,0,1", "blist,DOUBLE,2,3",
        "rbtree,NONE,2,2"})
    void batchesInAnyOrderMatchAModel(String format, ValueMode mode, int shardBits, int threads) {
        int rows = 48;
        DynamicLevel d = level(format, mode, shardBits, rows);
        SplittableRandom rnd = new SplittableRandom(format.hashCode() * 31L + shardBits);
        boolean valued = mode == ValueMode.DOUBLE;
        // Built from rows in blocks of 16 (row r holds a few columns; every third row is empty).
        int bits = 4;
        int blocks = (rows + 15) >> bits;
        int[][] ptr = new int[blocks][17];
        int[][] col = new int[blocks][16 * 12];
        double[][] w = new double[blocks][16 * 12];
        List<TreeMap<Integer, Double>> model = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            model.add(new TreeMap<>());
            int b = r >> bits;
            int local = r & 15;
            int[] c = r % 3 == 2 ? new int[0] : rnd.ints(20, 0, COLS).distinct().limit(12).sorted().toArray();
            for (int k = 0; k < c.length; k++) {
                int at = ptr[b][local] + k;
                col[b][at] = c[k];
                w[b][at] = valued ? rnd.nextInt(1, 100) : 1.0;
                model.get(r).put(c[k], w[b][at]);
            }
            ptr[b][local + 1] = ptr[b][local] + c.length;
        }
        d.buildRows(RowBlocks.over(rows, bits, ptr, col, valued ? w : null), null, threads);
        assertHolds(d, model, threads, rnd, "built");
        for (int round = 0; round < 8; round++) {
            boolean large = round % 2 == 1;
            boolean insert = round % 4 != 3;
            applyBatch(d, model, rnd, large, insert, valued, threads, format + " round " + round);
            assertHolds(d, model, threads, rnd, format + " round " + round);
        }
    }

    /** A batch over distinct parents in random order, two of them negative, {@code start[0]} not 0. */
    private static void applyBatch(DynamicLevel d, List<TreeMap<Integer, Double>> model, SplittableRandom rnd, boolean large,
            boolean insert, boolean valued, int threads, String what) {
        int rows = model.size();
        int[] order = rnd.ints(4L * rows, 0, rows).distinct().limit(rows / 2 + 2).toArray();
        int count = order.length + 2;
        int[] parents = new int[count];
        int[] start = new int[count + 1];
        int per = large ? 3000 / order.length : 6;
        int[] crd = new int[5 + count * per + 4];
        double[] vals = valued ? new double[crd.length] : null;
        int e = 5;
        int next = 0;
        for (int i = 0; i < count; i++) {
            start[i] = e;
            boolean skipped = i == 1 || i == count - 1;
            parents[i] = skipped ? -1 - i : order[next++];
            int[] c;
            if (!insert && !skipped) {
                // deletes: half present coordinates, half random ones
                int[] present = model.get(parents[i]).keySet().stream().mapToInt(Integer::intValue).toArray();
                c = rnd.ints(per, 0, COLS).map(x -> present.length > 0 && x % 2 == 0 ? present[x % present.length] : x)
                        .distinct().sorted().toArray();
            } else {
                c = rnd.ints(per, 0, COLS).distinct().sorted().toArray();
            }
            for (int x : c) {
                crd[e] = x;
                if (valued) {
                    vals[e] = rnd.nextInt(8) == 0 ? -0.0 : rnd.nextInt(-50, 50);
                }
                e++;
            }
        }
        start[count] = e;
        double[] old = new double[crd.length];
        Arrays.fill(old, SENTINEL);
        long before = d.entries();
        long changed = insert ? d.insertBatch(parents, start, count, crd, vals, threads, old)
                : d.deleteBatch(parents, start, count, crd, threads, old);
        long expectChanged = 0;
        for (int i = 0; i < count; i++) {
            for (int k = start[i]; k < start[i + 1]; k++) {
                if (parents[i] < 0) {
                    assertTrue(Double.isNaN(old[k]), what + ": a skipped parent reports NaN");
                    continue;
                }
                Double was = insert ? model.get(parents[i]).put(crd[k], valued ? vals[k] : 1.0)
                        : model.get(parents[i]).remove(crd[k]);
                expectChanged += (was == null) == insert ? 1 : 0;
                assertEquals(was == null ? Double.NaN : was, old[k], what + ": parent " + parents[i] + " column " + crd[k]);
            }
        }
        for (int k = 0; k < start[0]; k++) {
            assertEquals(SENTINEL, old[k], what + ": outside the batch");
        }
        for (int k = start[count]; k < old.length; k++) {
            assertEquals(SENTINEL, old[k], what + ": outside the batch");
        }
        assertEquals(expectChanged, changed, what + (insert ? ": new coordinates" : ": removed coordinates"));
        assertEquals(before + (insert ? changed : -changed), d.entries(), what);
    }

    private static void assertHolds(DynamicLevel d, List<TreeMap<Integer, Double>> model, int threads, SplittableRandom rnd,
            String what) {
        d.check();
        long total = 0;
        for (int p = 0; p < model.size(); p++) {
            total += model.get(p).size();
            assertEquals(model.get(p).size(), d.structureSize(p), what + ": size of parent " + p);
            int[] crd = new int[model.get(p).size() + 1];
            double[] val = new double[model.get(p).size() + 1];
            assertEquals(2 + model.get(p).size(), d.collect(p, crd, val, 1) + 1, what);
            int k = 1;
            for (Map.Entry<Integer, Double> en : model.get(p).entrySet()) {
                assertEquals(en.getKey(), crd[k], what + ": parent " + p);
                assertEquals(en.getValue(), val[k], what + ": parent " + p + " column " + en.getKey());
                assertTrue(d.contains(p, en.getKey()));
                assertEquals(en.getValue(), d.value(p, en.getKey()));
                k++;
            }
        }
        assertEquals(total, d.entries(), what + ": entries");
        assertNodeOrdersCurrent(d, what);
        assertEquals(total, d.size(), what + ": size");
        // Batched reads: every parent, one negative, large enough to be split over threads.
        int count = model.size() + 1;
        int[] parents = new int[count];
        int[] start = new int[count + 1];
        int[] crd = new int[3 + count * 60];
        int e = 3;
        for (int i = 0; i < count; i++) {
            start[i] = e;
            parents[i] = i == model.size() / 2 ? -1 : i - (i > model.size() / 2 ? 1 : 0);
            TreeMap<Integer, Double> m = parents[i] < 0 ? new TreeMap<>() : model.get(parents[i]);
            int[] c = rnd.ints(80, 0, COLS).map(x -> x % 3 == 0 && !m.isEmpty() ? m.ceilingKey(x) == null ? x
                    : m.ceilingKey(x) : x).distinct().limit(60).sorted().toArray();
            System.arraycopy(c, 0, crd, e, c.length);
            e += c.length;
        }
        start[count] = e;
        double[] out = new double[crd.length + 2];
        Arrays.fill(out, SENTINEL);
        d.values(parents, start, count, crd, out, threads);
        for (int i = 0; i < count; i++) {
            for (int k = start[i]; k < start[i + 1]; k++) {
                Double want = parents[i] < 0 ? null : model.get(parents[i]).get(crd[k]);
                assertEquals(want == null ? Double.NaN : want, out[k], what + ": batched read of " + parents[i]);
            }
        }
        for (int k = 0; k < start[0]; k++) {
            assertEquals(SENTINEL, out[k]);
        }
        for (int k = start[count]; k < out.length; k++) {
            assertEquals(SENTINEL, out[k]);
        }
    }

    /**
     * Where the format's trees have an in-order node index, the index a shard keeps (patched for the parents a batch
     * named to its store) lists what a rebuild lists.
     */
    private static void assertNodeOrdersCurrent(DynamicLevel d, String what) {
        if (NodeOrder.shapeOf(d.impl().schema()) == null) {
            return;
        }
        for (int s = 0; s < d.shardCount(); s++) {
            NodeOrder kept = d.nodeOrder(s);
            int[] start = kept.start().clone();
            int[] nodes = kept.nodes().clone();
            d.store(s).invalidateNodeOrder();
            NodeOrder rebuilt = d.nodeOrder(s);
            int lo = s << d.shardBits();
            int parents = Math.min(d.parentSize() - lo, 1 << d.shardBits());
            for (int lp = 0; lp < parents; lp++) {
                assertArrayEquals(Arrays.copyOfRange(rebuilt.nodes(), rebuilt.start()[lp], rebuilt.start()[lp + 1]),
                        Arrays.copyOfRange(nodes, start[lp], start[lp + 1]), what + ": node index of parent " + (lo + lp));
            }
        }
    }

    @Test
    void aParentOutOfRangeIsRefusedBeforeAnythingChanges() {
        DynamicLevel d = level("ctree", ValueMode.DOUBLE, 1, 6);
        d.insertBatch(new int[] {2}, new int[] {0, 2}, 1, new int[] {3, 9}, new double[] {1.5, 2.5}, 1, null);
        int[] crd = {1, 4, 5};
        double[] vals = {7, 8, 9};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> d.insertBatch(new int[] {0, 6}, new int[] {0, 2, 3}, 2, crd, vals, 1, null));
        assertEquals("dynamic level: parent 6 out of range 0..5", e.getMessage());
        assertEquals(2, d.entries());
        assertEquals(0, d.structureSize(0), "the batch's first parent is untouched");
        assertThrows(IllegalArgumentException.class,
                () -> d.deleteBatch(new int[] {2, 7}, new int[] {0, 1, 2}, 2, new int[] {3, 9}, 1, null));
        assertEquals(1.5, d.value(2, 3));
        assertEquals(2.5, d.value(2, 9));
        d.check();
    }

    @Test
    void aLevelGrowsButNeverShrinks() {
        DynamicLevel d = level("bst", ValueMode.DOUBLE, 1, 3);
        assertEquals(2, d.shardCount());
        IllegalStateException again = assertThrows(IllegalStateException.class, () -> d.appendInit(3));
        assertEquals("dynamic level: already initialised", again.getMessage());
        IllegalArgumentException shrink = assertThrows(IllegalArgumentException.class, () -> d.growParents(2));
        assertEquals("dynamic level: cannot shrink from 3 to 2 parents", shrink.getMessage());
        IllegalArgumentException narrow = assertThrows(IllegalArgumentException.class, () -> d.growDimension(COLS - 1));
        assertEquals("dynamic level: cannot shrink dimension 4000 to 3999", narrow.getMessage());
        d.growDimension(COLS);
        assertEquals(COLS, d.dimension());
        d.growDimension(COLS + 5);
        assertEquals(COLS + 5, d.dimension());
        d.insertBatch(new int[] {2}, new int[] {0, 1}, 1, new int[] {COLS + 4}, new double[] {3}, 1, null);
        // Parents 3..8: shard 1 gets parent 3, shards 2..4 the rest; each new parent starts empty and takes a batch.
        d.growParents(9);
        assertEquals(9, d.parentSize());
        assertEquals(5, d.shardCount());
        assertEquals(9, d.roots().length);
        for (int p = 3; p < 9; p++) {
            assertEquals(0, d.structureSize(p));
        }
        int[] parents = {8, 3, 5};
        int[] crd = {1, 2, 3};
        double[] old = new double[3];
        assertEquals(3, d.insertBatch(parents, new int[] {0, 1, 2, 3}, 3, crd, new double[] {10, 20, 30}, 1, old));
        assertTrue(Double.isNaN(old[0]) && Double.isNaN(old[1]) && Double.isNaN(old[2]));
        assertEquals(10, d.value(8, 1));
        assertEquals(20, d.value(3, 2));
        assertEquals(30, d.value(5, 3));
        assertEquals(3, d.value(2, COLS + 4));
        assertEquals(4, d.entries());
        d.growParents(9);
        assertEquals(4, d.entries());
        d.check();
    }

    @Test
    void aLevelOfPositionsTakesRowsNotBatches() {
        DynamicLevel d = level("ctree", ValueMode.POSITION, 2, 1);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> d.insertBatch(new int[] {0}, new int[] {0, 1}, 1, new int[] {3}, null, 1, null));
        assertEquals("dynamic level: batch updates of a level of positions go through insertRows", e.getMessage());
        assertThrows(IllegalStateException.class, () -> d.deleteBatch(new int[] {0}, new int[] {0, 1}, 1, new int[] {3}, 1, null));
        int[] positions = new int[3];
        d.nodeOrder(0);
        d.insertRows(0, new int[] {4, 7, 11}, 0, 3, positions);
        assertNodeOrdersCurrent(d, "rows inserted");
        assertArrayEquals(new int[] {0, 1, 2}, positions);
        assertEquals(1, d.positionOf(7));
        assertEquals(-1, d.positionOf(8));
        assertEquals(3, d.size());
        assertEquals(1, d.removeCoordinates(0, new int[] {7, 8}, 0, 2));
        assertNodeOrdersCurrent(d, "rows removed");
        assertEquals(-1, d.positionOf(7));
        assertEquals(3, d.size(), "positions handed out stay counted");
        d.check();
        // Freed positions are handed out again (the last freed first), then fresh ones; the directory follows,
        // also past a grown dimension.
        assertEquals(2, d.removeCoordinates(0, new int[] {4, 9, 11}, 0, 3));
        d.growDimension(COLS + 10);
        int[] again = new int[4];
        d.insertRows(0, new int[] {0, 3, 5, COLS + 9}, 0, 4, again);
        assertArrayEquals(new int[] {2, 0, 1, 3}, again);
        assertEquals(4, d.size());
        assertEquals(2, d.positionOf(0));
        assertEquals(1, d.positionOf(5));
        assertEquals(3, d.positionOf(COLS + 9));
        assertEquals(-1, d.positionOf(4));
        assertEquals(-1, d.positionOf(11));
        assertEquals(-1, d.positionOf(COLS + 10), "beyond the dimension");
        assertEquals(3, d.locate(0, COLS + 9));
        d.check();
        IllegalStateException present = assertThrows(IllegalStateException.class,
                () -> d.insertRows(0, new int[] {3, 6}, 0, 2, new int[2]));
        assertEquals("dynamic level: 1 of the new coordinates were present", present.getMessage());

        DynamicLevel values = level("ctree", ValueMode.DOUBLE, 2, 1);
        IllegalStateException rows = assertThrows(IllegalStateException.class,
                () -> values.insertRows(0, new int[] {1}, 0, 1, new int[1]));
        assertEquals("dynamic level: rows with positions in a level of DOUBLE", rows.getMessage());
        IllegalStateException remove = assertThrows(IllegalStateException.class,
                () -> values.removeCoordinates(0, new int[] {1}, 0, 1));
        assertEquals("dynamic level: removeCoordinates is for a level of positions, not DOUBLE", remove.getMessage());
        assertThrows(IllegalStateException.class, () -> values.positionOf(1));
        DynamicLevel twoParents = level("ctree", ValueMode.POSITION, 2, 2);
        assertThrows(IllegalStateException.class, () -> twoParents.positionOf(1));
    }

    @Test
    void rowsOfPositionsAreBuiltWithTheirCsrIndices() {
        int rows = 11;
        DynamicLevel d = level("bst", ValueMode.POSITION, 2, rows);
        int[] rowPtr = new int[rows + 1];
        int[] col = new int[rows * 4];
        for (int r = 0; r < rows; r++) {
            int n = r % 4;
            for (int k = 0; k < n; k++) {
                col[rowPtr[r] + k] = 3 * k + r;
            }
            rowPtr[r + 1] = rowPtr[r] + n;
        }
        d.buildRows(rowPtr, null, col, null, 2);
        assertEquals(rowPtr[rows], d.size());
        for (int r = 0; r < rows; r++) {
            assertEquals(r % 4, d.structureSize(r));
            for (int k = rowPtr[r]; k < rowPtr[r + 1]; k++) {
                assertEquals(k, d.locate(r, col[k]), "row " + r);
            }
            assertEquals(-1, d.locate(r, 3 * 4 + r));
        }
        d.check();
        // rowOf: parents take rows 1, 3 and 5 (the non-empty rows 1, 2, 3, 5 but row 2 would be left out: refused by
        // the caller's contract, so only rows whose parents exist are given)
        DynamicLevel picked = level("bst", ValueMode.POSITION, 1, 3);
        int[] ptr = {0, 0, 2, 2, 5};
        int[] c = {4, 9, 1, 2, 3};
        picked.buildRows(ptr, new int[] {1, 3, 0}, c, null, 1);
        assertEquals(5, picked.size());
        assertEquals(0, picked.locate(0, 4));
        assertEquals(1, picked.locate(0, 9));
        assertEquals(2, picked.locate(1, 1));
        assertEquals(4, picked.locate(1, 3));
        assertEquals(0, picked.structureSize(2));
    }

    @Test
    void aSnapshotKeepsWhatItSawWhileTheLevelChanges() {
        DynamicLevel d = level("ctree", ValueMode.DOUBLE, 1, 4);
        d.insertBatch(new int[] {0, 3}, new int[] {0, 2, 3}, 2, new int[] {1, 2, 5}, new double[] {1, 2, 5}, 1, null);
        SnapshotEpochs epochs = new SnapshotEpochs();
        DynamicLevel snap = d.snapshot(epochs);
        epochs.open();
        assertTrue(snap.readOnly());
        assertFalse(d.readOnly());
        d.insertBatch(new int[] {3, 0}, new int[] {0, 1, 2}, 2, new int[] {6, 1}, new double[] {6, -1}, 2, null);
        d.deleteBatch(new int[] {0}, new int[] {0, 1}, 1, new int[] {2}, 1, null);
        assertEquals(-1, d.value(0, 1));
        assertTrue(Double.isNaN(d.value(0, 2)));
        assertEquals(6, d.value(3, 6));
        assertEquals(1, snap.value(0, 1));
        assertEquals(2, snap.value(0, 2));
        assertTrue(Double.isNaN(snap.value(3, 6)));
        assertEquals(3, snap.entries());
        assertEquals(3, d.entries());
        double[] out = new double[3];
        snap.values(new int[] {0, 3}, new int[] {0, 2, 3}, 2, new int[] {1, 2, 6}, out, 1);
        assertArrayEquals(new double[] {1, 2, Double.NaN}, out);
        // Shared stores are counted once over a level and its snapshot.
        Set<Object> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        long level = d.memoryBytes(seen);
        assertTrue(level > 0);
        assertEquals(level, d.memoryBytes());
        long more = snap.memoryBytes(seen);
        assertTrue(more < snap.memoryBytes(), "the snapshot shares what the level did not copy");
        assertEquals(0, d.memoryBytes(seen), "nothing counted twice");
        Set<Object> rootsSeen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        rootsSeen.add(d.roots());
        assertEquals(d.memoryBytes() - 4L * d.roots().length, d.memoryBytes(rootsSeen), "the roots: 4 bytes a parent");
    }

    @Test
    void aLevelIsAssembledOnce() {
        DynamicLevel rows = level("ctree", ValueMode.DOUBLE, 1, 3);
        rows.buildRows(new int[] {0, 0, 0, 0}, null, new int[0], new double[0], 1);
        IllegalStateException again = assertThrows(IllegalStateException.class,
                () -> rows.buildRows(new int[] {0, 1, 1, 1}, null, new int[] {2}, new double[] {1}, 1));
        assertEquals("dynamic level: already assembled", again.getMessage());
        assertThrows(IllegalArgumentException.class, () -> rows.append(0, 1, 1.0));
        DynamicLevel blocks = level("ctree", ValueMode.DOUBLE, 1, 3);
        blocks.buildRows(RowBlocks.of(3, new int[] {0, 0, 0, 0}, new int[0], null), null, 1);
        assertThrows(IllegalStateException.class,
                () -> blocks.buildRows(RowBlocks.of(3, new int[] {0, 1, 1, 1}, new int[] {2}, null), null, 1));
        DynamicLevel appended = level("ctree", ValueMode.DOUBLE, 1, 3);
        appended.append(0, 1, 1.0);
        assertThrows(IllegalStateException.class,
                () -> appended.buildRows(new int[] {0, 1, 1, 1}, null, new int[] {2}, new double[] {1}, 1));
        assertThrows(IllegalStateException.class,
                () -> appended.buildRows(RowBlocks.of(3, new int[] {0, 1, 1, 1}, new int[] {2}, null), null, 1));
        assertEquals(1, appended.entries());
    }

    @Test
    void aBuildFromRowsLeavesItsStoresTrimmedAndTheirIndexCurrent() {
        int rows = 10;
        DynamicLevel d = level("bst", ValueMode.DOUBLE, 2, rows);
        for (int s = 0; s < d.shardCount(); s++) {
            d.nodeOrder(s); // an index of the empty trees, which the build must drop
        }
        int[] rowPtr = new int[rows + 1];
        int[] col = new int[rows * 40];
        double[] w = new double[rows * 40];
        for (int r = 0; r < rows; r++) {
            for (int k = 0; k < 4 * r; k++) {
                col[rowPtr[r] + k] = 3 * k + 1;
                w[rowPtr[r] + k] = r + k;
            }
            rowPtr[r + 1] = rowPtr[r] + 4 * r;
        }
        d.buildRows(rowPtr, null, col, w, 2);
        assertNodeOrdersCurrent(d, "built");
        long built = d.memoryBytes();
        d.trim();
        assertEquals(built, d.memoryBytes(), "a build trims its stores");
        assertEquals(rowPtr[rows], d.entries());
    }

    @Test
    void checkFindsACountThatDisagreesWithTheStructures() {
        DynamicLevel d = level("bst", ValueMode.DOUBLE, 1, 3);
        d.insertBatch(new int[] {1}, new int[] {0, 2}, 1, new int[] {3, 9}, new double[] {1.5, 2.5}, 1, null);
        d.check();
        d.grew(1);
        IllegalStateException e = assertThrows(IllegalStateException.class, d::check);
        assertEquals("dynamic level bst: 3 elements counted, 2 stored", e.getMessage());
    }

    /** The cut of a batch's shard runs into blocks of about equal entries, against its definition scanned run by run. */
    @Test
    void runBlocksStartWhereTheirShareOfEntriesIsReached() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int trial = 0; trial < 300; trial++) {
            int runs = rnd.nextInt(1, 40);
            long[] before = new long[runs + 1];
            for (int r = 1; r <= runs; r++) {
                // hot runs: a few hold most entries
                before[r] = before[r - 1] + (rnd.nextInt(6) == 0 ? rnd.nextInt(1, 5000) : rnd.nextInt(1, 20));
            }
            int blocks = rnd.nextInt(1, runs + 1);
            int[] bounds = BatchScheduler.runBlocks(before, runs, blocks);
            assertEquals(blocks + 1, bounds.length);
            assertEquals(0, bounds[0]);
            assertEquals(runs, bounds[blocks]);
            for (int b = 1; b < blocks; b++) {
                long target = before[runs] * b / blocks;
                int first = 0;
                while (first < runs && before[first] < target) {
                    first++;
                }
                assertEquals(Math.max(first, bounds[b - 1]), bounds[b], "trial " + trial + " block " + b);
            }
        }
        assertArrayEquals(new int[] {0, 1, 1, 1, 3}, BatchScheduler.runBlocks(new long[] {0, 100, 101, 104}, 3, 4));
    }

    /** The cut of a batch's parents into blocks for reading, against its definition scanned parent by parent. */
    @Test
    void parentBlocksCutAtTheLastParentStartingBeforeTheirShare() {
        SplittableRandom rnd = new SplittableRandom(6);
        for (int trial = 0; trial < 300; trial++) {
            int count = rnd.nextInt(1, 50);
            int[] start = new int[count + 1];
            start[0] = rnd.nextInt(0, 10);
            for (int i = 1; i <= count; i++) {
                start[i] = start[i - 1] + (rnd.nextInt(5) == 0 ? rnd.nextInt(0, 3000) : rnd.nextInt(0, 6));
            }
            int blocks = rnd.nextInt(1, 12);
            int[] bounds = BatchScheduler.parentBlocks(start, count, blocks);
            assertEquals(blocks + 1, bounds.length);
            assertEquals(0, bounds[0]);
            assertEquals(count, bounds[blocks]);
            long entries = start[count] - start[0];
            for (int b = 1; b < blocks; b++) {
                long target = start[0] + entries * b / blocks;
                int last = -1;
                for (int i = 0; i <= count; i++) {
                    if (start[i] <= target) {
                        last = i;
                    }
                }
                // binary search finds some parent starting exactly at the target when several do
                int want = Math.max(bounds[b - 1], last);
                if (start[bounds[b]] == target) {
                    assertTrue(bounds[b] >= bounds[b - 1] && start[bounds[b]] == start[last], "trial " + trial);
                } else {
                    assertEquals(want, bounds[b], "trial " + trial + " block " + b);
                }
            }
        }
        assertArrayEquals(new int[] {0, 0, 2, 3}, BatchScheduler.parentBlocks(new int[] {2, 12, 15, 23}, 3, 3));
    }
}
