package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.walk.IndexShape;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.schema.Schemas;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * The in-order node index of binary-tree schemas ({@link NodeOrder}): which schemas have one, that it lists every
 * row's tree nodes in coordinate order (so that the root's elements and then each listed node's elements are the
 * row), that batches make a new one and snapshots keep theirs.
 */
class NodeOrderTest {
    private static final int ROWS = 2500;
    private static final int COLS = 6000;

    @Test
    void binarySearchTreesHaveAShapeOthersNone() {
        IndexShape c = NodeOrder.shapeOf(Schemas.builtin("ctree"));
        assertEquals(List.of("prefix", "r", "ctree", "l", "r"), List.of(c.root().name(), c.rootChild().name(), c.node().name(),
                c.first().name(), c.second().name()));
        assertNotNull(NodeOrder.shapeOf(Schemas.builtin("bst")));
        assertNotNull(NodeOrder.shapeOf(Schemas.builtin("rbtree")));
        assertNotNull(NodeOrder.shapeOf(Schemas.builtin("ttree")), "a binary tree of element arrays");
        for (String none : new String[] {"list", "blist", "vblist", "btree"}) {
            assertNull(NodeOrder.shapeOf(Schemas.builtin(none)), none);
        }
    }

    @Test
    void onlyARootWithOneElementRunHasRowRecords() {
        assertEquals("e", NodeOrder.shapeOf(Schemas.builtin("ctree")).rootRun().name());
        for (String none : new String[] {"bst", "rbtree", "ttree"}) {
            assertNull(NodeOrder.shapeOf(Schemas.builtin(none)).rootRun(), none);
        }
        Tensor bst = build("dense,bst", new Random(3));
        assertNull(((DynamicLevel) bst.level(1)).nodeOrder(0).rows(), "a BST's root has no elements");
    }

    /** A C-tree row's record: the prefix's arena run and the row's node range, and the row read through it alone. */
    @Test
    void rowRecordsGiveThePrefixRunAndTheNodeRange() {
        DynamicLevel lvl = (DynamicLevel) build("dense,ctree", new Random(4)).level(1);
        int empty = 0;
        for (int p = 0; p < ROWS; p++) {
            int s = p >>> lvl.shardBits();
            NodeStore st = lvl.store(s);
            NodeOrder o = lvl.nodeOrder(s);
            int lp = p - (s << lvl.shardBits());
            int[] rows = o.rows();
            assertNotNull(rows);
            assertTrue(o.memoryBytes() >= 4L * rows.length);
            int h = lvl.roots()[p];
            NodePool pre = st.pool("prefix");
            int off = h == 0 ? 0 : pre.ints(pre.layout("e"))[h];
            int len = h == 0 ? 0 : pre.ints(pre.layout("N"))[h];
            assertEquals(off, rows[4 * lp], "row " + p);
            assertEquals(off + len, rows[4 * lp + 1], "row " + p);
            assertEquals(o.start()[lp], rows[4 * lp + 2], "row " + p);
            assertEquals(o.start()[lp + 1], rows[4 * lp + 3], "row " + p);
            // The row from the record alone: the run, then each listed node's head and chunk.
            NodePool tree = st.pool("ctree");
            int[] acrd = st.arena().crd();
            int[] out = new int[lvl.structureSize(p)];
            int n = 0;
            for (int q = rows[4 * lp]; q < rows[4 * lp + 1]; q++) {
                out[n++] = acrd[q];
            }
            for (int k = rows[4 * lp + 2]; k < rows[4 * lp + 3]; k++) {
                int x = o.nodes()[k];
                out[n++] = tree.ints(tree.layout("h"))[x];
                int t = tree.ints(tree.layout("t"))[x];
                for (int q = t; q < t + tree.ints(tree.layout("N"))[x]; q++) {
                    out[n++] = acrd[q];
                }
            }
            assertEquals(out.length, n, "row " + p);
            assertArrayEquals(row(lvl, p), out, "row " + p);
            empty += out.length == 0 ? 1 : 0;
        }
        assertTrue(empty > 0 && empty < ROWS, "empty and non-empty rows: " + empty);
    }

    @Test
    void onlyTheCtreeShapeHasHeadRuns() {
        IndexShape c = NodeOrder.shapeOf(Schemas.builtin("ctree"));
        assertEquals("h", c.head().name());
        assertEquals("t", c.run().name());
        assertTrue(c.runsOfHeads());
        for (String none : new String[] {"bst", "rbtree", "ttree"}) {
            assertNull(NodeOrder.shapeOf(Schemas.builtin(none)).head(), none);
            assertFalse(NodeOrder.shapeOf(Schemas.builtin(none)).runsOfHeads(), none);
        }
        assertNull(((DynamicLevel) build("dense,bst", new Random(3)).level(1)).nodeOrder(0).heads());
    }

