package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.stag.engine.plan.Fusible;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.front.Stmt;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/** Fused definitions compute exactly what the same definitions compute one kernel at a time, in one pass. */
class FusionTest {
    private static final String PROGRAM = """
            N int
            damping double = 0.85
            rank double[N]
            deg int[N]
            Let Main() -> (contrib double[N], dangling double, scaled double[N], big int)
                contrib[j] = ifelse(deg[j] == 0, 0.0, rank[j] / deg[j])
                dangling = ifelse(deg[j] == 0, rank[j], 0.0) | j:(+, 0.0)
                scaled[i] = damping * contrib[i] + rank[i]
                big = scaled[k] > 0.5 | k:(+, 0)
            End
            """;

    @Test
    void fusedPassEqualsOneKernelPerDefinition() {
        CheckedProgram p = new Checker().check(new Source("fuse.stag", PROGRAM));
        List<Definition> defs = new ArrayList<>();
        for (Stmt s : p.main().decl().body()) {
            defs.add((Definition) s);
        }
        Format dense = FormatParser.parse("dense");
        Map<String, Format> formats = Map.of("rank", dense, "deg", dense, "contrib", dense, "scaled", dense);
        // big reads scaled, defined in the same pass: allowed at the same index. dangling is a scalar of the pass.
        assertNull(Fusible.whyNot(p, defs, formats));
        int n = 5000;
        Random rnd = new Random(5);
        double[] rank = new double[n];
        int[] deg = new int[n];
        for (int v = 0; v < n; v++) {
            rank[v] = rnd.nextDouble();
            deg[v] = rnd.nextInt(4);
        }
        Map<String, Object> bind = new HashMap<>();
        bind.put("N", n);
        bind.put("damping", 0.85);
        bind.put("rank", Tensor.ofDense(dense, new int[] {n}, Values.ofDoubles(rank, 0.0)));
        bind.put("deg", Tensor.ofDense(dense, new int[] {n}, Values.ofInts(deg, 0)));
        DefinitionCompiler dc = new DefinitionCompiler();
        CompiledFusion fused = dc.compileFused(p, defs, formats, Map.of());
        assertTrue(fused.plan().source().text().contains("o0[i_L] = x0"), fused.plan().source().text());
        Map<String, Object> separate = new HashMap<>(bind);
        for (Definition d : defs) {
            separate.put(d.target().name(), dc.compile(p, d, formats, Map.of()).run(separate, 1));
        }
        for (int threads : new int[] {1, 2}) {
            Map<String, Object> out = fused.run(bind, threads);
            for (Definition d : defs) {
                String name = d.target().name();
                Object a = out.get(name);
                Object b = separate.get(name);
                if (a instanceof Tensor ta) {
                    for (int v = 0; v < n; v++) {
                        assertEquals(((Tensor) b).getAsDouble(v), ta.getAsDouble(v), 0.0, name + "[" + v + "]");
                    }
                } else {
                    assertEquals(((Number) b).doubleValue(), ((Number) a).doubleValue(),
                            1e-12 * Math.abs(((Number) b).doubleValue()), name);
                }
            }
        }
    }

    @Test
    void refusesWhatIsNotOnePass() {
        CheckedProgram p = new Checker().check(new Source("nofuse.stag", """
                N int
                A double[N][compressed[N]]
                x double[N]
                Let Main() -> (y double[N], s double, z double[N])
                    s = x[j] | j:(+, 0.0)
                    z[i] = x[i] * s
                    y[i] = A[i][j] * x[j] | j:(+, 0.0)
                End
                """));
        List<Definition> defs = new ArrayList<>();
        p.main().decl().body().forEach(st -> defs.add((Definition) st));
        Format dense = FormatParser.parse("dense");
        Map<String, Format> f = Map.of("A", FormatParser.parse("dense,compressed"), "x", dense, "y", dense, "z", dense);
        assertNotNull(Fusible.whyNot(p, defs.subList(0, 2), f), "z needs all of s");
        // A row reduction joins the pass: y[i] is finished within the shared loop over i.
        assertNull(Fusible.whyNot(p, defs.subList(1, 3), f));
        Map<String, Format> hashed = new java.util.HashMap<>(f);
        hashed.put("A", FormatParser.parse("dense,hashed"));
        assertEquals("the read A is not a matrix of dense rows, each iterated in order, read by rows at [i][j]",
                Fusible.whyNot(p, defs.subList(1, 3), hashed));
        // Rows of any level that iterates a row in order fuse: every ordered dynamic schema; not an unsorted one.
        for (String rows : List.of("dense,ctree", "dense,bst", "dense,blist", "dense,btree")) {
            hashed.put("A", FormatParser.parse(rows));
            assertNull(Fusible.whyNot(p, defs.subList(1, 3), hashed), rows);
        }
        hashed.put("A", FormatParser.parse("dense,blist-unsorted"));
        assertEquals("the read A is not a matrix of dense rows, each iterated in order, read by rows at [i][j]",
                Fusible.whyNot(p, defs.subList(1, 3), hashed));
        hashed.put("A", FormatParser.parse("bst,ctree"));
        assertNotNull(Fusible.whyNot(p, defs.subList(1, 3), hashed), "rows that are not dense");
    }

