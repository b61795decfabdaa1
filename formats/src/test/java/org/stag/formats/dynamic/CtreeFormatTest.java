package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.doubles.DoubleArrayList;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.formats.dynamic.impl.CtreeFormat;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;
import org.stag.formats.schema.Step;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * The C-tree against the contract, plus its own invariants: contents read back through the schema alone,
 * canonical shape (independent of the update history), the hash rule, treap balance, corruption caught by
 * {@code check}, and compact memory after a build.
 */
class CtreeFormatTest extends DynamicFormatContract {
    /** The shipped schema text re-parsed, so the format is driven by the schema it is given. */
    private static final Schema REPARSED = Schema.parse("ctree-small.schema", Schemas.builtin("ctree").toSource());

    @Override
    protected DynamicFormat format() {
        return new CtreeFormat();
    }

    /** Expected chunk size 2: a head every other element, so splits, merges and treap updates never stop. */
    @Override
    protected DynamicFormat smallNodeFormat() {
        return new CtreeFormat(REPARSED, 2);
    }

    /** Every element a head: all chunks empty, the C-tree degenerates into a treap. */
    @Nested
    class AllHeads extends DynamicFormatContract {
        @Override
        protected DynamicFormat format() {
            return new CtreeFormat(1);
        }
    }

    /** A chunk size that is not a power of two. */
    @Nested
    class OddChunks extends DynamicFormatContract {
        @Override
        protected DynamicFormat format() {
            return new CtreeFormat(REPARSED, 5);
        }
    }

    // ------------------------------------------------------------------ helpers

    /**
     * Reads a structure the way generated code will: following only the schema's traversal steps and the
     * store's field layouts, never the format's code. Appends coordinates and values in visiting order.
     */
    static void walk(NodeStore s, NodeType type, int h, IntArrayList crd, DoubleArrayList val) {
        NodePool pool = s.pool(type.name());
        for (Step step : type.traversal()) {
            if (step instanceof Step.Element e) {
                FieldLayout f = pool.layout(e.field().name());
                crd.add(pool.ints(f)[h]);
                val.add(pool.values(f)[h]);
            } else if (step instanceof Step.Child c) {
                int child = pool.ints(pool.layout(c.field().name()))[h];
                if (child != 0) {
                    walk(s, s.schema().nodeType(c.field().target().orElseThrow()).orElseThrow(), child, crd, val);
                }
            } else if (step instanceof Step.ArrayLoop loop) {
                assertEquals(1, loop.members().size());
                Field member = loop.members().get(0);
                FieldLayout f = pool.layout(member.name());
                assertTrue(f.inArena(), "C-tree chunks live in the arena");
                int n = pool.ints(pool.layout(loop.sizeField().orElseThrow()))[h];
                int off = pool.ints(f)[h];
                for (int i = 0; i < n; i++) {
                    crd.add(s.arena().crd()[off + i]);
                    val.add(s.arena().val()[off + i]);
                }
            }
        }
    }

    /** Compares the schema walk of {@code root} with the model, and runs the format's check. */
    static void assertMatches(CtreeFormat f, NodeStore s, int root, TreeMap<Integer, Double> model, String what) {
        f.check(s, root);
        IntArrayList crd = new IntArrayList();
        DoubleArrayList val = new DoubleArrayList();
        walk(s, s.schema().root(), root, crd, val);
        assertEquals(model.size(), crd.size(), what + ": element count");
        assertEquals(model.size(), f.size(s, root), what + ": size()");
        int i = 0;
        for (Map.Entry<Integer, Double> e : model.entrySet()) {
            if (crd.getInt(i) != e.getKey() || val.getDouble(i) != e.getValue()) {
                throw new AssertionError(what + ": element " + i + " is (" + crd.getInt(i) + ", " + val.getDouble(i)
                        + "), expected (" + e.getKey() + ", " + e.getValue() + ")");
            }
            i++;
        }
    }

