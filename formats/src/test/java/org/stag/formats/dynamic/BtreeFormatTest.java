package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.BlockTreeSequences.Order;
import org.stag.formats.dynamic.impl.BtreeFormat;
import org.stag.formats.dynamic.walk.SupertypeHandles;
import org.stag.formats.schema.Schema;

class BtreeFormatTest extends DynamicFormatContract {
    private static final String SHIPPED_BOUND = "B : size in [1, 31]";

    @Override
    protected DynamicFormat format() {
        return new BtreeFormat();
    }

    /** The paper's illustrative bound: one to three keys per node (a 2-3-4 tree). */
    @Override
    protected BtreeFormat smallNodeFormat() {
        return new BtreeFormat(BlockTreeSequences.shippedWith("btree",
                SHIPPED_BOUND, "B : size in [1, 3]", SHIPPED_BOUND, "B : size in [1, 3]"));
    }

    /** Internal nodes of up to 4 keys (minimum 1), leaves of up to 6 (minimum 2). */
    private static BtreeFormat mixedFormat() {
        return new BtreeFormat(BlockTreeSequences.shippedWith("btree",
                SHIPPED_BOUND, "B : size in [1, 4]", SHIPPED_BOUND, "B : size in [1, 6]"));
    }

    /** The node arrays of one store, as generated code would see them (the schema's fields). */
    private static final class Raw {
        final SupertypeHandles handles;
        final int mi;
        final int ml;
        final int[] top;
        final int[] ik;
        final int[] kid;
        final int[] last;
        final int[] icount;
        final int[] lk;
        final int[] lcount;
        final NodePool inner;
        final NodePool leaves;

        Raw(BtreeFormat f, NodeStore s) {
            handles = f.handles();
            inner = s.pool("btree_internal");
            leaves = s.pool("btree_leaf");
            mi = inner.layout("e").stride();
            ml = leaves.layout("e").stride();
            top = s.rootPool().ints(s.rootPool().layout("r"));
            ik = inner.ints(inner.layout("e"));
            kid = inner.ints(inner.layout("c"));
            last = inner.ints(inner.layout("cl"));
            icount = inner.ints(inner.layout("B"));
            lk = leaves.ints(leaves.layout("e"));
            lcount = leaves.ints(leaves.layout("B"));
        }

        boolean isLeaf(int x) {
            return handles.subtypes().get(handles.tag(x)).equals("btree_leaf");
        }

        int child(int n, int i) {
            return i < icount[n] ? kid[n * mi + i] : last[n];
        }

        /** Levels from the root to the leaves (0 for an empty tree). */
        int levels(int root) {
            int l = 0;
            for (int x = top[root]; x != 0; x = isLeaf(x) ? 0 : child(handles.index(x), 0)) {
                l++;
            }
            return l;
        }

        /** Key counts of the leaves, left to right. */
        int[] leafCounts(int root) {
            IntArrayList out = new IntArrayList();
            if (top[root] != 0) {
                leafCounts(top[root], out);
            }
            return out.toIntArray();
        }

        private void leafCounts(int x, IntArrayList out) {
            int n = handles.index(x);
            if (isLeaf(x)) {
                out.add(lcount[n]);
                return;
            }
            for (int i = 0; i <= icount[n]; i++) {
                leafCounts(child(n, i), out);
            }
        }

        int[] keys(int x) {
            int n = handles.index(x);
            return isLeaf(x) ? Arrays.copyOfRange(lk, n * ml, n * ml + lcount[n]) : Arrays.copyOfRange(ik, n * mi, n * mi + icount[n]);
        }
    }

    /** Fewest keys a tree of {@code levels} levels can hold when every node but the root is at its minimum. */
    private static long fewestKeys(int levels, int mi, int ml) {
        if (levels <= 1) {
            return levels;
        }
        long sub = (ml + 1) / 2 - 1;
        for (int l = 2; l < levels; l++) {
            sub = ((mi + 1) / 2 - 1) + (long) ((mi + 1) / 2) * sub;
        }
        return 1 + 2 * sub;
    }

    private static BlockTreeSequences.Invariant heightBound(BtreeFormat f) {
        return (s, root, size, what) -> {
            Raw r = new Raw(f, s);
            int levels = r.levels(root);
            assertTrue(size >= fewestKeys(levels, r.mi, r.ml), what + ": " + levels + " levels for only " + size + " keys");
        };
    }

    @Test
    void boundsComeFromTheSchema() {
        BtreeFormat big = new BtreeFormat();
        assertEquals(31, big.maxInnerKeys());
        assertEquals(31, big.maxLeafKeys());
        BtreeFormat small = smallNodeFormat();
        assertEquals(3, small.maxInnerKeys());
        assertEquals(3, small.maxLeafKeys());
        NodeStore s = small.newStore(ValueMode.NONE);
        int root = small.newRoot(s);
        small.build(s, root, seq(0, 100), null, 0, 100);
        small.check(s, root);
        Raw r = new Raw(small, s);
        assertEquals(3, r.mi);
        assertEquals(3, r.ml);
        assertEquals(4, r.levels(root));
        BtreeFormat mixed = mixedFormat();
        assertEquals(4, mixed.maxInnerKeys());
        assertEquals(6, mixed.maxLeafKeys());
    }

