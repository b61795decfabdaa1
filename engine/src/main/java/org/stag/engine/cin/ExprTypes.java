package org.stag.engine.cin;

import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Operator;

/**
 * The two types the checker implies but does not record, computed by the language's rules
 * (docs/language.md, "Types of expressions"): the type an inner reduction accumulates in, and the type a
 * comparison compares in. Number literals adapt to the other operand, so both need to know whether an
 * expression is made of literals only.
 */
public final class ExprTypes {
    private ExprTypes() {
    }

    private record T(ScalarType type, boolean constant) {
    }

    /** The type reduction {@code r} of {@code d} accumulates in; the outermost is the definition's value type. */
    public static ScalarType accumulator(CheckedProgram p, Definition d, int r) {
        if (r == d.reductions().size() - 1) {
            return p.definition(d).valueType();
        }
        T acc = of(p, d.value());
        for (int k = 0; k <= r; k++) {
            T init = of(p, d.reductions().get(k).init());
            Operator op = p.operator(d.reductions().get(k).op());
            acc = switch (op.typing()) {
                case ARITHMETIC -> arithmetic(acc, init);
                case LOGICAL -> new T(ScalarType.BOOL, false);
                case DECLARED -> new T(op.declaredType(), false);
                case JOIN -> join(acc, init);
            };
        }
        return acc.type();
    }

    /** The type both sides of comparison {@code b} are converted to. */
    public static ScalarType comparison(CheckedProgram p, Expr.Binary b) {
        return join(of(p, b.left()), of(p, b.right())).type();
    }

    private static T of(CheckedProgram p, Expr e) {
        return new T(p.typeOf(e), constant(p, e));
    }

    /** Whether {@code e} is built from number literals only. */
    public static boolean constant(CheckedProgram p, Expr e) {
        if (e instanceof Expr.IntLiteral i) {
            return !i.longSuffix() && i.value() <= Integer.MAX_VALUE;
        }
        if (e instanceof Expr.FloatLiteral) {
            return true;
        }
        if (e instanceof Expr.Unary u) {
            return u.op() == UnaryOp.NEG && constant(p, u.operand());
        }
        if (e instanceof Expr.Binary b) {
            return b.op().isArithmetic() && constant(p, b.left()) && constant(p, b.right());
        }
        if (e instanceof Expr.IfElse i) {
            return constant(p, i.then()) && constant(p, i.otherwise());
        }
        if (e instanceof Expr.BuiltinCall c) {
            // A joined result adapts like its arguments; logical and declared results have a fixed type.
            return p.operator(c.function()).typing() == Operator.Typing.JOIN && constant(p, c.args().get(0))
                    && constant(p, c.args().get(1));
        }
        return false;
    }

    private static boolean assignable(T from, ScalarType to) {
        if (from.constant()) {
            return from.type() == ScalarType.INT ? to != ScalarType.BOOL : to.isFloating();
        }
        return from.type().ordinal() <= to.ordinal();
    }

    private static T arithmetic(T a, T b) {
        if (a.constant() && b.constant()) {
            return new T(atLeastInt(ScalarType.wider(a.type(), b.type())), true);
        }
        if (a.constant() || b.constant()) {
            T c = a.constant() ? a : b;
            ScalarType t = (a.constant() ? b : a).type();
            if (t.isFloating()) {
                return new T(t, false);
            }
            return new T(c.type() == ScalarType.INT ? atLeastInt(t) : ScalarType.DOUBLE, false);
        }
        return new T(atLeastInt(ScalarType.wider(a.type(), b.type())), false);
    }

    private static T join(T a, T b) {
        if (a.constant() && b.constant()) {
            return new T(ScalarType.wider(a.type(), b.type()), true);
        }
        if (a.constant() || b.constant()) {
            T c = a.constant() ? a : b;
            ScalarType t = (a.constant() ? b : a).type();
            return new T(assignable(c, t) ? t : ScalarType.wider(c.type(), t), false);
        }
        return new T(ScalarType.wider(a.type(), b.type()), false);
    }

    private static ScalarType atLeastInt(ScalarType t) {
        return t == ScalarType.BOOL ? ScalarType.INT : t;
    }
}