    /** The shape: prefix, then the tree as nested {@code (left head [tail] right)}. */
    static String shape(NodeStore s, int root) {
        NodePool rp = s.rootPool();
        NodePool np = s.pool("ctree");
        StringBuilder b = new StringBuilder();
        chunk(b, s, rp, "e", "N", root);
        node(b, s, np, rp.ints(rp.layout("r"))[root]);
        return b.toString();
    }

    private static void node(StringBuilder b, NodeStore s, NodePool np, int x) {
        if (x == 0) {
            b.append('.');
            return;
        }
        b.append('(');
        node(b, s, np, np.ints(np.layout("l"))[x]);
        b.append(' ').append(np.ints(np.layout("h"))[x]);
        chunk(b, s, np, "t", "N", x);
        node(b, s, np, np.ints(np.layout("r"))[x]);
        b.append(')');
    }

    private static void chunk(StringBuilder b, NodeStore s, NodePool p, String field, String size, int h) {
        int off = p.ints(p.layout(field))[h];
        int n = p.ints(p.layout(size))[h];
        b.append('[');
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : " ").append(s.arena().crd()[off + i]);
        }
        b.append(']');
    }

    /** A fresh structure built from the model's contents. */
    static int buildOf(CtreeFormat f, NodeStore s, TreeMap<Integer, Double> model) {
        int[] crd = model.keySet().stream().mapToInt(Integer::intValue).toArray();
        double[] val = model.values().stream().mapToDouble(Double::doubleValue).toArray();
        int root = f.newRoot(s);
        f.build(s, root, crd, val, 0, crd.length);
        return root;
    }

    /** A sorted, duplicate-free random batch of up to {@code n} coordinates in {@code [base, base + range)}. */
    static int[] batch(SplittableRandom rnd, int n, int base, int range) {
        return rnd.ints(n, 0, range).map(c -> base + c).sorted().distinct().toArray();
    }

    // ------------------------------------------------------------------ model-based tests on one structure

    @ParameterizedTest(name = "b={0} base={1}")
    @CsvSource({"1,0", "2,0", "3,0", "8,0", "64,0", "1024,0", "2,2147473647", "1024,2147473647"})
    void randomUpdatesMatchTheModelAndStayCanonical(int b, int base) {
        CtreeFormat f = new CtreeFormat(b);
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        TreeMap<Integer, Double> model = new TreeMap<>();
        SplittableRandom rnd = new SplittableRandom(31 + b);
        int range = 6000;
        int[] sizes = {1, 1, 3, 50, 700, 2, 4000, 1, 30, 9000, 5, 200, 1, 1, 2500};
        for (int step = 0; step < 60; step++) {
            int n = sizes[step % sizes.length];
            int[] crd = batch(rnd, n, base, rnd.nextInt(4) == 0 ? 40 : range);
            String what = "b=" + b + " step " + step;
            if (step % 3 == 2) {
                int removed = f.delete(s, root, crd, 0, crd.length);
                int expected = 0;
                for (int c : crd) {
                    expected += model.remove(c) != null ? 1 : 0;
                }
                assertEquals(expected, removed, what + ": deleted count");
            } else {
                double[] val = new double[crd.length];
                int expected = 0;
                for (int k = 0; k < crd.length; k++) {
                    val[k] = step * 10_000 + k;
                    expected += model.put(crd[k], val[k]) == null ? 1 : 0;
                }
                assertEquals(expected, f.insert(s, root, crd, val, 0, crd.length), what + ": inserted count");
            }
            assertMatches(f, s, root, model, what);
            for (int q = 0; q < 50; q++) {
                int c = base + rnd.nextInt(range);
                Double m = model.get(c);
                assertEquals(m == null ? Double.NaN : m, f.get(s, root, c), what + ": get(" + c + ")");
            }
            if (step % 10 == 9) {
                int fresh = buildOf(f, s, model);
                assertEquals(shape(s, fresh), shape(s, root), what + ": shape differs from a fresh build of the same set");
                f.clear(s, fresh);
            }
        }
    }

    /**
     * Small groups into chunks with room (the one-pass merge from the back): new, present (a re-insert with a new
     * weight) and mixed groups, interleaved with deletes, on several structures of one store in turn (so the
     * store's reused update view moves between structures while their arrays grow), each against a model, with
     * the replaced and removed values reported.
     */
    @ParameterizedTest(name = "b={0}")
    @ValueSource(ints = {16, 128, 1024})
    void smallGroupsMergeInPlaceAndReportWhatTheyReplace(int b) {
        CtreeFormat f = new CtreeFormat(b);
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int structures = 5;
        int[] roots = new int[structures];
        List<TreeMap<Integer, Double>> models = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(91 + b);
        for (int r = 0; r < structures; r++) {
            roots[r] = f.newRoot(s);
            TreeMap<Integer, Double> model = new TreeMap<>();
            int[] crd = batch(rnd, 300, 0, 2000);
            double[] val = new double[crd.length];
            for (int k = 0; k < crd.length; k++) {
                val[k] = k;
                model.put(crd[k], val[k]);
            }
            f.insert(s, roots[r], crd, val, 0, crd.length);
            models.add(model);
        }
        for (int step = 0; step < 3000; step++) {
            int r = rnd.nextInt(structures);
            TreeMap<Integer, Double> model = models.get(r);
            String what = "b=" + b + " step " + step + " structure " + r;
            // Around one element of the model: its neighbours, present or not, so the group falls into one chunk.
            int centre = rnd.nextInt(2000);
            int[] crd = batch(rnd, 1 + rnd.nextInt(8), Math.max(0, centre - 20), 40);
            double[] old = new double[crd.length];
            if (step % 4 == 3) {
                int expected = 0;
                double[] was = new double[crd.length];
                for (int k = 0; k < crd.length; k++) {
                    Double m = model.remove(crd[k]);
                    was[k] = m == null ? Double.NaN : m;
                    expected += m != null ? 1 : 0;
                }
                assertEquals(expected, f.delete(s, roots[r], crd, 0, crd.length, old), what + ": deleted count");
                for (int k = 0; k < crd.length; k++) {
                    assertEquals(was[k], old[k], what + ": removed value of " + crd[k]);
                }
            } else {
                double[] val = new double[crd.length];
                double[] was = new double[crd.length];
                int expected = 0;
                for (int k = 0; k < crd.length; k++) {
                    val[k] = step * 100 + k + 0.5;
                    Double m = model.put(crd[k], val[k]);
                    was[k] = m == null ? Double.NaN : m;
                    expected += m == null ? 1 : 0;
                }
                assertEquals(expected, f.insert(s, roots[r], crd, val, 0, crd.length, old), what + ": inserted count");
                for (int k = 0; k < crd.length; k++) {
                    assertEquals(was[k], old[k], what + ": replaced value of " + crd[k]);
                }
            }
            if (step % 50 == 49) {
                for (int q = 0; q < structures; q++) {
                    assertMatches(f, s, roots[q], models.get(q), what + ", structure " + q);
                }
            }
        }
    }

    /** The read-ahead hint reads an empty structure, a prefix only and a tree, at both stages, and changes nothing. */
    @Test
    void touchReadsAndChangesNothing() {
        CtreeFormat f = new CtreeFormat(16);
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int empty = f.newRoot(s);
        int prefix = f.newRoot(s);
        int tree = f.newRoot(s);
        SplittableRandom rnd = new SplittableRandom(5);
        int[] few = {f.isHead(3) ? 4 : 3};
        f.insert(s, prefix, few, new double[] {2.5}, 0, 1);
        int[] many = batch(rnd, 2000, 0, 100_000);
        f.insert(s, tree, many, null, 0, many.length);
        String before = shape(s, empty) + "|" + shape(s, prefix) + "|" + shape(s, tree);
        for (int stage = 0; stage < 2; stage++) {
            f.touch(s, empty, stage);
            f.touch(s, prefix, stage);
            f.touch(s, tree, stage);
        }
        assertEquals(before, shape(s, empty) + "|" + shape(s, prefix) + "|" + shape(s, tree));
        assertEquals(0, f.size(s, empty));
        assertEquals(1, f.size(s, prefix));
        assertEquals(many.length, f.size(s, tree));
    }

    @ParameterizedTest(name = "b={0}")
    @ValueSource(ints = {2, 64})
    void appendsGiveTheBuiltShape(int b) {
        CtreeFormat f = new CtreeFormat(b);
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        TreeMap<Integer, Double> model = new TreeMap<>();
        SplittableRandom rnd = new SplittableRandom(7);
        for (int c : batch(rnd, 20_000, 0, 1 << 20)) {
            model.put(c, rnd.nextInt(100) / 4.0);
        }
        int root = f.newRoot(s);
        int state = -1;
        for (Map.Entry<Integer, Double> e : model.entrySet()) {
            state = state < 0 ? f.appendFirst(s, root, e.getKey(), e.getValue())
                    : f.appendRest(s, root, state, e.getKey(), e.getValue());
        }
        assertMatches(f, s, root, model, "appended");
        assertEquals(shape(s, buildOf(f, s, model)), shape(s, root));
    }

    @Test
    void positionStoresKeepPositionsThroughUpdates() {
        CtreeFormat f = new CtreeFormat(3);
        NodeStore s = f.newStore(ValueMode.POSITION);
        int root = f.newRoot(s);
        TreeMap<Integer, Integer> model = new TreeMap<>();
        SplittableRandom rnd = new SplittableRandom(3);
        for (int step = 0; step < 30; step++) {
            int[] crd = batch(rnd, 1 + rnd.nextInt(300), 0, 2000);
            if (step % 4 == 3) {
                f.delete(s, root, crd, 0, crd.length);
                for (int c : crd) {
                    model.remove(c);
                }
            } else {
                double[] pos = new double[crd.length];
                for (int k = 0; k < crd.length; k++) {
                    pos[k] = rnd.nextInt(1 << 30);
                    model.put(crd[k], (int) pos[k]);
                }
                f.insert(s, root, crd, pos, 0, crd.length);
            }
            f.check(s, root);
            int[] out = new int[model.size()];
            double[] vals = new double[model.size()];
            assertEquals(model.size(), f.collect(s, root, out, vals, 0));
            int i = 0;
            for (Map.Entry<Integer, Integer> e : model.entrySet()) {
                assertEquals(e.getKey(), out[i]);
                assertEquals((double) e.getValue(), vals[i], "position of " + e.getKey());
                i++;
            }
        }
    }

    // ------------------------------------------------------------------ hash rule and balance

    @ParameterizedTest(name = "b={0}")
    @ValueSource(ints = {7, 64, 128})
    void headsAreOneInB(int b) {
        CtreeFormat f = new CtreeFormat(b);
        int n = 1 << 21;
        int heads = 0;
        for (int c = 0; c < n; c++) {
            heads += f.isHead(c) ? 1 : 0;
        }
        double expected = (double) n / b;
        assertTrue(Math.abs(heads - expected) < 0.03 * expected, "b=" + b + ": " + heads + " heads among " + n);
    }

    @Test
    void chunksAverageBAndTheTreeStaysShallow() {
        int b = 32;
        CtreeFormat f = new CtreeFormat(b);
        NodeStore s = f.newStore(ValueMode.NONE);
        int root = f.newRoot(s);
        int n = 1 << 20;
        int[] crd = new int[n];
        for (int i = 0; i < n; i++) {
            crd[i] = 3 * i;
        }
        f.build(s, root, crd, null, 0, n);
        f.check(s, root);
        int heads = s.pool("ctree").live();
        double mean = (double) n / heads;
        assertTrue(Math.abs(mean - b) < 0.05 * b, "mean chunk " + mean);
        double log = Math.log(heads) / Math.log(2);
        assertTrue(f.depth(s, root) <= 3 * log, "depth " + f.depth(s, root) + " for " + heads + " heads");
    }

    /**
     * Sorted and reverse-sorted single inserts and deleting every other element are the classic ways to
     * unbalance a search tree; the treap ends up in the shape a build gives, shallow.
     */
    @Test
    void adversarialOrdersKeepTheTreeBalanced() {
        CtreeFormat f = new CtreeFormat(2);
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int n = 40_000;
        int up = f.newRoot(s);
        int down = f.newRoot(s);
        TreeMap<Integer, Double> model = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            f.insert(s, up, new int[] {i}, new double[] {i}, 0, 1);
            f.insert(s, down, new int[] {n - 1 - i}, new double[] {n - 1 - i}, 0, 1);
            model.put(i, (double) i);
        }
        assertMatches(f, s, up, model, "sorted inserts");
        assertMatches(f, s, down, model, "reverse-sorted inserts");
        String built = shape(s, buildOf(f, s, model));
        assertEquals(built, shape(s, up));
        assertEquals(built, shape(s, down));
        for (int i = 0; i < n; i += 2) {
            f.delete(s, up, new int[] {i}, 0, 1);
            model.remove(i);
        }
        assertMatches(f, s, up, model, "every other deleted");
        assertEquals(shape(s, buildOf(f, s, model)), shape(s, up));
        int heads = 0;
        for (int c : model.keySet()) {
            heads += f.isHead(c) ? 1 : 0;
        }
        assertTrue(f.depth(s, up) <= 3 * Math.log(heads) / Math.log(2), "depth " + f.depth(s, up) + " for " + heads + " heads");
    }

    @Test
    void deletingAHeadMovesItsTailToThePreviousChunk() {
        CtreeFormat f = new CtreeFormat(16);
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        TreeMap<Integer, Double> model = new TreeMap<>();
        int[] crd = new int[4000];
        double[] val = new double[crd.length];
        for (int i = 0; i < crd.length; i++) {
            crd[i] = i;
            val[i] = -i;
            model.put(i, (double) -i);
        }
        f.build(s, root, crd, val, 0, crd.length);
        int first = 0;
        while (!f.isHead(first)) {
            first++;
        }
        int second = first + 1;
        while (!f.isHead(second)) {
            second++;
        }
        // The first head: its tail joins the prefix. The second, with one tail element: the rest joins the first's tail.
        assertEquals(1, f.delete(s, root, new int[] {first}, 0, 1));
        model.remove(first);
        assertMatches(f, s, root, model, "first head deleted");
        NodePool rp = s.rootPool();
        assertEquals(second - 1, rp.ints(rp.layout("N"))[root], "prefix now runs up to the second head");
        int third = second + 1;
        while (!f.isHead(third)) {
            third++;
        }
        assertEquals(2, f.delete(s, root, new int[] {second, second + 1}, 0, 2));
        model.remove(second);
        model.remove(second + 1);
        assertMatches(f, s, root, model, "second head and a tail element deleted");
        assertEquals(third - 3, rp.ints(rp.layout("N"))[root]);
        assertEquals(shape(s, buildOf(f, s, model)), shape(s, root));
    }

    // ------------------------------------------------------------------ check catches corruption

    /** A structure with a few hundred heads and their chunks, and a way to corrupt it. */
    private static void assertCheckFails(String message, Consumer<Corrupt> corrupt) {
        CtreeFormat f = new CtreeFormat(4);
        NodeStore s = f.newStore(ValueMode.NONE);
        int root = f.newRoot(s);
        int[] crd = new int[3000];
        for (int i = 0; i < crd.length; i++) {
            crd[i] = 2 * i;
        }
        f.build(s, root, crd, null, 0, crd.length);
        f.check(s, root);
        corrupt.accept(new Corrupt(f, s, root));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.check(s, root));
        assertTrue(e.getMessage().contains(message), "expected '" + message + "' in: " + e.getMessage());
    }

    /** Handles on a built structure's arrays. */
    private record Corrupt(CtreeFormat f, NodeStore s, int root) {
        NodePool nodes() {
            return s.pool("ctree");
        }

        int[] nodeInts(String field) {
            return nodes().ints(nodes().layout(field));
        }

        int[] tailCaps() {
            return nodes().capacities(nodes().layout("t"));
        }

        int treeRoot() {
            return s.rootPool().ints(s.rootPool().layout("r"))[root];
        }

        /** A node whose tail holds at least {@code n} elements. */
        int withTail(int n) {
            for (int x = 1; x < nodes().top(); x++) {
                if (nodeInts("N")[x] >= n) {
                    return x;
                }
            }
            throw new AssertionError("no tail of " + n);
        }
    }

    @Test
    void checkFindsANonHeadInTheTree() {
        assertCheckFails("not a head under the hash rule", c -> {
            int x = c.treeRoot();
            int k = c.nodeInts("h")[x] + 1;
            while (c.f().isHead(k)) {
                k++;
            }
            c.nodeInts("h")[x] = k;
        });
    }

    @Test
    void checkFindsAHeadInAChunk() {
        // Rebuilt under b = 4 but checked under b = 2: some of its chunk elements are b = 2 heads.
        CtreeFormat built = new CtreeFormat(4);
        CtreeFormat strict = new CtreeFormat(2);
        NodeStore s = built.newStore(ValueMode.NONE);
        int root = built.newRoot(s);
        int[] crd = new int[3000];
        for (int i = 0; i < crd.length; i++) {
            crd[i] = i;
        }
        built.build(s, root, crd, null, 0, crd.length);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> strict.check(s, root));
        assertTrue(e.getMessage().contains("is a head under the hash rule but sits in a chunk"), e.getMessage());
    }

    @Test
    void checkFindsBrokenSearchOrder() {
        assertCheckFails("search order broken", c -> {
            // Swap the root's head and tail with its left child's: each chunk still follows its head.
            int x = c.treeRoot();
            int l = c.nodeInts("l")[x];
            for (int[] a : new int[][] {c.nodeInts("h"), c.nodeInts("t"), c.nodeInts("N"), c.tailCaps()}) {
                int tmp = a[x];
                a[x] = a[l];
                a[l] = tmp;
            }
        });
    }

    @Test
    void checkFindsBrokenHeapOrder() {
        assertCheckFails("treap heap order broken", c -> {
            // Rotate the root right: search order survives, the heap order does not.
            int[] l = c.nodeInts("l");
            int[] r = c.nodeInts("r");
            int x = c.treeRoot();
            int y = l[x];
            l[x] = r[y];
            r[y] = x;
            c.s().rootPool().ints(c.s().rootPool().layout("r"))[c.root()] = y;
        });
    }

    @Test
    void checkFindsASizeAboveTheCapacity() {
        assertCheckFails("in a run of capacity", c -> {
            int x = c.withTail(1);
            c.nodeInts("N")[x] = c.tailCaps()[x] + 1;
        });
    }

    @Test
    void checkFindsAnOversizedRun() {
        assertCheckFails("four times or more", c -> {
            int x = c.withTail(1);
            c.nodeInts("N")[x] = 1;
            c.tailCaps()[x] = 4;
        });
    }

    @Test
    void checkFindsAnUnsortedChunk() {
        assertCheckFails("is not above", c -> {
            int x = c.withTail(2);
            int off = c.nodeInts("t")[x];
            int[] a = c.s().arena().crd();
            int tmp = a[off];
            a[off] = a[off + 1];
            a[off + 1] = tmp;
        });
    }

    @Test
    void checkFindsADuplicate() {
        assertCheckFails("is not above", c -> {
            int x = c.withTail(2);
            int off = c.nodeInts("t")[x];
            c.s().arena().crd()[off + 1] = c.s().arena().crd()[off];
        });
    }

    @Test
    void checkFindsATailBelowItsHead() {
        assertCheckFails("a tail must lie above its head", c -> {
            int x = c.withTail(1);
            c.s().arena().crd()[c.nodeInts("t")[x]] = c.nodeInts("h")[x] - 1;
        });
    }

    @Test
    void checkFindsAnEmptyChunkKeepingItsRun() {
        assertCheckFails("is empty but keeps run", c -> c.nodeInts("N")[c.withTail(1)] = 0);
    }

    @Test
    void checkFindsACycle() {
        // Down the left spine, so that the walk meets the cycle before any heap-order test could.
        assertCheckFails("cycle", c -> {
            int x = c.treeRoot();
            while (c.nodeInts("l")[x] != 0) {
                x = c.nodeInts("l")[x];
            }
            c.nodeInts("l")[x] = c.treeRoot();
        });
    }

    @Test
    void checkFindsOverlappingRuns() {
        assertCheckFails("share arena slots", c -> {
            // A build lays chunks back to back in runs of their exact size: claiming one more slot for a
            // tail overlaps the run that follows it (within the fourfold bound, so only the overlap is wrong).
            int[] off = c.nodeInts("t");
            int[] n = c.nodeInts("N");
            for (int x = 1; x < c.nodes().top(); x++) {
                for (int y = 1; y < c.nodes().top(); y++) {
                    if (n[x] >= 1 && n[y] >= 1 && off[y] == off[x] + n[x]) {
                        assertEquals(n[x], c.tailCaps()[x], "a built run is its chunk's exact size");
                        c.tailCaps()[x] = n[x] + 1;
                        return;
                    }
                }
            }
            throw new AssertionError("test structure lacks two consecutive runs");
        });
    }

    // ------------------------------------------------------------------ construction

    @Test
    void rejectsSchemasWithoutUnboundedChunks() {
        String bounded = Schemas.builtin("ctree").toSource().replaceFirst("N : size", "N : size in [0, 8]");
        Schema s = Schema.parse("ctree-bounded.schema", bounded);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CtreeFormat(s, 4));
        assertTrue(e.getMessage().contains("unbounded"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new CtreeFormat(Schemas.builtin("ttree"), 4));
        assertThrows(IllegalArgumentException.class, () -> new CtreeFormat(0));
    }

    @Test
    void buildAndAppendFirstNeedAnEmptyStructure() {
        CtreeFormat f = new CtreeFormat(4);
        NodeStore s = f.newStore(ValueMode.NONE);
        int root = f.newRoot(s);
        f.build(s, root, new int[] {1, 2, 3}, null, 0, 3);
        assertThrows(IllegalStateException.class, () -> f.build(s, root, new int[] {5}, null, 0, 1));
        assertThrows(IllegalStateException.class, () -> f.appendFirst(s, root, 5, 1.0));
        f.check(s, root);
        assertEquals(3, f.size(s, root));
    }

    // ------------------------------------------------------------------ memory

    @Test
    void buildIsCompact() {
        SplittableRandom rnd = new SplittableRandom(9);
        int rows = 1 << 13;
        int[] rowPtr = new int[rows + 1];
        IntArrayList col = new IntArrayList();
        for (int r = 0; r < rows; r++) {
            int[] c = batch(rnd, rnd.nextInt(2 * 40), 0, 1 << 16);
            col.addElements(col.size(), c);
            rowPtr[r + 1] = col.size();
        }
        Graph g = new Graph("g", rows, 1 << 16, rowPtr, col.toIntArray(), null, Symmetry.GENERAL, ValueKind.PATTERN,
                VertexIds.offset(0), 0);
        DynamicMatrix m = DynamicMatrix.build(new CtreeFormat(), g, 2);
        m.check();
        for (NodeStore s : m.shards()) {
            // Trimmed: the runs handed out (plus the unused slot 0) and 1/8 spare for the first updates.
            long used = s.arena().liveSlots() + 1;
            assertTrue(s.arena().memoryBytes() <= 4L * (used + used / 8 + 64), "arena of " + used + " slots holds "
                    + s.arena().memoryBytes() + " bytes");
        }
        double perEdge = (double) m.memoryBytes() / g.numEdges();
        assertTrue(perEdge < 8.2, "unweighted bytes per edge " + perEdge);
    }
}
