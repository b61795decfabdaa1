package org.stag.engine.reference;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;

/**
 * Random cases for the compiler's differential tests, from fixed seeds. A {@link Kernel} is one definition
 * with the declarations it needs; its operands' level formats are parameters, so a test iterates
 *
 * <pre>{@code
 * for (ReferenceCases.Case c : ReferenceCases.cases(SEED, PER_KERNEL)) {
 *     for (Map<String, List<String>> formats : formatsToTry(c.kernel())) {   // operand name -> levels
 *         CheckedProgram p = c.kernel().check(formats);
 *         for (int threads : new int[] {1, 2}) {
 *             Object actual = compileAndRun(p, c.parameters(), c.inputs(), threads);
 *             assertTrue(c.matches(actual), c + " " + formats);
 *         }
 *     }
 * }
 * }</pre>
 *
 * Values are small dyadic numbers (multiples of 1/4 up to 3) so that sums and products of a few dozen are
 * exact whatever the summation order; {@link #RELATIVE_TOLERANCE} covers the rest.
 */
public final class ReferenceCases {
    /** Floating-point results must agree within this relative error (issue 4, Must-show 1). */
    public static final double RELATIVE_TOLERANCE = 1e-12;

    private ReferenceCases() {
    }

    /**
     * An operand of a kernel.
     *
     * @param sizes   parameter names of its dimensions
     * @param fill    the fill value as the program writes it ({@code inf}, {@code 0}, {@code false}, ...)
     * @param density probability that a coordinate holds a value other than the fill
     */
    public record Operand(String name, ScalarType type, List<String> sizes, String fill, double density) {
    }

    /**
     * A kernel: {@code Main} computes {@code output} (declared {@code outputType}) by {@code statement} from
     * the operands. Sizes are the parameters {@code M}, {@code N}, {@code K}.
     */
    public record Kernel(String name, List<Operand> operands, String outputType, String statement) {

        /** The program with every operand in the given levels (outermost first), or all dense/compressed. */
        public String program(Map<String, List<String>> formats) {
            StringBuilder out = new StringBuilder("M int\nN int\nK int\n");
            for (Operand o : operands) {
                List<String> levels = formats.getOrDefault(o.name(), defaultLevels(o));
                out.append(o.name()).append(' ').append(o.type().keyword());
                for (int d = 0; d < o.sizes().size(); d++) {
                    out.append('[').append(levels.get(d)).append('[').append(o.sizes().get(d)).append("]]");
                }
                out.append(o.fill().equals("0") || o.fill().equals("0.0") || o.fill().equals("false") ? ""
                        : " fill " + o.fill()).append('\n');
            }
            return out.append("Let Main() -> (out ").append(outputType).append(")\n    ").append(statement)
                    .append("\nEnd\n").toString();
        }

        /** The checked program with the given operand formats. */
        public CheckedProgram check(Map<String, List<String>> formats) {
            return new Checker().check(new Source(name + ".stag", program(formats)));
        }

        private static List<String> defaultLevels(Operand o) {
            List<String> l = new ArrayList<>();
            for (int d = 0; d < o.sizes().size(); d++) {
                l.add(d == o.sizes().size() - 1 && o.density() < 1 ? "compressed" : "dense");
            }
            return l;
        }
    }