    @Test
    void refusesRowReductionsThatAreNotOneRowWalk() {
        CheckedProgram p = new Checker().check(new Source("rows.stag", """
                N int
                A double[N][compressed[N]]
                x double[N]
                Let Main() -> (y double[N], m double[N], z double[N], w double[N])
                    z[i] = x[i] * 2.0
                    y[i] = A[i][j] * z[j] | j:(+, 0.0)
                    m[i] = A[i][j] * x[j] | j:(MIN, 100.0)
                    w[j] = A[j][i] * x[i] | i:(+, 0.0)
                End
                """));
        List<Definition> defs = new ArrayList<>();
        p.main().decl().body().forEach(st -> defs.add((Definition) st));
        Format dense = FormatParser.parse("dense");
        Map<String, Format> f = Map.of("A", FormatParser.parse("dense,compressed"), "x", dense, "y", dense, "z", dense,
                "m", dense, "w", dense);
        assertEquals("the read z is not a dense vector at i or j", Fusible.whyNot(p, defs.subList(0, 2), f));
        // An entry A does not store contributes 0, which MIN from 100 does not ignore.
        assertEquals("m is changed by the entries its matrix does not store", Fusible.whyNot(p, defs.subList(1, 3), f));
        assertEquals("index i is both a shared index and a row reduction's", Fusible.whyNot(p,
                List.of(defs.get(0), defs.get(3)), f));
    }
    private static final String ROWS = """
            N int
            damping double = 0.85
            A bool[N][compressed[N]]
            W double[N][compressed[N]]
            contrib double[N]
            Let Main() -> (next double[N], wnext double[N])
                incoming double[N]
                winc double[N]
                incoming[i] = A[i][j] * contrib[j] | j:(+, 0.0)
                next[i] = (1.0 - damping) / N + damping * incoming[i]
                winc[i] = W[i][j] * contrib[j] | j:(+, 0.0)
                wnext[i] = winc[i] + next[i]
            End
            """;

