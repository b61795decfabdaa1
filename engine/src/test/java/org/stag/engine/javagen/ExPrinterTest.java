package org.stag.engine.javagen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.stag.engine.loopir.Exprs.add;
import static org.stag.engine.loopir.Exprs.and;
import static org.stag.engine.loopir.Exprs.bitAnd;
import static org.stag.engine.loopir.Exprs.call;
import static org.stag.engine.loopir.Exprs.cast;
import static org.stag.engine.loopir.Exprs.cond;
import static org.stag.engine.loopir.Exprs.div;
import static org.stag.engine.loopir.Exprs.eq;
import static org.stag.engine.loopir.Exprs.field;
import static org.stag.engine.loopir.Exprs.length;
import static org.stag.engine.loopir.Exprs.lit;
import static org.stag.engine.loopir.Exprs.load;
import static org.stag.engine.loopir.Exprs.local;
import static org.stag.engine.loopir.Exprs.lt;
import static org.stag.engine.loopir.Exprs.mul;
import static org.stag.engine.loopir.Exprs.ne;
import static org.stag.engine.loopir.Exprs.neg;
import static org.stag.engine.loopir.Exprs.newArray;
import static org.stag.engine.loopir.Exprs.nil;
import static org.stag.engine.loopir.Exprs.not;
import static org.stag.engine.loopir.Exprs.or;
import static org.stag.engine.loopir.Exprs.postInc;
import static org.stag.engine.loopir.Exprs.rem;
import static org.stag.engine.loopir.Exprs.shl;
import static org.stag.engine.loopir.Exprs.staticCall;
import static org.stag.engine.loopir.Exprs.staticField;
import static org.stag.engine.loopir.Exprs.str;
import static org.stag.engine.loopir.Exprs.sub;
import static org.stag.engine.loopir.Exprs.ushr;
import static org.stag.engine.loopir.JavaType.BOOLEAN;
import static org.stag.engine.loopir.JavaType.DOUBLE;
import static org.stag.engine.loopir.JavaType.FLOAT;
import static org.stag.engine.loopir.JavaType.INT;
import static org.stag.engine.loopir.JavaType.INTS;
import static org.stag.engine.loopir.JavaType.LONG;
import static org.stag.engine.loopir.JavaType.LONGS;

import org.junit.jupiter.api.Test;
import org.stag.engine.loopir.Ex;
import org.stag.engine.loopir.JavaType;

/** Typed loop IR expressions: their Java types, and printing with the parentheses precedence needs. */
class ExPrinterTest {
    private static final Ex A = local("a", INT);
    private static final Ex B = local("b", INT);
    private static final Ex C = local("c", INT);
    private static final Ex X = local("x", DOUBLE);
    private static final Ex L = local("l", LONG);
    private static final Ex P = local("p", BOOLEAN);
    private static final Ex Q = local("q", BOOLEAN);
    private static final JavaType.Ref MATH = JavaType.ref("Math");

    private static String p(Ex e) {
        return JavaPrinter.expr(e);
    }

    @Test
    void leftAssociativeOperatorsParenthesiseTheRightOperandOnly() {
        assertEquals("a - b - c", p(sub(sub(A, B), C)));
        assertEquals("a - (b - c)", p(sub(A, sub(B, C))));
        assertEquals("a + b + c", p(add(add(A, B), C)));
        assertEquals("a + (b + c)", p(add(A, add(B, C))));
        assertEquals("a / b / c", p(div(div(A, B), C)));
        assertEquals("a / (b / c)", p(div(A, div(B, C))));
        assertEquals("a % (b * c)", p(rem(A, mul(B, C))));
    }

