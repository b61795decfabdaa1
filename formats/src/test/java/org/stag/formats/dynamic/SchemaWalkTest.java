package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.formats.dynamic.impl.BlistFormat;
import org.stag.formats.dynamic.impl.BtreeFormat;
import org.stag.formats.dynamic.impl.CtreeFormat;
import org.stag.formats.dynamic.impl.TtreeFormat;
import org.stag.formats.dynamic.impl.VblistFormat;
import org.stag.formats.dynamic.walk.SchemaWalk;
import org.stag.formats.schema.Schema;

/**
 * {@link SchemaWalk} against a {@code TreeMap} model: every shipped schema (and small-node variants, whose
 * trees are deep), the user schemas under test resources, in every value mode. The structures are built and
 * updated by each format's own code, so the walker reads exactly what the format wrote; after every batch
 * the walker's {@code size}, {@code collect} (sorted first for unordered schemas) and {@code get} of present
 * and absent coordinates must match the model.
 */
class SchemaWalkTest {

    /** Each format under test, by a label, with whether the walker should descend it as a search tree. */
    static Stream<Arguments> formats() {
        List<Arguments> all = new ArrayList<>();
        for (String name : BuiltinFormats.names()) {
            if (BuiltinFormats.byName(name).schema().varint()) {
                // Varint chunks are decoded by their format and by generated code; the walker refuses them.
                continue;
            }
            boolean tree = !name.contains("list");
            all.add(Arguments.of(name, (Supplier<DynamicFormat>) () -> BuiltinFormats.byName(name), tree));
        }
        all.add(Arguments.of("btree order 4", (Supplier<DynamicFormat>) () -> new BtreeFormat(BlockTreeSequences.shippedWith(
                "btree", "B : size in [1, 31]", "B : size in [1, 3]", "B : size in [1, 31]", "B : size in [1, 3]")), true));
        all.add(Arguments.of("ttree of 3", (Supplier<DynamicFormat>) () -> new TtreeFormat(BlockTreeSequences.shippedWith(
                "ttree", "B : size in [1, 32]", "B : size in [1, 3]")), true));
        all.add(Arguments.of("ctree chunks of 2", (Supplier<DynamicFormat>) () -> new CtreeFormat(2), true));
        all.add(Arguments.of("vblist of 3", (Supplier<DynamicFormat>) () -> new VblistFormat(
                org.stag.formats.schema.Schemas.builtin("vblist"), 3), false));
        for (String v : new String[] {"blist", "blist-gaps", "blist-fixed", "blist-unsorted"}) {
            all.add(Arguments.of(v + " of 3", (Supplier<DynamicFormat>) () -> new BlistFormat(BlockLists.withCapacity(v, 3)),
                    false));
        }
        for (String user : new String[] {"blist5.schema", "blocktree4.schema", "bst-plain.schema", "stack.schema",
            "btree-order8.schema", "skipblocks.schema"}) {
            // bst-plain's elements are not nonempty, and the runs of skipblocks start with a block, not one
            // element to look at: the walker scans both in order.
            boolean tree = user.equals("blocktree4.schema") || user.equals("btree-order8.schema");
            all.add(Arguments.of(user, (Supplier<DynamicFormat>) () -> UserSchemas.format(user), tree));
        }
        all.add(Arguments.of("cli/examples/skiplist.schema", (Supplier<DynamicFormat>) () -> {
            try {
                return org.stag.formats.tensor.DynamicFormats.forSchema(
                        org.stag.formats.schema.Schemas.load(java.nio.file.Path.of("..", "cli", "examples", "skiplist.schema")));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, true));
        List<Arguments> withModes = new ArrayList<>();
        for (Arguments a : all) {
            for (ValueMode m : ValueMode.values()) {
                Object[] x = a.get();
                withModes.add(Arguments.of(x[0], x[1], x[2], m));
            }
        }
        return withModes.stream();
    }

    @ParameterizedTest(name = "{0} {3}")
    @MethodSource("formats")
    void walkerMatchesTheModelAfterEveryBatch(String label, Supplier<DynamicFormat> make, boolean tree, ValueMode mode) {
        DynamicFormat f = make.get();
        NodeStore s = f.newStore(mode);
        SchemaWalk walk = s.walk();
        if (tree) {
            assertNull(walk.searchable(), label + " should be searched as a tree");
        } else {
            assertNotNull(walk.searchable(), label + " is no search tree");
        }
        int other = f.newRoot(s);
        int root = f.newRoot(s);
        SplittableRandom rnd = new SplittableRandom(label.hashCode() * 31L + mode.ordinal());
        int span = 4000;
        TreeMap<Integer, Double> model = new TreeMap<>();
        int[] init = rnd.ints(1500, 0, span).sorted().distinct().toArray();
        double[] initVal = new double[init.length];
        for (int i = 0; i < init.length; i++) {
            initVal[i] = valueFor(mode, init[i], 0);
            model.put(init[i], expected(mode, initVal[i]));
        }
        f.build(s, root, init, initVal, 0, init.length);
        f.build(s, other, new int[] {1, 5, 9}, new double[] {1, 2, 3}, 0, 3);
        compare(f, s, root, walk, model, rnd, span, label + " after build");
        for (int step = 1; step <= 24; step++) {
            int k = 1 + rnd.nextInt(step % 4 == 0 ? 800 : 60);
            int[] batch = rnd.ints(k, 0, span + 200).sorted().distinct().toArray();
            if (step % 3 == 0) {
                f.delete(s, root, batch, 0, batch.length);
                for (int c : batch) {
                    model.remove(c);
                }
            } else {
                double[] v = new double[batch.length];
                for (int i = 0; i < batch.length; i++) {
                    v[i] = valueFor(mode, batch[i], step);
                    model.put(batch[i], expected(mode, v[i]));
                }
                f.insert(s, root, batch, v, 0, batch.length);
            }
            compare(f, s, root, walk, model, rnd, span, label + " step " + step);
        }
        // Emptied, then the neighbour is still intact.
        f.delete(s, root, model.keySet().stream().mapToInt(Integer::intValue).toArray(), 0, model.size());
        model.clear();
        compare(f, s, root, walk, model, rnd, span, label + " emptied");
        assertEquals(3, walk.size(other), label + ": the neighbour's size");
    }

    /** A value exact in every mode: positions are ints. */
    private static double valueFor(ValueMode mode, int c, int step) {
        return mode == ValueMode.DOUBLE ? c + step / 8.0 + 0.5 : c * 3 + step;
    }

    private static double expected(ValueMode mode, double stored) {
        return mode == ValueMode.NONE ? 1.0 : stored;
    }

    private static void compare(DynamicFormat f, NodeStore s, int root, SchemaWalk walk, TreeMap<Integer, Double> model,
            SplittableRandom rnd, int span, String what) {
        f.check(s, root);
        int n = model.size();
        assertEquals(n, walk.size(root), what + ": size");
        int[] crd = new int[n + 2];
        double[] val = new double[n + 2];
        crd[0] = -7;
        assertEquals(n + 1, walk.collect(root, crd, val, 1), what + ": collect's end");
        assertEquals(-7, crd[0], what + ": collect wrote before 'at'");
        int[] c = Arrays.copyOfRange(crd, 1, n + 1);
        double[] v = Arrays.copyOfRange(val, 1, n + 1);
        if (!walk.ordered()) {
            sortByCoordinate(c, v);
        }
        int[] expectC = new int[n];
        double[] expectV = new double[n];
        int i = 0;
        for (Map.Entry<Integer, Double> e : model.entrySet()) {
            expectC[i] = e.getKey();
            expectV[i++] = e.getValue();
        }
        assertArrayEquals(expectC, c, what + ": coordinates");
        assertArrayEquals(expectV, v, what + ": values");
        int[] coordsOnly = new int[n];
        assertEquals(n, walk.collect(root, coordsOnly, null, 0), what + ": collect without values");
        if (walk.ordered()) {
            assertArrayEquals(expectC, coordsOnly, what + ": coordinates without values");
        }
        for (int probe = 0; probe < 300; probe++) {
            int key = probe < 100 && n > 0 ? expectC[rnd.nextInt(n)] : rnd.nextInt(span + 300);
            Double want = model.get(key);
            assertEquals(want == null ? Double.NaN : want, walk.get(root, key), what + ": get(" + key + ")");
        }
        if (n > 0) {
            assertEquals(Double.NaN, walk.get(root, model.lastKey() + 1), what + ": above the last");
            assertEquals(model.firstEntry().getValue(), walk.get(root, model.firstKey()), what + ": the first");
            assertEquals(model.lastEntry().getValue(), walk.get(root, model.lastKey()), what + ": the last");
        }
    }

    private static void sortByCoordinate(int[] crd, double[] val) {
        long[] key = new long[crd.length];
        for (int i = 0; i < crd.length; i++) {
            key[i] = ((long) crd[i] << 32) | i;
        }
        Arrays.sort(key);
        int[] c = crd.clone();
        double[] v = val.clone();
        for (int i = 0; i < crd.length; i++) {
            crd[i] = c[(int) key[i]];
            val[i] = v[(int) key[i]];
        }
    }

    @Test
    void aListWhoseChildComesFirstIsWalkedWithoutRecursionWhateverItsLength() {
        DynamicFormat f = UserSchemas.format("stack.schema");
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        int n = 200_000;
        int[] crd = new int[n];
        double[] val = new double[n];
        for (int i = 0; i < n; i++) {
            crd[i] = 2 * i;
            val[i] = i;
        }
        f.build(s, root, crd, val, 0, n);
        int[] out = new int[n];
        assertEquals(n, s.walk().collect(root, out, null, 0));
        assertArrayEquals(crd, out);
        assertEquals(n - 1.0, s.walk().get(root, 2 * n - 2));
        assertEquals(Double.NaN, s.walk().get(root, 3));
    }

    @Test
    void anUnboundedChildArrayIsRefusedByName() {
        Schema schema = Schema.parse("fan.schema", """
                def fan {
                  e : elem[K] nonempty
                  c : fan[K]
                  K : size
                  seq = {c, e}
                }
                def root top {
                  t : fan
                }
                """);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new NodeStore(schema, ValueMode.DOUBLE).walk());
        assertTrue(e.getMessage().contains("child array fan.c is unbounded"), e.getMessage());
    }

    @Test
    void whyASchemaIsNotSearchedIsNamed() {
        assertTrue(BuiltinFormats.byName("list").newStore(ValueMode.NONE).walk().searchable().contains("not a search tree"));
        Schema gaps = Schema.parse("gappy.schema", """
                def node {
                  e : elem[B]
                  l : node
                  r : node
                  B : size in [0, 4]
                  seq = l, {e}, r
                }
                def root top {
                  t : node
                }
                """);
        assertTrue(new NodeStore(gaps, ValueMode.NONE).walk().searchable().contains("empty slots"));
        Schema twoKids = Schema.parse("twokids.schema", """
                def node {
                  e : elem nonempty
                  a : node
                  b : node
                  seq = a, b, e
                }
                def root top {
                  t : node
                }
                """);
        assertTrue(new NodeStore(twoKids, ValueMode.NONE).walk().searchable().contains("two children with no element"));
    }
}
