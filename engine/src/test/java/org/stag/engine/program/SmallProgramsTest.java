package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.reference.RefTensor;

/**
 * Small programs, each aimed at one part of the runtime (calls, multi-output calls and {@code _}, count and
 * condition star calls, nested star calls, format rules, scalars from tensors in conditions, uniform
 * conditions, scalar arithmetic, aliasing of buffers), run against the reference evaluator on random
 * inputs from fixed seeds with one and two threads.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SmallProgramsTest {

    static List<Arguments> runs() {
        List<Arguments> out = new ArrayList<>();
        for (long seed = 1; seed <= 3; seed++) {
            for (int threads : new int[] {1, 2}) {
                out.add(Arguments.of(seed, threads));
            }
        }
        return out;
    }

    private static int size(long seed) {
        return 5 + new Random(seed).nextInt(20);
    }

    private static Map<String, Object> run(long seed, int threads, CheckedProgram p, Map<String, String> params,
                                           Map<String, RefTensor> inputs) {
        return Fixtures.compare(p, params, inputs, Map.of(), threads);
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void callsMultipleOutputsAndWildcards(long seed, int threads) {
        int n = size(seed);
        CheckedProgram p = Fixtures.program("calls.stag",
                "N int",
                "x double[N]",
                "Let Scale(v double[N], c double) -> (y double[N], total double)",
                "    y[i] = c * v[i]",
                "    total = y[i] | i:(+, 0.0)",
                "End",
                "Let Count(v double[N]) -> (pos int)",
                "    pos = v[i] > 0.0 | i:(+, 0)",
                "End",
                "Let Main() -> (r double[N], s double, t long, u double[N], c long, d int)",
                "    ones double[N]",
                "    ones[i] = 1.0",
                "    r, s = Scale(ones, 2.0)",
                "    _, tt = Scale(x, s + 1.0)",
                "    t = long(tt * 4.0)",
                "    u, _ = Scale(x, 0.5)",
                "    c = Count(u)",
                "    d = Count(r)",
                "End");
        run(seed, threads, p, Map.of("N", "" + n), Map.of("x", Fixtures.vector(seed, n, 0.7)));
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void countStarCalls(long seed, int threads) {
        int n = size(seed);
        CheckedProgram p = Fixtures.program("count.stag",
                "N int",
                "k int = 3",
                "x double[N]",
                "Let Inc(v double[N], m int) -> (w double[N], m_out int)",
                "    w[i] = v[i] * 0.5 + 1.0",
                "    m_out = m + 1",
                "End",
                "Let Main() -> (a double[N], an int, b double[N], bn int, c double[N], cn long)",
                "    a, an = Inc*(x, 0) | k * 2",
                "    b, bn = Inc*(x, 5) | 0",
                "    s = x[i] > 0.5 | i:(+, 0)",
                "    c, cn = Inc*(x, 0) | s",
                "End");
        Map<String, Object> out = run(seed, threads, p, Map.of("N", "" + n, "k", "" + seed), Map.of("x", Fixtures.vector(seed, n, 0.8)));
        assertEquals((int) seed * 2, out.get("an"));
        assertEquals(5, out.get("bn"));
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void conditionStarCalls(long seed, int threads) {
        int n = size(seed);
        CheckedProgram p = Fixtures.program("condition.stag",
                "N int",
                "limit double = 10.0",
                "x double[N]",
                "Let Grow(v double[N], i int, total double) -> (w double[N], i_out int, total_out double)",
                "    w[j] = v[j] * 1.5 + 0.25",
                "    i_out = i + 1",
                "    total_out = w[j] | j:(+, 0.0)",
                "End",
                "Let Main() -> (w double[N], it int, tot double, w2 double[N], it2 int)",
                "    w, it, tot = Grow*(x, 0, 0.0) | #3 > limit || #2 >= 20",
                "    w2, it2, _ = Grow*(x, 0, 0.0) | #1[#2 % N] > 3.0 || #2 >= 30",
                "End");
        run(seed, threads, p, Map.of("N", "" + n, "limit", "" + (seed * 20)), Map.of("x", Fixtures.vector(seed, n, 0.8)));
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void nestedStarCalls(long seed, int threads) {
        int n = size(seed);
        CheckedProgram p = Fixtures.program("nested.stag",
                "N int",
                "x double[N]",
                "Let Inner(v double[N], n int) -> (w double[N], n_out int)",
                "    w[i] = v[i] * 0.5 + 1.0",
                "    n_out = n - 1",
                "End",
                "Let Outer(v double[N], r int, calls long) -> (w double[N], r_out int, calls_out long)",
                "    t double[N]",
                "    t[i] = v[i] + double(r)",
                "    w, left = Inner*(t, r) | #2 <= 0",
                "    r_out = r + 1 + left",
                "    calls_out = calls + r",
                "End",
                "Let Main() -> (y double[N], r int, calls long)",
                "    y, r, calls = Outer*(x, 1, 0) | 4",
                "End");
        Map<String, Object> out = run(seed, threads, p, Map.of("N", "" + n), Map.of("x", Fixtures.vector(seed, n, 0.5)));
        assertEquals(10L, out.get("calls"));
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void formatRulesOnRandomGraphs(long seed, int threads) {
        int n = 6 + (int) seed * 5;
        RefTensor a = Fixtures.graph(seed, n, 2.0 / n, true);
        CheckedProgram p = Fixtures.program("rules.stag",
                "N int",
                "A bool[N][compressed[N]]",
                "Let Step(f bool[bitmap[N]], size int, it int) -> (g bool[bitmap[N]], size_out int, it_out int)",
                "    g[j] = A[k][j] && f[k] | k:(OR, false)",
                "    size_out = g[j] | j:(+, 0)",
                "    it_out = it + 1",
                "End",
                "Let Main() -> (f bool[list[N]], size int)",
                "    f0 bool[list[N]]",
                "    f0[j] = j % 3 == 0",
                "    n0 = f0[j] | j:(+, 0)",
                "    FormatRule #1 list -> bitmap @ #2 > N / 4",
                "    f, size, _ = Step*(f0, n0, 0) | #3 >= 8 || #2 == 0",
                "End");
        run(seed, threads, p, Map.of("N", "" + n), Map.of("A", a));
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void scalarsFromTensorsInConditionsAndUniformIfelse(long seed, int threads) {
        int n = size(seed);
        CheckedProgram p = Fixtures.program("uniform.stag",
                "N int",
                "x double[N]",
                "y double[N]",
                "Let Main() -> (z double[N], w double[N], big bool, s double)",
                "    s = x[i] | i:(+, 0.0)",
                "    big = s > 2.0",
                "    z[i] = ifelse(big, x[i] * 2.0, y[i])",
                "    w[i] = ifelse(!big && N > 3, x[i], ifelse(s < -1.0, y[i] + 1.0, 0.5))",
                "End");
        run(seed, threads, p, Map.of("N", "" + n), Map.of("x", Fixtures.vector(seed, n, 0.6),
                "y", Fixtures.vector(seed + 100, n, 0.6)));
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void buffersSharedBetweenSlots(long seed, int threads) {
        int n = size(seed);
        CheckedProgram p = Fixtures.program("alias.stag",
                "N int",
                "x double[N]",
                "Let Add(u double[N], v double[N]) -> (w double[N])",
                "    w[i] = u[i] + v[i]",
                "End",
                "Let Pair(u double[N], v double[N]) -> (w double[N], v_out double[N])",
                "    w[i] = u[i] + v[i]",
                "    v_out[i] = v[i] * 0.5",
                "End",
                "Let Main() -> (a double[N], b double[N], c double[N], d double[N], e double[N])",
                "    a = Add(x, x)",
                "    b = Add(a, x)",
                "    c, d = Pair*(b, b) | 3",
                "    e, _ = Pair*(x, a) | 2",
                "End");
        run(seed, threads, p, Map.of("N", "" + n), Map.of("x", Fixtures.vector(seed, n, 0.7)));
    }

    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void sparseResultsAndFillValues(long seed, int threads) {
        int n = size(seed);
        RefTensor g = Fixtures.graph(seed, n, 0.2, true);
        CheckedProgram p = Fixtures.program("sparse.stag",
                "N int",
                "W double[N][compressed[N]] fill inf",
                "Let Relax(d double[compressed[N]] fill inf, k int) -> (d_out double[compressed[N]] fill inf, k_out int)",
                "    c double[N] fill inf",
                "    c[j] = d[i] + W[i][j] | i:(MIN, inf)",
                "    d_out[j] = MIN(d[j], c[j])",
                "    k_out = k + 1",
                "End",
                "Let Main() -> (m double[compressed[N]] fill inf, deg int[N], s double, d double[compressed[N]] fill inf)",
                "    m[i] = W[i][j] | j:(MIN, inf)",
                "    deg[i] = W[i][j] < inf | j:(+, 0)",
                "    s = m[i] | i:(MIN, inf)",
                "    d0 double[compressed[N]] fill inf",
                "    d0[j] = ifelse(j == 0, 0.0, fill)",
                "    d, _ = Relax*(d0, 0) | N",
                "End");
        run(seed, threads, p, Map.of("N", "" + n), Map.of("W", Fixtures.weights(seed, g, Double.POSITIVE_INFINITY)));
    }

    /** Index-free scalar definitions (the runtime's own evaluator) against the reference, over random parameters. */
    @ParameterizedTest(name = "seed {0}, {1} thread(s)")
    @MethodSource("runs")
    void scalarArithmetic(long seed, int threads) {
        CheckedProgram p = Fixtures.program("scalars.stag",
                "a int = 7",
                "b int = -3",
                "c long = 9000000000",
                "d float = 0.1",
                "e double = 2.5",
                "f bool = true",
                "g int = a * b - 1",
                "Let Main() -> (r1 int, r2 int, r3 long, r4 float, r5 double, r6 bool, r7 int, r8 double, r9 long,"
                        + " r10 float, r11 bool, r12 int, r13 double, r14 bool, r15 float, r16 long, r17 int)",
                "    r1 = a / b",
                "    r2 = a % b",
                "    r3 = c * 3 + a",
                "    r4 = d * 3.0 + d / 7.0",
                "    r5 = e / 0.0 - double(g)",
                "    r6 = f && a > b || !f",
                "    r7 = 2147483647 + a * g",
                "    r8 = ifelse(f, e, double(a)) + MIN(e, 1.5)",
                "    r9 = MAX(c, 3) - long(e) + c / a",
                "    r10 = float(c) + float(a)",
                "    r11 = CHOOSE(false, f) && e >= 2.5",
                "    r12 = int(e * -1.7) + int(c)",
                "    r13 = -e % 0.75 + MAX(double(d), e * e)",
                "    r14 = d == 0.1 || float(e) != e",
                "    r15 = CHOOSE(d - d, float(e)) * -d",
                "    r16 = long(d * 1000000.0) + -c",
                "    r17 = int(bool(g)) + int(r6) * 2 + MIN(a, g)",
                "End");
        Random r = new Random(seed);
        Map<String, String> params = new LinkedHashMap<>();
        params.put("a", "" + (r.nextInt(2001) - 1000));
        params.put("b", "" + (r.nextBoolean() ? 1 : -1) * (1 + r.nextInt(50)));
        params.put("c", "" + r.nextLong() / 3);
        params.put("d", "" + (float) r.nextGaussian());
        params.put("e", "" + r.nextGaussian() * 1e3);
        params.put("f", "" + r.nextBoolean());
        Map<String, Object> out = run(seed, threads, p, params, Map.of());
        assertTrue(out.get("r4") instanceof Float && out.get("r9") instanceof Long && out.get("r6") instanceof Boolean);
    }
}