    /** The catalogue: SpMV, SpMSpV, row-wise SpGEMM, element-wise ops with masks and ifelse, every reduction. */
    public static List<Kernel> kernels() {
        ScalarType d = ScalarType.DOUBLE;
        ScalarType b = ScalarType.BOOL;
        ScalarType i = ScalarType.INT;
        Operand a = new Operand("A", d, List.of("M", "N"), "0.0", 0.3);
        Operand x = new Operand("x", d, List.of("N"), "0.0", 1.0);
        Operand xs = new Operand("x", d, List.of("N"), "0.0", 0.3);
        Operand bk = new Operand("B", d, List.of("N", "K"), "0.0", 0.3);
        Operand am = new Operand("A", d, List.of("M", "N"), "0.0", 0.4);
        Operand bm = new Operand("B", d, List.of("M", "N"), "0.0", 0.4);
        Operand u = new Operand("u", d, List.of("N"), "0.0", 0.5);
        Operand v = new Operand("v", d, List.of("N"), "0.0", 0.5);
        Operand ui = new Operand("u", d, List.of("N"), "inf", 0.5);
        Operand vi = new Operand("v", d, List.of("N"), "inf", 0.5);
        Operand m = new Operand("m", b, List.of("N"), "false", 0.5);
        Operand w = new Operand("W", d, List.of("M", "N"), "inf", 0.3);
        Operand g = new Operand("G", b, List.of("M", "N"), "false", 0.3);
        Operand f = new Operand("f", b, List.of("M"), "false", 0.3);
        Operand ai = new Operand("A", i, List.of("M", "N"), "0", 0.4);
        Operand dist = new Operand("dist", d, List.of("M"), "inf", 0.5);
        return List.of(
                new Kernel("spmv", List.of(a, x), "double[M]", "out[i] = A[i][j] * x[j] | j:(+, 0.0)"),
                new Kernel("spmspv", List.of(a, xs), "double[M]", "out[i] = A[i][j] * x[j] | j:(+, 0.0)"),
                new Kernel("spgemm", List.of(a, bk), "double[M][K]", "out[i][j] = A[i][k] * B[k][j] | k:(+, 0.0) Ord i, k, j"),
                new Kernel("add", List.of(am, bm), "double[M][N]", "out[i][j] = A[i][j] + B[i][j]"),
                new Kernel("mul", List.of(am, bm), "double[M][N]", "out[i][j] = A[i][j] * B[i][j]"),
                new Kernel("min", List.of(ui, vi), "double[N] fill inf", "out[i] = MIN(u[i], v[i])"),
                new Kernel("max", List.of(u, v), "double[N]", "out[i] = MAX(u[i], v[i])"),
                new Kernel("mask", List.of(ui, m), "double[N] fill inf", "out[i] = ifelse(!m[i], u[i], fill)"),
                new Kernel("maskmul", List.of(u, m), "double[N]", "out[i] = u[i] * m[i]"),
                new Kernel("ifelse", List.of(u, v), "double[N]", "out[i] = ifelse(u[i] > v[i], u[i], v[i] * 2.0)"),
                new Kernel("rowsum", List.of(a), "double[M]", "out[i] = A[i][j] | j:(+, 1.0)"),
                new Kernel("rowprod", List.of(new Operand("A", d, List.of("M", "N"), "1.0", 0.3)), "double[M]",
                        "out[i] = A[i][j] | j:(*, 1.0)"),
                new Kernel("rowmin", List.of(w), "double[M] fill inf", "out[i] = W[i][j] | j:(MIN, inf)"),
                new Kernel("rowmax", List.of(ai), "int[M]", "out[i] = A[i][j] | j:(MAX, -1)"),
                new Kernel("push", List.of(g, f), "bool[N]", "out[j] = G[k][j] && f[k] | k:(OR, false)"),
                new Kernel("allrow", List.of(g), "bool[M]", "out[i] = G[i][j] | j:(AND, true)"),
                new Kernel("firstcol", List.of(g), "int[M]", "out[i] = ifelse(G[i][j], j + 1, 0) | j:(CHOOSE, 0)"),
                new Kernel("hashrow", List.of(ai), "long[M]",
                        "out[i] = ifelse(A[i][j] != 0, hash64(A[i][j], j) % 1000, 0L) | j:(+, 0L)"),
                new Kernel("parent", List.of(g), "int[N] fill -1", "out[j] = ifelse(G[k][j], k, -1) | k:(MAX, -1)"),
                new Kernel("relax", List.of(w, dist), "double[N] fill inf", "out[j] = W[k][j] + dist[k] | k:(MIN, inf)"),
                new Kernel("count", List.of(g), "int", "out = G[i][j] | i:(+, 0), j:(+, 0)"),
                new Kernel("total", List.of(ai), "long", "out = A[i][j] | i:(+, 0L), j:(+, 0L)"));
    }