    /**
     * A fused group's row reductions are lowered by the classes of a kernel alone ({@code loopir.GroupDriver}):
     * the row loop is {@code LoopEmitter}'s, its bound in a local, and an unread target is never stored. Pattern
     * (constant bool), constant double and array values each give what the definitions compute one at a time.
     */
    @Test
    void fusedRowReductionsAreTheSingleKernelsLoops() {
        CheckedProgram p = new Checker().check(new Source("rows.stag", ROWS));
        List<Definition> defs = new ArrayList<>();
        for (Stmt s : p.main().decl().body()) {
            if (s instanceof Definition d) {
                defs.add(d);
            }
        }
        Format dense = FormatParser.parse("dense");
        Format csr = FormatParser.parse("dense,compressed");
        Map<String, Format> formats = Map.of("A", csr, "W", csr, "contrib", dense, "incoming", dense, "next", dense,
                "winc", dense, "wnext", dense);
        assertNull(Fusible.whyNot(p, defs, formats));
        DefinitionCompiler dc = new DefinitionCompiler();
        CompiledFusion fused = dc.compileFused(p, defs, formats, Map.of(), java.util.Set.of("incoming", "winc"), false);
        String src = fused.plan().source().text();
        assertTrue(src.contains("L1: for (int d0p0 = d0a0l1_pos[i_L], d0p0_end = d0a0l1_pos[i_L + 1]; d0p0 < d0p0_end; d0p0++)"),
                src);
        assertTrue(src.contains("final double x0 = d0acc0;") && src.contains("o1[i_L] = x1;"), src);
        assertTrue(!src.contains("o0[") && !src.contains("o2["), "unread targets are not stored:\n" + src);
        int n = 300;
        Random rnd = new Random(11);
        List<int[]> edges = new ArrayList<>();
        for (int e = 0; e < 4 * n; e++) {
            edges.add(new int[] {rnd.nextInt(n), rnd.nextInt(n)});
        }
        edges.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        List<int[]> unique = new ArrayList<>();
        for (int[] e : edges) {
            if (unique.isEmpty() || unique.get(unique.size() - 1)[0] != e[0] || unique.get(unique.size() - 1)[1] != e[1]) {
                unique.add(e);
            }
        }
        int m = unique.size();
        int[][] crd = new int[2][m];
        boolean[] bools = new boolean[m];
        double[] weights = new double[m];
        for (int e = 0; e < m; e++) {
            crd[0][e] = unique.get(e)[0];
            crd[1][e] = unique.get(e)[1];
            bools[e] = e % 3 != 0;
            weights[e] = 0.5 + e % 7;
        }
        double[] contrib = new double[n];
        for (int v = 0; v < n; v++) {
            contrib[v] = rnd.nextDouble();
        }
        Tensor aArray = Tensor.build(csr, new int[] {n, n}, crd, Values.ofBools(bools, false));
        Tensor wArray = Tensor.build(csr, new int[] {n, n}, crd, Values.ofDoubles(weights, 0.0));
        Object[][] cases = {
            {aArray, wArray},
            {aArray.withValues(Values.constantBool(true, false, m)), wArray.withValues(Values.constantDouble(2.5, 0.0, m))},
            {aArray.withValues(Values.constantBool(false, false, m)), wArray},
        };
        for (Object[] c : cases) {
            Map<String, org.stag.engine.cin.ValueRead> reads = Map.of("A", org.stag.engine.cin.ValueRead.of((Tensor) c[0]),
                    "W", org.stag.engine.cin.ValueRead.of((Tensor) c[1]));
            assertFusedAsSeparate(p, defs, formats, reads, fused, (Tensor) c[0], (Tensor) c[1], contrib, 1e-12, "");
        }
    }

