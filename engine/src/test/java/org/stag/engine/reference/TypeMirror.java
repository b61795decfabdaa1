package org.stag.engine.reference;

import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;

/**
 * The two types the checker computes but does not record: the accumulator type of an inner reduction and
 * the type a comparison is made in. Both follow the language doc's rule that number literals adapt to the
 * other operand, which needs to know whether an expression is built from literals only ("constant").
 */
final class TypeMirror {

    private TypeMirror() {
    }

    /** A type and whether it belongs to a literal-only expression. */
    private record T(ScalarType type, boolean constant) {
    }

    /** The type reduction {@code r} of {@code d} accumulates in; the outermost is the definition's value type. */
    static ScalarType accumulator(CheckedProgram p, Definition d, int r) {
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

    /** The type both sides of comparison {@code b} are converted to before comparing. */
    static ScalarType comparison(CheckedProgram p, Expr.Binary b) {
        return join(of(p, b.left()), of(p, b.right())).type();
    }

    private static T of(CheckedProgram p, Expr e) {
        return new T(p.typeOf(e), constant(e));
    }

    /** Whether {@code e} is made of number literals only, as the checker's constant types are. */
    static boolean constant(Expr e) {
        if (e instanceof Expr.IntLiteral i) {
            return !i.longSuffix() && i.value() <= Integer.MAX_VALUE;
        }
        if (e instanceof Expr.FloatLiteral) {
            return true;
        }
        if (e instanceof Expr.Unary u) {
            return u.op() == UnaryOp.NEG && constant(u.operand());
        }
        if (e instanceof Expr.Binary b) {
            return b.op().isArithmetic() && constant(b.left()) && constant(b.right());
        }
        if (e instanceof Expr.IfElse i) {
            return constant(i.then()) && constant(i.otherwise());
        }
        if (e instanceof Expr.BuiltinCall c) {
            Operator op = Operators.builtin(c.function());   // null for a Def, whose type is declared
            return op != null && op.typing() == Operator.Typing.JOIN && constant(c.args().get(0))
                    && constant(c.args().get(1));
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
