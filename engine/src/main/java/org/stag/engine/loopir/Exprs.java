package org.stag.engine.loopir;

import java.util.List;
import java.util.Objects;

/**
 * Builders of loop IR expressions ({@link Ex}), to import statically: {@code add(intVar("q"), lit(1))},
 * {@code lt(q, end)}, {@code load(crd, q)}, {@code staticCall(MATH, "min", INT, x, y)}.
 */
public final class Exprs {
    private Exprs() {
    }

    /** A local of type {@code type}. */
    public static Ex.Local local(String name, JavaType type) {
        return new Ex.Local(name, type);
    }

    /** An int local. */
    public static Ex.Local intVar(String name) {
        return new Ex.Local(name, JavaType.INT);
    }

    /** An int literal. */
    public static Ex.Lit lit(int v) {
        return new Ex.Lit(v, JavaType.INT);
    }

    /** A long literal. */
    public static Ex.Lit lit(long v) {
        return new Ex.Lit(v, JavaType.LONG);
    }

    /** A double literal. */
    public static Ex.Lit lit(double v) {
        return new Ex.Lit(v, JavaType.DOUBLE);
    }

    /** A float literal. */
    public static Ex.Lit lit(float v) {
        return new Ex.Lit(v, JavaType.FLOAT);
    }

    /** A boolean literal. */
    public static Ex.Lit lit(boolean v) {
        return new Ex.Lit(v, JavaType.BOOLEAN);
    }

    /** A string literal. */
    public static Ex.Lit str(String v) {
        return new Ex.Lit(Objects.requireNonNull(v), JavaType.STRING);
    }

    /** {@code null} of a reference or array type. */
    public static Ex.Lit nil(JavaType t) {
        return new Ex.Lit(null, t);
    }

    public static Ex load(Ex array, Ex index) {
        return new Ex.Load(array, index);
    }

    public static Ex field(Ex target, String name, JavaType type) {
        return new Ex.Field(target, name, type);
    }

    public static Ex staticField(JavaType.Ref owner, String name, JavaType type) {
        return new Ex.StaticField(owner, name, type);
    }

    public static Ex length(Ex array) {
        return new Ex.Length(array);
    }

    public static Ex bin(Ex.BinOp op, Ex l, Ex r) {
        return new Ex.Binary(op, l, r);
    }

    public static Ex add(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.ADD, l, r);
    }

    public static Ex add(Ex l, int r) {
        return new Ex.Binary(Ex.BinOp.ADD, l, lit(r));
    }

    public static Ex sub(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.SUB, l, r);
    }

    public static Ex sub(Ex l, int r) {
        return new Ex.Binary(Ex.BinOp.SUB, l, lit(r));
    }

    public static Ex mul(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.MUL, l, r);
    }

    public static Ex div(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.DIV, l, r);
    }

    public static Ex rem(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.REM, l, r);
    }

    public static Ex shl(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.SHL, l, r);
    }

    public static Ex ushr(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.USHR, l, r);
    }

    public static Ex bitAnd(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.BIT_AND, l, r);
    }

    public static Ex lt(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.LT, l, r);
    }

    public static Ex le(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.LE, l, r);
    }

    public static Ex gt(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.GT, l, r);
    }

    public static Ex ge(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.GE, l, r);
    }

    public static Ex eq(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.EQ, l, r);
    }

    public static Ex ne(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.NE, l, r);
    }

    public static Ex and(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.AND, l, r);
    }

    public static Ex or(Ex l, Ex r) {
        return new Ex.Binary(Ex.BinOp.OR, l, r);
    }

    public static Ex not(Ex x) {
        return new Ex.Unary(Ex.UnOp.NOT, x);
    }

    public static Ex neg(Ex x) {
        return new Ex.Unary(Ex.UnOp.NEG, x);
    }

    public static Ex postInc(Ex x) {
        return new Ex.Unary(Ex.UnOp.POST_INC, x);
    }

    public static Ex postDec(Ex x) {
        return new Ex.Unary(Ex.UnOp.POST_DEC, x);
    }

    public static Ex cond(Ex c, Ex a, Ex b) {
        return new Ex.Cond(c, a, b);
    }

    public static Ex cast(JavaType t, Ex x) {
        return new Ex.Cast(t, x);
    }

    public static Ex call(Ex receiver, String method, JavaType type, Ex... args) {
        return new Ex.Call(receiver, method, List.of(args), type);
    }

    public static Ex staticCall(JavaType.Ref owner, String method, JavaType type, Ex... args) {
        return new Ex.StaticCall(owner, method, List.of(args), type);
    }

    public static Ex newArray(JavaType element, Ex length) {
        return new Ex.NewArray(element, length);
    }

    public static Ex newObject(JavaType.Ref type, Ex... args) {
        return new Ex.New(type, List.of(args));
    }
}
