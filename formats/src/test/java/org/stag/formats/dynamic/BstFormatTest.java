package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.impl.BstFormat;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

class BstFormatTest extends DynamicFormatContract {
    @Override
    protected DynamicFormat format() {
        return new BstFormat();
    }

    /**
     * The shipped schema with its types and child fields renamed and reordered (storage must follow the
     * schema, not the names), alpha near 1/2 so that scapegoats are rebuilt constantly, and every batch on
     * a nonempty tree applied element by element.
     */
    @Override
    protected DynamicFormat smallNodeFormat() {
        return new BstFormat(renamedSchema(), 0.55, 0);
    }

    static Schema renamedSchema() {
        String text = Schemas.builtin("bst").toSource();
        text = replace(text, "bst_root", "handle");
        text = replace(text, "bst", "node");
        text = replace(text, "  e : elem nonempty\n  l : node\n  r : node\n", "  hi : node\n  key : elem nonempty\n  lo : node\n");
        text = replace(text, "seq = l, e, r", "seq = lo, key, hi");
        text = replace(text, "  r : node\n  n : int32\n", "  n : int32\n  top : node\n");
        return Schema.parse("bst-renamed", text);
    }

    static String replace(String text, String what, String by) {
        assertTrue(text.contains(what), "schema text lacks '" + what + "':\n" + text);
        return text.replace(what, by);
    }

    private static int counter(NodeStore s, int root, String name) {
        NodePool rp = s.rootPool();
        return rp.ints(rp.layout(name))[root];
    }

    /** The scapegoat invariants, measured from the pools: height within log_{1/alpha} max_n, n &ge; alpha max_n. */
    private static AdversarialSequences.Bound scapegoatBound(double alpha) {
        return (s, root, n, what) -> {
            int height = BinaryTreeProbe.bst(s, root).nodesOnLongestPath() - 1;
            int max = counter(s, root, "max_n");
            assertEquals(n, counter(s, root, "n"), what + ": n");
            if (n > 0) {
                assertTrue(n >= alpha * max, what + ": n = " + n + " below alpha * max_n = " + alpha * max);
                assertTrue(Math.pow(1 / alpha, height) <= max * (1 + 1e-9), what + ": height " + height + " above log_{1/alpha} " + max);
                assertTrue(Math.pow(1 / alpha, height - 1) <= n * (1 + 1e-9), what + ": height " + height + " above log_{1/alpha} n + 1");
            }
        };
    }

    @ParameterizedTest(name = "{0}, alpha {1}")
    @CsvSource({"sorted,0.7", "reversed,0.7", "zigzag,0.7", "appended,0.7", "sorted,0.55", "zigzag,0.55", "appended,0.55",
            "reversed,0.5", "zigzag,0.9"})
    void adversarialSequencesStayWithinTheDepthBound(String order, double alpha) {
        AdversarialSequences.run(new BstFormat(Schemas.builtin("bst"), alpha, 4), order, 1200, "bst", scapegoatBound(alpha));
    }

    @Test
    void buildIsPerfectlyBalanced() {
        BstFormat f = new BstFormat();
        NodeStore s = f.newStore(ValueMode.NONE);
        for (int n = 0; n <= 300; n++) {
            int root = f.newRoot(s);
            int[] crd = new int[n];
            for (int i = 0; i < n; i++) {
                crd[i] = 3 * i + 1;
            }
            f.build(s, root, crd, null, 0, n);
            f.check(s, root);
            int expected = n == 0 ? 0 : 32 - Integer.numberOfLeadingZeros(n); // floor(log2 n) + 1 levels
            assertEquals(expected, BinaryTreeProbe.bst(s, root).nodesOnLongestPath(), "levels for n = " + n);
            assertEquals(n, counter(s, root, "max_n"));
            assertEquals(1.0, n == 0 ? 1.0 : f.get(s, root, 3 * (n / 2) + 1));
        }
    }

    @Test
    void sortedAppendsOfALongRowKeepTheBound() {
        BstFormat f = new BstFormat();
        NodeStore s = f.newStore(ValueMode.NONE);
        int root = f.newRoot(s);
        int n = 200_000;
        int state = f.appendFirst(s, root, 0, 1);
        for (int i = 1; i < n; i++) {
            state = f.appendRest(s, root, state, i, 1);
        }
        f.check(s, root);
        scapegoatBound(BstFormat.DEFAULT_ALPHA).verify(s, root, n, "200000 appends");
    }

