package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.formats.dynamic.impl.RbtreeFormat;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

class RbtreeFormatTest extends DynamicFormatContract {
    @Override
    protected DynamicFormat format() {
        return new RbtreeFormat();
    }

    /**
     * The shipped schema with its types and fields renamed and reordered (storage must follow the schema,
     * not the names), and every batch on a nonempty tree applied element by element through the fix-ups.
     */
    @Override
    protected DynamicFormat smallNodeFormat() {
        return new RbtreeFormat(renamedSchema(), 0);
    }

    static Schema renamedSchema() {
        String text = Schemas.builtin("rbtree").toSource();
        text = BstFormatTest.replace(text, "rbtree_root", "handle");
        text = BstFormatTest.replace(text, "rbtree", "rb");
        text = BstFormatTest.replace(text, "  e : elem nonempty\n  l : rb\n  r : rb\n  p : parent rb\n  c : bool\n",
                "  red : bool\n  up : parent rb\n  big : rb\n  key : elem nonempty\n  small : rb\n");
        text = BstFormatTest.replace(text, "seq = l, e, r", "seq = small, key, big");
        text = BstFormatTest.replace(text, "  r : rb\n", "  t : rb\n");
        return Schema.parse("rbtree-renamed", text);
    }

    /** CLRS lemma 13.1: at most 2 log2(n + 1) nodes on any path. */
    private static void assertHeightBound(NodeStore s, int root, int n, String what) {
        int levels = BinaryTreeProbe.rbtree(s, root).nodesOnLongestPath();
        assertTrue(levels <= 2 * Math.log(n + 1) / Math.log(2) + 1e-9, what + ": " + levels + " levels for n = " + n);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sorted", "reversed", "zigzag", "appended"})
    void adversarialSequencesStayWithinTheHeightBound(String order) {
        AdversarialSequences.run(new RbtreeFormat(), order, 1500, "rbtree", RbtreeFormatTest::assertHeightBound);
    }

    @Test
    void randomSingleUpdatesKeepEveryInvariant() {
        RbtreeFormat f = new RbtreeFormat(Schemas.builtin("rbtree"), 0);
        NodeStore s = f.newStore(ValueMode.POSITION);
        int root = f.newRoot(s);
        TreeMap<Integer, Integer> model = new TreeMap<>();
        SplittableRandom rnd = new SplittableRandom(3);
        for (int step = 0; step < 6000; step++) {
            int c = rnd.nextInt(700);
            if (rnd.nextInt(5) < 3) {
                int added = f.insert(s, root, new int[] {c}, new double[] {step}, 0, 1);
                assertEquals(model.put(c, step) == null ? 1 : 0, added, "insert " + c);
            } else {
                assertEquals(model.remove(c) == null ? 0 : 1, f.delete(s, root, new int[] {c}, 0, 1), "delete " + c);
            }
            f.check(s, root);
            assertHeightBound(s, root, model.size(), "step " + step);
            Integer v = model.get(c);
            assertEquals(v == null ? Double.NaN : v, f.get(s, root, c), "get " + c);
        }
        assertEquals(model.size(), f.size(s, root));
    }

    @Test
    void buildGivesAValidBalancedTreeForEverySize() {
        RbtreeFormat f = new RbtreeFormat();
        NodeStore s = f.newStore(ValueMode.NONE);
        for (int n = 0; n <= 300; n++) {
            int root = f.newRoot(s);
            int[] crd = new int[n];
            for (int i = 0; i < n; i++) {
                crd[i] = 2 * i;
            }
            f.build(s, root, crd, null, 0, n);
            f.check(s, root);
            int expected = n == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(n); // floor(log2 n) + 1 levels
            assertEquals(expected, BinaryTreeProbe.rbtree(s, root).nodesOnLongestPath(), "levels for n = " + n);
            assertEquals(n, f.size(s, root));
        }
    }

    /** A perfect tree of 15 nodes (black above, the 8 leaves red), damaged, must fail its check naming {@code invariant}. */
    private static void assertDamageFound(String invariant, Consumer<BinaryTreeProbe> damage) {
        RbtreeFormat f = new RbtreeFormat();
        NodeStore s = f.newStore(ValueMode.NONE);
        int root = f.newRoot(s);
        int[] crd = new int[15];
        for (int i = 0; i < 15; i++) {
            crd[i] = 10 * i;
        }
        f.build(s, root, crd, null, 0, 15);
        f.check(s, root);
        BinaryTreeProbe t = BinaryTreeProbe.rbtree(s, root);
        assertEquals(1, t.colour[t.at("lrl")], "leaves are red");
        assertEquals(0, t.colour[t.at("lr")], "inner nodes are black");
        damage.accept(t);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.check(s, root));
        assertTrue(e.getMessage().contains(invariant), e.getMessage());
    }

    @Test
    void rejectsSchemasWithoutParentOrColour() {
        String bst = assertThrows(IllegalArgumentException.class, () -> new RbtreeFormat(Schemas.builtin("bst"), 4)).getMessage();
        assertTrue(bst.contains("needs a parent field and one bool field"), bst);
        assertThrows(IllegalArgumentException.class, () -> new RbtreeFormat(Schemas.builtin("ttree"), 4));
    }

    @Test
    void checkFindsColourDamage() {
        assertDamageFound("has a red child", t -> t.colour[t.at("ll")] = 1);
        assertDamageFound("the top node", t -> t.colour[t.top()] = 1);
        assertDamageFound("not 0 or 1", t -> t.colour[t.at("lr")] = 2);
        assertDamageFound("unequal black heights", t -> t.colour[t.at("rrr")] = 0);
    }

    @Test
    void checkFindsBrokenOrder() {
        assertDamageFound("BST order", t -> t.crd[t.at("rl")] = t.crd[t.top()] - 1);
        assertDamageFound("BST order", t -> t.crd[t.at("lll")] = t.crd[t.at("ll")]);
    }

    @Test
    void checkFindsBrokenLinks() {
        assertDamageFound("parent pointer", t -> t.parent[t.at("rl")] = t.at("l"));
        assertDamageFound("parent pointer", t -> t.parent[t.at("lrr")] = 0);
        assertDamageFound("has parent", t -> t.parent[t.top()] = t.at("r"));
        assertDamageFound("never allocated", t -> t.right[t.at("rrr")] = 999);
    }
}
