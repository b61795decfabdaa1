package org.stag.engine.program;

import org.stag.engine.front.ScalarType;

/**
 * A node of a compiled index-free scalar expression, the program's one scalar evaluator: it computes in its checked
 * type over primitive slots, without boxing or allocation. Call {@link #l} for bool, int and long types,
 * {@link #d} for the others.
 */
abstract class ScalarNode {
    final ScalarType type;

    ScalarNode(ScalarType type) {
        this.type = type;
    }

    /** The value of a bool (0 or 1), int or long node. */
    long l(Env env, Env refs) {
        throw new IllegalStateException("internal error: " + type + " node read as a long");
    }

    /** The value of a float or double node. */
    double d(Env env, Env refs) {
        throw new IllegalStateException("internal error: " + type + " node read as a double");
    }

    /** The value of a bool node. */
    final boolean b(Env env, Env refs) {
        return l(env, refs) != 0;
    }
}
