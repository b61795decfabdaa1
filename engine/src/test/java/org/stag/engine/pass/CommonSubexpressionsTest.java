package org.stag.engine.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.front.Definition;
import org.stag.engine.cin.CinPrinter;
import org.stag.engine.cin.IndexExpr;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Source;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;

/** The CSE pass finds repeated operator subtrees, innermost first, never an integer division, and kernels share them. */
class CommonSubexpressionsTest {
    private static final String PROGRAM = """
            N int
            x double[N]
            k long[N]
            Let Main() -> (y double[N], z long[N])
                y[i] = (x[i] * 2.0 + 1.0) * (x[i] * 2.0 + 1.0) + ifelse(x[i] * 2.0 > 0.0, x[i], 0.5)
                z[i] = ifelse(k[i] == 0, 0, 10 / k[i]) + ifelse(k[i] == 0, 1, 10 / k[i])
            End
            """;

    private static CheckedProgram program() {
        return new Checker().check(new Source("cse.stag", PROGRAM));
    }

    private static Definition def(CheckedProgram p, int k) {
        return (Definition) p.main().decl().body().get(k);
    }

    private static KernelSpec spec(CheckedProgram p, int k) {
        Format dense = FormatParser.parse("dense");
        return new KernelSpec(p, def(p, k), Map.of("x", dense, "k", dense, "y", dense, "z", dense), Map.of());
    }

    @Test
    void findsRepeatedSubtreesInnermostFirst() {
        CheckedProgram p = program();
        List<List<IndexExpr>> groups = CommonSubexpressions.of(spec(p, 0).rhs());
        assertEquals(2, groups.size(), groups.toString());
        assertEquals("x[i] * 2.0", CinPrinter.print(groups.get(0).get(0)));
        assertEquals(3, groups.get(0).size());
        assertEquals("x[i] * 2.0 + 1.0", CinPrinter.print(groups.get(1).get(0)));
        assertEquals(2, groups.get(1).size());
    }

    @Test
    void neverSharesAnIntegerDivisionAGuardMayProtect() {
        CheckedProgram p = program();
        List<List<IndexExpr>> groups = CommonSubexpressions.of(spec(p, 1).rhs());
        // k[i] == 0 repeats and is safe; 10 / k[i] repeats but may divide by zero once hoisted.
        assertEquals(1, groups.size(), groups.toString());
        assertEquals("k[i] == 0", CinPrinter.print(groups.get(0).get(0)));
    }

    @Test
    void aKernelComputesARepeatedSubexpressionOnce() {
        CheckedProgram p = program();
        Format dense = FormatParser.parse("dense");
        DefinitionCompiler dc = new DefinitionCompiler();
        Map<String, Format> f = Map.of("x", dense, "y", dense);
        String on = dc.compile(p, def(p, 0), f, Map.of(), Map.of(), null, true).plan().source().text();
        String off = dc.compile(p, def(p, 0), f, Map.of(), Map.of(), null, false).plan().source().text();
        // x[i] * 2.0 once, then (it + 1.0) once, squared from the local; the ifelse's condition reads the first.
        assertTrue(on.matches("(?s).*final double (e\\d+_)0 = a\\d+_vals\\[p\\d+\\] \\* 2\\.0;\\s+"
                + "final double \\1" + "1 = \\1" + "0 \\+ 1\\.0;\\s+out\\[i_i\\] = \\1" + "1 \\* \\1" + "1 \\+ "
                + "\\(\\1" + "0 > 0\\.0 \\?.*"), on);
        assertFalse(off.matches("(?s).*final double e\\d+_0.*"), off);
        assertEquals(3, off.split("_vals\\[p\\d+\\] \\* 2\\.0", -1).length - 1, off);
    }
}
