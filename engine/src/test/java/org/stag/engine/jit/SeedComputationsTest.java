package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.stag.engine.TestData;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * Issue 4, must-show 4: the two computations the dynamic-formats paper [Chou 2021] evaluates beyond PageRank, on a real
 * graph: SpMV whose result is stored as a BST, and {@code C = A + B} with A in BST rows and B, C in CSR,
 * computed by co-iterating A's tree with B's segment (no temporary tree).
 */
class SeedComputationsTest {
    private static Graph karate() {
        return GraphLoader.load(TestData.file("suitesparse/karate.mtx"), LoadOptions.defaults());
    }

    private static CompiledDefinition compile(String program, Map<String, String> formats) {
        CheckedProgram p = new Checker().check(new Source("seed.stag", program));
        Definition d = (Definition) p.main().decl().body().get(0);
        Map<String, Format> f = new HashMap<>();
        formats.forEach((k, v) -> f.put(k, FormatParser.parse(v)));
        return new DefinitionCompiler().compile(p, d, f, Map.of());
    }

    /** A weighted copy of the graph: weight of edge (i, j) is 1 + (i * 31 + j) % 7. */
    private static Tensor weighted(Graph g, Format f) {
        int m = g.numEdges();
        int[] rows = new int[m];
        int[] cols = Arrays.copyOf(g.colIdx(), m);
        double[] w = new double[m];
        for (int r = 0; r < g.numRows(); r++) {
            for (int q = g.rowPtr()[r]; q < g.rowPtr()[r + 1]; q++) {
                rows[q] = r;
                w[q] = 1 + (r * 31 + cols[q]) % 7;
            }
        }
        return Tensor.build(f, new int[] {g.numRows(), g.numCols()}, new int[][] {rows, cols}, Values.ofDoubles(w, 0.0));
    }

    @Test
    void spmvIntoABst() {
        Graph g = karate();
        int n = g.numRows();
        Tensor a = weighted(g, Format.csr());
        double[] x = new double[n];
        Random rnd = new Random(7);
        for (int i = 0; i < n; i++) {
            x[i] = rnd.nextInt(5) - 2;
        }
        CompiledDefinition k = compile("""
                N int
                A double[N][compressed[N]]
                x double[N]
                Let Main() -> (y double[bst[N]])
                    y[i] = A[i][j] * x[j] | j:(+, 0.0)
                End
                """, Map.of("A", "dense,compressed", "x", "dense", "y", "bst"));
        Tensor xt = Tensor.ofDense(FormatParser.parse("dense"), new int[] {n}, Values.ofDoubles(x, 0.0));
        Tensor y = (Tensor) k.run(Map.of("A", a, "x", xt, "N", n), 2);
        assertEquals("bst", y.format().level(0).name());
        assertTrue(y.level(0) instanceof DynamicLevel);
        y.check();
        double[] expected = new double[n];
        for (int i = 0; i < n; i++) {
            for (int q = g.rowPtr()[i]; q < g.rowPtr()[i + 1]; q++) {
                expected[i] += (1 + (i * 31 + g.colIdx()[q]) % 7) * x[g.colIdx()[q]];
            }
        }
        int stored = 0;
        for (int i = 0; i < n; i++) {
            assertEquals(expected[i], y.getAsDouble(i), 1e-12, "row " + i);
            stored += expected[i] != 0 ? 1 : 0;
        }
        assertEquals(stored, y.componentCount(), "the tree holds exactly the nonzero rows");
    }

    @Test
    void addBstRowsToCsrByCoIteration() {
        Graph g = karate();
        int n = g.numRows();
        Tensor a = weighted(g, FormatParser.parse("dense,bst"));
        // B: the graph shifted by one column, so A and B overlap partly and each has entries of its own.
        int m = g.numEdges();
        int[] rows = new int[m];
        int[] cols = new int[m];
        double[] w = new double[m];
        for (int r = 0; r < n; r++) {
            for (int q = g.rowPtr()[r]; q < g.rowPtr()[r + 1]; q++) {
                rows[q] = r;
                cols[q] = (g.colIdx()[q] + 1) % n;
                w[q] = 0.5 + r % 3;
            }
        }
        Tensor b = Tensor.build(Format.csr(), new int[] {n, n}, new int[][] {rows, cols}, Values.ofDoubles(w, 0.0));
        CompiledDefinition k = compile("""
                N int
                A double[N][bst[N]]
                B double[N][compressed[N]]
                Let Main() -> (C double[N][compressed[N]])
                    C[i][j] = A[i][j] + B[i][j]
                End
                """, Map.of("A", "dense,bst", "B", "dense,compressed", "C", "dense,compressed"));
        String src = k.plan().source().text();
        // The rows are co-iterated (a union merge): while both rows have entries, then each row's tail alone.
        assertEquals("union", k.plan().notes().get("loop j"), k.plan().notes().toString());
        assertEquals("{B} {A}", k.plan().notes().get("tails j"), k.plan().notes().toString());
        assertTrue(src.contains("while ("), src);
        assertFalse(src.contains("Tensor.build") || src.contains(".build("), "no temporary tree is built:\n" + src);
        Tensor c = (Tensor) k.run(Map.of("A", a, "B", b, "N", n), 1);
        assertEquals(Format.csr(), c.format());
        c.check();
        double[][] expected = new double[n][n];
        TensorCursor ca = a.cursor();
        while (ca.next()) {
            expected[ca.coordinate(0)][ca.coordinate(1)] += ca.doubleValue();
        }
        for (int q = 0; q < m; q++) {
            expected[rows[q]][cols[q]] += w[q];
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                assertEquals(expected[i][j], c.getAsDouble(i, j), 1e-12, "C[" + i + "][" + j + "]");
            }
        }
    }
}
