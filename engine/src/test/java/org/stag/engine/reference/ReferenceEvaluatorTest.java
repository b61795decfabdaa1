package org.stag.engine.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stag.engine.front.ScalarType.BOOL;
import static org.stag.engine.front.ScalarType.DOUBLE;
import static org.stag.engine.front.ScalarType.FLOAT;
import static org.stag.engine.front.ScalarType.INT;
import static org.stag.engine.front.ScalarType.LONG;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Source;

/** The reference evaluator against results computed by hand. */
class ReferenceEvaluatorTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    /** A 3x4 matrix with zeros (absent in a sparse format) and its transpose-friendly vector. */
    private static final RefTensor A = RefTensor.matrix(DOUBLE, 0.0, new Object[][] {
        {1.0, 0.0, 2.0, 0.0},
        {0.0, 0.0, 0.0, 0.0},
        {0.0, 3.0, 0.0, 4.0}});
    private static final RefTensor X = RefTensor.vector(DOUBLE, 0.0, 1.0, 2.0, 3.0, 4.0);

    /** Runs {@code Main} of a program made of {@code lines}, with parameter values and inputs. */
    private static Map<String, Object> run(Map<String, ?> params, Map<String, RefTensor> inputs, String... lines) {
        CheckedProgram p = new Checker().check(new Source("t.stag", String.join("\n", lines) + "\n"));
        return new ReferenceEvaluator(p, params, inputs).runMain();
    }

    private static Object only(Map<String, Object> outs) {
        assertEquals(1, outs.size());
        return outs.values().iterator().next();
    }

    private static Map<String, RefTensor> inputs(Object... nameTensor) {
        Map<String, RefTensor> m = new LinkedHashMap<>();
        for (int k = 0; k < nameTensor.length; k += 2) {
            m.put((String) nameTensor[k], (RefTensor) nameTensor[k + 1]);
        }
        return m;
    }

    private static final Map<String, Integer> MN = Map.of("M", 3, "N", 4);

    @Test
    void spmv() {
        Object y = only(run(MN, inputs("A", A, "x", X), "M int", "N int", "A double[M][compressed[N]]", "x double[N]",
                "Let Main() -> (y double[M])", "    y[i] = A[i][j] * x[j] | j:(+, 0.0)", "End"));
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 7.0, 0.0, 22.0), y);
    }

    @Test
    void spmvStoresNoFillEntries() {
        RefTensor y = (RefTensor) only(run(MN, inputs("A", A, "x", X), "M int", "N int", "A double[M][compressed[N]]",
                "x double[N]", "Let Main() -> (y double[M])", "    y[i] = A[i][j] * x[j] | j:(+, 0.0)", "End"));
        assertEquals(2, y.nonFill());
        assertEquals(List.of(Coord.of(0), Coord.of(2)), List.copyOf(y.entries().keySet()));
    }

    @Test
    void spmspvWithSparseVector() {
        RefTensor x = RefTensor.vector(DOUBLE, 0.0, 0.0, 0.0, 5.0, 0.0);
        Object y = only(run(MN, inputs("A", A, "x", x), "M int", "N int", "A double[M][compressed[N]]",
                "x double[compressed[N]]", "Let Main() -> (y double[M])", "    y[i] = A[i][j] * x[j] | j:(+, 0.0)", "End"));
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 10.0, 0.0, 0.0), y);
    }

    @Test
    void spmvOfAnIntMatrixWithDoubleInitIsDouble() {
        RefTensor ai = RefTensor.matrix(INT, 0, new Object[][] {{1, 2}, {0, 3}});
        RefTensor xd = RefTensor.vector(DOUBLE, 0.0, 0.5, 0.25);
        Object y = only(run(Map.of("N", 2), inputs("A", ai, "x", xd), "N int", "A int[N][compressed[N]]", "x double[N]",
                "Let Main() -> (y double[N])", "    y[i] = A[i][j] * x[j] | j:(+, 0.0)", "End"));
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 1.0, 0.75), y);
    }

    @Test
    void spgemmRowWise() {
        RefTensor b = RefTensor.matrix(DOUBLE, 0.0, new Object[][] {{1.0, 0.0}, {0.0, 2.0}, {3.0, 0.0}, {0.0, 1.0}});
        Object c = only(run(Map.of("M", 3, "N", 4, "K", 2), inputs("A", A, "B", b), "M int", "N int", "K int",
                "A double[M][compressed[N]]", "B double[N][compressed[K]]", "Let Main() -> (C double[M][compressed[K]])",
                "    C[i][j] = A[i][k] * B[k][j] | k:(+, 0.0) Ord i, k, j", "End"));
        assertEquals(RefTensor.matrix(DOUBLE, 0.0, new Object[][] {{7.0, 0.0}, {0.0, 0.0}, {0.0, 10.0}}), c);
    }

    @Test
    void spgemmSquare() {
        RefTensor a = RefTensor.matrix(INT, 0, new Object[][] {{0, 1}, {1, 1}});
        Object c = only(run(Map.of("N", 2), inputs("A", a), "N int", "A int[N][compressed[N]]",
                "Let Main() -> (C int[N][N])", "    C[i][j] = A[i][k] * A[k][j] | k:(+, 0)", "End"));
        assertEquals(RefTensor.matrix(INT, 0, new Object[][] {{1, 1}, {1, 2}}), c);
    }

    private static final String[] VEC = {"N int", "x double[N]", "y double[compressed[N]]", "m bool[bitmap[N]]"};

    private static Object vec(RefTensor x, RefTensor y, RefTensor m, String output, String statement) {
        String[] lines = new String[VEC.length + 3];
        System.arraycopy(VEC, 0, lines, 0, VEC.length);
        lines[VEC.length] = "Let Main() -> (z " + output + ")";
        lines[VEC.length + 1] = "    " + statement;
        lines[VEC.length + 2] = "End";
        return only(run(Map.of("N", 4), inputs("x", x, "y", y, "m", m), lines));
    }

    private static final RefTensor VX = RefTensor.vector(DOUBLE, 0.0, 1.0, -2.0, 0.0, 4.0);
    private static final RefTensor VY = RefTensor.vector(DOUBLE, 0.0, 0.0, 3.0, 0.0, -1.0);
    private static final RefTensor VM = RefTensor.vector(BOOL, false, true, false, true, false);

    @Test
    void elementwiseAdd() {
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 1.0, 1.0, 0.0, 3.0),
                vec(VX, VY, VM, "double[N]", "z[i] = x[i] + y[i]"));
    }

    @Test
    void elementwiseMul() {
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 0.0, -6.0, 0.0, -4.0),
                vec(VX, VY, VM, "double[N]", "z[i] = x[i] * y[i]"));
    }

    @Test
    void elementwiseMinReadsAbsentAsZero() {
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 0.0, -2.0, 0.0, -1.0),
                vec(VX, VY, VM, "double[N]", "z[i] = MIN(x[i], y[i])"));
    }

    @Test
    void elementwiseMax() {
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 1.0, 3.0, 0.0, 4.0),
                vec(VX, VY, VM, "double[N]", "z[i] = MAX(x[i], y[i])"));
    }

    @Test
    void maskWithFillInf() {
        assertEquals(RefTensor.vector(DOUBLE, INF, INF, -2.0, INF, 4.0),
                vec(VX, VY, VM, "double[N] fill inf", "z[i] = ifelse(!m[i], x[i], fill)"));
    }

    @Test
    void maskByBoolProduct() {
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 1.0, 0.0, 0.0, 0.0),
                vec(VX, VY, VM, "double[N]", "z[i] = x[i] * m[i]"));
    }

    @Test
    void ifelseOnAComparison() {
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 1.0, 6.0, 0.0, 4.0),
                vec(VX, VY, VM, "double[N]", "z[i] = ifelse(x[i] > y[i], x[i], y[i] * 2.0)"));
    }

    @Test
    void ifelseOnAScalarCondition() {
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 2.0, -4.0, 0.0, 8.0),
                vec(VX, VY, VM, "double[N]", "z[i] = ifelse(N > 3, x[i] * 2.0, x[i])"));
    }

    @Test
    void logicalOperatorsAndComparisons() {
        assertEquals(RefTensor.vector(BOOL, false, true, true, false, true),
                vec(VX, VY, VM, "bool[N]", "z[i] = (m[i] && x[i] > 0.0) || (!m[i] && x[i] != y[i])"));
    }

    @Test
    void resultWithFillFalseDropsFalse() {
        RefTensor z = (RefTensor) vec(VX, VY, VM, "bool[N]", "z[i] = x[i] >= 1.0");
        assertEquals(2, z.nonFill());
        assertEquals(true, z.get(3));
        assertEquals(false, z.get(1));
    }

    @Test
    void arithmeticOperators() {
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 1.5, 5.0, 0.0, 10.0),
                vec(VX, VY, VM, "double[N]", "z[i] = (x[i] - y[i]) * x[i] / 2.0 + x[i] % 2.0"));
    }

    @Test
    void integerDivisionTruncatesAndRemainderKeepsSign() {
        RefTensor n = RefTensor.vector(INT, 0, 7, -7, 6, -1);
        Map<String, Object> out = run(Map.of("N", 4), inputs("n", n), "N int", "n int[N]",
                "Let Main() -> (z int[N], r int[N])", "    z[i] = n[i] / 2", "    r[i] = n[i] % 4", "End");
        assertEquals(RefTensor.vector(INT, 0, 3, -3, 3, 0), out.get("z"));
        assertEquals(RefTensor.vector(INT, 0, 3, -3, 2, -1), out.get("r"));
    }

    @Test
    void integerDivisionByZeroFails() {
        RefTensor n = RefTensor.vector(INT, 0, 1, 0);
        assertThrows(ArithmeticException.class, () -> run(Map.of("N", 2), inputs("n", n), "N int", "n int[N]",
                "Let Main() -> (z int[N])", "    z[i] = 1 / n[i]", "End"));
    }

    @Test
    void doubleDivisionByZeroIsInfinite() {
        RefTensor n = RefTensor.vector(DOUBLE, 0.0, 0.0, 2.0);
        assertEquals(RefTensor.vector(DOUBLE, 0.0, INF, 0.5), only(run(Map.of("N", 2), inputs("n", n), "N int",
                "n double[N]", "Let Main() -> (z double[N])", "    z[i] = 1.0 / n[i]", "End")));
    }

    @Test
    void intOverflowWrapsLongDoesNot() {
        RefTensor n = RefTensor.vector(INT, 0, 2147483647, 1);
        Map<String, Object> out = run(Map.of("N", 2), inputs("n", n), "N int", "n int[N]",
                "Let Main() -> (z int[N], w long[N])", "    z[i] = n[i] + 1", "    w[i] = long(n[i]) + 1", "End");
        assertEquals(RefTensor.vector(INT, 0, -2147483648, 2), out.get("z"));
        assertEquals(RefTensor.vector(LONG, 0, 2147483648L, 2L), out.get("w"));
    }

    @Test
    void conversionsTruncateAndBoolIsNonZero() {
        RefTensor d = RefTensor.vector(DOUBLE, 0.0, 2.7, -2.7, 0.0, 0.5);
        Map<String, Object> out = run(Map.of("N", 4), inputs("d", d), "N int", "d double[N]",
                "Let Main() -> (a int[N], b bool[N], f float[N])", "    a[i] = int(d[i])", "    b[i] = bool(d[i])",
                "    f[i] = float(d[i])", "End");
        assertEquals(RefTensor.vector(INT, 0, 2, -2, 0, 0), out.get("a"));
        assertEquals(RefTensor.vector(BOOL, false, true, true, false, true), out.get("b"));
        assertEquals(RefTensor.vector(FLOAT, 0f, 2.7f, -2.7f, 0f, 0.5f), out.get("f"));
    }

    @Test
    void floatArithmeticStaysFloat() {
        RefTensor f = RefTensor.vector(FLOAT, 0f, 0.1f, 3f);
        assertEquals(RefTensor.vector(FLOAT, 0f, 0.1f * 0.3f, 3f * 0.3f), only(run(Map.of("N", 2), inputs("f", f),
                "N int", "f float[N]", "Let Main() -> (z float[N])", "    z[i] = f[i] * 0.3", "End")));
    }

    // ---- reductions, every operator ----

    private static final RefTensor R = RefTensor.matrix(INT, 0, new Object[][] {{3, 0, -2, 5}, {0, 0, 0, 0}, {0, 4, 1, 0}});

    private static Object rows(RefTensor a, String output, String statement) {
        return only(run(MN, inputs("A", a), "M int", "N int",
                "A " + a.type().keyword() + "[M][compressed[N]]" + (Values.isZero(a.fill()) ? "" : " fill " + fmt(a.fill())),
                "Let Main() -> (r " + output + ")", "    " + statement, "End"));
    }

    private static String fmt(Object fill) {
        return fill instanceof Double d && d.isInfinite() ? (d > 0 ? "inf" : "-inf") : fill.toString();
    }

    @Test
    void sumReduction() {
        assertEquals(RefTensor.vector(INT, 0, 6, 0, 5), rows(R, "int[M]", "r[i] = A[i][j] | j:(+, 0)"));
    }

    @Test
    void sumReductionWithNonZeroInit() {
        assertEquals(RefTensor.vector(INT, 0, 16, 10, 15), rows(R, "int[M]", "r[i] = A[i][j] | j:(+, 10)"));
    }

    @Test
    void productReductionSeesFillZeros() {
        assertEquals(RefTensor.vector(INT, 0, 0, 0, 0), rows(R, "int[M]", "r[i] = A[i][j] | j:(*, 1)"));
    }

    @Test
    void productReductionWithFillOne() {
        RefTensor a = RefTensor.matrix(DOUBLE, 1.0, new Object[][] {{2.0, 1.0, 3.0, 1.0}, {1.0, 1.0, 1.0, 1.0},
            {0.5, 1.0, 1.0, -1.0}});
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 12.0, 2.0, -1.0), rows(a, "double[M]", "r[i] = A[i][j] | j:(*, 2.0)"));
    }

    @Test
    void minReductionWithInfFill() {
        RefTensor w = RefTensor.matrix(DOUBLE, INF, new Object[][] {{INF, 2.0, 7.0, INF}, {INF, INF, INF, INF},
            {1.0, INF, INF, 3.0}});
        assertEquals(RefTensor.vector(DOUBLE, INF, 2.0, INF, 1.0),
                rows(w, "double[M] fill inf", "r[i] = A[i][j] | j:(MIN, inf)"));
    }

    @Test
    void minReductionInitBelowEveryValue() {
        assertEquals(RefTensor.vector(INT, 0, -5, -5, -5), rows(R, "int[M]", "r[i] = A[i][j] | j:(MIN, -5)"));
    }

    @Test
    void maxReductionWithMinusInf() {
        RefTensor a = RefTensor.matrix(DOUBLE, 0.0, new Object[][] {{-1.0, 0.0, -3.0, 0.0}, {-1.0, -2.0, -3.0, -4.0},
            {0.0, 0.0, 0.0, 0.0}});
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 0.0, -1.0, 0.0), rows(a, "double[M]", "r[i] = A[i][j] | j:(MAX, -inf)"));
    }

    @Test
    void maxReductionIntInitAboveEveryValue() {
        assertEquals(RefTensor.vector(INT, 0, 100, 100, 100), rows(R, "int[M]", "r[i] = A[i][j] | j:(MAX, 100)"));
    }

    @Test
    void orReduction() {
        assertEquals(RefTensor.vector(BOOL, false, true, false, true),
                rows(R, "bool[M]", "r[i] = A[i][j] > 3 | j:(OR, false)"));
    }

    @Test
    void orReductionWithTrueInit() {
        assertEquals(RefTensor.vector(BOOL, false, true, true, true),
                rows(R, "bool[M]", "r[i] = A[i][j] > 3 | j:(OR, true)"));
    }

    @Test
    void andReduction() {
        assertEquals(RefTensor.vector(BOOL, false, false, true, false),
                rows(R, "bool[M]", "r[i] = A[i][j] < 3 | j:(AND, true)"));
    }

    @Test
    void andReductionWithFalseInit() {
        assertEquals(RefTensor.vector(BOOL, false, false, false, false),
                rows(R, "bool[M]", "r[i] = A[i][j] < 3 | j:(AND, false)"));
    }

    @Test
    void chooseReductionKeepsFirstNonZero() {
        assertEquals(RefTensor.vector(INT, 0, 3, -1, 4), rows(R, "int[M]", "r[i] = A[i][j] | j:(CHOOSE, -1)"));
    }

    @Test
    void chooseReductionWithNonZeroInitStillPrefersValues() {
        assertEquals(RefTensor.vector(INT, 0, 3, 9, 4), rows(R, "int[M]", "r[i] = A[i][j] | j:(CHOOSE, 9)"));
    }

    @Test
    void chooseReductionOfIndexVariables() {
        assertEquals(RefTensor.vector(INT, 0, 1, 0, 2),
                rows(R, "int[M]", "r[i] = ifelse(A[i][j] > 0, j + 1, 0) | j:(CHOOSE, 0)"));
    }

    @Test
    void chooseBuiltin() {
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 1.0, -2.0, 0.0, 4.0),
                vec(VX, VY, VM, "double[N]", "z[i] = CHOOSE(x[i], y[i])"));
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 1.0, 3.0, 0.0, -1.0),
                vec(VX, VY, VM, "double[N]", "z[i] = CHOOSE(y[i], x[i])"));
    }

    @Test
    void orAndBuiltins() {
        RefTensor b = RefTensor.vector(BOOL, false, true, true, false, false);
        assertEquals(RefTensor.vector(BOOL, false, true, true, true, false),
                vec(VX, VY, b, "bool[N]", "z[i] = OR(m[i], x[i] < 0.0 || x[i] == 0.0 && y[i] == 0.0)"));
        assertEquals(RefTensor.vector(BOOL, false, false, true, false, false),
                vec(VX, VY, b, "bool[N]", "z[i] = AND(m[i], x[i] < 0.0)"));
    }

    @Test
    void minMaxBuiltinsMixIntAndDouble() {
        RefTensor n = RefTensor.vector(INT, 0, 1, 5);
        RefTensor d = RefTensor.vector(DOUBLE, 0.0, 2.5, 2.5);
        Map<String, Object> out = run(Map.of("N", 2), inputs("n", n, "d", d), "N int", "n int[N]", "d double[N]",
                "Let Main() -> (lo double[N], hi double[N])", "    lo[i] = MIN(n[i], d[i])", "    hi[i] = MAX(n[i], d[i])", "End");
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 1.0, 2.5), out.get("lo"));
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 2.5, 5.0), out.get("hi"));
    }

    @Test
    void indexVariablesAsValues() {
        RefTensor a = RefTensor.matrix(BOOL, false, new Object[][] {{false, true, false}, {true, false, false},
            {true, false, true}});
        Map<String, Object> out = run(Map.of("N", 3), inputs("A", a), "N int", "A bool[N][compressed[N]]",
                "Let Main() -> (parent int[N], ids int[N])", "    parent[j] = ifelse(A[k][j], k, -1) | k:(MAX, -1)",
                "    ids[i] = i * 10", "End");
        assertEquals(RefTensor.vector(INT, 0, 2, 0, 2), out.get("parent"));
        assertEquals(RefTensor.vector(INT, 0, 0, 10, 20), out.get("ids"));
    }

    @Test
    void computedCoordinatesPointerJumping() {
        RefTensor p = RefTensor.vector(INT, 0, 1, 2, 2, 0);
        assertEquals(RefTensor.vector(INT, 0, 2, 2, 2, 1), only(run(Map.of("N", 4), inputs("p", p), "N int", "p int[N]",
                "Let Main() -> (root int[N])", "    root[i] = p[p[i]]", "End")));
    }

    @Test
    void computedCoordinateOutOfRangeFails() {
        RefTensor p = RefTensor.vector(INT, 0, 1, 7);
        assertThrows(IndexOutOfBoundsException.class, () -> run(Map.of("N", 2), inputs("p", p), "N int", "p int[N]",
                "Let Main() -> (root int[N])", "    root[i] = p[p[i]]", "End"));
    }

    @Test
    void scalarCountOfStoredEntries() {
        assertEquals(4, only(run(MN, inputs("A", A), "M int", "N int", "A double[M][compressed[N]]",
                "Let Main() -> (c int)", "    c = A[i][j] != 0.0 | i:(+, 0), j:(+, 0)", "End")));
    }

    @Test
    void scalarSum() {
        assertEquals(10.0, only(run(MN, inputs("A", A), "M int", "N int", "A double[M][compressed[N]]",
                "Let Main() -> (s double)", "    s = A[i][j] | i:(+, 0.0), j:(+, 0.0)", "End")));
    }

    @Test
    void boolsCountAsOne() {
        assertEquals(2, vec(VX, VY, VM, "int", "z = m[i] | i:(+, 0)"));
    }

    @Test
    void nestedReductionsInnermostFirst() {
        // MAX over i of (sum over j): row sums 3, 0, 7; MIN over i of row MAX: min(2, 0, 4) = 0.
        assertEquals(7.0, only(run(MN, inputs("A", A), "M int", "N int", "A double[M][compressed[N]]",
                "Let Main() -> (s double)", "    s = A[i][j] | j:(+, 0.0), i:(MAX, -inf)", "End")));
        assertEquals(0.0, only(run(MN, inputs("A", A), "M int", "N int", "A double[M][compressed[N]]",
                "Let Main() -> (s double)", "    s = A[i][j] | j:(MAX, -inf), i:(MIN, inf)", "End")));
    }

    @Test
    void initialValueUsesFreeIndex() {
        RefTensor d = RefTensor.vector(INT, 0, 1, -9, 8);
        assertEquals(RefTensor.vector(INT, 0, -2, -9, 0), only(run(MN, inputs("A", R, "d", d), "M int", "N int",
                "A int[M][compressed[N]]", "d int[M]", "Let Main() -> (r int[M])",
                "    r[i] = A[i][j] | j:(MIN, d[i])", "End")));
    }

    @Test
    void parameterDefaultsAndOverrides() {
        Map<String, Object> out = run(Map.of("N", 20), Map.of(), "N int", "t int = N / 4", "d double = 0.5",
                "Let Main() -> (r double)", "    r = t * d", "End");
        assertEquals(2.5, out.get("r"));
        assertEquals(1.5, run(Map.of("N", 20, "t", 3), Map.of(), "N int", "t int = N / 4", "d double = 0.5",
                "Let Main() -> (r double)", "    r = t * d", "End").get("r"));
    }

    @Test
    void inputsMustMatchTheirDeclaration() {
        assertThrows(IllegalArgumentException.class, () -> run(Map.of("N", 3), inputs("x", X), "N int", "x double[N]",
                "Let Main() -> (y double[N])", "    y[i] = x[i]", "End"));
    }

    // ---- functions, calls, star calls ----

    @Test
    void callAndStarCallWithCount() {
        Map<String, Object> out = run(Map.of("N", 2), Map.of(), "N int",
                "Let Twice(x double[N], n int) -> (y double[N], m int)", "    y[i] = x[i] * 2.0", "    m = n + 1", "End",
                "Let Main() -> (a double[N], b double[N], runs int)", "    x0 double[N]", "    x0[i] = i + 1.0",
                "    a, _ = Twice(x0, 0)", "    b, runs = Twice*(x0, 0) | 3", "End");
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 2.0, 4.0), out.get("a"));
        assertEquals(RefTensor.vector(DOUBLE, 0.0, 8.0, 16.0), out.get("b"));
        assertEquals(3, out.get("runs"));
    }

    @Test
    void starCallWithConditionRunsAtLeastOnce() {
        Map<String, Object> out = run(Map.of(), Map.of(), "Let Inc(n int) -> (m int)", "    m = n + 1", "End",
                "Let Main() -> (a int, b int)", "    a = Inc*(0) | #1 >= 5", "    b = Inc*(100) | #1 >= 5", "End");
        assertEquals(5, out.get("a"));
        assertEquals(101, out.get("b"));
    }

    @Test
    void starCallWithZeroCountKeepsArguments() {
        assertEquals(7, only(run(Map.of(), Map.of(), "Let Inc(n int) -> (m int)", "    m = n + 1", "End",
                "Let Main() -> (a int)", "    a = Inc*(7) | 0", "End")));
    }

    /** 0 -> 1, 0 -> 2, 1 -> 2, 2 -> 0, 3 -> 2; vertex 4 is isolated. */
    private static RefTensor graph(boolean transpose) {
        int[][] edges = {{0, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 2}};
        RefTensor a = new RefTensor(BOOL, new int[] {5, 5}, false);
        for (int[] e : edges) {
            a.set(true, transpose ? e[1] : e[0], transpose ? e[0] : e[1]);
        }
        return a;
    }

    private static String resource(String name) {
        try (var in = ReferenceEvaluatorTest.class.getResourceAsStream("/programs/" + name + ".stag")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void pageRankOneAndTwoStepsByHand() {
        CheckedProgram p = new Checker().check(new Source("pagerank.stag", resource("pagerank")));
        Map<String, RefTensor> in = inputs("A", graph(false), "AT", graph(true));
        // Degrees 2, 1, 1, 1, 0. One step from 1/5 each: contrib = .1, .2, .2, .2, 0; dangling = .2.
        // incoming = (in-neighbours) 0: c2 = .2; 1: c0 = .1; 2: c0+c1+c3 = .5; 3, 4: 0.
        // next = .03 + .85 * (incoming + .04).
        RefTensor one = (RefTensor) new ReferenceEvaluator(p, Map.of("N", 5, "iterations", 1), in).runMain().get("rank");
        double[] expect = {.03 + .85 * .24, .03 + .85 * .14, .03 + .85 * .54, .03 + .85 * .04, .03 + .85 * .04};
        for (int v = 0; v < 5; v++) {
            assertEquals(expect[v], ((Number) one.get(v)).doubleValue(), 1e-15, "vertex " + v);
        }
        RefTensor two = (RefTensor) new ReferenceEvaluator(p, Map.of("N", 5, "iterations", 2), in).runMain().get("rank");
        double dangling = expect[4];
        double[] c = {expect[0] / 2, expect[1], expect[2], expect[3], 0};
        double[] incoming = {c[2], c[0], c[0] + c[1] + c[3], 0, 0};
        double sum = 0;
        for (int v = 0; v < 5; v++) {
            double want = .15 / 5 + .85 * (incoming[v] + dangling / 5);
            assertEquals(want, ((Number) two.get(v)).doubleValue(), 1e-15, "vertex " + v);
            sum += ((Number) two.get(v)).doubleValue();
        }
        assertEquals(1.0, sum, 1e-12);
    }

    @Test
    void bfsDepthsByHand() {
        CheckedProgram p = new Checker().check(new Source("bfs.stag", resource("bfs")));
        Map<String, RefTensor> in = inputs("A", graph(false), "AT", graph(true));
        RefTensor depth = (RefTensor) new ReferenceEvaluator(p, Map.of("N", 5, "source", 3), in).runMain().get("depth");
        long unreached = Long.MAX_VALUE;
        // 3 -> 2 -> 0 -> 1; 4 unreachable.
        assertEquals(RefTensor.vector(LONG, unreached, 2L, 3L, 1L, 0L, unreached), depth);
        assertEquals(4, depth.nonFill());
    }

    @Test
    void bfsPullAndPushAgree() {
        CheckedProgram p = new Checker().check(new Source("bfs.stag", resource("bfs")));
        Map<String, RefTensor> in = inputs("A", graph(false), "AT", graph(true));
        // threshold 0 makes every step pull; a large one makes every step push.
        Object pull = new ReferenceEvaluator(p, Map.of("N", 5, "source", 0, "threshold", 0), in).runMain().get("depth");
        Object push = new ReferenceEvaluator(p, Map.of("N", 5, "source", 0, "threshold", 99), in).runMain().get("depth");
        assertEquals(push, pull);
        assertEquals(RefTensor.vector(LONG, Long.MAX_VALUE, 0L, 1L, 1L, Long.MAX_VALUE, Long.MAX_VALUE), push);
    }

    @Test
    void wccLabelsComponents() {
        CheckedProgram p = new Checker().check(new Source("wcc.stag", resource("wcc")));
        Object label = new ReferenceEvaluator(p, Map.of("N", 5), inputs("A", graph(false), "AT", graph(true)))
                .runMain().get("label");
        assertEquals(RefTensor.vector(INT, 0, 0, 0, 0, 0, 4), label);
    }

    @Test
    void closeToToleratesRoundingOnly() {
        RefTensor a = RefTensor.vector(DOUBLE, 0.0, 1.0, 1e-300);
        RefTensor b = RefTensor.vector(DOUBLE, 0.0, 1.0 + 1e-13, 1e-300);
        assertTrue(a.closeTo(b, 1e-12));
        assertTrue(!a.closeTo(RefTensor.vector(DOUBLE, 0.0, 1.0 + 1e-11, 1e-300), 1e-12));
        assertTrue(!a.closeTo(RefTensor.vector(DOUBLE, INF, 1.0, 1e-300), 1e-12));
    }
}
