package org.stag.engine.ops;

import org.stag.engine.front.ScalarType;

/**
 * A compile-time value of a scalar type, such as a fill value. Exactly one of the value fields is
 * meaningful: {@link #bool} for {@code bool}, {@link #integer} for {@code int} and {@code long},
 * {@link #real} for {@code float} and {@code double}.
 */
public record Constant(ScalarType type, boolean bool, long integer, double real) {

    /** {@code false}, 0 or 0.0: the fill value of a tensor that names none. */
    public static Constant zero(ScalarType type) {
        return new Constant(type, false, 0, 0.0);
    }

    /** A bool constant. */
    public static Constant ofBool(boolean value) {
        return new Constant(ScalarType.BOOL, value, 0, 0.0);
    }

    /** An {@code int} or {@code long} constant. */
    public static Constant ofInteger(ScalarType type, long value) {
        if (!type.isIntegral()) {
            throw new IllegalArgumentException(type + " is not an integer type");
        }
        return new Constant(type, false, value, 0.0);
    }

    /** A {@code float} or {@code double} constant. */
    public static Constant ofReal(ScalarType type, double value) {
        if (!type.isFloating()) {
            throw new IllegalArgumentException(type + " is not a floating-point type");
        }
        return new Constant(type, false, 0, type == ScalarType.FLOAT ? (float) value : value);
    }

    /** The value as a Java source literal of its type, e.g. {@code 1L}, {@code 0.5f}, {@code Double.POSITIVE_INFINITY}. */
    public String javaLiteral() {
        return switch (type) {
            case BOOL -> Boolean.toString(bool);
            case INT -> integer == Integer.MIN_VALUE ? "Integer.MIN_VALUE" : Long.toString(integer);
            case LONG -> integer == Long.MIN_VALUE ? "Long.MIN_VALUE" : integer + "L";
            case FLOAT -> Float.isInfinite((float) real) ? (real > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY")
                    : Float.toString((float) real) + "f";
            case DOUBLE -> Double.isInfinite(real) ? (real > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY")
                    : Double.toString(real);
        };
    }

    /** The value as a program would write it, e.g. {@code -inf}, {@code 0}, {@code false}. */
    @Override
    public String toString() {
        return switch (type) {
            case BOOL -> Boolean.toString(bool);
            case INT, LONG -> Long.toString(integer);
            case FLOAT, DOUBLE -> Double.isInfinite(real) ? (real > 0 ? "inf" : "-inf")
                    : type == ScalarType.FLOAT ? Float.toString((float) real) : Double.toString(real);
        };
    }
}
