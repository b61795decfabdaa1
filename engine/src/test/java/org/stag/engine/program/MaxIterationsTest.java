package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;

/** A star call with a stop condition runs at most {@link RunOptions#maxIterations} times, then fails naming itself. */
class MaxIterationsTest {
    /** Counts up from 0 until the count reaches {@code stop}; with {@code stop < 0}, forever. */
    private static final CheckedProgram COUNT = Fixtures.program("count.stag",
            "stop int = 5",
            "Let Step(x int) -> (y int)",
            "    y = x + 1",
            "End",
            "Let Main() -> (r int)",
            "    r = Step*(0) | #1 == stop",
            "End");

    private static Map<String, Object> run(String stop, long limit, List<Long> seen) {
        RunOptions o = new RunOptions().param("stop", stop).maxIterations(limit)
                .onIteration((call, depth, it) -> seen.add(it));
        return new ProgramRunner(COUNT, Fixtures.COMPILER, o).runMain();
    }

    @Test
    void aLoopThatNeverStopsFailsAtTheLimitNamingTheLoop() {
        List<Long> seen = new ArrayList<>();
        ProgramRunException e = assertThrows(ProgramRunException.class, () -> run("-1", 1000, seen));
        assertEquals("count.stag:6:5: star call 'r = Step*' did not meet its stop condition '#1 == stop' after 1000"
                + " iterations (the limit; raise it with --max-iterations)", e.getMessage());
        assertEquals(1000, seen.size());
    }

    @Test
    void aLoopThatStopsAtTheLimitIsNotAFailure() {
        assertEquals(Map.of("r", 5), run("5", 5, new ArrayList<>()));
        assertThrows(ProgramRunException.class, () -> run("5", 4, new ArrayList<>()));
    }

    @Test
    void theDefaultIsLargeAndTheLimitIsPositive() {
        assertEquals(1_000_000, new RunOptions().maxIterations());
        assertThrows(IllegalArgumentException.class, () -> new RunOptions().maxIterations(0));
    }

    @Test
    void countedLoopsAreNotLimited() {
        CheckedProgram p = Fixtures.program("counted.stag",
                "Let Step(x int) -> (y int)", "    y = x + 1", "End",
                "Let Main() -> (r int)", "    r = Step*(0) | 50", "End");
        assertEquals(Map.of("r", 50),
                new ProgramRunner(p, Fixtures.COMPILER, new RunOptions().maxIterations(10)).runMain());
    }
}