    /** A C-tree row read from its record and the index's head triples alone, without a node handle or a pool. */
    @Test
    void headTriplesGiveEachNodesHeadAndChunk() {
        for (long seed : new long[] {5, 6}) {
            DynamicLevel lvl = (DynamicLevel) build("dense,ctree", new Random(seed)).level(1);
            int withHeads = 0;
            for (int p = 0; p < ROWS; p++) {
                int s = p >>> lvl.shardBits();
                NodeOrder o = lvl.nodeOrder(s);
                int lp = p - (s << lvl.shardBits());
                int[] rows = o.rows();
                int[] heads = o.heads();
                assertNotNull(heads);
                assertEquals(3 * o.nodes().length, heads.length);
                assertTrue(o.memoryBytes() >= 4L * (rows.length + heads.length));
                int[] acrd = lvl.store(s).arena().crd();
                int[] out = new int[lvl.structureSize(p)];
                int n = 0;
                for (int q = rows[4 * lp]; q < rows[4 * lp + 1]; q++) {
                    out[n++] = acrd[q];
                }
                for (int k = rows[4 * lp + 2]; k < rows[4 * lp + 3]; k++) {
                    out[n++] = heads[3 * k];
                    for (int q = heads[3 * k + 1]; q < heads[3 * k + 1] + heads[3 * k + 2]; q++) {
                        out[n++] = acrd[q];
                    }
                }
                assertEquals(out.length, n, "row " + p);
                assertArrayEquals(row(lvl, p), out, "row " + p);
                withHeads += rows[4 * lp + 3] > rows[4 * lp + 2] ? 1 : 0;
            }
            assertTrue(withHeads > 0, "rows with tree nodes: " + withHeads);
        }
    }

