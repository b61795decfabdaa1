package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.javagen.SourceEmitter;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * The Java emitted for a kernel whose operand has constant values (a pattern), read through the same path
 * {@code stag compile --emit-java} writes it ({@link SourceEmitter}): the pattern SpMV reads no value array of
 * A and adds {@code x[j]} itself; the same kernel over a bool array does read A's values.
 */
class ConstantSourceTest {
    private static final String SPMV = """
            N int
            A bool[N][compressed[N]]
            x double[N]
            Let Main() -> (y double[N])
                y[i] = A[i][j] * x[j] | j:(+, 0.0)
            End
            """;

    private static final String AND = """
            N int
            A bool[N][compressed[N]]
            f bool[N]
            Let Main() -> (next bool[N])
                next[i] = A[i][j] && f[j] | j:(OR, false)
            End
            """;

    @TempDir
    Path dir;

    private String emitted(String program, String format, ValueRead a) throws IOException {
        CheckedProgram p = new Checker().check(new Source("k.stag", program));
        Definition d = (Definition) p.main().decl().body().get(0);
        Format dense = FormatParser.parse("dense");
        String vec = program.contains("f bool") ? "f" : "x";
        String out = program.contains("next") ? "next" : "y";
        CompiledDefinition k = new DefinitionCompiler().compile(p, d, Map.of("A", FormatParser.parse(format), vec, dense,
                out, dense), a == null ? Map.of() : Map.of("A", a), Map.of());
        Path file = new SourceEmitter(dir).emit(k.plan().source());
        return Files.readString(file);
    }

