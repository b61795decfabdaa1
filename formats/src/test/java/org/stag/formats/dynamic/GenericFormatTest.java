package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.impl.GenericFormat;
import org.stag.formats.dynamic.impl.ListFormat;
import org.stag.formats.dynamic.impl.NamedFormat;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;
import org.stag.formats.tensor.DynamicFormats;

/** What the generic format builds, how it keeps trees shallow, and which schemas it refuses and why. */
class GenericFormatTest {

    private static String refusal(String schemaText) {
        Schema s = Schema.parse("user.schema", schemaText);
        return assertThrows(IllegalArgumentException.class, () -> new GenericFormat(s)).getMessage();
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        // supertypes (a B-tree)
        "btree8.schema|schema btree8: the generic format cannot build it: the root's child 'r' has supertype 'btree8'; supertypes are not supported",
        "unordered.schema|schema unordered: the generic format cannot build it: node type 'b' has no seq: unordered nonzeros are not supported"})
    void refusedSchemaFilesAreNamed(String file, String message) {
        Schema s = Schema.parse(file, readResource(file));
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> DynamicFormats.forSchema(s)).getMessage());
    }

    private static String readResource(String file) {
        try {
            return java.nio.file.Files.readString(UserSchemas.path(file));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void otherShapesAreRefusedWithTheirReason() {
        assertTrue(refusal("def root p { e : elem  t : n }  def n { e : elem  r : n  seq = e, r }")
                .endsWith("the root type 'p' holds elements; the root may only point at the first node"));
        assertTrue(refusal("def root p { a : n  b : n }  def n { e : elem  r : n  seq = e, r }")
                .endsWith("the root type 'p' must have exactly one scalar child field"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem  f : elem  r : n  seq = e, f, r }")
                .endsWith("node type 'n' has 2 element fields; exactly one is supported"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem[4]  r : n  seq = {e}, r }")
                .endsWith("element array 'e' must be sized by a size field alone, e.g. elem[B]"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem[B]  r : n  B : size  seq = {e}, r }")
                .endsWith("element array 'e' needs an upper size bound of at least 1, e.g. B : size in [1, 8]"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem[B]  r : n  B : size in [5, 8]  seq = {e}, r }")
                .endsWith("size field 'B' has lower bound 5 above half its upper bound 8; nodes cannot always be filled that far"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem  l : n  m : n  seq = l, m, e }")
                .endsWith("node type 'n' has two children before its elements"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem  r : n  s : n  t : n  seq = e, r, s, t }")
                .endsWith("node type 'n' has three children after its elements"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem  l : n  r : n  s : n  seq = l, e, r, s }")
                .endsWith("node type 'n' has a child before its elements and two after them"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem  d : n  s : n  up : parent  seq = e, d, s }")
                .endsWith("parent field 'up' in a skip list is not supported"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem  r : m  seq = e, r }  def m { e : elem  seq = e }")
                .endsWith("it has 3 node types; only a root and one node type are supported"));
        assertTrue(refusal("def root p { a : n nonempty }  def n { e : elem  r : n  seq = e, r }")
                .endsWith("the root's child 'a' is nonempty, so a structure could never be empty"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem  r : n nonempty  seq = e, r }")
                .endsWith("child 'r' of 'n' is nonempty; the last nodes of a list or tree have no child"));
        assertTrue(refusal("def root p { a : n }  def n { e : elem  seq = e }")
                .endsWith("node type 'n' has no child of its own type to link nodes"));
    }

    @Test
    void aShippedSchemaKeepsItsHandWrittenFormat() {
        assertInstanceOf(ListFormat.class, DynamicFormats.forSchema(Schemas.builtin("list")));
        assertInstanceOf(GenericFormat.class, UserSchemas.format("blist5.schema"));
    }

    @Test
    void aShippedShapeWithOtherBoundsGetsTheShippedCodeUnderItsOwnName() {
        DynamicFormat f = UserSchemas.format("btree-order8.schema");
        NamedFormat n = assertInstanceOf(NamedFormat.class, f);
        assertInstanceOf(org.stag.formats.dynamic.impl.BtreeFormat.class, n.implementation());
        assertTrue(f.name().matches("btree-order8@[0-9a-f]{8}"), f.name());
        assertEquals(7, f.schema().nodeType("btree_leaf").orElseThrow().field("B").orElseThrow().bounds().orElseThrow()
                .upper().getAsInt());
        // Bounds the shipped code cannot keep are refused, naming the schema and the shape.
        Schema tiny = Schema.parse("btree2.schema", readResource("btree-order8.schema").replace("[1, 7]", "[1, 2]"));
        String m = assertThrows(IllegalArgumentException.class, () -> DynamicFormats.forSchema(tiny)).getMessage();
        assertTrue(m.startsWith("schema btree2 has the shape of the shipped btree schema, whose implementation refuses its bounds: "), m);
    }

    @Test
    void schemasOfOneNameButOtherContentGetOtherNames() {
        // A user's "list" with blocks is not the shipped list: kernels are cached by format name.
        Schema mine = Schema.parse("list.schema", "def list { e : elem[B]  n : list  B : size in [1, 3]  seq = {e}, n }"
                + " def root list_head { h : list }");
        DynamicFormat f = DynamicFormats.forSchema(mine);
        assertInstanceOf(GenericFormat.class, f);
        assertTrue(f.name().matches("list@[0-9a-f]{8}"), f.name());
        assertEquals(f.name(), DynamicFormats.forSchema(Schema.parse("list.schema", mine.toSource())).name());
    }

    /** Depth of the deepest node under the root's child, for a tree schema with children l and r (bst-plain). */
    private static int depth(NodeStore s, int root) {
        NodePool rp = s.rootPool();
        NodePool n = s.pool("n");
        int[] l = n.ints(n.layout("l"));
        int[] r = n.ints(n.layout("r"));
        return depth(l, r, rp.ints(rp.layout("r"))[root]);
    }

    private static int depth(int[] l, int[] r, int h) {
        return h == 0 ? 0 : 1 + Math.max(depth(l, r, l[h]), depth(l, r, r[h]));
    }

    @Test
    void appendsAndBuildsKeepTreesShallow() {
        DynamicFormat f = UserSchemas.format("bst-plain.schema");
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        int state = f.appendFirst(s, root, 0, 0);
        int n = 1;
        for (int i = 1; i < 70_000; i++) {
            state = f.appendRest(s, root, state, i, i);
            n++;
            if (n == 1000 || n == 4095 || n == 4096 || n == 70_000 - 1) {
                int log = 32 - Integer.numberOfLeadingZeros(n);
                assertTrue(depth(s, root) <= 2 * log, "depth " + depth(s, root) + " after " + n + " appends");
            }
        }
        f.check(s, root);
        f.clear(s, root);
        int[] crd = new int[50_000];
        for (int i = 0; i < crd.length; i++) {
            crd[i] = 3 * i;
        }
        f.build(s, root, crd, null, 0, crd.length);
        assertEquals(16, depth(s, root), "a build is as shallow as a tree of 50000 nodes can be");
    }

    @Test
    void checkFindsBrokenOrderFillAndParents() {
        DynamicFormat f = UserSchemas.format("blocktree4.schema");
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        int[] crd = new int[40];
        for (int i = 0; i < crd.length; i++) {
            crd[i] = 10 * i;
        }
        f.build(s, root, crd, null, 0, crd.length);
        f.check(s, root);
        NodePool nodes = s.pool("node");
        NodePool roots = s.rootPool();
        int top = roots.ints(roots.layout("t"))[root];
        int[] e = nodes.ints(nodes.layout("e"));
        int[] size = nodes.ints(nodes.layout("B"));
        int[] up = nodes.ints(nodes.layout("up"));
        int left = nodes.ints(nodes.layout("l"))[top];

        int saved = e[top * 4];
        e[top * 4] = 5;
        assertTrue(assertThrows(IllegalStateException.class, () -> f.check(s, root)).getMessage().contains("out of order"));
        e[top * 4] = saved;

        size[top] = 1;
        assertTrue(assertThrows(IllegalStateException.class, () -> f.check(s, root)).getMessage().contains("outside [2, 4]"));
        size[top] = 4;

        up[left] = 0;
        assertTrue(assertThrows(IllegalStateException.class, () -> f.check(s, root)).getMessage().contains("does not name its parent"));
        up[left] = top;
        f.check(s, root);
    }

    @Test
    void nestedMatricesOfUserSchemasMatchTheModel() {
        SplittableRandom rnd = new SplittableRandom(31);
        int rows = 300;
        int cols = 500;
        NestedMatrix m = new NestedMatrix(UserSchemas.format("blocktree4.schema"), UserSchemas.format("blist5.schema"), rows, cols, true);
        TreeMap<Long, Double> model = new TreeMap<>();
        for (int step = 0; step < 30; step++) {
            int n = 1 + rnd.nextInt(step % 5 == 0 ? 3000 : 100);
            int[] src = new int[n];
            int[] dst = new int[n];
            double[] val = new double[n];
            for (int k = 0; k < n; k++) {
                src[k] = rnd.nextInt(rows);
                dst[k] = rnd.nextInt(cols);
                val[k] = rnd.nextInt(100) / 4.0;
            }
            if (step % 3 == 2) {
                UpdateStats st = m.deleteBatch(src, dst, n, 2);
                long before = model.size();
                for (int k = 0; k < n; k++) {
                    model.remove(((long) src[k] << 32) | dst[k]);
                }
                assertEquals(before - model.size(), st.deleted(), "step " + step);
            } else {
                UpdateStats st = m.insertBatch(src, dst, val, n, 2);
                long before = model.size();
                for (int k = 0; k < n; k++) {
                    model.put(((long) src[k] << 32) | dst[k], val[k]);
                }
                assertEquals(model.size() - before, st.inserted(), "step " + step);
            }
            m.check();
            DynamicFormatContract.assertSame(model, m, true, "blocktree4,blist5 step " + step);
        }
    }
}
