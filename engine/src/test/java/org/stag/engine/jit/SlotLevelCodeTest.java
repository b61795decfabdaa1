package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * The code generated over DIA and ELL, read: DIA's SpMV is a loop over the diagonals, a counted loop over each
 * diagonal's rows and the column computed from the offset ([Chou 2018], Figure 1's DIA kernel); ELL's is a loop over the
 * rows, the slots of each and one column per slot, padding skipped by its value. Both read the operand as stored; an
 * addition, which the slot level cannot drive, reads it converted to CSR.
 */
class SlotLevelCodeTest {
    private static final String SPMV = """
            N int
            A double[N][N]
            x double[N]
            Let Main() -> (y double[N])
                y[i] = A[i][j] * x[j] | j:(+, 0.0)
            End
            """;

    private static final String ADD = """
            N int
            A double[N][N]
            B double[N][N]
            Let Main() -> (C double[N][N])
                C[i][j] = A[i][j] + B[i][j]
            End
            """;

    private static final String MUL = ADD.replace("A[i][j] + B[i][j]", "A[i][j] * B[i][j]");

    private static CompiledDefinition compile(String program, Map<String, String> formats) {
        CheckedProgram p = new Checker().check(new Source("k.stag", program));
        Definition d = (Definition) p.main().decl().body().get(0);
        Map<String, org.stag.formats.tensor.Format> fs = new java.util.HashMap<>();
        formats.forEach((name, f) -> fs.put(name, FormatParser.parse(f)));
        return new DefinitionCompiler().compile(p, d, fs, Map.of());
    }

    private static CompiledDefinition spmv(String format) {
        return compile(SPMV, Map.of("A", format, "x", "dense", "y", "dense"));
    }

    /** The loop nest: from the first labelled loop to the end of {@code run}. */
    private static String loops(CompiledDefinition k) {
        String src = k.plan().source().text();
        int start = src.indexOf("L0:");
        assertTrue(start > 0, src);
        return src.substring(start, src.indexOf("public void finish"));
    }

    /** The 4 x 4 matrix with entries on diagonals -1, 0 and 2, value 10 * row + column + 1. */
    private static Tensor banded(String format) {
        int[][] crd = {{0, 0, 1, 1, 1, 2, 2, 3, 3}, {0, 2, 0, 1, 3, 1, 2, 2, 3}};
        double[] v = new double[crd[0].length];
        for (int e = 0; e < v.length; e++) {
            v[e] = 10 * crd[0][e] + crd[1][e] + 1;
        }
        return Tensor.build(FormatParser.parse(format), new int[] {4, 4}, crd, Values.ofDoubles(v));
    }

    private static double[] spmvOf(CompiledDefinition k, String format) {
        Tensor x = Tensor.build(FormatParser.parse("dense"), new int[] {4}, new int[][] {{0, 1, 2, 3}},
                Values.ofDoubles(new double[] {1, 10, 100, 1000}));
        Tensor y = (Tensor) k.run(Map.of("A", banded(format), "x", x, "N", 4), 1);
        double[] out = new double[4];
        for (int i = 0; i < 4; i++) {
            out[i] = y.getAsDouble(i);
        }
        return out;
    }

    /** A * x of {@link #banded} by hand. */
    private static final double[] EXPECTED = {1 * 1 + 3 * 100, 11 * 1 + 12 * 10 + 14 * 1000, 22 * 10 + 23 * 100,
        33 * 100 + 34 * 1000};

    @Test
    void diaIteratesDiagonalsThenTheirRows() {
        CompiledDefinition k = spmv("dense,range,offset");
        String loops = loops(k);
        assertEquals("$s0, i, j", k.plan().notes().get("order"), k.plan().source().text());
        assertTrue(loops.contains("Math.max(0, -a0l1_off[i_$s0])"), loops);
        assertTrue(loops.contains("Math.min(a0l1_n, a0l1_m - a0l1_off[i_$s0])"), loops);
        assertTrue(loops.contains("i_i + a0l2_off[i_$s0]"), loops);
        assertFalse(loops.contains("new "), loops);
        assertTrue(k.conversions().isEmpty(), "DIA is read directly: " + k.conversions());
        assertEquals(java.util.Arrays.toString(EXPECTED), java.util.Arrays.toString(spmvOf(k, "dense,range,offset")));
    }

    @Test
    void diaOverCompressedRowsReadsTheRowsStored() {
        CompiledDefinition k = spmv("dense,compressed,offset");
        assertEquals("$s0, i, j", k.plan().notes().get("order"), k.plan().source().text());
        assertTrue(loops(k).contains("i_i + a0l2_off[i_$s0]"), loops(k));
        assertTrue(k.conversions().isEmpty(), "read directly: " + k.conversions());
        assertEquals(java.util.Arrays.toString(EXPECTED), java.util.Arrays.toString(spmvOf(k, "dense,compressed,offset")));
    }

    @Test
    void ellIteratesRowsThenTheirSlots() {
        CompiledDefinition k = spmv("dense,dense,singleton");
        String loops = loops(k);
        assertEquals("i, $s0, j", k.plan().notes().get("order"), k.plan().source().text());
        assertTrue(loops.contains("< 0) {"), "padded slots are skipped:\n" + loops);
        assertFalse(loops.contains("new "), loops);
        assertTrue(k.conversions().isEmpty(), "ELL is read directly: " + k.conversions());
        assertEquals(java.util.Arrays.toString(EXPECTED), java.util.Arrays.toString(spmvOf(k, "dense,dense,singleton")));
    }

    @Test
    void multiplyingByCsrReadsTheSlotLevelAndAddingConvertsIt() {
        for (String f : new String[] {"dense,range,offset", "dense,dense,singleton"}) {
            CompiledDefinition mul = compile(MUL, Map.of("A", f, "B", "dense,compressed", "C", "dense,compressed"));
            assertTrue(mul.conversions().isEmpty(), f + " * CSR: " + mul.conversions());
            CompiledDefinition add = compile(ADD, Map.of("A", f, "B", "dense,compressed", "C", "dense,compressed"));
            assertEquals(Map.of("A", FormatParser.parse("dense,compressed")), add.conversions(), f + " + CSR");
            Tensor a = banded(f);
            Tensor b = banded("dense,compressed");
            Tensor sum = (Tensor) add.run(Map.of("A", a, "B", b, "N", 4), 1);
            Tensor product = (Tensor) mul.run(Map.of("A", a, "B", b, "N", 4), 1);
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    double v = b.getAsDouble(i, j);
                    assertEquals(2 * v, sum.getAsDouble(i, j), f + " + CSR at " + i + "," + j);
                    assertEquals(v * v, product.getAsDouble(i, j), f + " * CSR at " + i + "," + j);
                }
            }
        }
    }
}
