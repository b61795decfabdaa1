package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.LongValues;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * {@link ProgramRunner#give}: an input handed over to one run, which may update it in place from the first
 * round of a star call (the in-place and active-set passes), and must be bound again before the next run; and
 * arguments moved into a star call when they die with it.
 */
class GiveTest {
    /** Two rounds of applying the offers {@code c} to {@code d}: an incremental program's shape. */
    private static final CheckedProgram APPLY = Fixtures.program("apply.stag", "N int", "prev long[N] fill 9",
            "c long[list[N]] fill 9",
            "Let Apply(d long[N] fill 9, k int) -> (d_out long[N] fill 9, k_out int)",
            "    d_out[j] = MIN(d[j], c[j])", "    k_out = k + 1", "End",
            "Let Main() -> (y long[N] fill 9)", "    y, _ = Apply*(prev, 0) | 2", "End");

    /** As {@link #APPLY}, but {@code Apply} also reads {@code prev} itself, so Main cannot let it go early. */
    private static final CheckedProgram SHARED = Fixtures.program("shared.stag", "N int", "prev long[N] fill 9",
            "c long[list[N]] fill 9",
            "Let Apply(d long[N] fill 9, k int) -> (d_out long[N] fill 9, k_out int)",
            "    d_out[j] = MIN(d[j], c[j] + prev[0])", "    k_out = k + 1", "End",
            "Let Main() -> (y long[N] fill 9)", "    y, _ = Apply*(prev, 0) | 2", "End");

    /** A local that dies with the star call it is passed to. */
    private static final CheckedProgram LOCAL = Fixtures.program("local.stag", "N int", "prev long[N] fill 9",
            "c long[list[N]] fill 9",
            "Let Apply(d long[N] fill 9, k int) -> (d_out long[N] fill 9, k_out int)",
            "    d_out[j] = MIN(d[j], c[j])", "    k_out = k + 1", "End",
            "Let Main() -> (y long[N] fill 9)", "    d0 long[N] fill 9", "    d0[j] = prev[j] + 1",
            "    y, _ = Apply*(d0, 0) | 2", "End");

    private static Tensor longs(long... v) {
        return Tensor.ofDense(FormatParser.parse("dense"), new int[] {v.length}, Values.ofLongs(v, 9));
    }

    private static Tensor offers(int n, int[] at, long[] v) {
        return Tensor.build(FormatParser.parse("list"), new int[] {n}, new int[][] {at}, Values.ofLongs(v, 9));
    }

    private static ProgramRunner runner(CheckedProgram p) {
        return new ProgramRunner(p, Fixtures.COMPILER, new RunOptions().input("prev", longs(5, 5, 5, 5))
                .input("c", offers(4, new int[] {1, 3}, new long[] {2, 7})));
    }

    private static long[] y(ProgramRunner r) {
        return ((LongValues) ((Tensor) r.runMain().get("y")).values()).array();
    }

    @Test
    void aGivenInputIsUpdatedInPlaceFromTheFirstRound() {
        ProgramRunner r = runner(APPLY);
        long[] prev = {5, 5, 5, 5};
        r.give("prev", longs(prev));
        long[] y = y(r);
        assertArrayEquals(new long[] {5, 2, 5, 5}, y);
        assertSame(prev, y, "the result is the given array, updated");
        assertEquals(2, r.stats().inPlace());
        assertEquals(0, r.stats().buffersCreated());
    }

    @Test
    void aBorrowedInputIsNeverWritten() {
        ProgramRunner r = runner(APPLY);
        long[] prev = {5, 5, 5, 5};
        r.rebind("prev", longs(prev));
        long[] y = y(r);
        assertArrayEquals(new long[] {5, 2, 5, 5}, y);
        assertNotSame(prev, y);
        assertArrayEquals(new long[] {5, 5, 5, 5}, prev);
        // The first round writes a new buffer; the second updates it in place.
        assertEquals(1, r.stats().inPlace());
        assertEquals(1, r.stats().buffersCreated());
    }

    @Test
    void aGivenInputMustBeBoundAgainBeforeTheNextRun() {
        ProgramRunner r = runner(APPLY);
        r.give("prev", longs(5, 5, 5, 5));
        y(r);
        assertEquals("apply.stag: input tensor 'prev' was given to the previous run (ProgramRunner.give), which may"
                        + " have overwritten it; bind it again with rebind or give before running again",
                assertThrows(ProgramRunException.class, r::runMain).getMessage());
        r.give("prev", longs(1, 4, 1, 1));
        assertArrayEquals(new long[] {1, 2, 1, 1}, y(r));
        r.rebind("prev", longs(0, 0, 0, 0));
        assertArrayEquals(new long[] {0, 0, 0, 0}, y(r));
        assertArrayEquals(new long[] {0, 0, 0, 0}, y(r), "a borrowed input stays bound");
    }

    @Test
    void aGivenTensorIsNoOtherInput() {
        CheckedProgram two = Fixtures.program("two.stag", "N int", "a long[N] fill 9", "b long[N] fill 9",
                "Let Main() -> (y long[N] fill 9)", "    y[j] = MIN(a[j], b[j])", "End");
        Tensor t = longs(1, 2, 3);
        ProgramRunner r = new ProgramRunner(two, Fixtures.COMPILER, new RunOptions().input("a", longs(9, 9, 9))
                .input("b", longs(5, 5, 5)));
        r.give("a", t);
        assertEquals("two.stag: input tensor 'b' cannot be bound to the tensor of 'a', which was given to the run:"
                + " a run may overwrite a given tensor, so give it to one input only",
                assertThrows(ProgramRunException.class, () -> r.rebind("b", t)).getMessage());
        assertEquals("two.stag: input tensor 'b' cannot be bound to the tensor of 'a', which is bound to it: a run"
                + " may overwrite a given tensor, so give it to one input only",
                assertThrows(ProgramRunException.class, () -> r.give("b", t)).getMessage());
        assertArrayEquals(new long[] {1, 2, 3}, ((LongValues) ((Tensor) r.runMain().get("y")).values()).array());
    }

    @Test
    void aRefusedGiftLeavesTheInputAsItWas() {
        ProgramRunner r = runner(APPLY);
        assertThrows(ProgramRunException.class, () -> r.give("prev", longs(1, 2, 3)));
        assertArrayEquals(new long[] {5, 2, 5, 5}, y(r));
        assertArrayEquals(new long[] {5, 2, 5, 5}, y(r));
    }

    @Test
    void aGivenInputThatAnotherFunctionReadsStaysIntactUntilTheRunEnds() {
        // Round 1 lowers y[0] to 2 and y[1] to 4; were prev[0] overwritten by then, y[1] would take -1 + 2.
        Tensor c = offers(4, new int[] {0, 1}, new long[] {-3, -1});
        ProgramRunner borrowed = runner(SHARED);
        borrowed.rebind("c", c);
        assertArrayEquals(new long[] {2, 4, 5, 5}, y(borrowed));
        ProgramRunner r = runner(SHARED);
        r.rebind("c", c);
        r.give("prev", longs(5, 5, 5, 5));
        assertArrayEquals(new long[] {2, 4, 5, 5}, y(r));
    }

    @Test
    void aLocalThatDiesWithAStarCallIsMovedIntoIt() {
        ProgramRunner r = runner(LOCAL);
        assertArrayEquals(new long[] {6, 2, 6, 6}, y(r));
        // d0's buffer: Apply's first round updates it in place, as the second does.
        assertEquals(2, r.stats().inPlace());
        assertEquals(1, r.stats().buffersCreated());
    }
}
