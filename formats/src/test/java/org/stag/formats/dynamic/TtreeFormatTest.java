package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.BlockTreeSequences.Order;
import org.stag.formats.dynamic.impl.TtreeFormat;
import org.stag.formats.schema.Schema;

class TtreeFormatTest extends DynamicFormatContract {
    private static final String SHIPPED_BOUND = "B : size in [1, 32]";

    @Override
    protected DynamicFormat format() {
        return new TtreeFormat();
    }

    /** The paper's illustrative bound: one to four elements per node. */
    @Override
    protected TtreeFormat smallNodeFormat() {
        return new TtreeFormat(BlockTreeSequences.shippedWith("ttree", SHIPPED_BOUND, "B : size in [1, 4]"));
    }

    /** The node arrays of one store, as generated code would see them (the schema's fields). */
    private static final class Raw {
        final NodePool pool;
        final int max;
        final int[] top;
        final int[] crd;
        final int[] left;
        final int[] right;
        final int[] count;
        final byte[] ht;
        /** The top node of the structure rooted at root record 1 (the first structure of a fresh store). */
        final int t;

        Raw(NodeStore s) {
            pool = s.pool("ttree");
            FieldLayout e = pool.layout("e");
            max = e.stride();
            top = s.rootPool().ints(s.rootPool().layout("r"));
            crd = pool.ints(e);
            left = pool.ints(pool.layout("l"));
            right = pool.ints(pool.layout("r"));
            count = pool.ints(pool.layout("B"));
            ht = pool.bytes(pool.layout("ht"));
            t = top.length > 1 ? top[1] : 0;
        }

        int[] block(int h) {
            return Arrays.copyOfRange(crd, h * max, h * max + count[h]);
        }
    }

    /** AVL trees of N nodes are at most 1.4405 log2(N + 2) - 0.3277 high. */
    private static final BlockTreeSequences.Invariant AVL_HEIGHT = (s, root, size, what) -> {
        Raw r = new Raw(s);
        int nodes = r.pool.live();
        int h = r.top[root] == 0 ? 0 : r.ht[r.top[root]];
        double bound = 1.4405 * Math.log(nodes + 2) / Math.log(2) - 0.3277;
        assertTrue(h <= bound, what + ": height " + h + " above the AVL bound " + bound + " for " + nodes + " nodes");
        assertTrue(nodes <= size, what + ": " + nodes + " nodes for " + size + " elements");
    };

    @Test
    void boundsComeFromTheSchema() {
        TtreeFormat big = new TtreeFormat();
        assertEquals(32, big.maxPerNode());
        assertEquals(16, big.minPerInnerNode());
        TtreeFormat small = smallNodeFormat();
        assertEquals(4, small.maxPerNode());
        assertEquals(2, small.minPerInnerNode());
        NodeStore s = small.newStore(ValueMode.NONE);
        int root = small.newRoot(s);
        small.build(s, root, seq(0, 100), null, 0, 100);
        assertEquals(4, s.pool("ttree").layout("e").stride());
        assertEquals(25, s.pool("ttree").live(), "100 elements in full blocks of 4");
    }

    @ParameterizedTest(name = "insert {0}, delete {1}, small nodes {2}")
    @CsvSource({
        "SORTED,SORTED,true", "REVERSE,REVERSE,true", "INTERLEAVED,RANDOM,true", "RANDOM,SORTED,true",
        "RANDOM,REVERSE,true", "SORTED,RANDOM,false", "INTERLEAVED,REVERSE,false", "RANDOM,RANDOM,false"})
    void adversarialSequencesKeepEveryInvariant(Order insert, Order delete, boolean small) {
        DynamicFormat f = small ? smallNodeFormat() : format();
        BlockTreeSequences.run(f, ValueMode.DOUBLE, small ? 700 : 1500, insert, delete, AVL_HEIGHT);
    }

    @Test
    void patternAndPositionStoresSurviveTheSameSequences() {
        BlockTreeSequences.run(smallNodeFormat(), ValueMode.NONE, 300, Order.RANDOM, Order.RANDOM, AVL_HEIGHT);
        BlockTreeSequences.run(smallNodeFormat(), ValueMode.POSITION, 300, Order.INTERLEAVED, Order.SORTED, AVL_HEIGHT);
    }

    @Test
    void buildMakesEquallyFilledBlocksInABalancedTree() {
        TtreeFormat f = smallNodeFormat();
        for (int n : new int[] {1, 4, 5, 9, 64, 1000, 4097}) {
            NodeStore s = f.newStore(ValueMode.DOUBLE);
            int root = f.newRoot(s);
            f.build(s, root, seq(0, n), null, 0, n);
            f.check(s, root);
            Raw r = new Raw(s);
            int blocks = (n + 3) / 4;
            assertEquals(blocks, r.pool.live(), n + " elements");
            for (int h = 1; h < r.pool.top(); h++) {
                assertTrue(r.count[h] >= n / blocks && r.count[h] <= 4, "block " + h + " of " + n + " holds " + r.count[h]);
            }
            assertEquals(32 - Integer.numberOfLeadingZeros(blocks), r.ht[r.top[root]], "height of " + blocks + " blocks");
        }
    }

    @Test
    void sortedAppendsFillEveryBlock() {
        TtreeFormat f = smallNodeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        int state = f.appendFirst(s, root, 0, 0);
        for (int i = 1; i < 1001; i++) {
            state = f.appendRest(s, root, state, i, i);
            f.check(s, root);
        }
        assertEquals(251, s.pool("ttree").live());
        assertEquals(1000.0, f.get(s, root, 1000));
        assertThrows(IllegalStateException.class, () -> f.appendFirst(s, root, 0, 0));
    }

