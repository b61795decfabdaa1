package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.and;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.not;
import static org.stag.engine.loopir.Exprs.or;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.JavaType;
import org.stag.engine.javagen.JavaPrinter;
import org.stag.engine.javagen.GeneratedSource;
import org.stag.engine.jit.KernelCompiler;
import org.stag.engine.loopir.LevelCode;
import org.stag.engine.kernellib.Workspace;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.schema.Schema;

/**
 * Whole kernels over schema-derived code: SpMV over every format (the benchmark's kernel), a union merge
 * of two cursors (co-iteration, each cursor advanced from three places), and the emitted SpMV visits of
 * bst, ctree and blist, which are written to {@code target/schema-snippets} for the issue note.
 */
class SchemaKernelsTest {
    private static final Ex LVL = local("lvl", JavaType.ref("org.stag.formats.level.Level"));

    private static final KernelCompiler COMPILER = new KernelCompiler();

    static Stream<Arguments> specs() {
        return LevelCases.all().stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void spmvMatchesTheStoredMatrix(LevelCases.Spec spec) throws Exception {
        LevelCases.Case c = LevelCases.build(spec, true, 77 + spec.name().length());
        SchemaLevelCode code = new SchemaLevelCode(spec.levelFormat(), "A1", true);
        String name = "Spmv" + Math.abs(spec.name().hashCode());
        Method spmv = method(COMPILER.compile(new GeneratedSource("org.stag.gen.timing", name,
                SchemaSpmvTiming.spmvSource(code, name))), "spmv");
        int rows = c.rows();
        double[] x = new SplittableRandom(3).doubles(LevelCases.COLS, -1, 1).toArray();
        double[] y = new double[rows];
        spmv.invoke(null, c.level(), new Workspace(), rows, x, y);
        for (int p = 0; p < rows; p++) {
            LevelCases.Row r = c.row(p);
            double want = 0;
            double mag = 0;
            for (int j = 0; j < r.size(); j++) {
                want += r.val()[j] * x[r.crd()[j]];
                mag += Math.abs(r.val()[j] * x[r.crd()[j]]);
            }
            assertEquals(want, y[p], 1e-12 * mag, spec + ": y[" + p + "]");
        }
    }

    static Stream<Arguments> orderedCases() {
        List<Arguments> a = new ArrayList<>();
        for (LevelCases.Spec s : LevelCases.all()) {
            if (s.levelFormat().traits().ordered()) {
                a.add(Arguments.of(s, true));
                a.add(Arguments.of(s, false));
            }
        }
        return a.stream();
    }

    /**
     * Two cursors (two prefixes over one level, so each has its own stacks) merged as a union: rows p and
     * p + 1, and row p with itself, against the union of what {@code collect} gives.
     */
    @ParameterizedTest(name = "{0}, values={1}")
    @MethodSource("orderedCases")
    void twoCursorsMergeInOrder(LevelCases.Spec spec, boolean doubles) throws Exception {
        LevelCases.Case c = LevelCases.build(spec, doubles, 99 + spec.name().length());
        DynamicLevelFormat f = spec.levelFormat();
        String name = "Merge" + Math.abs(spec.name().hashCode()) + (doubles ? "d" : "p");
        Method merge = method(compile(name, mergeSource(new SchemaLevelCode(f, "A1", doubles),
                new SchemaLevelCode(f, "B1", doubles), name)), "merge");
        int rows = c.rows();
        List<int[]> pairs = new ArrayList<>();
        for (int p = 0; p < rows; p++) {
            pairs.add(new int[] {p, (p + 1) % rows});
            pairs.add(new int[] {p, p});
        }
        int m = pairs.size();
        int[] pa = pairs.stream().mapToInt(q -> q[0]).toArray();
        int[] pb = pairs.stream().mapToInt(q -> q[1]).toArray();
        int cap = 0;
        for (int[] q : pairs) {
            cap += c.level().structureSize(q[0]) + c.level().structureSize(q[1]);
        }
        int[] outT = new int[cap];
        int[] outC = new int[cap];
        double[] outA = new double[cap];
        double[] outB = new double[cap];
        int n = (int) merge.invoke(null, c.level(), new Workspace(), m, pa, pb, outT, outC, outA, outB);
        int at = 0;
        for (int t = 0; t < m; t++) {
            TreeMap<Integer, double[]> want = new TreeMap<>();
            LevelCases.Row a = c.row(pa[t]);
            LevelCases.Row b = c.row(pb[t]);
            for (int j = 0; j < a.size(); j++) {
                want.computeIfAbsent(a.crd()[j], k -> new double[] {Double.NaN, Double.NaN})[0] = a.val()[j];
            }
            for (int j = 0; j < b.size(); j++) {
                want.computeIfAbsent(b.crd()[j], k -> new double[] {Double.NaN, Double.NaN})[1] = b.val()[j];
            }
            for (var e : want.entrySet()) {
                String what = c.what() + ": merge of rows " + pa[t] + " and " + pb[t] + ", coordinate " + e.getKey();
                assertTrue(at < n && outT[at] == t, what + ": missing");
                assertEquals(e.getKey(), outC[at], what);
                assertEquals(e.getValue()[0], outA[at], what);
                assertEquals(e.getValue()[1], outB[at], what);
                at++;
            }
        }
        assertEquals(at, n, c.what() + ": merged elements");
    }

    /** {@code merge(lvl, ws, m, pa, pb, outT, outC, outA, outB)}: the union of rows pa[t] and pb[t] for t < m. */
    static String mergeSource(SchemaLevelCode a, SchemaLevelCode b, String name) {
        Block body = new Block();
        a.unpack(body, LVL);
        b.unpack(body, LVL);
        body.line("int n = 0");
        Block t = body.forLoop(null, JavaType.INT, "t", lit(0), lt(intVar("t"), intVar("m")), postInc(intVar("t")));
        LevelCode.Cursor ca = a.cursor(t, load(local("pa", JavaType.INTS), intVar("t")), "a");
        LevelCode.Cursor cb = b.cursor(t, load(local("pb", JavaType.INTS), intVar("t")), "b");
        String va = JavaPrinter.expr(a.holdsValues() ? ca.val() : ca.pos());
        String vb = JavaPrinter.expr(b.holdsValues() ? cb.val() : cb.pos());
        String aCrd = JavaPrinter.expr(ca.crd());
        String bCrd = JavaPrinter.expr(cb.crd());
        Block w = t.whileLoop(null, or(ca.valid(), cb.valid()));
        Block onlyA = w.ifThen(or(not(cb.valid()), and(ca.valid(), lt(ca.crd(), cb.crd()))));
        onlyA.line("outT[n] = t; outC[n] = " + aCrd + "; outA[n] = " + va + "; outB[n] = Double.NaN; n++");
        ca.advance(onlyA);
        Block rest = w.orElse();
        Block onlyB = rest.ifThen(or(not(ca.valid()), lt(cb.crd(), ca.crd())));
        onlyB.line("outT[n] = t; outC[n] = " + bCrd + "; outA[n] = Double.NaN; outB[n] = " + vb + "; n++");
        cb.advance(onlyB);
        Block both = rest.orElse();
        both.line("outT[n] = t; outC[n] = " + aCrd + "; outA[n] = " + va + "; outB[n] = " + vb + "; n++");
        ca.advance(both);
        cb.advance(both);
        body.line("return n");
        StringBuilder s = new StringBuilder("package " + SchemaKernels.PACKAGE + ";\n\npublic class " + name + " {\n"
                + "    public static int merge(org.stag.formats.level.Level lvl, org.stag.engine.kernellib.Workspace ws, "
                + "int m, int[] pa, int[] pb, int[] outT, int[] outC, double[] outA, double[] outB) {\n");
        JavaPrinter.print(body, 2, s);
        return s.append("    }\n}\n").toString();
    }

    /**
     * The SpMV visits the issue note shows: bst and ctree loop over the shard's in-order node index (no child
     * link read, no stack), ctree over arena chunks, blist is a while loop over blocks with no stack. Written to
     * {@code target/schema-snippets/NAME.java}.
     */
    @Test
    void spmvSnippets() throws IOException {
        Path dir = Path.of("target", "schema-snippets");
        Files.createDirectories(dir);
        for (String f : new String[] {"bst", "ctree", "blist"}) {
            SchemaLevelCode code = new SchemaLevelCode(new LevelCases.Spec(f, null).levelFormat(), "A1", true);
            String s = snippet(code);
            Files.writeString(dir.resolve(f + ".java"), s);
            assertTrue(s.contains("acc += v * x[j];"), s);
            assertFalse(s.contains("new "), s);
            switch (f) {
                case "bst" -> {
                    assertFalse(s.contains("_stk["), s);
                    assertFalse(s.contains("A1_bst_l[A1_h1]"), s);
                    assertTrue(s.contains("A1_h1 = A1_onodes[A1_oc1];"), s);
                }
                case "ctree" -> {
                    // One element loop over the runs (the prefix, then each head's chunk): one arena read.
                    assertEquals(1, count(s, "A1_acrd["), s);
                    assertTrue(s.contains("A1_W1: while (true)"), s);
                    assertFalse(s.contains("_stk["), s);
                    assertFalse(s.contains("A1_ctree_l[A1_h1]"), s);
                    assertTrue(s.contains("A1_h1 = A1_onodes[A1_t1];"), s);
                }
                default -> {
                    assertFalse(s.contains("_stk"), s);
                    assertTrue(s.contains("row: while (A1_x1 != 0)"), s);
                    assertTrue(s.contains("A1_x1 = A1_blist_n[A1_h1];"), s);
                }
            }
        }
    }

    /**
     * A C-tree whose elements carry nothing (a pattern) reads each listed node's head and chunk from the node
     * index's head triples, not from the node's handle and the pools; with values it needs the handle.
     */
    @Test
    void patternCtreeVisitReadsHeadTriples() {
        String pattern = snippet(new SchemaLevelCode(new LevelCases.Spec("ctree", null).levelFormat(), "A1",
                org.stag.formats.dynamic.ValueMode.NONE));
        assertTrue(pattern.contains("A1_oheads["), pattern);
        assertFalse(pattern.contains("A1_onodes["), pattern);
        assertFalse(pattern.contains("A1_ctree_t[A1_h1]"), pattern);
        String valued = snippet(new SchemaLevelCode(new LevelCases.Spec("ctree", null).levelFormat(), "A1", true));
        assertFalse(valued.contains("A1_oheads"), valued);
        assertTrue(valued.contains("A1_h1 = A1_onodes[A1_t1];"), valued);
        // Cursors (co-iteration) advance over the same triples.
        for (boolean values : new boolean[] {false, true}) {
            SchemaLevelCode code = values ? new SchemaLevelCode(new LevelCases.Spec("ctree", null).levelFormat(), "A1", true)
                    : new SchemaLevelCode(new LevelCases.Spec("ctree", null).levelFormat(), "A1",
                            org.stag.formats.dynamic.ValueMode.NONE);
            Block b = new Block();
            code.cursor(b, intVar("i"), "a");
            String c = JavaPrinter.print(b);
            assertEquals(!values, c.contains("A1_oheads["), c);
            assertEquals(values, c.contains("A1_onodes["), c);
        }
    }

    /**
     * A C-tree visit whose body stores into an array (a push) is a counted loop over the runs with a counted
     * element loop inside; one that also leaves the visit early, or only accumulates, refills one element loop.
     */
    @Test
    void ctreeVisitFormFollowsTheBody() {
        Ex out = local("out", JavaType.INTS);
        String push = visit(body -> body.store(out, intVar("j"), intVar("i")));
        assertTrue(push.contains("for (int A1_c1 = A1_oc1 - 1; A1_c1 < A1_oe1; A1_c1++)"), push);
        assertTrue(push.contains("for (int A1_p1 = A1_q1; A1_p1 < A1_qe1; A1_p1++)"), push);
        assertFalse(push.contains("while (true)"), push);
        assertEquals(2, count(push, "out[j] = i;"), push);
        String exits = visit(body -> {
            body.store(out, intVar("j"), intVar("i"));
            body.breakTo("row");
        });
        assertTrue(exits.contains("A1_W1: while (true)"), exits);
        assertFalse(exits.contains("A1_c1"), exits);
        String sums = visit(body -> body.line("acc += x[j]"));
        assertTrue(sums.contains("A1_W1: while (true)"), sums);
    }

    /** A pattern C-tree's visit with {@code body}, as the first visit of its kernel. */
    private static String visit(java.util.function.Consumer<Block> body) {
        SchemaLevelCode code = new SchemaLevelCode(new LevelCases.Spec("ctree", null).levelFormat(), "A1",
                org.stag.formats.dynamic.ValueMode.NONE);
        Block b = new Block();
        code.iterate(b, intVar("i"), new LevelCode.Binding("j", null, "v"), false, "row", body);
        return JavaPrinter.print(b);
    }

    /** The visit alone, as it sits in the SpMV row loop ({@code acc}, {@code x} and the row {@code i} in scope). */
    static String snippet(LevelCode code) {
        Block b = new Block();
        code.iterate(b, intVar("i"), new LevelCode.Binding("j", null, "v"), false, "row", body -> body.line("acc += v * x[j]"));
        return JavaPrinter.print(b);
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int at = s.indexOf(what); at >= 0; at = s.indexOf(what, at + 1)) {
            n++;
        }
        return n;
    }

