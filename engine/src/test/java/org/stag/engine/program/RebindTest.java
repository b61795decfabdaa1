package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/** {@link ProgramRunner#rebind}: an input replaced between runs, and every refusal leaving the old one bound. */
class RebindTest {
    private static final CheckedProgram TWICE = Fixtures.program("twice.stag", "N int", "x long[N] fill 7",
            "s bool[list[N]]", "Let Main() -> (y long[N] fill 7)", "    y[i] = ifelse(s[i], 2 * x[i], x[i])", "End");

    private static Tensor longs(long fill, long... v) {
        return Tensor.ofDense(FormatParser.parse("dense"), new int[] {v.length}, Values.ofLongs(v, fill));
    }

    private static Tensor seeds(int n, int... at) {
        return Tensor.build(FormatParser.parse("list"), new int[] {n}, new int[][] {at},
                Values.constantBool(true, false, at.length));
    }

    private static long[] run(ProgramRunner r) {
        Tensor y = (Tensor) r.runMain().get("y");
        long[] out = new long[y.dimension(0)];
        for (int i = 0; i < out.length; i++) {
            out[i] = ((org.stag.formats.tensor.LongValues) y.values()).array()[i];
        }
        return out;
    }

    private static ProgramRunner runner() {
        return new ProgramRunner(TWICE, Fixtures.COMPILER, new RunOptions().input("x", longs(7, 1, 2, 3))
                .input("s", seeds(3, 0)));
    }

    @Test
    void aReboundInputIsReadByTheNextRun() {
        ProgramRunner r = runner();
        assertEquals(java.util.List.of(2L, 2L, 3L), java.util.Arrays.stream(run(r)).boxed().toList());
        r.rebind("x", longs(7, 10, 20, 30));
        r.rebind("s", seeds(3, 1, 2));
        assertEquals(java.util.List.of(10L, 40L, 60L), java.util.Arrays.stream(run(r)).boxed().toList());
        assertEquals(Map.of("N", 3), r.parameters());
    }

    @Test
    void refusalsKeepTheOldInput() {
        ProgramRunner r = runner();
        assertEquals("twice.stag: unknown input tensor 'z'; the program's input tensors are x, s",
                assertThrows(ProgramRunException.class, () -> r.rebind("z", longs(7, 1))).getMessage());
        assertEquals("twice.stag:2:1: input tensor 'x' is 4 but is declared long[N] fill 7, which is 3 with N = 3",
                assertThrows(ProgramRunException.class, () -> r.rebind("x", longs(7, 1, 2, 3, 4))).getMessage());
        assertEquals("twice.stag:2:1: input tensor 'x' has fill value 0 but is declared long[N] fill 7 (fill 7)",
                assertThrows(ProgramRunException.class, () -> r.rebind("x", longs(0, 1, 2, 3))).getMessage());
        assertEquals(java.util.List.of(2L, 2L, 3L), java.util.Arrays.stream(run(r)).boxed().toList());
    }
}
