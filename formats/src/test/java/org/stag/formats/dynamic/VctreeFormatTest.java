package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.impl.CtreeFormat;
import org.stag.formats.dynamic.impl.GenericFormat;
import org.stag.formats.dynamic.impl.VctreeFormat;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/**
 * The compressed C-tree against the contract, plus batches on single rows checked against a {@code TreeMap}
 * (rows growing from empty and shrinking to empty, heads deleted, chunks split and joined), its byte counts
 * against {@code ctree}'s, and the refusals between varint and plain schemas.
 */
class VctreeFormatTest extends DynamicFormatContract {
    private static final Schema REPARSED = Schema.parse("vctree-small.schema", Schemas.builtin("vctree").toSource());

    @Override
    protected DynamicFormat format() {
        return new VctreeFormat();
    }

    /** Expected chunk size 2: a head every other element, so splits, joins and treap updates never stop. */
    @Override
    protected DynamicFormat smallNodeFormat() {
        return new VctreeFormat(REPARSED, 2);
    }

    /** Every element a head: all chunks empty. */
    @Nested
    class AllHeads extends DynamicFormatContract {
        @Override
        protected DynamicFormat format() {
            return new VctreeFormat(REPARSED, 1);
        }
    }

    /** Heads one in 4096: long chunks whose codes cross several byte lengths. */
    @Nested
    class LongChunks extends DynamicFormatContract {
        @Override
        protected DynamicFormat format() {
            return new VctreeFormat(REPARSED, 4096);
        }
    }

    @ParameterizedTest(name = "mode={0} chunk={1} seed={2}")
    @CsvSource({"DOUBLE,2,1", "DOUBLE,8,2", "NONE,4,3", "POSITION,16,4", "DOUBLE,128,5", "NONE,1,6", "DOUBLE,3,7",
        "NONE,64,8", "DOUBLE,5,9", "POSITION,2,10"})
    void rowsGrowFromEmptyAndShrinkToEmptyAsTheModelDoes(ValueMode mode, int chunk, long seed) {
        VctreeFormat f = new VctreeFormat(REPARSED, chunk);
        NodeStore s = f.newStore(mode);
        int root = f.newRoot(s);
        SplittableRandom rnd = new SplittableRandom(seed);
        TreeMap<Integer, Double> model = new TreeMap<>();
        // Coordinates from ranges of every code length, so chunks mix 1- to 5-byte differences.
        int[] spans = {200, 1 << 10, 1 << 17, 1 << 24, Integer.MAX_VALUE};
        for (int round = 0; round < 60; round++) {
            boolean grow = round < 25 || (round >= 40 && round < 50);
            int span = spans[rnd.nextInt(spans.length)];
            int k = rnd.nextInt(1, round % 10 == 9 ? 400 : 40);
            int[] crd;
            if (grow || model.isEmpty()) {
                crd = rnd.ints(k, 0, span).distinct().sorted().toArray();
            } else {
                // Deletes: mostly present coordinates (heads among them), some absent.
                Integer[] present = model.keySet().toArray(new Integer[0]);
                crd = rnd.ints(k, 0, Math.max(1, present.length * 2))
                        .map(x -> x < present.length ? present[x] : rnd.nextInt(0, span)).distinct().sorted().toArray();
            }
            double[] val = new double[crd.length];
            double[] old = new double[crd.length];
            int changed;
            if (grow || model.isEmpty()) {
                for (int i = 0; i < crd.length; i++) {
                    val[i] = mode == ValueMode.NONE ? 1.0 : rnd.nextInt(1, 1000);
                }
                changed = f.insert(s, root, crd, mode == ValueMode.NONE ? null : val, 0, crd.length, old);
                int expect = 0;
                for (int i = 0; i < crd.length; i++) {
                    Double was = model.put(crd[i], val[i]);
                    expect += was == null ? 1 : 0;
                    assertEquals(was == null ? Double.NaN : was, old[i], "round " + round + " insert " + crd[i]);
                }
                assertEquals(expect, changed, "round " + round + ": new");
            } else {
                changed = f.delete(s, root, crd, 0, crd.length, old);
                int expect = 0;
                for (int i = 0; i < crd.length; i++) {
                    Double was = model.remove(crd[i]);
                    expect += was == null ? 0 : 1;
                    assertEquals(was == null ? Double.NaN : was, old[i], "round " + round + " delete " + crd[i]);
                }
                assertEquals(expect, changed, "round " + round + ": removed");
            }
            if (round == 35 || round == 59) {
                // Empty the row: every element deleted, heads included.
                int[] all = model.keySet().stream().mapToInt(Integer::intValue).toArray();
                assertEquals(all.length, f.delete(s, root, all, 0, all.length));
                model.clear();
            }
            assertMatches(f, s, root, model, "round " + round);
        }
        assertEquals(0, f.size(s, root));
        assertEquals(0, s.arena().liveSlots(), "an emptied row holds no run");
    }

