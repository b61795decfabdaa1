package org.stag.engine.program;

import org.stag.engine.front.ScalarType;

/**
 * Scalars in slot form and the language's conversions between types, exactly as generated code converts
 * (Java casts; {@code bool(x)} is {@code x != 0}). A value of a bool, int or long type travels as a
 * {@code long} (bools 0 or 1, ints sign-extended); a float or double as a {@code double} (floats exact).
 */
final class Scalars {
    private Scalars() {
    }

    /** Whether values of {@code t} travel as longs (else as doubles). */
    static boolean inLong(ScalarType t) {
        return !t.isFloating();
    }

    /** A long-slot value of type {@code from} as type {@code to} (long slot). */
    static long longToLong(long v, ScalarType to) {
        return switch (to) {
            case BOOL -> v != 0 ? 1 : 0;
            case INT -> (int) v;
            default -> v;
        };
    }

    /** A long-slot value as type {@code to} (double slot). */
    static double longToReal(long v, ScalarType to) {
        return to == ScalarType.FLOAT ? (double) (float) v : (double) v;
    }

    /** A double-slot value as type {@code to} (long slot). */
    static long realToLong(double v, ScalarType to) {
        return switch (to) {
            case BOOL -> v != 0 ? 1 : 0;
            case INT -> (int) v;
            default -> (long) v;
        };
    }

    /** A double-slot value as type {@code to} (double slot). */
    static double realToReal(double v, ScalarType to) {
        return to == ScalarType.FLOAT ? (double) (float) v : v;
    }

    /** The boxed value of a long slot of type {@code t}: Boolean, Integer or Long. */
    static Object boxLong(long v, ScalarType t) {
        return switch (t) {
            case BOOL -> v != 0;
            case INT -> (int) v;
            default -> v;
        };
    }

    /** The boxed value of a double slot of type {@code t}: Float or Double. */
    static Object boxReal(double v, ScalarType t) {
        return t == ScalarType.FLOAT ? (Object) (float) v : (Object) v;
    }

    /** A value as text for explanations: {@code true}, {@code 42}, {@code 0.25}, {@code inf}. */
    static String show(long v, ScalarType t) {
        return t == ScalarType.BOOL ? Boolean.toString(v != 0) : Long.toString(v);
    }

    /** A double-slot value as text for explanations. */
    static String show(double v, ScalarType t) {
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return t == ScalarType.FLOAT ? Float.toString((float) v) : Double.toString(v);
    }
}
