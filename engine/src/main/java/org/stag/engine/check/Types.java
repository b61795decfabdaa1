package org.stag.engine.check;

import org.stag.engine.front.ScalarType;

/**
 * The typing rules. Types widen {@code bool < int < long < float < double} implicitly ({@code bool} counts
 * as 0 or 1, so a mask can multiply and a count can sum bools); nothing narrows implicitly. Arithmetic is
 * done in at least {@code int}. Number literals are constants that take the type of the other operand
 * ({@link ExprType}).
 */
final class Types {

    private Types() {
    }

    /** Whether a value of type {@code from} may be stored in a variable of type {@code to}. */
    static boolean assignable(ExprType from, ScalarType to) {
        if (from.constant()) {
            return from.type() == ScalarType.INT ? to != ScalarType.BOOL : to.isFloating();
        }
        return from.type().ordinal() <= to.ordinal();
    }

    /** The type of {@code a + b}, {@code a * b} and the other arithmetic operators. */
    static ExprType arithmetic(ExprType a, ExprType b) {
        if (a.constant() && b.constant()) {
            return ExprType.constant(atLeastInt(ScalarType.wider(a.type(), b.type())));
        }
        if (a.constant() || b.constant()) {
            ExprType c = a.constant() ? a : b;
            ScalarType t = (a.constant() ? b : a).type();
            if (t.isFloating()) {
                return ExprType.typed(t);
            }
            return ExprType.typed(c.type() == ScalarType.INT ? atLeastInt(t) : ScalarType.DOUBLE);
        }
        return ExprType.typed(atLeastInt(ScalarType.wider(a.type(), b.type())));
    }

    /** The type of {@code -a}. */
    static ExprType negate(ExprType a) {
        return new ExprType(atLeastInt(a.type()), a.constant());
    }

    /** The common type of two alternatives: {@code ifelse}, {@code MIN}, {@code MAX}, {@code CHOOSE}. */
    static ExprType join(ExprType a, ExprType b) {
        if (a.constant() && b.constant()) {
            return ExprType.constant(ScalarType.wider(a.type(), b.type()));
        }
        if (a.constant() || b.constant()) {
            ExprType c = a.constant() ? a : b;
            ScalarType t = (a.constant() ? b : a).type();
            return ExprType.typed(assignable(c, t) ? t : ScalarType.wider(c.type(), t));
        }
        return ExprType.typed(ScalarType.wider(a.type(), b.type()));
    }

    /** The type a constant takes when nothing else decides it. */
    static ScalarType settle(ExprType t) {
        return t.type();
    }

    private static ScalarType atLeastInt(ScalarType t) {
        return t == ScalarType.BOOL ? ScalarType.INT : t;
    }
}