    static Stream<Arguments> allCases() {
        List<Arguments> a = new ArrayList<>();
        for (LevelCases.Spec s : LevelCases.all()) {
            a.add(Arguments.of(s, true));
            a.add(Arguments.of(s, false));
        }
        return a.stream();
    }

    /**
     * Bodies as reductions with an annihilator emit them: one that always leaves (CHOOSE: take the first
     * element), and one that declares locals of both widths before a conditional {@code break}. Both compile
     * (Janino, with assertions on) wherever the visit inlines them, and stop where they should.
     */
    @ParameterizedTest(name = "{0}, values={1}")
    @MethodSource("allCases")
    void bodiesThatJumpOrDeclareLocals(LevelCases.Spec spec, boolean doubles) throws Exception {
        LevelCases.Case c = LevelCases.build(spec, doubles, 5 + spec.name().length());
        SchemaLevelCode code = new SchemaLevelCode(spec.levelFormat(), "A1", doubles);
        String carried = doubles ? "val" : "pos";
        LevelCode.Binding bind = doubles ? new LevelCode.Binding("crd", null, "val")
                : new LevelCode.Binding("crd", "pos", null);
        Block b = new Block();
        code.unpack(b, LVL);
        Block rows = b.forLoop(null, JavaType.INT, "p", lit(0), lt(intVar("p"), intVar("rows")), postInc(intVar("p")));
        rows.line("first[p] = -1");
        code.iterate(rows, intVar("p"), bind, true, "pick", body -> {
            body.line("first[p] = crd");
            body.line("break pick");
        });
        rows.line("hit[p] = -1");
        code.iterate(rows, intVar("p"), bind, false, "scan", body -> {
            body.line("double twice = 2.0 * " + carried);
            body.line("long wide = crd");
            body.line("int narrow = crd");
            body.line("if (wide == key[p] && twice == twice) { hit[p] = narrow; break scan; }");
        });
        String name = "Jumps" + Math.abs(spec.name().hashCode()) + (doubles ? "d" : "p");
        StringBuilder s = new StringBuilder("package " + SchemaKernels.PACKAGE + ";\n\npublic class " + name + " {\n"
                + "    public static void run(org.stag.formats.level.Level lvl, org.stag.engine.kernellib.Workspace ws, "
                + "int rows, int[] key, int[] first, int[] hit) {\n");
        JavaPrinter.print(b, 2, s);
        s.append("    }\n}\n");
        Method run = method(compile(name, s.toString()), "run");
        int n = c.rows();
        int[] key = new int[n];
        SplittableRandom rnd = new SplittableRandom(11);
        for (int p = 0; p < n; p++) {
            LevelCases.Row r = c.row(p);
            key[p] = r.size() > 0 && rnd.nextBoolean() ? r.crd()[rnd.nextInt(r.size())] : LevelCases.COLS - 2;
        }
        int[] first = new int[n];
        int[] hit = new int[n];
        run.invoke(null, c.level(), new Workspace(), n, key, first, hit);
        for (int p = 0; p < n; p++) {
            LevelCases.Row r = c.row(p);
            // In order means by increasing coordinate, also for a schema that stores a row in any order.
            int least = r.size() == 0 ? -1 : java.util.Arrays.stream(r.crd()).min().getAsInt();
            assertEquals(least, first[p], c.what() + ": first of row " + p);
            boolean stored = false;
            for (int x : r.crd()) {
                stored |= x == key[p];
            }
            assertEquals(stored ? key[p] : -1, hit[p], c.what() + ": search of row " + p);
        }
    }

