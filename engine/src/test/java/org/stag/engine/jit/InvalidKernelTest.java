package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.ProgramException;
import org.stag.engine.front.Source;
import org.stag.formats.tensor.FormatParser;

/** Issue 4, must-show 5: invalid kernels are rejected with a clear message naming file, line and column. */
class InvalidKernelTest {

    /** Checks and compiles {@code Main}'s first definition with the formats given as "name=levels". */
    private static void compile(String program, String... formats) {
        CheckedProgram p = new Checker().check(new Source("k.stag", program));
        Definition d = (Definition) p.main().decl().body().get(0);
        Map<String, org.stag.formats.tensor.Format> f = new HashMap<>();
        for (var s : p.globals().values()) {
            if (s.isTensor()) {
                f.put(s.name(), FormatParser.parse(String.join(",", s.tensor().levels())));
            }
        }
        var t = p.definition(d).target();
        if (t.isTensor()) {
            f.put(t.name(), FormatParser.parse(String.join(",", t.tensor().levels())));
        }
        for (String nf : formats) {
            String[] kv = nf.split("=", 2);
            f.put(kv[0], FormatParser.parse(kv[1]));
        }
        new DefinitionCompiler().compile(p, d, f, Map.of());
    }

    private static ProgramException rejected(String program, String... formats) {
        return assertThrows(ProgramException.class, () -> compile(program, formats));
    }

    @Test
    void unknownTensor() {
        ProgramException e = rejected("""
                N int
                A double[N][compressed[N]]
                Let Main() -> (y double[N])
                    y[i] = A[i][j] * z[j] | j:(+, 0.0)
                End
                """);
        assertEquals("k.stag", e.file());
        assertEquals(4, e.line());
        assertEquals(22, e.column());
        assertTrue(e.getMessage().contains("unknown") && e.getMessage().contains("'z'"), e.getMessage());
    }

    @Test
    void shapeMismatch() {
        ProgramException e = rejected("""
                M int
                N int
                A double[M][compressed[N]]
                x double[M]
                Let Main() -> (y double[M])
                    y[i] = A[i][j] * x[j] | j:(+, 0.0)
                End
                """);
        assertEquals(6, e.line());
        assertTrue(e.getMessage().contains("j") && (e.getMessage().contains("M") || e.getMessage().contains("N")), e.getMessage());
    }

    @Test
    void reductionOverAFreeIndex() {
        ProgramException e = rejected("""
                N int
                A double[N][compressed[N]]
                Let Main() -> (y double[N])
                    y[i] = A[i][j] | i:(+, 0.0), j:(+, 0.0)
                End
                """);
        assertEquals(4, e.line());
        assertTrue(e.getMessage().contains("i"), e.getMessage());
    }

    @Test
    void formatThatCannotBeIteratedInTheRequestedOrder() {
        // The declared format passes the checker; the actual one (CSR rows, columns compressed) is given at
        // compile time, as a FormatRule or a caller would, and cannot be walked column-first.
        ProgramException e = rejected("""
                N int
                A double[N][N]
                x double[N]
                Let Main() -> (y double[N])
                    y[i] = A[i][j] * x[j] | j:(+, 0.0) Ord j, i
                End
                """, "A=dense,compressed");
        assertEquals(5, e.line());
        assertTrue(e.getMessage().contains("cannot iterate in the order Ord j, i"), e.getMessage());
        assertTrue(e.getMessage().contains("level 1 cannot locate"), e.getMessage());
    }

    @Test
    void noOrderAtAllForCrossedSparseAccesses() {
        ProgramException e = rejected("""
                N int
                A double[N][compressed[N]]
                B double[N][compressed[N]]
                Let Main() -> (y double[N][N])
                    y[i][j] = A[i][j] * B[j][i]
                End
                """);
        assertTrue(e.getMessage().contains("no loop order can iterate these formats"), e.getMessage());
    }
}
