package org.stag.engine.reference;

import org.stag.engine.ops.Constant;
import org.stag.engine.front.ScalarType;

/**
 * Scalar values of the reference evaluator, boxed as the Java class of their stag type: {@code Boolean},
 * {@code Integer}, {@code Long}, {@code Float}, {@code Double}. Arithmetic follows Java on that type, so
 * integers wrap on overflow and divide by truncation, and floating point is IEEE.
 */
public final class Values {

    private Values() {
    }

    /** The boxed value of a checker constant, such as a fill value. */
    public static Object of(Constant c) {
        return switch (c.type()) {
            case BOOL -> c.bool();
            case INT -> (int) c.integer();
            case LONG -> c.integer();
            case FLOAT -> (float) c.real();
            case DOUBLE -> c.real();
        };
    }

    /** {@code false}, 0 or 0.0 of {@code type}. */
    public static Object zero(ScalarType type) {
        return convert(0, type);
    }

    /** The stag type of a boxed value. */
    public static ScalarType typeOf(Object v) {
        if (v instanceof Boolean) {
            return ScalarType.BOOL;
        }
        if (v instanceof Integer) {
            return ScalarType.INT;
        }
        if (v instanceof Long) {
            return ScalarType.LONG;
        }
        if (v instanceof Float) {
            return ScalarType.FLOAT;
        }
        if (v instanceof Double) {
            return ScalarType.DOUBLE;
        }
        throw new IllegalArgumentException("not a scalar value: " + v);
    }

    /**
     * {@code v} as a value of {@code to}: widening, or an explicit conversion as {@code int(x)} and the others
     * do (Java casts: truncation toward zero, wrapping), with {@code bool(x)} meaning {@code x != 0}.
     */
    public static Object convert(Object v, ScalarType to) {
        if (v instanceof Boolean b) {
            return to == ScalarType.BOOL ? b : convert(b ? 1 : 0, to);
        }
        Number n = (Number) v;
        return switch (to) {
            case BOOL -> !isZero(n);
            case INT -> n.intValue();
            case LONG -> n.longValue();
            case FLOAT -> n.floatValue();
            case DOUBLE -> n.doubleValue();
        };
    }

    /** Whether {@code v} is zero: {@code false}, 0, 0.0 or -0.0. CHOOSE skips exactly these. */
    public static boolean isZero(Object v) {
        if (v instanceof Boolean b) {
            return !b;
        }
        if (v instanceof Float || v instanceof Double) {
            return ((Number) v).doubleValue() == 0.0;
        }
        return ((Number) v).longValue() == 0;
    }

    /**
     * Whether two values of one type are equal as the language's {@code ==} says: numerically, so
     * {@code -0.0 == 0.0} and NaN equals nothing.
     */
    public static boolean same(Object a, Object b) {
        ScalarType t = ScalarType.wider(typeOf(a), typeOf(b));
        return compare(convert(a, t), convert(b, t)) == 0 && !isNaN(a) && !isNaN(b);
    }

    private static boolean isNaN(Object v) {
        return (v instanceof Double d && d.isNaN()) || (v instanceof Float f && f.isNaN());
    }

    /** Sign of {@code a - b} for two values of the same type; {@code false < true}; NaN compares as unordered (1). */
    static int compare(Object a, Object b) {
        return switch (typeOf(a)) {
            case BOOL -> Boolean.compare((Boolean) a, (Boolean) b);
            case INT -> Integer.compare((Integer) a, (Integer) b);
            case LONG -> Long.compare((Long) a, (Long) b);
            case FLOAT -> {
                float x = (Float) a;
                float y = (Float) b;
                yield x < y ? -1 : x > y ? 1 : x == y ? 0 : 1;
            }
            case DOUBLE -> {
                double x = (Double) a;
                double y = (Double) b;
                yield x < y ? -1 : x > y ? 1 : x == y ? 0 : 1;
            }
        };
    }

    /** {@code a op b} in type {@code t} (at least {@code int}); {@code op} is one of {@code + - * / %}. */
    static Object arithmetic(char op, Object a, Object b, ScalarType t) {
        Object x = convert(a, t);
        Object y = convert(b, t);
        return switch (t) {
            case INT -> {
                int p = (Integer) x;
                int q = (Integer) y;
                yield switch (op) {
                    case '+' -> p + q;
                    case '-' -> p - q;
                    case '*' -> p * q;
                    case '/' -> p / q;   // ArithmeticException on zero: a runtime error, as the doc says
                    default -> p % q;
                };
            }
            case LONG -> {
                long p = (Long) x;
                long q = (Long) y;
                yield switch (op) {
                    case '+' -> p + q;
                    case '-' -> p - q;
                    case '*' -> p * q;
                    case '/' -> p / q;
                    default -> p % q;
                };
            }
            case FLOAT -> {
                float p = (Float) x;
                float q = (Float) y;
                yield switch (op) {
                    case '+' -> p + q;
                    case '-' -> p - q;
                    case '*' -> p * q;
                    case '/' -> p / q;
                    default -> p % q;
                };
            }
            case DOUBLE -> {
                double p = (Double) x;
                double q = (Double) y;
                yield switch (op) {
                    case '+' -> p + q;
                    case '-' -> p - q;
                    case '*' -> p * q;
                    case '/' -> p / q;
                    default -> p % q;
                };
            }
            case BOOL -> throw new IllegalArgumentException("arithmetic is at least int");
        };
    }

    /** {@code -a} in type {@code t}. */
    static Object negate(Object a, ScalarType t) {
        return arithmetic('-', zero(t), a, t);
    }

    /**
     * Whether two values agree for a differential test: bools and integers exactly; floating point within
     * {@code relTol} of the larger magnitude, infinities of the same sign equal, NaN equal to NaN.
     */
    public static boolean close(Object a, Object b, double relTol) {
        if (a instanceof Boolean || b instanceof Boolean || !(a instanceof Float || a instanceof Double
                || b instanceof Float || b instanceof Double)) {
            return same(a, b);
        }
        double x = ((Number) a).doubleValue();
        double y = ((Number) b).doubleValue();
        if (Double.isNaN(x) || Double.isNaN(y)) {
            return Double.isNaN(x) && Double.isNaN(y);
        }
        if (x == y) {
            return true;
        }
        if (Double.isInfinite(x) || Double.isInfinite(y)) {
            return false;
        }
        return Math.abs(x - y) <= relTol * Math.max(Math.abs(x), Math.abs(y));
    }
}
