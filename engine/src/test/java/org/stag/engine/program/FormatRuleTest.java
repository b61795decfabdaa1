package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.ScalarType;
import org.stag.engine.reference.RefTensor;
import org.stag.formats.tensor.Tensor;

/**
 * FormatRules convert a star call's argument before a run whenever the decision differs from the tensor's
 * current format, in both directions. The graph is a star around vertex 0 (0 -> every other vertex, every
 * other vertex -> 0), so the frontier alternates between one vertex and all the others and the rule's
 * decision flips every iteration.
 */
class FormatRuleTest {
    private static final int N = 12;

    private static RefTensor star() {
        RefTensor a = new RefTensor(ScalarType.BOOL, new int[] {N, N}, false);
        for (int v = 1; v < N; v++) {
            a.set(true, 0, v);
            a.set(true, v, 0);
        }
        return a;
    }

    /** The step keeps its output a bitmap, so a list argument converts to bitmap and a bitmap output back. */
    private static CheckedProgram program(String start) {
        return Fixtures.program("alternate.stag",
                "N int",
                "A bool[N][compressed[N]]",
                "Let Step(f bool[bitmap[N]], size int, it int) -> (g bool[bitmap[N]], size_out int, it_out int)",
                "    g[j] = A[k][j] && f[k] | k:(OR, false)",
                "    size_out = g[j] | j:(+, 0)",
                "    it_out = it + 1",
                "End",
                "Let Main() -> (f bool[list[N]], size int)",
                "    f0 bool[list[N]]",
                "    f0[j] = " + start,
                "    n0 = f0[j] | j:(+, 0)",
                "    FormatRule #1 list -> bitmap @ #2 > N / 4",
                "    f, size, _ = Step*(f0, n0, 0) | #3 >= 6",
                "End");
    }

    private static RunOptions options(List<String> explain) {
        return new RunOptions().param("N", "" + N).input("A", Fixtures.store(star(), "dense,compressed"))
                .explain(explain::add);
    }

    @Test
    void convertsToTheRuleFormatAndBack() {
        CheckedProgram p = program("j > 0");   // 11 vertices: starts above N / 4 = 3
        List<String> explain = new ArrayList<>();
        ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, options(explain));
        Map<String, Object> out = r.runMain();
        // Sizes before runs 1..6: 11, 1, 11, 1, 11, 1. Run 1 converts the list to a bitmap; the step returns
        // bitmaps, so runs 2, 4 and 6 convert back to a list and runs 3 and 5 keep the bitmap.
        assertEquals(1, r.stats().conversionsTo());
        assertEquals(3, r.stats().conversionsFrom());
        List<String> decisions = explain.stream().filter(l -> l.contains("FormatRule")).map(String::trim).toList();
        assertEquals(6, decisions.size(), String.join("\n", explain));
        assertEquals("FormatRule #1 list -> bitmap @ #2 > N / 4: #2 = 11, N = 12 -> bitmap (converted from list)",
                decisions.get(0));
        assertEquals("FormatRule #1 list -> bitmap @ #2 > N / 4: #2 = 1, N = 12 -> list (converted from bitmap)",
                decisions.get(1));
        assertEquals("FormatRule #1 list -> bitmap @ #2 > N / 4: #2 = 11, N = 12 -> bitmap (kept)", decisions.get(2));
        // The kernels ran on what the rules chose: the step was compiled for a list and for a bitmap frontier.
        assertTrue(explain.stream().anyMatch(l -> l.contains("kernel Step: g[j]") && l.contains("f = list;")));
        assertTrue(explain.stream().anyMatch(l -> l.contains("kernel Step: g[j]") && l.contains("f = bitmap;")));
        assertEquals("bitmap", ((Tensor) out.get("f")).format().toString());
        // And the values are the reference's.
        Fixtures.compare(p, Map.of("N", "" + N), Map.of("A", star()), Map.of(), 1);
    }

    @Test
    void keepsAFormatWhileTheDecisionHolds() {
        CheckedProgram p = program("j == 0");  // 1 vertex: starts below the threshold
        List<String> explain = new ArrayList<>();
        ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, options(explain));
        r.runMain();
        // Sizes before runs: 1 (list, kept), 11 (bitmap output kept), 1 (back to list), 11, 1, 11.
        assertEquals(0, r.stats().conversionsTo());
        assertEquals(2, r.stats().conversionsFrom());
        assertTrue(explain.get(explain.indexOf(explain.stream().filter(l -> l.contains("FormatRule")).findFirst()
                .orElseThrow())).endsWith("-> list (kept)"));
    }

    @Test
    void eachRunStartsFromTheDeclaredFormats() {
        CheckedProgram p = program("j > 0");
        ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, options(new ArrayList<>()));
        r.runMain();
        r.runMain();
        assertEquals(2, r.stats().conversionsTo());
        assertEquals(6, r.stats().conversionsFrom());
    }
}
