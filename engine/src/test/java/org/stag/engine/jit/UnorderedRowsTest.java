package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;

/**
 * Kernels that co-iterate rows (a union into a sparse result, an intersection, and the two-level walk of
 * LCC's triangle count) read every dynamic schema correctly after batches have left its rows in any order:
 * an unsorted block list keeps its elements in insertion order, so its cursors and in-order visits must
 * sort a row before merging it with another. Each result equals the same kernel's over
 * {@code dense,compressed} matrices built from {@code TreeMap} models, after every batch.
 */
class UnorderedRowsTest {
    private static final int N = 61;
    private static final String PROGRAM = """
            N int
            A double[N][N]
            B double[N][N]
            Let Main() -> (C double[N][N], y double[N], z double[N])
                C[i][j] = A[i][j] + B[i][j]
                y[i] = A[i][j] * B[i][j] | j:(+, 0.0)
                z[i] = A[i][u] * B[u][w] * A[i][w] | u:(+, 0.0), w:(+, 0.0)
            End
            """;

    private static CompiledDefinition compile(int statement, Format matrices, Format out) {
        CheckedProgram p = new Checker().check(new Source("rows.stag", PROGRAM));
        Definition d = (Definition) p.main().decl().body().get(statement);
        return new DefinitionCompiler().compile(p, d, Map.of("A", matrices, "B", matrices, "C", out,
                "y", FormatParser.parse("dense"), "z", FormatParser.parse("dense")), Map.of());
    }

    private static Tensor csr(Format f, TreeMap<Long, Double> m) {
        return Tensors.csr(f, N, m);
    }

    /** A batch of inserts (rows given in decreasing column order, so an unsorted list keeps them so) or deletes. */
    private static void batch(Tensor t, TreeMap<Long, Double> model, SplittableRandom rnd, boolean insert) {
        int n = 1 + rnd.nextInt(120);
        int[] r = new int[n];
        int[] c = new int[n];
        double[] v = new double[n];
        for (int e = 0; e < n; e++) {
            r[e] = rnd.nextInt(N);
            c[e] = N - 1 - rnd.nextInt(N);
            v[e] = rnd.nextInt(1, 9);
        }
        Tensors.applyBatch(t, model, r, c, v, n, insert);
    }

    private static TreeMap<Long, Double> entries(Tensor t) {
        TreeMap<Long, Double> m = new TreeMap<>();
        TensorCursor c = t.cursor();
        while (c.next()) {
            if (!c.isFill()) {
                m.put(((long) c.coordinate(0) << 32) | c.coordinate(1), c.doubleValue());
            }
        }
        return m;
    }

    private static double[] vector(CompiledDefinition k, Tensor a, Tensor b, int threads) {
        Tensor out = (Tensor) k.run(Map.of("A", a, "B", b, "N", N), threads);
        return ((DoubleValues) out.values()).array().clone();
    }

    @ParameterizedTest
    @MethodSource("org.stag.engine.jit.ShardedKernelTest#formats")
    void unionIntersectionAndTrianglesAfterEveryBatch(String spec) {
        Format f = FormatParser.parse(spec);
        Format csr = FormatParser.parse("dense,compressed");
        SplittableRandom rnd = new SplittableRandom(spec.hashCode() * 17L);
        TreeMap<Long, Double> ma = new TreeMap<>();
        TreeMap<Long, Double> mb = new TreeMap<>();
        Tensor a = csr(f, ma);
        Tensor b = csr(f, mb);
        CompiledDefinition[] kernels = {compile(0, f, csr), compile(1, f, csr), compile(2, f, csr)};
        CompiledDefinition[] reference = {compile(0, csr, csr), compile(1, csr, csr), compile(2, csr, csr)};
        for (int round = 0; round < 8; round++) {
            boolean insert = round % 3 != 2;
            batch(a, ma, rnd, insert);
            batch(b, mb, rnd, insert || round == 5);
            Tensor ra = csr(csr, ma);
            Tensor rb = csr(csr, mb);
            String when = spec + " after batch " + round;
            for (int threads : new int[] {1, 2}) {
                Tensor c = (Tensor) kernels[0].run(Map.of("A", a, "B", b, "N", N), threads);
                assertEquals(entries((Tensor) reference[0].run(Map.of("A", ra, "B", rb, "N", N), 1)), entries(c),
                        when + ": union");
                for (int k = 1; k < 3; k++) {
                    assertArrayEquals(vector(reference[k], ra, rb, 1), vector(kernels[k], a, b, threads),
                            when + ": statement " + k + ", " + threads + " threads");
                }
            }
        }
    }
}
