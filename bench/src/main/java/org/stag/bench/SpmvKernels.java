package org.stag.bench;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.Source;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.Graph;

/** The SpMV program, its kernel compiled for a format of A, and its operands, shared by the SpMV benchmarks. */
public final class SpmvKernels {
    private SpmvKernels() {
    }

    /** {@code y = A x} with the vector named {@code x}; other names make distinct kernels (see CompileBenchmark). */
    public static String text(String x) {
        return """
                N int
                A double[N][compressed[N]]
                %1$s double[N]

                Let Main() -> (y double[N])
                    y[i] = A[i][j] * %1$s[j] | j:(+, 0.0)
                End
                """.formatted(x);
    }

    /** The checked SpMV program and its one definition. */
    public record Spmv(CheckedProgram program, Definition definition, String x) {
        /** The program with vector {@code x}. */
        public static Spmv of(String x) {
            CheckedProgram p = new Checker().check(new Source("spmv.stag", text(x)));
            return new Spmv(p, (Definition) p.main().decl().body().get(0), x);
        }

        /** Compiles the kernel with A in {@code format} (x and y dense). */
        public CompiledDefinition compile(DefinitionCompiler compiler, Format format) {
            Map<String, Format> formats = Map.of("A", format, x, FormatParser.parse("dense"), "y", FormatParser.parse("dense"));
            return compiler.compile(program, definition, formats, new IdentityHashMap<Expr.IfElse, Boolean>());
        }
    }

    /** A format of a JMH parameter: ':' stands for ',' because JMH splits -p values on commas. */
    public static Format format(String param) {
        return FormatParser.parse(param.replace(':', ','));
    }

    /**
     * Why the compiler cannot build the SpMV kernel for A in {@code format} yet (dynamic levels before the schema
     * code is merged), or null when it can.
     */
    public static String unsupported(String format) {
        try {
            Spmv.of("x").compile(new DefinitionCompiler(), format(format));
            return null;
        } catch (UnsupportedOperationException e) {
            if (String.valueOf(e.getMessage()).contains("schema code")) {
                return e.getMessage();
            }
            throw e;
        }
    }

    /** The graph as the order-2 tensor A: every stored edge with value 1.0, fill 0.0. */
    public static Tensor matrix(Graph g, Format format) {
        int m = g.numEdges();
        int[] rows = new int[m];
        for (int r = 0; r < g.numRows(); r++) {
            Arrays.fill(rows, g.rowPtr()[r], g.rowPtr()[r + 1], r);
        }
        double[] ones = new double[m];
        Arrays.fill(ones, 1.0);
        return Tensor.build(format, new int[] {g.numRows(), g.numCols()},
                new int[][] {rows, Arrays.copyOf(g.colIdx(), m)}, Values.ofDoubles(ones, 0.0));
    }

    /** The values of x: 1 + (j mod 17) / 16, so every row sum is a distinct, exactly representable number. */
    public static double[] x(int n) {
        double[] x = new double[n];
        for (int j = 0; j < n; j++) {
            x[j] = 1 + (j % 17) / 16.0;
        }
        return x;
    }

    /** A dense vector tensor over {@code values}. */
    public static Tensor vector(double[] values) {
        return Tensor.ofDense(FormatParser.parse("dense"), new int[] {values.length}, Values.ofDoubles(values, 0.0));
    }

    /** y = A x over the graph's CSR, sequentially: the reference every variant is checked against. */
    public static double[] reference(Graph g, double[] x) {
        double[] y = new double[g.numRows()];
        for (int i = 0; i < y.length; i++) {
            double s = 0;
            for (int p = g.rowPtr()[i]; p < g.rowPtr()[i + 1]; p++) {
                s += x[g.colIdx()[p]];
            }
            y[i] = s;
        }
        return y;
    }

    /** Fails unless {@code actual} equals {@code expected} within 1e-12 relative. */
    public static void check(String what, double[] expected, double[] actual) {
        if (expected.length != actual.length) {
            throw new IllegalStateException(what + ": " + actual.length + " rows, expected " + expected.length);
        }
        for (int i = 0; i < expected.length; i++) {
            if (Math.abs(expected[i] - actual[i]) > 1e-12 * Math.max(1, Math.abs(expected[i]))) {
                throw new IllegalStateException(what + ": y[" + i + "] = " + actual[i] + ", expected " + expected[i]);
            }
        }
    }
}