    /**
     * A row reduction over dynamic rows fuses too ({@code dense,ctree}, {@code dense,bst}): the kernel is compiled
     * for the matrix's value read (its elements' layout and a constant are compiled in: one row loop, no test of
     * the values per run, except a values array at the elements' positions), keyed by it, and gives what the
     * definitions compute one at a time for a pattern, values held in the elements or in an array, and constants
     * over a layout that holds values or positions.
     */
    @Test
    void fusedRowReductionsOverDynamicRowsAreCompiledPerValueRead() {
        CheckedProgram p = new Checker().check(new Source("rows.stag", ROWS));
        List<Definition> defs = new ArrayList<>();
        for (Stmt s : p.main().decl().body()) {
            if (s instanceof Definition d) {
                defs.add(d);
            }
        }
        int n = 200;
        Random rnd = new Random(17);
        java.util.TreeSet<Long> keys = new java.util.TreeSet<>();
        while (keys.size() < 6 * n) {
            keys.add((long) rnd.nextInt(n) * n + (rnd.nextInt(10) == 0 ? rnd.nextInt(n) : rnd.nextInt(Math.max(1, n / 8))));
        }
        int m = keys.size();
        int[][] crd = new int[2][m];
        boolean[] bools = new boolean[m];
        double[] weights = new double[m];
        int e = 0;
        for (long k : keys) {
            crd[0][e] = (int) (k / n);
            crd[1][e] = (int) (k % n);
            bools[e] = e % 5 != 0;
            weights[e] = 0.25 * (1 + e % 9);
            e++;
        }
        double[] contrib = new double[n];
        for (int v = 0; v < n; v++) {
            contrib[v] = (1 + rnd.nextInt(16)) / 8.0;
        }
        Format dense = FormatParser.parse("dense");
        DefinitionCompiler dc = new DefinitionCompiler();
        for (String rows : List.of("dense,ctree", "dense,bst")) {
            Format f = FormatParser.parse(rows);
            Map<String, Format> formats = Map.of("A", f, "W", f, "contrib", dense, "incoming", dense, "next", dense,
                    "winc", dense, "wnext", dense);
            assertNull(Fusible.whyNot(p, defs, formats));
            Tensor aPattern = Tensor.build(f, new int[] {n, n}, crd, Values.constantBool(true, false, m));
            Tensor aBools = Tensor.build(f, new int[] {n, n}, crd, Values.ofBools(bools, false));
            Tensor w = Tensor.build(f, new int[] {n, n}, crd, Values.ofDoubles(weights, 0.0));
            Tensor[][] cases = {
                {aPattern, w},
                {aBools, w.withValues(Values.constantDouble(2.5, 0.0, m))},
                {aBools.withValues(Values.constantBool(false, false, m)), w},
            };
            Set<String> classes = new java.util.HashSet<>();
            for (Tensor[] c : cases) {
                Map<String, org.stag.engine.cin.ValueRead> reads = Map.of("A", org.stag.engine.cin.ValueRead.of(c[0]),
                        "W", org.stag.engine.cin.ValueRead.of(c[1]));
                CompiledFusion fused = dc.compileFused(p, defs, formats, reads, Map.of(), Set.of("incoming", "winc"), false);
                String src = fused.plan().source().text();
                // A constant or values in the elements are compiled in (one row loop); a values array at the elements'
                // positions (bools over a level of positions) may be an array or a constant, decided per run.
                boolean compiledIn = reads.get("A").kind() != org.stag.engine.cin.ValueRead.Kind.ARRAY;
                assertEquals(!compiledIn, src.contains("d0a0_const = d0a0_v.isConstant()"), reads + ":\n" + src);
                assertTrue(!src.contains("d2a0_const"), "W's read is compiled in:\n" + src);
                assertTrue(!src.contains("o0[") && !src.contains("o2["), "unread targets are not stored:\n" + src);
                classes.add(fused.plan().source().qualifiedName());
                assertFusedAsSeparate(p, defs, formats, reads, fused, c[0], c[1], contrib, 0.0, rows + " ");
            }
            assertEquals(cases.length, classes.size(), "one class per value read: " + classes);
        }
    }

    /**
     * Runs the fused kernel over {@code a}, {@code w} and {@code contrib} on 1 and 2 threads and checks its {@code next}
     * and {@code wnext} against the definitions compiled and run one by one, within {@code tolerance}.
     */
    private static void assertFusedAsSeparate(CheckedProgram p, List<Definition> defs, Map<String, Format> formats,
                                              Map<String, org.stag.engine.cin.ValueRead> reads, CompiledFusion fused,
                                              Tensor a, Tensor w, double[] contrib, double tolerance, String label) {
        int n = contrib.length;
        Map<String, Object> bind = new HashMap<>();
        bind.put("N", n);
        bind.put("damping", 0.85);
        bind.put("A", a);
        bind.put("W", w);
        bind.put("contrib", Tensor.ofDense(FormatParser.parse("dense"), new int[] {n}, Values.ofDoubles(contrib, 0.0)));
        Map<String, Object> separate = new HashMap<>(bind);
        DefinitionCompiler dc = new DefinitionCompiler();
        for (Definition d : defs) {
            separate.put(d.target().name(), dc.compile(p, d, formats, reads, Map.of(), null, false, false).run(separate, 1));
        }
        for (int threads : new int[] {1, 2}) {
            Map<String, Object> out = fused.run(bind, threads);
            for (String name : List.of("next", "wnext")) {
                Tensor got = (Tensor) out.get(name);
                Tensor want = (Tensor) separate.get(name);
                for (int v = 0; v < n; v++) {
                    assertEquals(want.getAsDouble(v), got.getAsDouble(v), tolerance, label + name + "[" + v + "]");
                }
            }
        }
    }
}
