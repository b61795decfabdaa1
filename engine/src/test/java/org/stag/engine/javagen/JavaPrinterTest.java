package org.stag.engine.javagen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stag.engine.loopir.Block;

/** The typed loop IR and its printing: one Java form per statement kind. */
class JavaPrinterTest {
    @Test
    void printsEveryStatementKind() {
        Block b = new Block();
        b.comment("sum the row");
        b.let("int", "n", "f.n").var("double", "acc", "0.0");
        Block loop = b.forLoop("L0", "int p = pos[i]", "p < pos[i + 1]", "p++");
        loop.let("int", "j", "crd[p]");
        loop.ifThen("j < 0").continueTo(null);
        loop.ifThen("x[j] == 0.0").continueTo("L0");
        loop.orElse().assign("acc", "+=", "vals[p] * x[j]");
        Block w = b.whileLoop(null, "true");
        w.ifThen("acc > 1.0").breakTo("W");
        w.eval("k++");
        b.scope("W").store("out", "i", "acc");
        b.scope(null).raise("new IllegalStateException()");
        Block sw = b.switchOn("pc");
        sw.caseOf("1").assign("pc", "2");
        sw.caseOf(null).line("return");
        assertEquals("""
                // sum the row
                final int n = f.n;
                double acc = 0.0;
                L0: for (int p = pos[i]; p < pos[i + 1]; p++) {
                    final int j = crd[p];
                    if (j < 0) {
                        continue;
                    }
                    if (x[j] == 0.0) {
                        continue L0;
                    }
                    else {
                        acc += vals[p] * x[j];
                    }
                }
                while (true) {
                    if (acc > 1.0) {
                        break W;
                    }
                    k++;
                }
                W: {
                    out[i] = acc;
                }
                {
                    throw new IllegalStateException();
                }
                switch (pc) {
                    case 1: {
                        pc = 2;
                    }
                    default: {
                        return;
                    }
                }
                """, JavaPrinter.print(b));
    }

    @Test
    void elseNeedsAPrecedingIf() {
        Block b = new Block();
        assertEquals("else without a preceding if", assertThrows(IllegalStateException.class, b::orElse).getMessage());
        b.eval("f()");
        assertThrows(IllegalStateException.class, b::orElse);
        b.ifThen("c").eval("g()");
        b.orElse();
        assertThrows(IllegalStateException.class, b::orElse, "a second else");
    }

    @Test
    void whetherABlockCompletesNormally() {
        assertTrue(new Block().completesNormally());
        assertTrue(new Block().let("int", "a", "1").completesNormally());
        assertTrue(new Block().eval("a++").completesNormally());
        assertFalse(new Block().breakTo("L").completesNormally());
        assertFalse(new Block().continueTo("L").completesNormally());
        assertFalse(new Block().raise("new Error()").completesNormally());
        assertFalse(new Block().line("return").completesNormally());
        assertTrue(new Block().line("n++").completesNormally());
        Block sw = new Block();
        sw.switchOn("pc").caseOf("1").eval("f()");
        assertFalse(sw.completesNormally());
        Block ifOnly = new Block();
        ifOnly.ifThen("c").breakTo("L");
        assertTrue(ifOnly.completesNormally());
        ifOnly.orElse().breakTo("L");
        assertFalse(ifOnly.completesNormally());
        Block loop = new Block();
        loop.forLoop(null, "int i = 0", "i < n", "i++");
        assertTrue(loop.completesNormally());
        loop.whileLoop(null, "true");
        assertFalse(loop.completesNormally());
    }
}