    @ParameterizedTest(name = "insert {0}, delete {1}, nodes {2}")
    @CsvSource({
        "SORTED,SORTED,small", "REVERSE,REVERSE,small", "INTERLEAVED,RANDOM,small", "RANDOM,SORTED,small",
        "RANDOM,REVERSE,small", "INTERLEAVED,SORTED,mixed", "RANDOM,RANDOM,mixed", "SORTED,RANDOM,shipped",
        "REVERSE,REVERSE,shipped", "RANDOM,RANDOM,shipped"})
    void adversarialSequencesKeepEveryInvariant(Order insert, Order delete, String nodes) {
        BtreeFormat f = switch (nodes) {
            case "small" -> smallNodeFormat();
            case "mixed" -> mixedFormat();
            default -> new BtreeFormat();
        };
        BlockTreeSequences.run(f, ValueMode.DOUBLE, nodes.equals("shipped") ? 1500 : 700, insert, delete, heightBound(f));
    }

    @Test
    void patternAndPositionStoresSurviveTheSameSequences() {
        BtreeFormat f = smallNodeFormat();
        BlockTreeSequences.run(f, ValueMode.NONE, 300, Order.RANDOM, Order.RANDOM, heightBound(f));
        BlockTreeSequences.run(f, ValueMode.POSITION, 300, Order.INTERLEAVED, Order.SORTED, heightBound(f));
    }

    @Test
    void buildIsAsLowAsPossibleWithNearlyFullLeaves() {
        for (BtreeFormat f : new BtreeFormat[] {smallNodeFormat(), mixedFormat(), new BtreeFormat()}) {
            for (int n : new int[] {1, 3, 4, 7, 16, 100, 1000, 4097, 100_000}) {
                NodeStore s = f.newStore(ValueMode.DOUBLE);
                int root = f.newRoot(s);
                f.build(s, root, seq(0, n), null, 0, n);
                f.check(s, root);
                assertEquals(n, f.size(s, root));
                Raw r = new Raw(f, s);
                long fit = r.ml;
                for (int l = 1; l < r.levels(root) - 1; l++) {
                    fit = (r.mi + 1) * fit + r.mi;
                }
                assertTrue(r.levels(root) == 1 || fit < n, n + " keys would fit in fewer levels");
                int[] counts = r.leafCounts(root);
                long inLeaves = Arrays.stream(counts).sum();
                if (n >= 100) {
                    assertTrue(inLeaves >= 0.75 * counts.length * r.ml, n + " keys: leaves only "
                            + (double) inLeaves / (counts.length * r.ml) + " full");
                }
            }
        }
    }

    @Test
    void sortedAppendsAndInsertsLeaveFullLeaves() {
        BtreeFormat f = smallNodeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        NodeStore s2 = f.newStore(ValueMode.DOUBLE);
        int root2 = f.newRoot(s2);
        int state = f.appendFirst(s, root, 0, 0.5);
        f.insert(s2, root2, new int[] {0}, new double[] {0.5}, 0, 1);
        for (int i = 1; i < 1000; i++) {
            state = f.appendRest(s, root, state, 2 * i, i + 0.5);
            f.check(s, root);
            f.insert(s2, root2, new int[] {2 * i}, new double[] {i + 0.5}, 0, 1);
            f.check(s2, root2);
        }
        int[] counts = new Raw(f, s).leafCounts(root);
        for (int i = 0; i < counts.length - 2; i++) {
            assertEquals(3, counts[i], "leaf " + i + " of " + counts.length);
        }
        assertArrayEquals(counts, new Raw(f, s2).leafCounts(root2), "insert beyond the end behaves as append");
        assertEquals(999.5, f.get(s, root, 1998));
        assertTrue(Double.isNaN(f.get(s, root, 1999)));
        assertThrows(IllegalStateException.class, () -> f.appendFirst(s, root, 0, 0));
    }

