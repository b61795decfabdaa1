package org.stag.engine.check;

import org.stag.engine.front.ScalarType;

/**
 * The type of an expression. A {@code constant} type belongs to an expression built from number literals
 * only: it adapts to the type it meets, so {@code 0.85} can initialise a {@code float} and {@code x * 2}
 * keeps the type of {@code x}. Without context a constant integer is an {@code int} and a constant decimal a
 * {@code double}.
 */
record ExprType(ScalarType type, boolean constant) {

    static ExprType typed(ScalarType t) {
        return new ExprType(t, false);
    }

    static ExprType constant(ScalarType t) {
        return new ExprType(t, true);
    }

    @Override
    public String toString() {
        return type.keyword();
    }
}
