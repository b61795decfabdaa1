package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.pass.Pass;
import org.stag.engine.pass.Passes;
import org.stag.engine.reference.RefTensor;
import org.stag.engine.reference.ReferenceEvaluator;

/**
 * The active-set pass: an in-place update that keeps its input wherever a sparse list is absent runs over the
 * list's entries only (counted by {@link RunStats#activeSet}), with the reference's results; it does not fire
 * for a bitmap, for floating {@code x + 0.0} (not {@code x} at {@code -0.0}) or when switched off.
 */
class ActiveSetTest {
    private static final int N = 40;

    private static String program(String sparse, String fill, String update) {
        return """
                N int
                x double[N]
                y double[N]
                Let Main() -> (o double[N])
                    d double[N]
                    s double[%s[N]] fill %s
                    d[i] = x[i] * 2.0
                    s[i] = ifelse(y[i] > 0.5, y[i], fill)
                    o[i] = %s
                End
                """.formatted(sparse, fill, update);
    }

    /** The runs over an active set, after checking the outputs against the reference evaluator. */
    private static long activeRuns(String text, Passes passes) {
        CheckedProgram p = Fixtures.program("active.stag", text);
        Map<String, RefTensor> inputs = Map.of("x", Fixtures.vector(7, N, 0.9), "y", Fixtures.vector(8, N, 0.9));
        Map<String, Object> expected = new ReferenceEvaluator(p, Map.of("N", N), inputs).runMain();
        RunOptions o = new RunOptions().threads(2).passes(passes).param("N", "" + N);
        inputs.forEach((name, t) -> o.input(name, Fixtures.store(t, "dense")));
        ProgramRunner runner = new ProgramRunner(p, Fixtures.COMPILER, o);
        Fixtures.assertOutputs(p, expected, runner.runMain());
        assertTrue(runner.stats().inPlace() > 0, "the update ran in place: " + runner.stats());
        return runner.stats().activeSet();
    }

    @Test
    void minOverAListRunsOverItsEntries() {
        String t = program("list", "inf", "MIN(d[i], s[i])");
        assertEquals(1, activeRuns(t, Passes.all()));
        assertEquals(0, activeRuns(t, Passes.all().without(Pass.ACTIVE_SET)));
    }

    @Test
    void maskedUpdateOverACompressedVectorRunsOverItsEntries() {
        assertEquals(1, activeRuns(program("compressed", "0.0", "ifelse(s[i] != 0.0, d[i] + s[i], d[i])"), Passes.all()));
    }

    @Test
    void aBitmapKeepsTheDenseLoop() {
        assertEquals(0, activeRuns(program("bitmap", "inf", "MIN(d[i], s[i])"), Passes.all()));
    }

    @Test
    void floatingPlusZeroIsNotTheInput() {
        // -0.0 + 0.0 is 0.0: skipping absent entries would keep -0.0.
        assertEquals(0, activeRuns(program("list", "0.0", "d[i] + s[i]"), Passes.all()));
    }

    @Test
    void aConditionThatDoesNotVanishKeepsTheDenseLoop() {
        // With s absent the condition reads inf > 1.0, true: the result is 2 * d, not d.
        assertEquals(0, activeRuns(program("list", "inf", "ifelse(s[i] > 1.0, d[i] * 2.0, d[i])"), Passes.all()));
    }

    /**
     * A compressed active set is split with the dense loop's chunks (each chunk takes its share of the positions):
     * the kernel says so, and a large set (run in all chunks, on 1 and 2 threads) and a small one (run as one chunk)
     * both give the reference's results, in place.
     */
    @Test
    void aCompressedActiveSetIsSplitWithTheChunks() {
        String text = program("compressed", "0.0", "ifelse(s[i] != 0.0, d[i] + s[i], d[i])");
        CheckedProgram p = Fixtures.program("active.stag", text);
        for (int n : new int[] {20_000, 100_000}) {
            Map<String, RefTensor> inputs = Map.of("x", Fixtures.vector(7, n, 0.9), "y", Fixtures.vector(8, n, 0.9));
            Map<String, Object> expected = new ReferenceEvaluator(p, Map.of("N", n), inputs).runMain();
            for (int threads = 1; threads <= 2; threads++) {
                RunOptions o = new RunOptions().threads(threads).param("N", "" + n);
                inputs.forEach((name, t) -> o.input(name, Fixtures.store(t, "dense")));
                ProgramRunner runner = new ProgramRunner(p, Fixtures.COMPILER, o);
                Fixtures.assertOutputs(p, expected, runner.runMain());
                assertEquals(1, runner.stats().activeSet(), n + " entries, " + threads + " thread(s): " + runner.stats());
            }
        }
        // about 9,700 and 48,000 entries (y > 0.5 at 7 of 13 values, density 0.9): one size on each side
        assertTrue(org.stag.engine.jit.CompiledDefinition.SPLIT_ACTIVE_FROM > 11_000
                && org.stag.engine.jit.CompiledDefinition.SPLIT_ACTIVE_FROM < 40_000);
    }
}
