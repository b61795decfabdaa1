package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.pass.Pass;
import org.stag.engine.pass.Passes;
import org.stag.engine.reference.RefTensor;
import org.stag.engine.reference.ReferenceEvaluator;
import org.stag.engine.kernellib.ChunkRunner;

/**
 * Every pass on and off over 500 random multi-statement programs ({@link RandomPrograms}, fixed seeds): the
 * runtime's outputs equal the reference evaluator's with all passes on, with all off, and with each pass off
 * alone (a quarter of the programs each). Each pass must also have fired in many of the programs when on and
 * never when off, so the comparison is not vacuous.
 */
@Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PassDifferentialTest {
    private static final int PROGRAMS = 500;
    private static final long SEED = 20261125L;

    @Test
    void passesOnAndOffAgreeWithTheReference() {
        int oldChunk = ChunkRunner.minChunk(2);
        try {
            run();
        } finally {
            ChunkRunner.minChunk(oldChunk);
        }
    }

    private void run() {
        List<String> failures = new ArrayList<>();
        Map<String, Integer> fired = new LinkedHashMap<>();
        Map<String, Integer> firedOff = new LinkedHashMap<>();
        for (int k = 0; k < PROGRAMS; k++) {
            long seed = SEED + k;
            String text = RandomPrograms.generate(seed);
            CheckedProgram p;
            try {
                p = Fixtures.program("random" + k + ".stag", text);
            } catch (RuntimeException e) {
                failures.add("seed " + seed + ": does not check: " + e.getMessage() + "\n" + text);
                continue;
            }
            int n = 3 + (int) (seed % 9);
            RefTensor a = Fixtures.weights(seed, Fixtures.graph(seed, n, 0.3, true), 0.0);
            Map<String, RefTensor> inputs = Map.of("A", a, "x", Fixtures.vector(seed + 1, n, 0.8),
                    "y", Fixtures.vector(seed + 2, n, 0.8));
            Map<String, Object> expected;
            try {
                expected = new ReferenceEvaluator(p, Map.of("N", n), inputs).runMain();
            } catch (RuntimeException e) {
                failures.add("seed " + seed + ": reference: " + e + "\n" + text);
                continue;
            }
            Pass alone = Pass.values()[k % Pass.values().length];
            Passes[] configs = {Passes.all(), Passes.all().without("fusion,in-place,alias,cse,active-set,canonical"), Passes.all().without(alone)};
            for (int c = 0; c < configs.length; c++) {
                RunOptions o = new RunOptions().threads(1 + k % 2).passes(configs[c]).param("N", "" + n);
                inputs.forEach((name, t) -> o.input(name, Fixtures.store(t, name.equals("A") ? "dense,compressed" : "dense")));
                try {
                    ProgramRunner runner = new ProgramRunner(p, Fixtures.COMPILER, o);
                    Map<String, Object> actual = runner.runMain();
                    Fixtures.assertOutputs(p, expected, actual);
                    count(c == 1 ? firedOff : c == 0 ? fired : new LinkedHashMap<>(), runner);
                } catch (AssertionError | RuntimeException e) {
                    failures.add("seed " + seed + ", passes " + configs[c] + ", threads " + (1 + k % 2) + ": " + e + "\n"
                            + text);
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures; first:\n"
                + String.join("\n\n", failures.subList(0, Math.min(3, failures.size()))));
        for (String what : List.of("in-place", "alias", "fusion", "active-set", "canonical")) {
            assertTrue(fired.getOrDefault(what, 0) >= 50, what + " fired in only " + fired + " of " + PROGRAMS + " programs");
            assertEquals(0, firedOff.getOrDefault(what, 0), what + " fired with every pass off: " + firedOff);
        }
        System.out.println("passes fired (programs, all on): " + fired + "; all off: " + firedOff);
    }

    private static void count(Map<String, Integer> into, ProgramRunner runner) {
        RunStats s = runner.stats();
        if (s.inPlace() > 0) {
            into.merge("in-place", 1, Integer::sum);
        }
        if (s.activeSet() > 0) {
            into.merge("active-set", 1, Integer::sum);
        }
        if (s.canonical() > 0) {
            into.merge("canonical", 1, Integer::sum);
        }
        if (s.aliases() > 0) {
            into.merge("alias", 1, Integer::sum);
        }
        if (s.kernels().stream().anyMatch(k -> k.contains(".Fused_"))) {
            into.merge("fusion", 1, Integer::sum);
        }
    }
}