    /**
     * One generated case: a kernel, sizes, random inputs and the reference result.
     *
     * @param expected a {@link RefTensor} or a boxed scalar
     */
    public record Case(Kernel kernel, long seed, Map<String, Integer> parameters, Map<String, RefTensor> inputs,
                       Object expected) {

        /** Whether a compiled kernel's result agrees with the reference. */
        public boolean matches(Object actual) {
            if (expected instanceof RefTensor t) {
                return actual instanceof RefTensor a && t.closeTo(a, RELATIVE_TOLERANCE);
            }
            return !(actual instanceof RefTensor) && Values.close(expected, actual, RELATIVE_TOLERANCE);
        }

        @Override
        public String toString() {
            return kernel.name() + "#" + seed + parameters;
        }
    }

    /** {@code perKernel} cases of every kernel; case {@code n} of kernel {@code k} uses seed {@code seed + 1000k + n}. */
    public static List<Case> cases(long seed, int perKernel) {
        List<Case> out = new ArrayList<>();
        List<Kernel> ks = kernels();
        for (int k = 0; k < ks.size(); k++) {
            for (int n = 0; n < perKernel; n++) {
                out.add(generate(ks.get(k), seed + 1000L * k + n));
            }
        }
        return out;
    }

    /** One case of {@code kernel}: sizes 1 to 12, inputs at their operands' densities, the reference result. */
    public static Case generate(Kernel kernel, long seed) {
        Random rnd = new Random(seed);
        Map<String, Integer> params = new LinkedHashMap<>();
        for (String p : List.of("M", "N", "K")) {
            params.put(p, 1 + rnd.nextInt(12));
        }
        CheckedProgram p = kernel.check(Map.of());
        Map<String, RefTensor> inputs = new LinkedHashMap<>();
        for (Operand o : kernel.operands()) {
            int[] dims = o.sizes().stream().mapToInt(params::get).toArray();
            inputs.put(o.name(), random(rnd, o.type(), dims, o.density(), fillValue(o)));
        }
        Object expected = new ReferenceEvaluator(p, params, inputs).runMain().get("out");
        return new Case(kernel, seed, params, inputs, expected);
    }

    private static Object fillValue(Operand o) {
        return switch (o.fill()) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "false" -> false;
            default -> Values.convert(Double.parseDouble(o.fill()), o.type());
        };
    }

    private static final double[] PALETTE = {-3, -2, -1.5, -1, -0.5, -0.25, 0.25, 0.5, 1, 1.5, 2, 3};

    /**
     * A random tensor: each coordinate independently, with probability {@code density}, holds a value other
     * than the fill value ({@code true} for bools, -3..3 for integers, a {@link #PALETTE} value for floating point);
     * zero is among the values of a tensor whose fill is not zero, so explicit zeros occur.
     */
    public static RefTensor random(Random rnd, ScalarType type, int[] dims, double density, Object fill) {
        RefTensor t = new RefTensor(type, dims, fill);
        fillRandom(rnd, t, new int[dims.length], 0, density);
        return t;
    }

    private static void fillRandom(Random rnd, RefTensor t, int[] c, int d, double density) {
        if (d == c.length) {
            if (rnd.nextDouble() < density) {
                Object v;
                do {
                    v = switch (t.type()) {
                        case BOOL -> !(Boolean) t.fill();
                        case INT, LONG -> Values.convert(rnd.nextInt(7) - 3, t.type());
                        default -> Values.convert(rnd.nextInt(13) == 0 ? 0.0 : PALETTE[rnd.nextInt(PALETTE.length)], t.type());
                    };
                } while (Values.same(v, t.fill()));
                t.set(v, c);
            }
            return;
        }
        for (int x = 0; x < t.dims()[d]; x++) {
            c[d] = x;
            fillRandom(rnd, t, c, d + 1, density);
        }
    }
}