    /** A schema the generator has never seen: nodes holding two elements around a middle child. */
    @Test
    void aSchemaWithoutAFormatStillGivesCodeThatCompiles() {
        Schema s = Schema.parse("pair", """
                def pair {
                  lo : elem nonempty
                  l : pair
                  m : pair
                  hi : elem nonempty
                  r : pair
                  seq = l, lo, m, hi, r
                }
                def root pair_root {
                  top : pair
                  first : elem nonempty
                  seq = first, top
                }
                """);
        SchemaLevelCode code = new SchemaLevelCode(new DynamicLevelFormat(new SchemaOnly(s)), "P", false);
        assertTrue(code.canLocate(), code.whyNoLocate());
        assertTrue(code.ordered());
        SchemaKernels k = new SchemaKernels(code);
        SchemaLevelCodeTest.emittedCodeIsTight("pair", k);
        // Two elements per node: the search compares with both and descends into l, m or r.
        assertEquals(3, Pattern.compile("P_g\\d+ = P_pair_[lmr]\\[").matcher(k.source).results().count(), k.source);
    }

    @Test
    void supertypesOfMixedTargetsGetAKindStack() {
        Schema s = Schema.parse("mixed", """
                def supertype inner
                def a : inner {
                  e : elem[B] nonempty
                  B : size in [1, 4]
                  x : inner
                  y : b
                  seq = x, {e}, y
                }
                def b : inner {
                  e : elem nonempty
                  seq = e
                }
                def root h {
                  t : inner
                }
                """);
        SchemaLevelCode code = new SchemaLevelCode(new DynamicLevelFormat(new SchemaOnly(s)), "M", true);
        assertFalse(code.canLocate());
        assertTrue(code.whyNoLocate().contains("different target types"), code.whyNoLocate());
        SchemaKernels k = new SchemaKernels(code);
        assertTrue(k.source.contains("M_kstk"), k.source);
    }

