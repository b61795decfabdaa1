package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * A pattern takes batch updates and its kernels keep reading the constant: A built with constant values (a
 * last level of coordinates only) and A as a view over the weights W (sharing W's levels) get the same insert
 * and delete batches as a model; after each batch the compiled pattern SpMV, run on the very same tensors,
 * equals a direct sum over the model's edges, with no conversion in between. The constant's size is stale
 * after a batch, which nothing may read: every index reads the constant.
 */
class PatternBatchKernelTest {
    private static final int N = 300;
    private static final String SPMV = """
            N int
            A bool[N][compressed[N]]
            x double[N]
            Let Main() -> (y double[N])
                y[i] = A[i][j] * x[j] | j:(+, 0.0)
            End
            """;

    @ParameterizedTest
    @ValueSource(strings = {"dense,ctree", "dense,list", "dense,btree", "bst,ctree"})
    void patternsAndViewsTakeBatchesAndKernelsFollow(String format) {
        Format f = FormatParser.parse(format);
        SplittableRandom r = new SplittableRandom(format.hashCode());
        TreeMap<Long, Double> model = new TreeMap<>();
        int m0 = 4 * N;
        int[] rows = new int[m0];
        int[] cols = new int[m0];
        double[] w = new double[m0];
        for (int e = 0; e < m0; e++) {
            rows[e] = r.nextInt(N);
            cols[e] = r.nextInt(N);
            w[e] = 1 + r.nextInt(9);
            model.put((long) rows[e] * N + cols[e], w[e]);
        }
        Tensor a = Tensor.build(f, new int[] {N, N}, new int[][] {rows, cols}, Values.constantBool(true, false, m0));
        Tensor weights = Tensor.build(f, new int[] {N, N}, new int[][] {rows, cols}, Values.ofDoubles(w, Double.POSITIVE_INFINITY));
        Tensor view = weights.withValues(Values.constantBool(true, false, 0));
        assertEquals(ValueMode.NONE, ValueRead.of(a).lastLevel());
        assertEquals(ValueMode.DOUBLE, ValueRead.of(view).lastLevel());

        CheckedProgram p = new Checker().check(new Source("spmv.stag", SPMV));
        Definition d = (Definition) p.main().decl().body().get(0);
        Format dense = FormatParser.parse("dense");
        Map<String, Format> formats = Map.of("A", f, "x", dense, "y", dense);
        DefinitionCompiler dc = new DefinitionCompiler();
        CompiledDefinition onA = dc.compile(p, d, formats, Map.of("A", ValueRead.of(a)), Map.of());
        CompiledDefinition onView = dc.compile(p, d, formats, Map.of("A", ValueRead.of(view)), Map.of());
        double[] xv = new double[N];
        for (int j = 0; j < N; j++) {
            xv[j] = 1 + j % 7;
        }
        Tensor x = Tensor.ofDense(dense, new int[] {N}, Values.ofDoubles(xv));

        for (int round = 0; round < 5; round++) {
            int n = 200;
            int[] ir = new int[n];
            int[] ic = new int[n];
            double[] iv = new double[n];
            for (int k = 0; k < n; k++) {
                ir[k] = r.nextInt(N);
                ic[k] = r.nextInt(N);
                iv[k] = 1 + r.nextInt(9);
            }
            a.insertBatch(ir, ic, null, n, 2, BatchGrowth.FIXED);
            weights.insertBatch(ir, ic, iv, n, 2, BatchGrowth.FIXED);
            for (int k = 0; k < n; k++) {
                model.put((long) ir[k] * N + ic[k], iv[k]);
            }
            int[] dr = new int[n];
            int[] dcol = new int[n];
            Long[] keys = model.keySet().toArray(new Long[0]);
            for (int k = 0; k < n; k++) {
                long key = keys[r.nextInt(keys.length)];
                dr[k] = (int) (key / N);
                dcol[k] = (int) (key % N);
            }
            a.deleteBatch(dr, dcol, n, 2);
            weights.deleteBatch(dr, dcol, n, 2);
            for (int k = 0; k < n; k++) {
                model.remove((long) dr[k] * N + dcol[k]);
            }
            a.check();
            view.check();
            double[] expected = new double[N];
            model.keySet().forEach(key -> expected[(int) (key / N)] += xv[(int) (key % N)]);
            long conversions = Tensor.conversionCount();
            double[] ya = run(onA, a, x);
            double[] yv = run(onView, view, x);
            assertEquals(conversions, Tensor.conversionCount(), format + ": a kernel run converted a tensor");
            assertArrayEquals(expected, ya, format + " round " + round + ": pattern A");
            assertArrayEquals(expected, yv, format + " round " + round + ": view over W");
            assertEquals(model.size(), a.componentCount(), format);
            assertEquals(model.size(), view.componentCount(), format);
            assertTrue(a.getAsBoolean(ir[0], ic[0]) == model.containsKey((long) ir[0] * N + ic[0]));
        }
    }

    private static double[] run(CompiledDefinition k, Tensor a, Tensor x) {
        Tensor y = (Tensor) k.run(Map.of("A", a, "x", x, "N", N), 2);
        return ((DoubleValues) y.values()).array();
    }
}