    @Test
    void aFullBoundingNodePushesItsMinimumToTheGreatestLowerBound() {
        TtreeFormat f = smallNodeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        f.build(s, root, new int[] {10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120}, null, 0, 12);
        Raw r = new Raw(s);
        int top = r.top[root];
        assertArrayEquals(new int[] {50, 60, 70, 80}, r.block(top));
        assertEquals(1, f.insert(s, root, new int[] {65}, new double[] {6.5}, 0, 1));
        f.check(s, root);
        assertArrayEquals(new int[] {60, 65, 70, 80}, r.block(top));
        // 50 went to the greatest-lower-bound node, the full left child, as a new right leaf.
        assertArrayEquals(new int[] {10, 20, 30, 40}, r.block(r.left[top]));
        assertArrayEquals(new int[] {50}, r.block(r.right[r.left[top]]));
        assertEquals(6.5, f.get(s, root, 65));
        assertEquals(1.0, f.get(s, root, 50));
    }

    @Test
    void aDoubleRotationFillsTheLeafItMakesInternal() {
        TtreeFormat f = smallNodeFormat();
        // Left-right: a full leaf below the top gets a one-element right leaf; that leaf becomes the top.
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        for (int c : new int[] {50, 51, 52, 53, 10, 11, 12, 13, 20}) {
            f.insert(s, root, new int[] {c}, new double[] {c}, 0, 1);
            f.check(s, root);
        }
        Raw r = new Raw(s);
        int top = r.top[root];
        assertArrayEquals(new int[] {13, 20}, r.block(top));
        assertArrayEquals(new int[] {10, 11, 12}, r.block(r.left[top]));
        assertArrayEquals(new int[] {50, 51, 52, 53}, r.block(r.right[top]));
        assertEquals(13.0, f.get(s, root, 13));
        // Right-left, the mirror image.
        NodeStore s2 = f.newStore(ValueMode.DOUBLE);
        int root2 = f.newRoot(s2);
        for (int c : new int[] {10, 11, 12, 13, 50, 51, 52, 53, 40}) {
            f.insert(s2, root2, new int[] {c}, new double[] {c}, 0, 1);
            f.check(s2, root2);
        }
        Raw r2 = new Raw(s2);
        int top2 = r2.top[root2];
        assertArrayEquals(new int[] {40, 50}, r2.block(top2));
        assertArrayEquals(new int[] {10, 11, 12, 13}, r2.block(r2.left[top2]));
        assertArrayEquals(new int[] {51, 52, 53}, r2.block(r2.right[top2]));
    }

    @Test
    void anUnderfullInnerNodeBorrowsFromALeaf() {
        TtreeFormat f = smallNodeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        f.build(s, root, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, null, 0, 12);
        Raw r = new Raw(s);
        int top = r.top[root];
        assertEquals(3, f.delete(s, root, new int[] {5, 6, 7}, 0, 3));
        f.check(s, root);
        // The top kept two elements (the minimum) by taking 4, its greatest lower bound.
        assertArrayEquals(new int[] {4, 8}, r.block(top));
        assertArrayEquals(new int[] {1, 2, 3}, r.block(r.left[top]));
    }

    private static int[] seq(int from, int to) {
        int[] a = new int[to - from];
        for (int i = 0; i < a.length; i++) {
            a[i] = from + i;
        }
        return a;
    }

    /** Builds 1..12 into a small-node tree, breaks it with {@code corrupt}, and expects check to name {@code what}. */
    private void assertCheckFails(String what, Consumer<Raw> corrupt) {
        TtreeFormat f = smallNodeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        f.build(s, root, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, null, 0, 12);
        f.check(s, root);
        Raw r = new Raw(s);
        corrupt.accept(r);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.check(s, root));
        assertTrue(e.getMessage().contains(what), "expected '" + what + "' in: " + e.getMessage());
    }

    @Test
    void checkFindsEveryKindOfCorruption() {
        // Built tree: top {5,6,7,8} with leaves {1,2,3,4} and {9,10,11,12}.
        assertCheckFails("order", r -> r.crd[r.t * 4 + 1] = 4);
        assertCheckFails("order", r -> r.crd[r.left[r.t] * 4 + 3] = 5);
        assertCheckFails("negative", r -> r.crd[r.left[r.t] * 4] = -3);
        assertCheckFails("fill", r -> r.count[r.t] = 1);
        assertCheckFails("size", r -> r.count[r.left[r.t]] = 0);
        assertCheckFails("size", r -> r.count[r.right[r.t]] = 5);
        assertCheckFails("height", r -> r.ht[r.left[r.t]] = 2);
        assertCheckFails("balance", r -> {
            int top = r.t;
            int leaf = r.right[top];
            r.right[top] = 0;
            r.left[r.left[top]] = 0;
            r.right[r.left[top]] = leaf;
            r.ht[r.left[top]] = 2;
            r.crd[leaf * 4] = 4;
            r.count[leaf] = 1;
            r.count[r.left[top]] = 3;
        });
        assertCheckFails("out of range", r -> r.left[r.left[r.t]] = 999);
        assertCheckFails("reachable", r -> r.left[r.left[r.t]] = r.t);
    }

    @Test
    void schemasWithoutTheFieldsTheAlgorithmNeedsAreRejected() {
        Schema noHeight = BlockTreeSequences.shippedWith("ttree", "  ht : int8\n", "");
        assertThrows(IllegalArgumentException.class, () -> new TtreeFormat(noHeight));
        Schema unbounded = BlockTreeSequences.shippedWith("ttree", SHIPPED_BOUND, "B : size");
        assertThrows(IllegalArgumentException.class, () -> new TtreeFormat(unbounded));
    }
}