    @Test
    void unboundedChildArraysAreRejected() {
        Schema s = Schema.parse("wide", """
                def n {
                  e : elem nonempty
                  c : n[K]
                  K : size
                }
                def root h {
                  t : n
                }
                """);
        DynamicLevelFormat f = new DynamicLevelFormat(new SchemaOnly(s));
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> new SchemaLevelCode(f, "W", true));
        assertTrue(e.getMessage().contains("n.c"), e.getMessage());
    }

    private static Class<?> compile(String name, String source) {
        return COMPILER.compile(new GeneratedSource(SchemaKernels.PACKAGE, name, source));
    }

    private static Method method(Class<?> c, String name) {
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new AssertionError("no method " + name);
    }

    /** A format that has only a schema: enough to generate (and compile) code. */
    static final class SchemaOnly implements org.stag.formats.dynamic.DynamicFormat {
        private final Schema schema;

        SchemaOnly(Schema schema) {
            this.schema = schema;
        }

        @Override
        public String name() {
            return schema.name();
        }

        @Override
        public Schema schema() {
            return schema;
        }

        @Override
        public void build(org.stag.formats.dynamic.NodeStore s, int root, int[] crd, double[] val, int from, int to) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int appendFirst(org.stag.formats.dynamic.NodeStore s, int root, int crd, double val) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int appendRest(org.stag.formats.dynamic.NodeStore s, int root, int state, int crd, double val) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int insert(org.stag.formats.dynamic.NodeStore s, int root, int[] crd, double[] val, int from, int to) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int delete(org.stag.formats.dynamic.NodeStore s, int root, int[] crd, int from, int to) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int size(org.stag.formats.dynamic.NodeStore s, int root) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int collect(org.stag.formats.dynamic.NodeStore s, int root, int[] crd, double[] val, int at) {
            throw new UnsupportedOperationException();
        }

        @Override
        public double get(org.stag.formats.dynamic.NodeStore s, int root, int c) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void clear(org.stag.formats.dynamic.NodeStore s, int root) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void check(org.stag.formats.dynamic.NodeStore s, int root) {
            throw new UnsupportedOperationException();
        }
    }
}
