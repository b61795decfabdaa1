package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.formats.tensor.FormatParser;

/**
 * Issue 10 item 1, a union's specialised sub-loops (TACO's lattice code generation): {@code y[i] = a[i] + b[i]}
 * over two compressed vectors is one loop while both have entries left, then one loop per vector alone that
 * walks it with no test of the other's cursor and reads the other's fill value. The canonical-form pass is
 * off here: it would split this union into one loop per monomial.
 */
class UnionTailLoopsTest {
    private static String source(String program, String a, String b) {
        CheckedProgram p = new Checker().check(new Source("union.stag", program));
        Definition d = (Definition) p.main().decl().body().get(0);
        return new DefinitionCompiler().compile(p, d, Map.of("a", FormatParser.parse(a), "b", FormatParser.parse(b),
                "y", FormatParser.parse("dense")), Map.of(), Map.of(), null, false, false, false).plan().source().text();
    }

    @Test
    void twoCompressedVectorsGetTailLoops() {
        String src = source("""
                N int
                a double[compressed[N]]
                b double[compressed[N]]
                Let Main() -> (y double[N])
                    y[i] = a[i] + b[i]
                End
                """, "compressed", "compressed");
        String run = src.substring(src.indexOf("public void run"), src.indexOf("public void finish"));
        Matcher m = Pattern.compile("while \\(([^)]*)\\)").matcher(run);
        java.util.List<String> loops = new java.util.ArrayList<>();
        while (m.find()) {
            loops.add(m.group(1));
        }
        assertEquals(3, loops.size(), run);
        // Both, then a alone, then b alone: each a conjunction of the running cursors' tests, never a disjunction.
        assertTrue(loops.get(0).contains("&&"), run);
        assertFalse(loops.get(1).contains("&&") || loops.get(2).contains("&&"), run);
        assertFalse(run.contains("||"), run);
        assertFalse(run.contains("Integer.MAX_VALUE"), run);
        // The tail loops read the exhausted vector's fill (0.0) instead of testing its cursor.
        String tailA = run.substring(run.indexOf("while (" + loops.get(1) + ")"),
                run.indexOf("while (" + loops.get(2) + ")"));
        assertFalse(tailA.contains("? "), tailA);
        assertTrue(run.contains("L0: {"), run);
    }

    @Test
    void anIntersectionHasNoTails() {
        String src = source("""
                N int
                a double[compressed[N]]
                b double[compressed[N]]
                Let Main() -> (y double[N])
                    y[i] = a[i] * b[i]
                End
                """, "compressed", "compressed");
        String run = src.substring(src.indexOf("public void run"), src.indexOf("public void finish"));
        assertEquals(1, run.split("while \\(", -1).length - 1, run);
    }
}
