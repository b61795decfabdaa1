package org.stag.engine.loopir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.intVar;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.ne;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.Exprs.ushr;

import org.junit.jupiter.api.Test;
import org.stag.engine.javagen.JavaPrinter;

/** {@link ShardHoist}: the shard entry of a row loop moves before each shard's segment of the loop. */
class ShardHoistTest {
    /** A row loop over [lo, hi) entering the shard of {@code p0 = 0 * n + i}, there setting {@code x = entered}. */
    private static Block rowLoop(Ex entered) {
        Block run = new Block();
        Ex i = intVar("i");
        Block body = run.forLoop("L0", JavaType.INT, "i", intVar("lo"), lt(i, intVar("hi")), postInc(i));
        body.let(JavaType.INT, "p0", add(mul(lit(0), intVar("n")), intVar("i")));
        body.let(JavaType.INT, "y", mul(intVar("i"), lit(2)));
        Block visit = body.ifThen(ne(intVar("i"), lit(3))).scope("L1");
        Block enter = visit.ifThen(ne(ushr(intVar("p0"), intVar("bits")), intVar("shard")));
        enter.assign(intVar("shard"), ushr(intVar("p0"), intVar("bits")));
        enter.assign(intVar("x"), entered);
        visit.assign(intVar("s"), add(intVar("s"), intVar("x")));
        return run;
    }

    @Test
    void theEntryMovesBeforeEachSegment() {
        Block run = rowLoop(intVar("shard"));
        ShardHoist.apply(run);
        String java = JavaPrinter.print(run);
        assertTrue(java.contains("while (sh_lo < hi)"), java);
        assertTrue(java.contains("sh_hi = java.lang.Math.min(sh_hi, (sh_lo >>> bits) + 1 << bits);"), java);
        assertTrue(java.contains("L0: for (int i = sh_lo; i < sh_hi; i++)"), java);
        // One entry, before the loop: the loop itself no longer checks the shard.
        assertEquals(1, java.split("!= shard", -1).length - 1, java);
        assertTrue(java.indexOf("!= shard") < java.indexOf("L0: for"), java);
        assertTrue(java.contains("final int p0 = 0 * n + i;"), java);
    }

    @Test
    void anEntryReadingALocalOfTheLoopStays() {
        Block run = rowLoop(intVar("y"));
        String before = JavaPrinter.print(run);
        ShardHoist.apply(run);
        assertEquals(before, JavaPrinter.print(run));
        assertFalse(before.contains("sh_lo"), before);
    }
}
