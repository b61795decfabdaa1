package org.stag.engine.loopir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.stag.engine.loopir.Exprs.local;

import org.junit.jupiter.api.Test;
import org.stag.engine.front.ScalarType;
import org.stag.engine.javagen.JavaPrinter;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;

/** The loop IR of the operator descriptors' Java forms, compound assignments and decided tests. */
class OperatorCodeTest {
    private static String apply(Operator op, ScalarType t) {
        JavaType jt = JavaTypes.type(t);
        Ex e = OperatorCode.apply(op, local("x", jt), local("y", jt), t);
        assertEquals(jt, e.type(), op + " on " + t);
        return JavaPrinter.expr(e);
    }

    private static String decided(Operator op, ScalarType t) {
        return JavaPrinter.expr(OperatorCode.decided(op, local("acc", JavaTypes.type(t)), t));
    }

    @Test
    void javaFormsBecomeTypedExpressions() {
        assertEquals("x + y", apply(Operators.ADD, ScalarType.DOUBLE));
        assertEquals("x * y", apply(Operators.MUL, ScalarType.LONG));
        assertEquals("Math.min(x, y)", apply(Operators.MIN, ScalarType.INT));
        assertEquals("x && y", apply(Operators.MIN, ScalarType.BOOL));
        assertEquals("Math.max(x, y)", apply(Operators.MAX, ScalarType.FLOAT));
        assertEquals("x || y", apply(Operators.MAX, ScalarType.BOOL));
        assertEquals("x || y", apply(Operators.OR, ScalarType.BOOL));
        assertEquals("x && y", apply(Operators.AND, ScalarType.BOOL));
        assertEquals("org.stag.engine.kernellib.Ops.choose(x, y)", apply(Operators.CHOOSE, ScalarType.INT));
        // The descriptor's text form (kept for messages and tests) says the same.
        assertEquals("Math.min(x, y)", Operators.MIN.java("x", "y", ScalarType.INT));
        assertEquals("(x + y)", Operators.ADD.java("x", "y", ScalarType.INT));
    }

    @Test
    void compoundAssignments() {
        assertEquals(Stmt.AssignOp.ADD, OperatorCode.compound(Operators.ADD));
        assertEquals(Stmt.AssignOp.MUL, OperatorCode.compound(Operators.MUL));
        assertNull(OperatorCode.compound(Operators.MIN));
        assertNull(OperatorCode.compound(Operators.CHOOSE));
    }

    @Test
    void decidedTestsAgreeWithTheDescriptor() {
        for (Operator op : new Operator[] {Operators.OR, Operators.AND, Operators.CHOOSE, Operators.MIN, Operators.MAX}) {
            for (ScalarType t : new ScalarType[] {ScalarType.BOOL, ScalarType.INT, ScalarType.LONG}) {
                if (op.decided(t).value() == null || op.typing() == Operator.Typing.LOGICAL && t != ScalarType.BOOL) {
                    continue;
                }
                assertEquals(op.decided("acc", t), decided(op, t), op + " on " + t);
            }
        }
        assertEquals("acc", decided(Operators.OR, ScalarType.BOOL));
        assertEquals("!acc", decided(Operators.AND, ScalarType.BOOL));
        assertEquals("acc != 0", decided(Operators.CHOOSE, ScalarType.INT));
        assertEquals("acc == Integer.MIN_VALUE", decided(Operators.MIN, ScalarType.INT));
    }
}
