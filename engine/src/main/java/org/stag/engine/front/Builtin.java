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
    ADD("+", false),
    MUL("*", false),
    MIN("MIN", true),
    MAX("MAX", true),
    OR("OR", true),
    AND("AND", true),
    CHOOSE("CHOOSE", true);

    private static final List<String> FUNCTIONS = functions();

    private final String spelling;
    private final boolean callable;

    Builtin(String spelling, boolean callable) {
        this.spelling = spelling;
        this.callable = callable;
    }

    /** How programs write it: {@code +}, {@code MIN}, ... */
    public String spelling() {
        return spelling;
    }

    /** Whether programs may call it as a function, {@code NAME(a, b)} (not {@code +} and {@code *}: they are infix). */
    public boolean callable() {
        return callable;
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

    /** Every spelling, reductions first: {@code +, *, MIN, ...}. */
    public static String spellings() {
        List<String> out = new ArrayList<>();
        for (Builtin b : values()) {
            out.add(b.spelling);
        }
        return String.join(", ", out);
    }
}