    /** The loop nest: from the first labelled loop to {@code finish}. */
    private static String loops(String src) {
        int start = src.indexOf("L0:");
        assertTrue(start > 0, src);
        return src.substring(start, src.indexOf("public void finish"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dense,compressed", "dense,ctree", "dense,list", "bst,ctree"})
    void thePatternSpmvAddsXAndReadsNoValuesOfA(String format) throws IOException {
        ValueMode layout = format.endsWith("compressed") ? ValueMode.POSITION : ValueMode.NONE;
        String pattern = emitted(SPMV, format, ValueRead.constant(Values.constantBool(true, false, 0), layout));
        String array = emitted(SPMV, format, null);
        // A is access 0: its values array is a0_vals. The array kernel reads it, the pattern kernel never does.
        assertTrue(array.contains("a0_vals"), array);
        assertTrue(array.contains("? 1.0 : 0.0"), array);
        assertFalse(pattern.contains("a0_vals"), pattern);
        assertFalse(pattern.contains("? 1.0 : 0.0"), pattern);
        assertFalse(pattern.contains("1.0 *"), pattern);
        String inner = loops(pattern);
        assertTrue(inner.matches("(?s).*final double x\\d+ = a1_vals\\[[^\\]]+\\];.*"), inner);
        assertNotEquals(array, pattern);
    }

    @Test
    void aConstantViewOverDoublesUnpacksThemButReadsTheLiteral() throws IOException {
        String view = emitted(SPMV, "dense,ctree", ValueRead.constant(Values.constantBool(true, false, 0), ValueMode.DOUBLE));
        assertTrue(view.contains("ValueMode.DOUBLE"), view);
        assertFalse(view.contains("a0_vals"), view);
        assertFalse(view.contains("? 1.0 : 0.0"), view);
        String none = emitted(SPMV, "dense,ctree", ValueRead.constant(Values.constantBool(true, false, 0), ValueMode.NONE));
        assertTrue(none.contains("ValueMode.NONE"), none);
        // Elements of a pattern carry nothing: no value or position array of the level is unpacked.
        for (String line : none.split("\n")) {
            assertFalse(line.contains("a0l1") && (line.contains(".values(") || line.contains(".positions(")
                    || line.contains(".val()") || line.contains(".pos()")), line);
        }
    }

    @Test
    void aBoolAndOverAPatternIsElided() throws IOException {
        String pattern = emitted(AND, "dense,compressed", ValueRead.constant(Values.constantBool(true, false, 0),
                ValueMode.POSITION));
        String array = emitted(AND, "dense,compressed", null);
        assertTrue(loops(array).contains("a0_vals"), array);
        assertTrue(loops(array).contains("&&"), array);
        assertFalse(pattern.contains("a0_vals"), pattern);
        assertFalse(loops(pattern).contains("&&"), pattern);
    }

    @Test
    void theCacheKeyTellsValueReadsApartAndARunChecksThem() {
        CheckedProgram p = new Checker().check(new Source("k.stag", SPMV));
        Definition d = (Definition) p.main().decl().body().get(0);
        Format csr = FormatParser.parse("dense,compressed");
        Format dense = FormatParser.parse("dense");
        Map<String, Format> formats = Map.of("A", csr, "x", dense, "y", dense);
        DefinitionCompiler dc = new DefinitionCompiler();
        Tensor pattern = Tensor.build(csr, new int[] {2, 2}, new int[][] {{0, 1, 1}, {0, 0, 1}}, Values.constantBool(true, false, 3));
        ValueRead read = ValueRead.of(pattern);
        assertEquals("constant true over position", read.toString());
        CompiledDefinition arrayKernel = dc.compile(p, d, formats, Map.of());
        CompiledDefinition constKernel = dc.compile(p, d, formats, Map.of("A", read), Map.of());
        CompiledDefinition falseKernel = dc.compile(p, d, formats,
                Map.of("A", ValueRead.constant(Values.constantBool(false, false, 0), ValueMode.POSITION)), Map.of());
        assertNotEquals(arrayKernel.plan().source().qualifiedName(), constKernel.plan().source().qualifiedName());
        assertNotEquals(constKernel.plan().source().qualifiedName(), falseKernel.plan().source().qualifiedName());
        assertEquals(3, dc.cache().stats().misses());
        Tensor x = Tensor.ofDense(dense, new int[] {2}, Values.ofDoubles(new double[] {2.0, 3.0}));
        Tensor y = (Tensor) constKernel.run(Map.of("A", pattern, "x", x, "N", 2), 1);
        assertEquals(2.0, y.getAsDouble(0));
        assertEquals(5.0, y.getAsDouble(1));
        // A kernel compiled for an array refuses constant values (and the other way round), naming both reads.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> arrayKernel.run(Map.of("A", pattern, "x", x, "N", 2), 1));
        assertTrue(e.getMessage().contains("as array, but they are read as constant true over position"), e.getMessage());
        Tensor array = Tensor.build(csr, new int[] {2, 2}, new int[][] {{0, 1}, {1, 1}}, Values.ofBools(new boolean[] {true, true}));
        assertThrows(IllegalArgumentException.class, () -> constKernel.run(Map.of("A", array, "x", x, "N", 2), 1));
        assertThrows(IllegalArgumentException.class, () -> dc.compile(p, d, formats,
                Map.of("A", ValueRead.constant(Values.constantDouble(1.0, 0.0, 0), ValueMode.POSITION)), Map.of()));
    }

    @Test
    void aFusedKernelRefusesConstantOperands() {
        CheckedProgram p = new Checker().check(new Source("fuse.stag", """
                N int
                rank double[N]
                deg int[N]
                Let Main() -> (contrib double[N], total double)
                    contrib[j] = rank[j] / deg[j]
                    total = contrib[j] | j:(+, 0.0)
                End
                """));
        java.util.List<Definition> defs = new java.util.ArrayList<>();
        for (org.stag.engine.front.Stmt s : p.main().decl().body()) {
            defs.add((Definition) s);
        }
        Format dense = FormatParser.parse("dense");
        CompiledFusion fused = new DefinitionCompiler().compileFused(p, defs, Map.of("rank", dense, "deg", dense,
                "contrib", dense), Map.of());
        Tensor rank = Tensor.ofDense(dense, new int[] {3}, Values.ofDoubles(new double[] {1, 2, 3}));
        Tensor deg = Tensor.build(dense, new int[] {3}, new int[][] {{0, 1, 2}}, Values.constantInt(2, 0, 3));
        assertTrue(deg.values().isConstant());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fused.run(Map.of("rank", rank, "deg", deg, "N", 3), 1));
        assertTrue(e.getMessage().contains("tensor deg has constant values"), e.getMessage());
        Tensor degArray = Tensor.ofDense(dense, new int[] {3}, Values.ofInts(new int[] {2, 2, 2}));
        assertEquals(3.0, (Double) fused.run(Map.of("rank", rank, "deg", degArray, "N", 3), 1).get("total"));
    }
}
