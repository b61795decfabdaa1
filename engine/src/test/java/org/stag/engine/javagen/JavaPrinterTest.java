package org.stag.engine.javagen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.field;
import static org.stag.engine.loopir.Exprs.gt;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.newObject;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.JavaType.BOOLEAN;
import static org.stag.engine.loopir.JavaType.DOUBLE;
import static org.stag.engine.loopir.JavaType.DOUBLES;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;
import static org.stag.engine.loopir.JavaType.VOID;

import org.junit.jupiter.api.Test;
import org.stag.engine.loopir.Block;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.JavaType;
import org.stag.engine.loopir.Stmt;

/** The typed loop IR and its printing: one Java form per statement kind. */
class JavaPrinterTest {
    private static final Ex I = local("i", INT);
    private static final Ex P = local("p", INT);
    private static final Ex J = local("j", INT);
    private static final Ex ACC = local("acc", DOUBLE);
    private static final Ex PC = local("pc", INT);
    private static final Ex POS = local("pos", INTS);
    private static final Ex F = local("f", JavaType.ref("org.stag.engine.kernellib.Frame"));

    @Test
    void printsEveryStatementKind() {
        Block b = new Block();
        b.comment("sum the row");
        b.let(INT, "n", field(F, "n", INT)).var(DOUBLE, "acc", lit(0.0));
        Block loop = b.forLoop("L0", INT, "p", load(POS, I), lt(P, load(POS, add(I, lit(1)))), postInc(P));
        loop.let(INT, "j", load(local("crd", INTS), P));
        loop.ifThen(lt(J, lit(0))).continueTo(null);
        loop.ifThen(eq(load(local("x", DOUBLES), J), lit(0.0))).continueTo("L0");
        loop.orElse().assign(ACC, Stmt.AssignOp.ADD, mul(load(local("vals", DOUBLES), P), load(local("x", DOUBLES), J)));
        Block w = b.whileLoop(null, Ex.TRUE);
        w.ifThen(gt(ACC, lit(1.0))).breakTo("W");
        w.eval(postInc(local("k", INT)));
        b.scope("W").store(local("out", DOUBLES), I, ACC);
        b.scope(null).raise(newObject(JavaType.ref("IllegalStateException")));
        Block sw = b.switchOn(PC);
        sw.caseOf(1).assign(PC, lit(2));
        sw.caseDefault().line("return");
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
    void forLoopsDeclareSeveralLocalsOrNone() {
        Block b = new Block();
        Ex q = local("q", INT);
        Ex end = local("q_end", INT);
        b.forLoop(null, java.util.List.of(new Stmt.Decl(false, INT, "q", load(POS, I)),
                new Stmt.Decl(false, INT, "q_end", load(POS, add(I, lit(1))))), lt(q, end), postInc(q)).eval(postInc(J));
        b.forLoop("R", java.util.List.of(), lt(q, end), postInc(q)).breakTo("R");
        assertEquals("""
                for (int q = pos[i], q_end = pos[i + 1]; q < q_end; q++) {
                    j++;
                }
                R: for (; q < q_end; q++) {
                    break R;
                }
                """, JavaPrinter.print(b));
        assertThrows(IllegalArgumentException.class, () -> new Stmt.For(null, java.util.List.of(
                new Stmt.Decl(false, INT, "a", lit(0)), new Stmt.Decl(false, DOUBLE, "b", lit(0.0))), lt(q, end), postInc(q),
                new Block()), "declarations of two types");
    }

    @Test
    void statementsCheckTheirExpressions() {
        Block b = new Block();
        assertThrows(IllegalArgumentException.class, () -> b.ifThen(I), "an int condition");
        assertThrows(IllegalArgumentException.class, () -> b.whileLoop(null, lit(1.0)), "a double condition");
        assertThrows(IllegalArgumentException.class, () -> b.eval(add(I, J)), "a sum is no statement");
        assertThrows(IllegalArgumentException.class, () -> b.assign(lit(1), I), "a literal is no variable");
        assertThrows(IllegalArgumentException.class, () -> b.store(I, J, P), "an int is no array");
        assertThrows(IllegalArgumentException.class, () -> b.switchOn(ACC), "a switch on a double");
        assertTrue(b.isEmpty());
        b.eval(call(F, "gather", VOID, I, J));
        assertEquals("f.gather(i, j);\n", JavaPrinter.print(b));
    }

    @Test
    void elseNeedsAPrecedingIf() {
        Block b = new Block();
        Ex c = local("c", BOOLEAN);
        assertEquals("else without a preceding if", assertThrows(IllegalStateException.class, b::orElse).getMessage());
        b.eval(postInc(I));
        assertThrows(IllegalStateException.class, b::orElse);
        b.ifThen(c).eval(postInc(J));
        b.orElse();
        assertThrows(IllegalStateException.class, b::orElse, "a second else");
    }

    @Test
    void whetherABlockCompletesNormally() {
        Ex c = local("c", BOOLEAN);
        assertTrue(new Block().completesNormally());
        assertTrue(new Block().let(INT, "a", lit(1)).completesNormally());
        assertTrue(new Block().eval(postInc(I)).completesNormally());
        assertFalse(new Block().breakTo("L").completesNormally());
        assertFalse(new Block().continueTo("L").completesNormally());
        assertFalse(new Block().raise(newObject(JavaType.ref("Error"))).completesNormally());
        assertFalse(new Block().line("return").completesNormally());
        assertTrue(new Block().line("n++").completesNormally());
        Block sw = new Block();
        sw.switchOn(PC).caseOf(1).eval(postInc(I));
        assertFalse(sw.completesNormally());
        Block ifOnly = new Block();
        ifOnly.ifThen(c).breakTo("L");
        assertTrue(ifOnly.completesNormally());
        ifOnly.orElse().breakTo("L");
        assertFalse(ifOnly.completesNormally());
        Block loop = new Block();
        loop.forLoop(null, INT, "i", lit(0), lt(I, local("n", INT)), postInc(I));
        assertTrue(loop.completesNormally());
        loop.whileLoop(null, Ex.TRUE);
        assertFalse(loop.completesNormally());
    }
}
