package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What every block linked list must do beyond the dynamic-format contract: one structure checked
 * against a model after every operation (through the format and through the schema's fields alone),
 * adversarial update orders, freeing everything, and {@code check} catching corrupted structures. Each
 * variant states its shape invariant in {@link #assertShape}, independently of the format's own check.
 */
abstract class BlockListContract extends DynamicFormatContract {

    /** Asserts the variant's fill invariant on the blocks as stored (read through the schema). */
    protected abstract void assertShape(List<BlockLists.Block> blocks, int capacity);

    /** Block capacity (or limit) of {@link #smallNodeFormat()}. */
    protected abstract int smallCapacity();

    private void verify(DynamicFormat f, NodeStore s, int root, TreeMap<Integer, Double> model, String what) {
        f.check(s, root);
        assertEquals(model.size(), f.size(s, root), what + ": size");
        int n = model.size();
        int[] crd = new int[n];
        double[] val = new double[n];
        assertEquals(n, f.collect(s, root, crd, val, 0), what + ": collected");
        int[] bySchema = BlockLists.coordinates(s, root);
        if (!f.ordered()) {
            long[] key = new long[n];
            for (int i = 0; i < n; i++) {
                key[i] = ((long) crd[i] << 32) | i;
            }
            Arrays.sort(key);
            double[] v = val.clone();
            for (int i = 0; i < n; i++) {
                crd[i] = (int) (key[i] >>> 32);
                val[i] = v[(int) key[i]];
            }
            Arrays.sort(bySchema);
        }
        int i = 0;
        for (Map.Entry<Integer, Double> e : model.entrySet()) {
            if (crd[i] != e.getKey()) {
                throw new AssertionError(what + ": element " + i + " is " + crd[i] + ", expected " + e.getKey());
            }
            if (s.mode() != ValueMode.NONE) {
                assertEquals(e.getValue(), val[i], what + ": value of " + e.getKey());
            }
            i++;
        }
        assertArrayEquals(crd, bySchema, what + ": elements read through the schema");
        assertShape(BlockLists.blocks(s, root), smallCapacity());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ValueMode.class)
    void randomOperationsOnOneStructureMatchTheModel(ValueMode mode) {
        DynamicFormat f = smallNodeFormat();
        NodeStore s = f.newStore(mode);
        int root = f.newRoot(s);
        f.newRoot(s); // a neighbour sharing the pools
        TreeMap<Integer, Double> model = new TreeMap<>();
        SplittableRandom rnd = new SplittableRandom(31 + mode.ordinal());
        int range = 400;
        for (int step = 0; step < 600; step++) {
            int n = rnd.nextInt(5) == 0 ? 1 + rnd.nextInt(150) : 1 + rnd.nextInt(6);
            int[] c = BlockLists.randomSorted(rnd, n, range);
            double[] v = new double[c.length];
            for (int k = 0; k < v.length; k++) {
                v[k] = mode == ValueMode.POSITION ? rnd.nextInt(1 << 20) : rnd.nextInt(1000) / 4.0;
            }
            String what = f.name() + " step " + step;
            if (model.isEmpty() && step % 2 == 0) {
                int state = f.appendFirst(s, root, c[0], v[0]);
                for (int k = 1; k < c.length; k++) {
                    state = f.appendRest(s, root, state, c[k], v[k]);
                }
                for (int k = 0; k < c.length; k++) {
                    model.put(c[k], v[k]);
                }
            } else if (rnd.nextInt(5) < 3) {
                int fresh = 0;
                for (int k = 0; k < c.length; k++) {
                    fresh += model.put(c[k], v[k]) == null ? 1 : 0;
                }
                assertEquals(fresh, f.insert(s, root, c, v, 0, c.length), what + ": inserted");
            } else {
                int present = 0;
                for (int x : c) {
                    present += model.remove(x) != null ? 1 : 0;
                }
                assertEquals(present, f.delete(s, root, c, 0, c.length), what + ": deleted");
            }
            verify(f, s, root, model, what);
            for (int probe = 0; probe < 4; probe++) {
                int x = rnd.nextInt(range);
                Double expected = model.get(x);
                double got = f.get(s, root, x);
                if (expected == null) {
                    assertTrue(Double.isNaN(got), what + ": get(" + x + ") of an absent coordinate");
                } else {
                    assertEquals(mode == ValueMode.NONE ? 1.0 : expected, got, what + ": get(" + x + ")");
                }
            }
            if (step % 150 == 149) {
                f.clear(s, root);
                model.clear();
                verify(f, s, root, model, what + " cleared");
            }
        }
    }

    /** Single-element updates in the orders that defeat naive block lists. */
    @Test
    void adversarialOrdersKeepTheShape() {
        DynamicFormat f = smallNodeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        TreeMap<Integer, Double> model = new TreeMap<>();
        int n = 300;
        int[] one = new int[1];
        double[] v = new double[1];
        // Descending: every insertion lands in the first block.
        for (int i = n - 1; i >= 0; i--) {
            one[0] = 2 * i;
            v[0] = i;
            assertEquals(1, f.insert(s, root, one, v, 0, 1));
            model.put(2 * i, (double) i);
            verify(f, s, root, model, "descending " + i);
        }
        // Filling the gaps in ascending order: every insertion lands mid-list.
        for (int i = 0; i < n; i++) {
            one[0] = 2 * i + 1;
            v[0] = -i;
            assertEquals(1, f.insert(s, root, one, v, 0, 1));
            model.put(2 * i + 1, (double) -i);
            verify(f, s, root, model, "odd " + i);
        }
        // Every other element, one at a time, then the rest from the back.
        for (int i = 0; i < 2 * n; i += 2) {
            one[0] = i;
            assertEquals(1, f.delete(s, root, one, 0, 1));
            model.remove(i);
            verify(f, s, root, model, "delete even " + i);
        }
        for (int i = 2 * n - 1; i >= 0; i -= 2) {
            one[0] = i;
            assertEquals(1, f.delete(s, root, one, 0, 1));
            model.remove(i);
            verify(f, s, root, model, "delete odd " + i);
        }
        // Ascending appends through insert.
        for (int i = 0; i < n; i++) {
            one[0] = i;
            v[0] = i;
            assertEquals(1, f.insert(s, root, one, v, 0, 1));
            model.put(i, (double) i);
            verify(f, s, root, model, "ascending " + i);
        }
    }

    @Test
    void deletingEverythingFreesEveryBlock() {
        DynamicFormat f = smallNodeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        SplittableRandom rnd = new SplittableRandom(3);
        int[] all = BlockLists.randomSorted(rnd, 5000, 20_000);
        for (int k = 0; k < 20; k++) {
            int[] part = BlockLists.randomSorted(rnd, 400, 20_000);
            f.insert(s, root, part, null, 0, part.length);
        }
        f.insert(s, root, all, null, 0, all.length);
        for (int k = 0; k < 20; k++) {
            int[] part = BlockLists.randomSorted(rnd, 300, 20_000);
            f.delete(s, root, part, 0, part.length);
        }
        f.check(s, root);
        int[] left = new int[f.size(s, root)];
        f.collect(s, root, left, null, 0);
        Arrays.sort(left);
        assertEquals(left.length, f.delete(s, root, left, 0, left.length));
        f.check(s, root);
        assertEquals(0, f.size(s, root));
        assertEquals(0, BlockLists.blockPool(s).live(), "blocks left allocated");
        assertEquals(0, s.arena().liveSlots(), "arena slots left allocated");
    }

    /** A structure of {@code n} elements 0, 2, 4, ... in the small format, built by insertions. */
    protected NodeStore sample(int n, int[] rootOut) {
        DynamicFormat f = smallNodeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            c[i] = 2 * i;
        }
        f.insert(s, root, c, null, 0, n);
        f.check(s, root);
        rootOut[0] = root;
        return s;
    }

    /** Asserts that {@code check} rejects the structure with a message containing {@code words}. */
    protected void assertBroken(NodeStore s, int root, String words) {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> smallNodeFormat().check(s, root));
        assertTrue(e.getMessage().contains(words), "message '" + e.getMessage() + "' should mention '" + words + "'");
    }

    @Test
    void checkFindsACycle() {
        int[] root = new int[1];
        NodeStore s = sample(20, root);
        List<BlockLists.Block> blocks = BlockLists.blocks(s, root[0]);
        BlockLists.setField(s, blocks.get(blocks.size() - 1).handle(), "n", blocks.get(1).handle());
        assertBroken(s, root[0], "cycle");
    }

    @Test
    void checkFindsAnEmptyLinkedBlock() {
        int[] root = new int[1];
        NodeStore s = sample(20, root);
        BlockLists.Block second = BlockLists.blocks(s, root[0]).get(1);
        for (int k = 0; k < second.crd().length; k++) {
            BlockLists.setSlot(s, second.handle(), k, -1);
        }
        if (smallNodeFormat().schema().nodeTypes().stream().anyMatch(t -> t.field("B").isPresent())) {
            BlockLists.setField(s, second.handle(), "B", 0);
        }
        assertBroken(s, root[0], "empty block");
    }

    @Test
    void checkFindsAMisplacedCoordinate() {
        int[] root = new int[1];
        NodeStore s = sample(20, root);
        BlockLists.Block second = BlockLists.blocks(s, root[0]).get(1);
        // An element that is already stored elsewhere: out of order when sorted, a duplicate when not.
        BlockLists.setSlot(s, second.handle(), 0, 0);
        assertBroken(s, root[0], smallNodeFormat().ordered() ? "not increasing" : "stored twice");
    }

    @Test
    void checkFindsASizeAboveTheCapacity() {
        int[] root = new int[1];
        NodeStore s = sample(20, root);
        BlockLists.Block first = BlockLists.blocks(s, root[0]).get(0);
        assertTrue(smallNodeFormat().schema().nodeTypes().stream().anyMatch(t -> t.field("B").isPresent()),
                "no size field to get wrong (a variant without one overrides this test)");
        BlockLists.setField(s, first.handle(), "B", 1 << 20);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> smallNodeFormat().check(s, root[0]));
        assertTrue(e.getMessage().contains("size " + (1 << 20)), e.getMessage());
    }
}
