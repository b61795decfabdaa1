package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.front.Definition;
import org.stag.engine.front.ScalarType;
import org.stag.engine.pass.Pass;
import org.stag.engine.pass.Passes;
import org.stag.engine.reference.RefTensor;
import org.stag.engine.reference.ReferenceEvaluator;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;

/**
 * DCTACO's canonical form ({@link org.stag.engine.pass.Canonical}): right-hand sides whose loop would be a
 * union of sparse operands run one loop per monomial when the pass is on (and a union loop when it is off),
 * with the reference evaluator's results either way, for every law (+ over *, OR over AND, MIN and MAX over
 * +), free and reduced loops, scalar targets, integers, and for the shapes it must leave alone.
 */
class CanonicalFormTest {
    private static final int N = 23;

    /** Runs {@code Main} with the pass on and off; returns how many kernel variants ran monomials with it on. */
    private static long run(CheckedProgram p, Map<String, RefTensor> inputs, Map<String, String> formats) {
        Map<String, Object> expected = new ReferenceEvaluator(p, Map.of("N", N), inputs).runMain();
        long fired = -1;
        for (boolean on : new boolean[] {true, false}) {
            for (int threads : new int[] {1, 2}) {
                Passes passes = on ? Passes.all() : Passes.all().without(Pass.CANONICAL);
                RunOptions o = new RunOptions().threads(threads).passes(passes).param("N", "" + N);
                inputs.forEach((name, t) -> o.input(name, Fixtures.store(t, formats.get(name))));
                ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, o);
                Fixtures.assertOutputs(p, expected, r.runMain());
                if (on) {
                    fired = r.stats().canonical();
                } else {
                    assertEquals(0, r.stats().canonical(), "fired with the pass off");
                }
            }
        }
        return fired;
    }

    private static RefTensor vector(long seed, double density, ScalarType t, Object fill) {
        Random r = new Random(seed);
        RefTensor v = new RefTensor(t, new int[] {N}, fill);
        for (int i = 0; i < N; i++) {
            if (r.nextDouble() < density) {
                v.set(switch (t) {
                    case DOUBLE -> (r.nextInt(13) - 4) / 4.0;
                    case LONG -> (long) (r.nextInt(2001) - 1000) * 1_000_000_007L;
                    case INT -> r.nextInt();
                    case BOOL -> r.nextBoolean();
                    default -> throw new IllegalArgumentException();
                }, i);
            }
        }
        return v;
    }

    private static RefTensor matrix(long seed) {
        return Fixtures.weights(seed, Fixtures.graph(seed, N, 0.3, true), 0.0);
    }

    @Test
    void productOfASumOfSparseVectors() {
        CheckedProgram p = Fixtures.program("c1.stag",
                "N int",
                "a double[compressed[N]]",
                "b double[compressed[N]]",
                "c double[N]",
                "Let Main() -> (y double[N], z double[N])",
                "    y[i] = (a[i] + b[i]) * c[i]",
                "    z[i] = a[i] * c[i] - b[i] * c[i] + 2.0 * a[i]",
                "End");
        long fired = run(p, Map.of("a", vector(1, 0.3, ScalarType.DOUBLE, 0.0), "b", vector(2, 0.3, ScalarType.DOUBLE, 0.0),
                "c", vector(3, 0.9, ScalarType.DOUBLE, 0.0)), Map.of("a", "compressed", "b", "compressed", "c", "dense"));
        assertEquals(2, fired);
    }

    @Test
    void sumOfSparseMatricesTimesAVector() {
        CheckedProgram p = Fixtures.program("c2.stag",
                "N int",
                "A double[N][compressed[N]]",
                "B double[N][compressed[N]]",
                "x double[N]",
                "Let Main() -> (y double[N], s double, m double[N][N], ys double[compressed[N]])",
                "    y[i] = (A[i][j] + B[i][j]) * x[j] | j:(+, 0.0)",
                "    s = x[i] * (A[i][j] + B[i][j]) | i:(+, 0.0), j:(+, 0.0)",
                "    m[i][j] = x[i] * (A[i][j] + B[i][j])",
                // A sparse target: the monomials add into the reduction's accumulator, one entry per row.
                "    ys[i] = (A[i][j] - B[i][j]) * x[j] | j:(+, 0.0)",
                "End");
        long fired = run(p, Map.of("A", matrix(4), "B", matrix(5), "x", vector(6, 0.9, ScalarType.DOUBLE, 0.0)),
                Map.of("A", "dense,compressed", "B", "dense,compressed", "x", "dense"));
        assertEquals(4, fired);
    }

    @Test
    void listsAndDynamicRows() {
        CheckedProgram p = Fixtures.program("c3.stag",
                "N int",
                "a double[list[N]]",
                "b double[bst[N]]",
                "c double[N]",
                "Let Main() -> (y double[N], t double)",
                "    y[i] = c[i] * (a[i] + b[i])",
                "    t = (a[i] + b[i]) * c[i] | i:(+, 0.0)",
                "End");
        long fired = run(p, Map.of("a", vector(7, 0.3, ScalarType.DOUBLE, 0.0), "b", vector(8, 0.3, ScalarType.DOUBLE, 0.0),
                "c", vector(9, 0.9, ScalarType.DOUBLE, 0.0)), Map.of("a", "list", "b", "bst", "c", "dense"));
        assertEquals(2, fired);
    }

    @Test
    void integersWrapAndDistributeExactly() {
        CheckedProgram p = Fixtures.program("c4.stag",
                "N int",
                "a long[compressed[N]]",
                "b long[compressed[N]]",
                "c long[N]",
                "Let Main() -> (y long[N], s long)",
                "    y[i] = (a[i] + b[i]) * c[i]",
                "    s = (a[i] - b[i]) * c[i] | i:(+, 0L)",
                "End");
        long fired = run(p, Map.of("a", vector(10, 0.3, ScalarType.LONG, 0L), "b", vector(11, 0.3, ScalarType.LONG, 0L),
                "c", vector(12, 0.9, ScalarType.LONG, 0L)), Map.of("a", "compressed", "b", "compressed", "c", "dense"));
        assertEquals(2, fired);
    }

    @Test
    void orOverAndAndMinOverPlus() {
        CheckedProgram p = Fixtures.program("c5.stag",
                "N int",
                "m bool[compressed[N]]",
                "n bool[compressed[N]]",
                "q bool[N]",
                "u double[compressed[N]] fill inf",
                "v double[compressed[N]] fill inf",
                "w double[N]",
                "Let Main() -> (r bool[N], r2 bool[N], d double[N] fill inf, e double)",
                "    r[i] = (m[i] || n[i]) && q[i]",
                "    r2[i] = AND(q[i], OR(m[i], n[i]))",
                "    d[i] = MIN(u[i], v[i]) + w[i]",
                "    e = MIN(u[i], v[i]) + w[i] | i:(MIN, inf)",
                "End");
        long fired = run(p, Map.of("m", vector(13, 0.3, ScalarType.BOOL, false), "n", vector(14, 0.3, ScalarType.BOOL, false),
                "q", vector(15, 0.9, ScalarType.BOOL, false), "u", vector(16, 0.3, ScalarType.DOUBLE, Double.POSITIVE_INFINITY),
                "v", vector(17, 0.3, ScalarType.DOUBLE, Double.POSITIVE_INFINITY), "w", vector(18, 0.9, ScalarType.DOUBLE, 0.0)),
                Map.of("m", "compressed", "n", "compressed", "q", "dense", "u", "compressed", "v", "compressed", "w", "dense"));
        assertEquals(4, fired);
    }

    @Test
    void leavesAloneWhatItCannotSplitExactlyOrProfitably() {
        CheckedProgram p = Fixtures.program("c6.stag",
                "N int",
                "a double[compressed[N]]",
                "b double[compressed[N]]",
                "c double[compressed[N]]",
                "x double[N]",
                "Let Main() -> (y1 double[N], y2 double[N] fill 1.0, y3 double[N], y4 double[N], y5 double[compressed[N]])",
                // A monomial without a vanishing factor of its own: (0 + 1) * c is not 0.
                "    y1[i] = (a[i] + 1.0) * c[i]",
                // The target's fill is not the sum's identity.
                "    y2[i] = a[i] * x[i] + b[i] * x[i] + 1.0",
                // c alone decides: already an intersection, no union to remove.
                "    y3[i] = (a[i] + b[i]) * c[i]",
                // A dense summand: the loop is the whole dimension either way.
                "    y4[i] = a[i] * x[i] + x[i]",
                // Sparse targets are not split.
                "    y5[i] = a[i] * x[i] + b[i] * x[i]",
                "End");
        long fired = run(p, Map.of("a", vector(19, 0.3, ScalarType.DOUBLE, 0.0), "b", vector(20, 0.3, ScalarType.DOUBLE, 0.0),
                "c", vector(21, 0.3, ScalarType.DOUBLE, 0.0), "x", vector(22, 0.9, ScalarType.DOUBLE, 0.0)),
                Map.of("a", "compressed", "b", "compressed", "c", "compressed", "x", "dense"));
        assertEquals(0, fired);
    }

    @Test
    void theKernelRunsOneLoopPerMonomialWithoutUnionTests() {
        CheckedProgram p = Fixtures.program("c7.stag",
                "N int",
                "A double[N][compressed[N]]",
                "B double[N][compressed[N]]",
                "x double[N]",
                "Let Main() -> (y double[N])",
                "    y[i] = (A[i][j] + B[i][j]) * x[j] | j:(+, 0.0)",
                "End");
        Definition d = (Definition) p.main().decl().body().get(0);
        Map<String, Format> formats = new LinkedHashMap<>();
        for (String t : List.of("A", "B")) {
            formats.put(t, FormatParser.parse("dense,compressed"));
        }
        formats.put("x", FormatParser.parse("dense"));
        formats.put("y", FormatParser.parse("dense"));
        CompiledDefinition on = Fixtures.COMPILER.compile(p, d, formats, Map.of(), Map.of(), null, true, true, true);
        CompiledDefinition off = Fixtures.COMPILER.compile(p, d, formats, Map.of(), Map.of(), null, true, true, false);
        assertEquals("canonical iterate+iterate", on.plan().notes().get("loop j"), on.plan().notes().toString());
        assertEquals("union", off.plan().notes().get("loop j"));
        String java = on.plan().source().text();
        assertFalse(java.contains("||"), java);
        assertEquals(2, java.split("acc0 \\+=", -1).length - 1, java);
        // Without the canonical form the union runs while both rows have entries, then each row's tail alone.
        assertEquals("{A} {B}", off.plan().notes().get("tails j"), off.plan().notes().toString());
        assertTrue(off.plan().source().text().contains(" : -1"));
    }
}
