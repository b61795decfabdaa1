package org.stag.engine.front;

/**
 * Built-in binary functions, usable in expressions ({@code MIN(a, b)}); each is also a reduction
 * operator ({@link ReduceOp}).
 */
public enum Builtin {
    /** The smaller argument. */
    MIN,
    /** The larger argument. */
    MAX,
    /** The first argument unless it is zero ({@code false}, 0), otherwise the second. */
    CHOOSE,
    /** Logical or of two bools. */
    OR,
    /** Logical and of two bools. */
    AND;

    /** How many arguments every built-in takes. */
    public static final int ARITY = 2;

    /** The built-in named {@code word}, or null. */
    public static Builtin byName(String word) {
        for (Builtin b : values()) {
            if (b.name().equals(word)) {
                return b;
            }
        }
        return null;
    }
}
