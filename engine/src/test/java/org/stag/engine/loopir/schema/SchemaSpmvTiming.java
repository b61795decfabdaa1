package org.stag.engine.loopir.schema;

import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.postInc;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.JavaType;
import org.stag.engine.javagen.JavaPrinter;
import org.stag.engine.javagen.GeneratedSource;
import org.stag.engine.jit.KernelCompiler;
import org.stag.engine.loopir.LevelCode;
import org.stag.engine.kernellib.Workspace;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.Level;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.KroneckerGenerator;

/**
 * Not a test: SpMV {@code y(i) = sum_j A(i,j) * x(j)} over (dense, dynamic) levels with the code
 * {@link SchemaLevelCode} emits for the unordered visit, against the same loop over CSR arrays, both
 * compiled by Janino, one thread, on a Kronecker graph (Graph500 parameters, seed 1, symmetrised).
 *
 * <pre>
 * java -Xmx16g -cp ... org.stag.engine.loopir.schema.SchemaSpmvTiming [scale [edge factor [format ...]]]
 * </pre>
 * Runs the kernels in rounds (one run of each per round: -Dwarm=5 rounds of warm-up, then -Druns=11 timed),
 * prints each kernel's median and its ratio to CSR's, and checks every result against CSR's.
 */
public final class SchemaSpmvTiming {
    private static final Ex LVL = local("lvl", JavaType.ref("org.stag.formats.level.Level"));

    private SchemaSpmvTiming() {
    }

    public static void main(String[] args) throws Exception {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int degree = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        String[] formats = args.length > 2 ? Arrays.copyOfRange(args, 2, args.length) : new String[] {"ctree", "bst"};
        long t0 = System.nanoTime();
        Graph g = GraphBuilder.build(new KroneckerGenerator().generate(
                new GeneratorOptions(scale, degree, 1, Runtime.getRuntime().availableProcessors(), false, false)),
                DuplicatePolicy.FIRST, Runtime.getRuntime().availableProcessors());
        int n = g.numRows();
        int[] rp = g.rowPtr();
        int[] ci = g.colIdx();
        SplittableRandom rnd = new SplittableRandom(7);
        double[] w = rnd.doubles(ci.length).toArray();
        double[] x = rnd.doubles(g.numCols()).toArray();
        System.out.printf("kron scale %d, edge factor %d: %d rows, %d stored edges (%.1f s)%n", scale, degree, n,
                ci.length, (System.nanoTime() - t0) / 1e9);

        Method csr = compile("Csr", csrSource());
        double[] want = new double[n];
        Run[] runs = new Run[formats.length + 1];
        runs[0] = () -> csr.invoke(null, n, rp, ci, w, x, want);
        double[][] ys = new double[formats.length][n];
        for (int k = 0; k < formats.length; k++) {
            String f = formats[k];
            t0 = System.nanoTime();
            DynamicLevelFormat lf = new DynamicLevelFormat(BuiltinFormats.byName(f));
            DynamicLevel level = (DynamicLevel) Level.create(lf, g.numCols(), ValueMode.DOUBLE);
            level.appendInit(n);
            double[] vals = w.clone();
            for (int p = 0; p < n; p++) {
                level.build(p, ci, vals, rp[p], rp[p + 1]);
            }
            level.trim();
            SchemaLevelCode code = new SchemaLevelCode(lf, "A1", true);
            String name = "Spmv_" + f.replace('-', '_');
            Method m = compile(name, spmvSource(code, name));
            Workspace ws = new Workspace();
            double[] y = ys[k];
            runs[k + 1] = () -> m.invoke(null, level, ws, n, x, y);
            System.out.printf("%-8s built in %.1f s%n", f, (System.nanoTime() - t0) / 1e9);
        }
        // Rounds of one run per kernel, so that the machine's drift affects all kernels alike.
        int warm = Integer.getInteger("warm", 5);
        int timed = Integer.getInteger("runs", 11);
        double[][] t = new double[runs.length][timed];
        for (int round = 0; round < warm + timed; round++) {
            for (int k = 0; k < runs.length; k++) {
                long s = System.nanoTime();
                runs[k].run();
                if (round >= warm) {
                    t[k][round - warm] = (System.nanoTime() - s) / 1e6;
                }
            }
        }
        for (int k = 0; k < formats.length; k++) {
            for (int i = 0; i < n; i++) {
                if (Math.abs(ys[k][i] - want[i]) > 1e-9 * (1 + Math.abs(want[i]))) {
                    throw new AssertionError(formats[k] + ": y[" + i + "] = " + ys[k][i] + ", CSR gives " + want[i]);
                }
            }
        }
        double csrMs = median(t[0]);
        System.out.printf("%-8s %8.1f ms (median of %d)%n", "csr", csrMs, timed);
        for (int k = 0; k < formats.length; k++) {
            double ms = median(t[k + 1]);
            System.out.printf("%-8s %8.1f ms  %5.2fx CSR%n", formats[k], ms, ms / csrMs);
        }
    }

    private static double median(double[] a) {
        double[] c = a.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }

    /** The SpMV kernel over a (dense, dynamic) matrix, as the issue note shows it. */
    static String spmvSource(LevelCode code, String name) {
        Block b = new Block();
        code.unpack(b, LVL);
        Block rows = b.forLoop(null, JavaType.INT, "i", lit(0), lt(intVar("i"), intVar("n")), postInc(intVar("i")));
        rows.line("double acc = 0");
        code.iterate(rows, intVar("i"), new LevelCode.Binding("j", null, "v"), false, "row", body -> body.line("acc += v * x[j]"));
        rows.line("y[i] = acc");
        StringBuilder s = new StringBuilder("package org.stag.gen.timing;\n\npublic class " + name + " {\n"
                + "    public static void spmv(org.stag.formats.level.Level lvl, org.stag.engine.kernellib.Workspace ws, int n, "
                + "double[] x, double[] y) {\n");
        JavaPrinter.print(b, 2, s);
        return s.append("    }\n}\n").toString();
    }

    private static String csrSource() {
        return """
                package org.stag.gen.timing;

                public class Csr {
                    public static void spmv(int n, int[] pos, int[] crd, double[] val, double[] x, double[] y) {
                        for (int i = 0; i < n; i++) {
                            double acc = 0;
                            for (int q = pos[i], e = pos[i + 1]; q < e; q++) {
                                acc += val[q] * x[crd[q]];
                            }
                            y[i] = acc;
                        }
                    }
                }
                """;
    }

    private static Method compile(String name, String source) {
        Class<?> c = new KernelCompiler().compile(new GeneratedSource("org.stag.gen.timing", name, source));
        for (Method m : c.getMethods()) {
            if (m.getName().equals("spmv")) {
                return m;
            }
        }
        throw new IllegalStateException("no spmv in " + name);
    }

    @FunctionalInterface
    private interface Run {
        void run() throws Exception;
    }
}
