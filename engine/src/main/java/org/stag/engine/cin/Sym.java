package org.stag.engine.cin;

import org.stag.engine.ops.Constant;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Operator;

/**
 * A value of the symbolic evaluation that decides which coordinates a loop may skip: a known constant of a
 * scalar type, or unknown. Numbers are held as {@code double} (float, double) or {@code long} (int, long).
 */
public record Sym(boolean known, ScalarType type, boolean b, long l, double d) {
    /** The unknown value. */
    public static final Sym UNKNOWN = new Sym(false, null, false, 0, 0);

    /** A known bool. */
    public static Sym of(boolean v) {
        return new Sym(true, ScalarType.BOOL, v, 0, 0);
    }

    /** A known integer of type {@code t} (int or long). */
    public static Sym ofInteger(ScalarType t, long v) {
        return new Sym(true, t, false, t == ScalarType.INT ? (int) v : v, 0);
    }

    /** A known floating-point value of type {@code t}. */
    public static Sym ofReal(ScalarType t, double v) {
        return new Sym(true, t, false, 0, t == ScalarType.FLOAT ? (float) v : v);
    }

    /** A checker constant (such as a fill value). */
    public static Sym of(Constant c) {
        return switch (c.type()) {
            case BOOL -> of(c.bool());
            case INT, LONG -> ofInteger(c.type(), c.integer());
            default -> ofReal(c.type(), c.real());
        };
    }

    /** The identity of operator {@code op} in type {@code t} (unknown when it has none): adding it changes nothing. */
    public static Sym identity(Operator op, ScalarType t) {
        Constant c = op.identity(t);
        return c == null ? UNKNOWN : of(c);
    }

    /** The annihilator of operator {@code op} in type {@code t}, or unknown when it has none. */
    public static Sym annihilator(Operator op, ScalarType t) {
        Constant c = op.annihilator(t);
        return c == null ? UNKNOWN : of(c);
    }

    /** {@code v} converted to {@code t} as the language converts (bool is 0/1; {@code bool(x)} is {@code x != 0}). */
    public static Sym convert(Sym v, ScalarType t) {
        if (!v.known) {
            return UNKNOWN;
        }
        if (v.type == t) {
            return v;
        }
        return switch (t) {
            case BOOL -> of(v.isIntegral() ? v.l != 0 : v.type == ScalarType.BOOL ? v.b : v.d != 0);
            case INT, LONG -> ofInteger(t, v.type == ScalarType.BOOL ? (v.b ? 1 : 0) : v.isIntegral() ? v.l : (long) v.d);
            default -> ofReal(t, v.type == ScalarType.BOOL ? (v.b ? 1 : 0) : v.isIntegral() ? v.l : v.d);
        };
    }

    /** Whether the type is int or long. */
    public boolean isIntegral() {
        return type == ScalarType.INT || type == ScalarType.LONG;
    }

    /** The value as a double (bools as 0/1). */
    public double asDouble() {
        return type == ScalarType.BOOL ? (b ? 1 : 0) : isIntegral() ? l : d;
    }

    /** Whether known and numerically zero (false, 0, 0.0). */
    public boolean isZero() {
        return known && asDouble() == 0;
    }

    /** Whether both are known and equal as the language's {@code ==} compares (NaN equals nothing). */
    public boolean sameAs(Sym o) {
        if (!known || !o.known) {
            return false;
        }
        if (type == ScalarType.BOOL && o.type == ScalarType.BOOL) {
            return b == o.b;
        }
        if (isIntegral() && o.isIntegral()) {
            return l == o.l;
        }
        return asDouble() == o.asDouble();
    }

    @Override
    public String toString() {
        if (!known) {
            return "?";
        }
        return type == ScalarType.BOOL ? Boolean.toString(b) : isIntegral() ? Long.toString(l) : Double.toString(d);
    }
}
