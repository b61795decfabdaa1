package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.reference.RefTensor;

/** {@code --explain} output, the iteration listener, and the parameter values a run used. */
class ExplainTest {
    private static RunOptions pagerank(RefTensor a) {
        return new RunOptions().input("A", Fixtures.store(a, "dense,compressed"))
                .input("AT", Fixtures.store(Fixtures.transpose(a), "dense,compressed"));
    }

    @Test
    void pageRankKernelsPerIteration() {
        CheckedProgram p = Fixtures.program("pagerank.stag", Fixtures.resource("pagerank"));
        List<String> lines = new ArrayList<>();
        new ProgramRunner(p, Fixtures.COMPILER, pagerank(Fixtures.graph(5, 9, 0.3, false)).param("iterations", "3")
                .explain(lines::add)).runMain();
        String text = String.join("\n", lines);
        // rank0 and the degrees walk i once; deg[i] is a row reduction of A finished within that loop.
        assertEquals("kernel Main: fused pass over N: rank0[i] = 1.0 / N; deg[i] = A[i][j] | j:(+, 0);", lines.get(0));
        assertEquals("star call Step* at line 27: 3 iterations", lines.get(1));
        assertEquals("  iteration 1:", lines.get(2));
        // contrib and dangling walk j once, fused ([Dima 2023] §6.2.1); next[i] is computed as soon as the SpMV has
        // finished incoming[i], in the SpMV's loop; deg_out is deg itself: no kernel.
        assertEquals("    kernel Step: fused pass over N: contrib[j] = ifelse(deg[j] == 0, 0.0, rank[j] / deg[j]);"
                + " dangling = ifelse(deg[j] == 0, rank[j], 0.0) | j:(+, 0.0);", lines.get(3));
        assertEquals("    kernel Step: fused pass over N: incoming[i] = AT[i][j] * contrib[j] | j:(+, 0.0);"
                + " next[i] = (1.0 - damping) / N + damping * (incoming[i] + dangling / N);", lines.get(4));
        assertEquals("    pass-through: deg_out is deg (no kernel)", lines.get(5));
        assertEquals(3, lines.stream().filter(l -> l.startsWith("  iteration ")).count());
        // Two kernels per iteration (two fused passes), one before the loop.
        assertEquals(1 + 2 * 3, lines.stream().filter(l -> l.trim().startsWith("kernel ")).count());
    }

    @Test
    void nestedStarCallsAreIndentedAndListened() {
        CheckedProgram p = Fixtures.program("nested.stag",
                "N int",
                "x double[N]",
                "Let Inner(v double[N], n int) -> (w double[N], n_out int)",
                "    w[i] = v[i] * 0.5",
                "    n_out = n - 1",
                "End",
                "Let Outer(v double[N], r int) -> (w double[N], r_out int)",
                "    w, _ = Inner*(v, r) | #2 <= 0",
                "    r_out = r + 1",
                "End",
                "Let Main() -> (y double[N])",
                "    y, _ = Outer*(x, 1) | 2",
                "End");
        List<String> lines = new ArrayList<>();
        List<String> heard = new ArrayList<>();
        new ProgramRunner(p, Fixtures.COMPILER, new RunOptions().input("x", Fixtures.store(Fixtures.vector(1, 4, 1), "dense"))
                .explain(lines::add).onIteration((c, depth, it) -> heard.add(c.function().name() + " " + depth + " " + it)))
                .runMain();
        assertEquals(List.of("star call Outer* at line 12: 2 iterations",
                "  iteration 1:",
                "    star call Inner* at line 8: until #2 <= 0",
                "      iteration 1:",
                "        kernel Inner: w[i] = v[i] * 0.5  [v = dense; w = dense] loop order i",
                "        stop #2 <= 0: #2 = 0 -> stop after 1 iteration",
                "  iteration 2:",
                "    star call Inner* at line 8: until #2 <= 0",
                "      iteration 1:",
                "        kernel Inner: w[i] = v[i] * 0.5  [v = dense; w = dense] loop order i",
                "        stop #2 <= 0: #2 = 1 -> continue",
                "      iteration 2:",
                "        kernel Inner: w[i] = v[i] * 0.5  [v = dense; w = dense] loop order i",
                "        stop #2 <= 0: #2 = 0 -> stop after 2 iterations"), lines);
        assertEquals(List.of("Inner 1 1", "Outer 0 1", "Inner 1 1", "Inner 1 2", "Outer 0 2"), heard);
    }

    @Test
    void parametersFromInputsDefaultsAndText() {
        CheckedProgram p = Fixtures.program("bfs.stag", Fixtures.resource("bfs"));
        RefTensor a = Fixtures.graph(2, 45, 0.1, false);
        ProgramRunner r = new ProgramRunner(p, Fixtures.COMPILER, pagerank(a).param("source", "3"));
        // N from the inputs' shapes, threshold from its default (N / 20), source as given.
        assertEquals(Map.of("N", 45, "source", 3, "threshold", 2), r.parameters());
    }
}