    /** A perfectly balanced tree of 15 nodes (4 levels), damaged by {@code damage}, must fail its check naming {@code invariant}. */
    private static void assertDamageFound(String invariant, Consumer<BinaryTreeProbe> damage, Consumer<int[]> counters) {
        BstFormat f = new BstFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        int[] crd = new int[15];
        double[] val = new double[15];
        for (int i = 0; i < 15; i++) {
            crd[i] = 10 * i;
            val[i] = i;
        }
        f.build(s, root, crd, val, 0, 15);
        f.check(s, root);
        damage.accept(BinaryTreeProbe.bst(s, root));
        NodePool rp = s.rootPool();
        int[] n = rp.ints(rp.layout("n"));
        int[] max = rp.ints(rp.layout("max_n"));
        int[] pair = {n[root], max[root]};
        counters.accept(pair);
        n[root] = pair[0];
        max[root] = pair[1];
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.check(s, root));
        assertTrue(e.getMessage().contains(invariant), e.getMessage());
    }

    private static final Consumer<BinaryTreeProbe> INTACT = t -> { };
    private static final Consumer<int[]> SAME = c -> { };

    @Test
    void checkFindsBrokenOrder() {
        assertDamageFound("BST order", t -> t.crd[t.at("lr")] = t.crd[t.top()] + 1, SAME);
        assertDamageFound("BST order", t -> t.crd[t.at("rrr")] = t.crd[t.at("rr")], SAME);
        assertDamageFound("negative coordinate", t -> t.crd[t.at("lll")] = -5, SAME);
    }

    @Test
    void checkFindsWrongCounters() {
        assertDamageFound("but the tree holds 15", INTACT, c -> {
            c[0] = 14;
            c[1] = 15;
        });
        assertDamageFound("below alpha * max_n", INTACT, c -> c[1] = 40);
        assertDamageFound("0 <= n <= max_n", INTACT, c -> c[1] = 14);
    }

    @Test
    void checkFindsATreeTooDeep() {
        // The same 15 nodes as a right-going chain: depth 14 > floor(log_{1/0.7} 15) = 7.
        assertDamageFound("scapegoat bound", t -> {
            int[] inOrder = new int[15];
            collectInOrder(t, t.top(), inOrder, new int[1]);
            for (int i = 0; i < 15; i++) {
                t.left[inOrder[i]] = 0;
                t.right[inOrder[i]] = i + 1 < 15 ? inOrder[i + 1] : 0;
            }
            t.setTop(inOrder[0]);
        }, SAME);
    }

    @Test
    void checkFindsCyclesAndDanglingHandles() {
        assertDamageFound("more nodes reached than allocated", t -> t.right[t.at("rrr")] = t.top(), SAME);
        assertDamageFound("never allocated", t -> t.left[t.at("rl")] = 999, SAME);
    }

    @Test
    void rejectsSchemasOfAnotherShapeAndBadAlpha() {
        Schema bst = Schemas.builtin("bst");
        String list = assertThrows(IllegalArgumentException.class, () -> new BstFormat(Schemas.builtin("list"), 0.7, 4)).getMessage();
        assertTrue(list.contains("seq = left, elem, right"), list);
        String noCounters = assertThrows(IllegalArgumentException.class, () -> new BstFormat(Schemas.builtin("rbtree"), 0.7, 4)).getMessage();
        assertTrue(noCounters.contains("needs an int32 field 'n'"), noCounters);
        assertThrows(IllegalArgumentException.class, () -> new BstFormat(bst, 0.45, 4));
        assertThrows(IllegalArgumentException.class, () -> new BstFormat(bst, 1.0, 4));
        assertThrows(IllegalArgumentException.class, () -> new BstFormat(bst, 0.7, -1));
    }

    private static void collectInOrder(BinaryTreeProbe t, int h, int[] out, int[] at) {
        if (h != 0) {
            collectInOrder(t, t.left[h], out, at);
            out[at[0]++] = h;
            collectInOrder(t, t.right[h], out, at);
        }
    }
}