    @Test
    void tighterOperatorsNeedNoParentheses() {
        assertEquals("(a + b) * c", p(mul(add(A, B), C)));
        assertEquals("a + b * c", p(add(A, mul(B, C))));
        assertEquals("a * b + c", p(add(mul(A, B), C)));
        assertEquals("a + b < c", p(lt(add(A, B), C)));
        assertEquals("a << 6 < c", p(lt(shl(A, lit(6)), C)));
        assertEquals("a + b >>> 6", p(ushr(add(A, B), lit(6))));
        assertEquals("(l & 1L << a) == 0L", p(eq(bitAnd(L, shl(lit(1L), A)), lit(0L))));
        assertEquals("p && q || a < b", p(or(and(P, Q), lt(A, B))));
        assertEquals("p && (q || a < b)", p(and(P, or(Q, lt(A, B)))));
        assertEquals("a == b == p", p(eq(eq(A, B), P)));
        assertEquals("p == (a == b)", p(eq(P, eq(A, B))));
    }

    @Test
    void unaryOperatorsAndNegativeLiterals() {
        assertEquals("!(p && q)", p(not(and(P, Q))));
        assertEquals("!p && q", p(and(not(P), Q)));
        assertEquals("-(a + b)", p(neg(add(A, B))));
        assertEquals("-(-a)", p(neg(neg(A))));
        assertEquals("-(-1)", p(neg(lit(-1))));
        assertEquals("a - -1", p(sub(A, lit(-1))));
        assertEquals("-1.5 * x", p(mul(lit(-1.5), X)));
        assertEquals("a++ + b", p(add(postInc(A), B)));
        assertEquals("(double) (-1)", p(cast(DOUBLE, lit(-1))));
    }

    @Test
    void casts() {
        assertEquals("(int) l", p(cast(INT, L)));
        assertEquals("(int) (l + 1L)", p(cast(INT, add(L, lit(1L)))));
        assertEquals("(double) a * x", p(mul(cast(DOUBLE, A), X)));
        assertEquals("(float) (p ? 1.0 : 0.0)", p(cast(FLOAT, cond(P, lit(1.0), lit(0.0)))));
        assertEquals("((int[]) o)[a]", p(load(cast(INTS, local("o", JavaType.OBJECT)), A)));
        assertEquals("((Math) o).max()", p(call(cast(MATH, local("o", JavaType.OBJECT)), "max", INT)));
        assertEquals("(long) a++", p(cast(LONG, postInc(A))));
    }

    @Test
    void nestedConditionals() {
        assertEquals("p ? a : q ? b : c", p(cond(P, A, cond(Q, B, C))));
        assertEquals("p ? q ? a : b : c", p(cond(P, cond(Q, A, B), C)));
        assertEquals("(p ? q : p) ? a : b", p(cond(cond(P, Q, P), A, B)));
        assertEquals("(p ? a : b) + c", p(add(cond(P, A, B), C)));
        assertEquals("a + (p ? b : c)", p(add(A, cond(P, B, C))));
        assertEquals("p || q ? a : b", p(cond(or(P, Q), A, B)));
    }

    @Test
    void primariesLiteralsAndCalls() {
        Ex arr = local("arr", INTS);
        Ex f = local("f", JavaType.ref("org.stag.engine.kernellib.Frame"));
        assertEquals("arr[a + 1]", p(load(arr, add(A, lit(1)))));
        assertEquals("arr.length", p(length(arr)));
        assertEquals("f.tensors[0].values()", p(call(load(field(f, "tensors", JavaType.ref("T").array()), lit(0)), "values",
                JavaType.OBJECT)));
        assertEquals("Math.min(a + b, c)", p(staticCall(MATH, "min", INT, add(A, B), C)));
        assertEquals("Math.max(Double.NaN, x)", p(staticCall(MATH, "max", DOUBLE, lit(Double.NaN), X)));
        assertEquals("Double.MAX_VALUE", p(staticField(JavaType.ref("Double"), "MAX_VALUE", DOUBLE)));
        assertEquals("new long[a * 2]", p(newArray(LONG, mul(A, lit(2)))));
        assertEquals("new int[a][]", p(newArray(INTS, A)));
        assertEquals("null", p(nil(LONGS)));
        assertEquals("\"a\\\"b\\\\\"", p(str("a\"b\\")));
        assertEquals("Integer.MIN_VALUE", p(lit(Integer.MIN_VALUE)));
        assertEquals("Long.MIN_VALUE", p(lit(Long.MIN_VALUE)));
        assertEquals("3L", p(lit(3L)));
        assertEquals("0.5f", p(lit(0.5f)));
        assertEquals("Double.NEGATIVE_INFINITY", p(lit(Double.NEGATIVE_INFINITY)));
        assertEquals("Float.POSITIVE_INFINITY", p(lit(Float.POSITIVE_INFINITY)));
        assertEquals("true", p(Ex.TRUE));
    }