    private static void assertMatches(VctreeFormat f, NodeStore s, int root, TreeMap<Integer, Double> model, String what) {
        f.check(s, root);
        assertEquals(model.size(), f.size(s, root), what + ": size");
        int[] crd = new int[model.size()];
        double[] val = new double[model.size()];
        assertEquals(model.size(), f.collect(s, root, crd, val, 0), what);
        int i = 0;
        for (Map.Entry<Integer, Double> e : model.entrySet()) {
            assertEquals(e.getKey(), crd[i], what + ": element " + i);
            assertEquals(e.getValue(), val[i], what + ": value of " + e.getKey());
            assertEquals(e.getValue(), f.get(s, root, e.getKey()), what + ": get " + e.getKey());
            i++;
        }
        assertTrue(Double.isNaN(f.get(s, root, model.isEmpty() ? 5 : model.lastKey() + 1)), what + ": absent");
    }

    @Test
    void denseRowsTakeAboutAByteAnElementAgainstCtreesFour() {
        int[] crd = new int[100_000];
        for (int i = 0; i < crd.length; i++) {
            crd[i] = 3 * i + (i & 1);
        }
        long[] bytes = new long[2];
        DynamicFormat[] fs = {new CtreeFormat(), new VctreeFormat()};
        for (int k = 0; k < 2; k++) {
            NodeStore s = fs[k].newStore(ValueMode.NONE);
            int root = fs[k].newRoot(s);
            fs[k].build(s, root, crd, null, 0, crd.length);
            s.trim();
            bytes[k] = s.memoryBytes();
            assertEquals(crd.length, fs[k].size(s, root));
        }
        assertTrue(bytes[1] < 0.45 * bytes[0], "vctree " + bytes[1] + " bytes against ctree " + bytes[0]);
        assertTrue(bytes[1] < 1.4 * crd.length, "vctree " + bytes[1] + " bytes for " + crd.length + " elements");
    }

    @Test
    void varintSchemasAndPlainFormatsRefuseEachOther() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new CtreeFormat(Schemas.builtin("vctree"), 8))
                .getMessage().contains("use the vctree format"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new VctreeFormat(Schemas.builtin("ctree"), 8))
                .getMessage().contains("varint"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new GenericFormat(REPARSED)).getMessage()
                .contains("stored only by the vctree format"));
        assertEquals("vctree", BuiltinFormats.byName("vctree").name());
        NodeStore s = new VctreeFormat().newStore(ValueMode.NONE);
        assertTrue(assertThrows(UnsupportedOperationException.class, s::walk).getMessage().contains("varint"));
    }

    @Test
    void buildAndAppendRefuseAStructureThatIsNotEmpty() {
        VctreeFormat f = new VctreeFormat();
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        f.build(s, root, new int[] {1, 2, 3}, new double[] {1, 2, 3}, 0, 3);
        assertThrows(IllegalStateException.class, () -> f.build(s, root, new int[] {7}, new double[] {1}, 0, 1));
        assertThrows(IllegalStateException.class, () -> f.appendFirst(s, root, 9, 1.0));
    }

    @Test
    void checkFindsACorruptedCode() {
        VctreeFormat f = new VctreeFormat(REPARSED, 1 << 20);
        NodeStore s = f.newStore(ValueMode.NONE);
        int root = f.newRoot(s);
        f.build(s, root, new int[] {10, 20, 30}, null, 0, 3);
        f.check(s, root);
        byte[] b = s.arena().bytes();
        int off = s.rootPool().ints(s.rootPool().layout("e"))[root];
        b[off + 1] = 0;
        assertThrows(IllegalStateException.class, () -> f.check(s, root));
    }
}