    @Test
    void separatorsAreReplacedByTheirPredecessorThenBorrowedAndMerged() {
        BtreeFormat f = smallNodeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        f.build(s, root, seq(1, 8), null, 0, 7);
        Raw r = new Raw(f, s);
        int top = r.top[root];
        assertArrayEquals(new int[] {4}, r.keys(top));
        int leftLeaf = r.child(r.handles.index(top), 0);
        int rightLeaf = r.child(r.handles.index(top), 1);
        assertArrayEquals(new int[] {1, 2, 3}, r.keys(leftLeaf));
        assertArrayEquals(new int[] {5, 6, 7}, r.keys(rightLeaf));
        int[][] expect = {
            {3}, {1, 2}, {5, 6, 7}, // delete 4: its predecessor 3 moves up
            {2}, {1}, {5, 6, 7}, // delete 3: likewise
            {5}, {1}, {6, 7}, // delete 2: the left leaf empties and borrows through the separator
            {6}, {5}, {7}, // delete 1: likewise
        };
        int[] deleted = {4, 3, 2, 1};
        for (int step = 0; step < deleted.length; step++) {
            assertEquals(1, f.delete(s, root, new int[] {deleted[step]}, 0, 1));
            f.check(s, root);
            assertArrayEquals(expect[3 * step], r.keys(top), "after deleting " + deleted[step]);
            assertArrayEquals(expect[3 * step + 1], r.keys(leftLeaf), "after deleting " + deleted[step]);
            assertArrayEquals(expect[3 * step + 2], r.keys(rightLeaf), "after deleting " + deleted[step]);
        }
        // delete 5: the right sibling has only the minimum, so the leaves merge and the root goes.
        assertEquals(1, f.delete(s, root, new int[] {5}, 0, 1));
        f.check(s, root);
        assertEquals(leftLeaf, r.top[root]);
        assertArrayEquals(new int[] {6, 7}, r.keys(leftLeaf));
        assertEquals(0, r.inner.live());
        assertEquals(1, r.leaves.live());
    }

    private static int[] seq(int from, int to) {
        int[] a = new int[to - from];
        for (int i = 0; i < a.length; i++) {
            a[i] = from + i;
        }
        return a;
    }

    /** Builds 0..99 into a small-node tree (4 levels), breaks it, and expects check to name {@code what}. */
    private void assertCheckFails(String what, Consumer<Raw> corrupt) {
        BtreeFormat f = smallNodeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        f.build(s, root, seq(0, 100), null, 0, 100);
        f.check(s, root);
        Raw r = new Raw(f, s);
        corrupt.accept(r);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.check(s, root));
        assertTrue(e.getMessage().contains(what), "expected '" + what + "' in: " + e.getMessage());
    }

    @Test
    void checkFindsEveryKindOfCorruption() {
        // r.top[1] is the root of the only structure; n(r, x) is a handle's pool index.
        assertCheckFails("order", r -> r.lk[r.ml * idx(r, firstLeaf(r)) + 1] = 0);
        assertCheckFails("order", r -> r.ik[r.mi * idx(r, r.top[1])] = 0);
        assertCheckFails("negative", r -> r.lk[r.ml * idx(r, firstLeaf(r))] = -1);
        assertCheckFails("size", r -> r.lcount[idx(r, firstLeaf(r))] = 0);
        assertCheckFails("size", r -> r.icount[idx(r, r.child(idx(r, r.top[1]), 0))] = 4);
        assertCheckFails("depth", r -> {
            int top = idx(r, r.top[1]);
            int grandchild = r.child(idx(r, r.child(top, 0)), 0);
            r.kid[top * r.mi] = grandchild;
        });
        assertCheckFails("null child", r -> r.last[idx(r, r.top[1])] = 0);
        assertCheckFails("out of range", r -> r.kid[idx(r, r.top[1]) * r.mi] = r.handles.encode(999, 1));
        assertCheckFails("reachable", r -> {
            int a = idx(r, r.child(idx(r, r.top[1]), 0));
            r.kid[a * r.mi] = r.top[1];
        });
        // A child handle whose tag names the other subtype.
        assertCheckFails("btree:", r -> {
            int top = idx(r, r.top[1]);
            int c = r.kid[top * r.mi];
            r.kid[top * r.mi] = r.handles.encode(r.handles.index(c), 1 - r.handles.tag(c));
        });
    }

    @Test
    void checkFindsAnUnderfullNodeOfTheShippedTree() {
        BtreeFormat f = new BtreeFormat();
        NodeStore s = f.newStore(ValueMode.NONE);
        int root = f.newRoot(s);
        f.build(s, root, seq(0, 1000), null, 0, 1000);
        f.check(s, root);
        Raw r = new Raw(f, s);
        r.lcount[idx(r, firstLeaf(r))] = 14;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.check(s, root));
        assertTrue(e.getMessage().contains("fill") && e.getMessage().contains("fewer than 15"), e.getMessage());
    }

    private static int idx(Raw r, int handle) {
        return r.handles.index(handle);
    }

    private static int firstLeaf(Raw r) {
        int x = r.top[1];
        while (!r.isLeaf(x)) {
            x = r.child(idx(r, x), 0);
        }
        return x;
    }

    @Test
    void schemasTheAlgorithmCannotUseAreRejected() {
        Schema tooSmall = BlockTreeSequences.shippedWith("btree", SHIPPED_BOUND, "B : size in [1, 2]");
        assertThrows(IllegalArgumentException.class, () -> new BtreeFormat(tooSmall));
        Schema unbounded = BlockTreeSequences.shippedWith("btree", SHIPPED_BOUND, "B : size", SHIPPED_BOUND, "B : size");
        assertThrows(IllegalArgumentException.class, () -> new BtreeFormat(unbounded));
    }
}