    @Test
    void aSchemaWithoutTheShapeHasNoIndex() {
        NodeStore s = new NodeStore(Schemas.builtin("list"), ValueMode.DOUBLE);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.nodeOrder(new int[] {0}, 0, 1));
        assertTrue(e.getMessage().contains("no in-order node index"), e.getMessage());
    }

    @Test
    void theIndexListsEveryRowInOrder() {
        for (String f : new String[] {"dense,ctree", "dense,bst"}) {
            Tensor t = build(f, new Random(1));
            assertMatches((DynamicLevel) t.level(1));
        }
    }

    @Test
    void batchesMakeANewIndexAndSnapshotsKeepTheirs() {
        Tensor t = build("dense,ctree", new Random(2));
        DynamicLevel live = (DynamicLevel) t.level(1);
        NodeOrder before = live.nodeOrder(0);
        assertSame(before, live.nodeOrder(0), "kept while the shard does not change");
        SnapshotEpochs epochs = new SnapshotEpochs();
        Tensor snap = t.snapshot(epochs);
        long epoch = epochs.open();
        DynamicLevel old = (DynamicLevel) snap.level(1);
        int[][] rowsBefore = rows(old);
        // Row 7 gains every column (new heads and chunks), row 8 loses most of its (heads go).
        int[] r = new int[2 * COLS];
        int[] c = new int[2 * COLS];
        double[] v = new double[2 * COLS];
        int n = 0;
        for (int j = 0; j < COLS; j++) {
            r[n] = 7;
            c[n] = j;
            v[n++] = 1 + j;
        }
        t.insertBatch(r, c, v, n, 2, BatchGrowth.FIXED);
        assertNotSame(before, live.nodeOrder(0));
        assertMatches(live);
        n = 0;
        for (int j = 0; j < COLS; j += 1 + (j % 3)) {
            r[n] = 8;
            c[n++] = j;
        }
        t.deleteBatch(r, c, n, 2);
        assertMatches(live);
        assertEquals(COLS, live.structureSize(7));
        // The snapshot still reads the stores it shared, and its index describes them.
        assertMatches(old);
        for (int p = 0; p < ROWS; p++) {
            assertArrayEquals(rowsBefore[p], row(old, p), "row " + p);
        }
        epochs.close(epoch);
    }

    /**
     * After batches of a few rows the index is patched, not made again: the rows written are listed again (in
     * place while each keeps its number of tree nodes, by moving the slices after it otherwise) and the result
     * equals an index built from scratch, array for array, for every binary-tree schema, with and without a
     * snapshot holding the shards (whose copies carry the index).
     */
    @Test
    void batchesOfAFewRowsPatchTheIndexToWhatABuildGives() {
        for (String f : new String[] {"dense,ctree", "dense,bst", "dense,rbtree", "dense,ttree"}) {
            for (boolean snapshots : new boolean[] {false, true}) {
                Random rnd = new Random(f.hashCode() + (snapshots ? 1 : 0));
                Tensor t = build(f, rnd);
                DynamicLevel live = (DynamicLevel) t.level(1);
                SnapshotEpochs epochs = new SnapshotEpochs();
                int shards = (ROWS - 1 >>> live.shardBits()) + 1;
                for (int s = 0; s < shards; s++) {
                    live.nodeOrder(s);
                }
                int kept = 0;
                int remade = 0;
                for (int batch = 0; batch < 40; batch++) {
                    long epoch = -1;
                    if (snapshots && batch % 3 == 0) {
                        t.snapshot(epochs);
                        epoch = epochs.open();
                    }
                    NodeOrder[] before = new NodeOrder[shards];
                    for (int s = 0; s < shards; s++) {
                        before[s] = live.nodeOrder(s);
                    }
                    // A few rows each gain or lose many columns (heads come and go) or a few.
                    int k = 0;
                    int[] r = new int[4000];
                    int[] c = new int[4000];
                    double[] v = new double[4000];
                    boolean insert = rnd.nextBoolean();
                    for (int row : rnd.ints(1 + rnd.nextInt(6), 0, ROWS).distinct().sorted().toArray()) {
                        int many = rnd.nextInt(3) == 0 ? 400 : 3;
                        TreeSet<Integer> cols = new TreeSet<>();
                        while (cols.size() < many) {
                            cols.add(rnd.nextInt(COLS));
                        }
                        for (int j : cols) {
                            r[k] = row;
                            c[k] = j;
                            v[k++] = 1 + j % 5;
                        }
                    }
                    if (insert) {
                        t.insertBatch(r, c, v, k, 2, BatchGrowth.FIXED);
                    } else {
                        t.deleteBatch(r, c, k, 2);
                    }
                    if (batch % 4 == 3) {
                        // Heads of the same rows go and come before the next read: as many nodes, other handles.
                        t.insertBatch(r, c, v, k, 2, BatchGrowth.FIXED);
                        for (int x = 0; x < k; x++) {
                            c[x] = (c[x] + 1) % COLS;
                        }
                        t.deleteBatch(r, c, k, 2);
                    }
                    for (int s = 0; s < shards; s++) {
                        NodeOrder o = live.nodeOrder(s);
                        assertBuilt(live, s, o);
                        kept += o == before[s] ? 1 : 0;
                        remade += o != before[s] ? 1 : 0;
                    }
                    if (f.endsWith("ctree") || f.endsWith(",bst")) {
                        assertMatches(live);
                    }
                    if (epoch >= 0) {
                        epochs.close(epoch);
                    }
                }
                assertTrue(kept > 0 && remade > 0, f + ": indexes kept " + kept + ", made or moved " + remade);
            }
        }
    }

    /**
     * A row that loses its first element and gains one past its last before the next read keeps its number of
     * tree nodes, but the freed node comes back at the other end: the patch lists the row's handles again.
     */
    @Test
    void aRowWithAsManyNodesInAnotherOrderIsListedAgain() {
        Tensor t = build("dense,bst", new Random(11));
        DynamicLevel live = (DynamicLevel) t.level(1);
        NodeOrder before = live.nodeOrder(0);
        int p = 0;
        while (row(live, p).length < 3 || row(live, p)[row(live, p).length - 1] == COLS - 1) {
            p++;
        }
        int[] cols = row(live, p);
        t.deleteBatch(new int[] {p}, new int[] {cols[0]}, 1, 1);
        t.insertBatch(new int[] {p}, new int[] {COLS - 1}, new double[] {5}, 1, 1, BatchGrowth.FIXED);
        NodeOrder after = live.nodeOrder(0);
        assertSame(before, after, "patched in place");
        assertBuilt(live, 0, after);
        assertMatches(live);
    }

    /** Past an eighth of a shard's parents written, the index is made again rather than patched. */
    @Test
    void aBatchOverManyRowsOfAShardMakesItAgain() {
        Tensor t = build("dense,ctree", new Random(9));
        DynamicLevel live = (DynamicLevel) t.level(1);
        NodeOrder before = live.nodeOrder(0);
        int rows = Math.min(ROWS, 1 << live.shardBits());
        int[] r = new int[rows];
        int[] c = new int[rows];
        double[] v = new double[rows];
        for (int p = 0; p < rows; p++) {
            r[p] = p;
            c[p] = COLS - 1 - p % 3;
            v[p] = 2;
        }
        t.insertBatch(r, c, v, rows, 2, BatchGrowth.FIXED);
        NodeOrder after = live.nodeOrder(0);
        assertNotSame(before, after);
        assertBuilt(live, 0, after);
        assertMatches(live);
    }

    /** The index of shard {@code s} equals one built from its structures now, array for array. */
    private static void assertBuilt(DynamicLevel lvl, int s, NodeOrder o) {
        int lo = s << lvl.shardBits();
        int hi = Math.min(ROWS, (s + 1) << lvl.shardBits());
        NodeStore st = lvl.store(s);
        NodeOrder built = NodeOrder.build(st.pools(), NodeOrder.shapeOf(st.schema()), lvl.roots(), lo, hi);
        String where = st.schema().name() + " shard " + s;
        assertArrayEquals(Arrays.copyOf(built.start(), hi - lo + 1), Arrays.copyOf(o.start(), hi - lo + 1), where);
        assertArrayEquals(built.nodes(), o.nodes(), where);
        assertArrayEquals(built.rows(), o.rows(), where);
        assertArrayEquals(built.heads(), o.heads(), where);
    }

    /** Rows of random columns, row 7 and 8 long (many heads), a few empty. */
    private static Tensor build(String format, Random rnd) {
        int m = 0;
        int[] rows = new int[ROWS * 40 + 2 * COLS];
        int[] cols = new int[rows.length];
        for (int p = 0; p < ROWS; p++) {
            int k = p == 7 || p == 8 ? COLS / 2 : p % 11 == 0 ? 0 : rnd.nextInt(60);
            TreeSet<Integer> set = new TreeSet<>();
            while (set.size() < k) {
                set.add(rnd.nextInt(COLS));
            }
            for (int j : set) {
                rows[m] = p;
                cols[m++] = j;
            }
        }
        double[] vals = new double[m];
        for (int k = 0; k < m; k++) {
            vals[k] = 1 + cols[k] % 7;
        }
        return Tensor.build(FormatParser.parse(format), new int[] {ROWS, COLS},
                new int[][] {Arrays.copyOf(rows, m), Arrays.copyOf(cols, m)}, Values.ofDoubles(vals, 0.0));
    }

    /** Every row read through the index (root elements, then each listed node's) equals the row as collected. */
    private static void assertMatches(DynamicLevel lvl) {
        for (int p = 0; p < ROWS; p++) {
            assertArrayEquals(row(lvl, p), indexed(lvl, p), lvl.format().name() + " row " + p);
        }
    }

    private static int[][] rows(DynamicLevel lvl) {
        int[][] r = new int[ROWS][];
        for (int p = 0; p < ROWS; p++) {
            r[p] = row(lvl, p);
        }
        return r;
    }

    private static int[] row(DynamicLevel lvl, int p) {
        int[] crd = new int[lvl.structureSize(p)];
        lvl.collect(p, crd, new double[crd.length], 0);
        return crd;
    }

    /** The row as generated code reads it through the index, for the C-tree and BST schemas. */
    private static int[] indexed(DynamicLevel lvl, int p) {
        int s = p >>> lvl.shardBits();
        NodeStore st = lvl.store(s);
        NodeOrder o = lvl.nodeOrder(s);
        int local = p - (s << lvl.shardBits());
        int[] acrd = st.arena().crd();
        int[] out = new int[lvl.structureSize(p)];
        int n = 0;
        int h = lvl.roots()[p];
        boolean ctree = st.schema().name().equals("ctree");
        NodePool tree = st.pool(ctree ? "ctree" : "bst");
        if (ctree) {
            NodePool pre = st.pool("prefix");
            int off = pre.ints(pre.layout("e"))[h];
            int len = pre.ints(pre.layout("N"))[h];
            for (int q = off; q < off + len; q++) {
                out[n++] = acrd[q];
            }
        }
        for (int k = o.start()[local]; k < o.start()[local + 1]; k++) {
            int x = o.nodes()[k];
            if (ctree) {
                out[n++] = tree.ints(tree.layout("h"))[x];
                int off = tree.ints(tree.layout("t"))[x];
                int len = tree.ints(tree.layout("N"))[x];
                for (int q = off; q < off + len; q++) {
                    out[n++] = acrd[q];
                }
            } else {
                out[n++] = tree.ints(tree.layout("e"))[x];
            }
        }
        assertEquals(out.length, n, "row " + p + ": elements the index reaches");
        return out;
    }
}
