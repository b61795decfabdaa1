package org.stag.engine.front;

import java.util.ArrayList;
import java.util.List;

/**
 * The built-in operators as the language writes them: the reductions {@code +} and {@code *}, and {@code MIN},
 * {@code MAX}, {@code OR}, {@code AND} and {@code CHOOSE}, which programs also call as functions and whose names
 * are reserved words. Reductions are listed first, as {@code | j:(OP, init)} accepts them. What each computes (its
 * typing, identity, laws and Java form) is its descriptor in {@code ops.Operators}, built from this spelling.
 */
public enum Builtin {
    ADD("+", false, true),
    MUL("*", false, true),
    MIN("MIN", true, true),
    MAX("MAX", true, true),
    OR("OR", true, true),
    AND("AND", true, true),
    CHOOSE("CHOOSE", true, true),
    /** A 64-bit hash of two longs: deterministic pseudo-random numbers (Luby's priorities). Not a reduction. */
    HASH64("hash64", true, false);

    private static final List<String> FUNCTIONS = functions();

    private final String spelling;
    private final boolean callable;
    private final boolean reduction;

    Builtin(String spelling, boolean callable, boolean reduction) {
        this.spelling = spelling;
        this.callable = callable;
        this.reduction = reduction;
    }

    /** How programs write it: {@code +}, {@code MIN}, ... */
    public String spelling() {
        return spelling;
    }

    /** Whether programs may call it as a function, {@code NAME(a, b)} (not {@code +} and {@code *}: they are infix). */
    public boolean callable() {
        return callable;
    }

    /** Whether {@code | j:(OP, init)} accepts it (all but {@code hash64}). */
    public boolean reduction() {
        return reduction;
    }

    /** The built-in written {@code spelling}, or null. */
    public static Builtin named(String spelling) {
        for (Builtin b : values()) {
            if (b.spelling.equals(spelling)) {
                return b;
            }
        }
        return null;
    }

    /** The names of the built-ins programs call as functions ({@code MIN}, ...), in order: reserved words. */
    public static List<String> functionNames() {
        return FUNCTIONS;
    }

    private static List<String> functions() {
        List<String> out = new ArrayList<>();
        for (Builtin b : values()) {
            if (b.callable) {
                out.add(b.spelling);
            }
        }
        return List.copyOf(out);
    }

    /** The spellings of the reduction operators: {@code +, *, MIN, ...}. */
    public static String spellings() {
        List<String> out = new ArrayList<>();
        for (Builtin b : values()) {
            if (b.reduction) {
                out.add(b.spelling);
            }
        }
        return String.join(", ", out);
    }
}