    @Test
    void typesFollowJava() {
        assertEquals(INT, add(A, B).type());
        assertEquals(LONG, add(A, L).type());
        assertEquals(DOUBLE, mul(L, X).type());
        assertEquals(FLOAT, add(A, lit(1.0f)).type());
        assertEquals(BOOLEAN, lt(A, X).type());
        assertEquals(BOOLEAN, bitAnd(P, Q).type());
        assertEquals(LONG, bitAnd(L, A).type());
        assertEquals(LONG, shl(L, A).type());
        assertEquals(INT, shl(A, L).type());
        assertEquals(INT, neg(local("s", JavaType.ref("Short").equals(JavaType.OBJECT) ? LONG : INT)).type());
        assertEquals(DOUBLE, cond(P, A, X).type());
        assertEquals(LONGS, cond(P, local("w", LONGS), nil(LONGS)).type());
        assertEquals(INT, load(local("arr", INTS), A).type());
        assertEquals(INTS, newArray(INT, A).type());
        assertEquals(LONG, cast(LONG, X).type());
        assertEquals(INT, length(local("arr", INTS)).type());
        assertEquals(BOOLEAN, ne(local("o", JavaType.OBJECT), nil(INTS)).type());
    }

    @Test
    void illTypedNodesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> add(A, P));
        assertThrows(IllegalArgumentException.class, () -> and(P, A));
        assertThrows(IllegalArgumentException.class, () -> shl(X, A));
        assertThrows(IllegalArgumentException.class, () -> load(A, B));
        assertThrows(IllegalArgumentException.class, () -> load(local("arr", INTS), X));
        assertThrows(IllegalArgumentException.class, () -> not(A));
        assertThrows(IllegalArgumentException.class, () -> neg(P));
        assertThrows(IllegalArgumentException.class, () -> postInc(lit(1)));
        assertThrows(IllegalArgumentException.class, () -> cond(A, B, C));
        assertThrows(IllegalArgumentException.class, () -> cond(P, A, P));
        assertThrows(IllegalArgumentException.class, () -> cast(INT, P));
        assertThrows(IllegalArgumentException.class, () -> cast(INTS, A));
        assertThrows(IllegalArgumentException.class, () -> eq(P, A));
        assertThrows(IllegalArgumentException.class, () -> local("a b", INT));
        assertThrows(IllegalArgumentException.class, () -> new Ex.Lit(1, LONG));
        assertThrows(IllegalArgumentException.class, () -> nil(INT));
        assertThrows(IllegalArgumentException.class, () -> JavaType.ref("a..b"));
        assertThrows(IllegalArgumentException.class, () -> newArray(INT, X));
        assertThrows(IllegalArgumentException.class, () -> newArray(JavaType.VOID, A));
        assertThrows(IllegalArgumentException.class, () -> cast(JavaType.VOID, A));
        assertThrows(IllegalArgumentException.class, () -> call(A, "not a name", INT));
        assertThrows(IllegalArgumentException.class, () -> Ex.BinOp.of("**"));
        assertThrows(IllegalArgumentException.class, () -> org.stag.engine.loopir.Stmt.AssignOp.of("**="));
        assertEquals(Ex.BinOp.USHR, Ex.BinOp.of(">>>"));
        assertEquals(org.stag.engine.loopir.Stmt.AssignOp.OR, org.stag.engine.loopir.Stmt.AssignOp.of("|="));
    }
}
