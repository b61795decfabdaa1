package org.stag.formats.tensor;

/**
 * The type of a tensor's component values, each stored in a primitive array of that type. A scalar of any
 * type is also held as a pair {@code (double d, long l)} of its value as a double and as a long ({@code d} exact
 * for every type but a long beyond 2^53, {@code l} exact for int and long): the rules below read that pair, so
 * that array values and constants compare, test and print a scalar the same way.
 */
public enum ValueType {
    BOOL(1),
    INT(4),
    LONG(8),
    FLOAT(4),
    DOUBLE(8);

    private final int bytes;

    ValueType(int bytes) {
        this.bytes = bytes;
    }

    /** Bytes per stored value. */
    public int bytes() {
        return bytes;
    }

    /** Whether the long of a scalar's pair is the exact value (int, long); else the double is. */
    boolean integral() {
        return this == INT || this == LONG;
    }

    /**
     * Whether two scalars are the same value: a NaN equals a NaN, as a fill value must, and {@code -0.0} is not
     * {@code 0.0} (an entry {@code -0.0} under fill {@code 0.0} is an entry, kept by every conversion).
     */
    boolean same(double d1, long l1, double d2, long l2) {
        return integral() ? l1 == l2 : sameDouble(d1, d2);
    }

    /** {@link #same} of two doubles: equal bits, any NaN equal to any NaN. */
    static boolean sameDouble(double d1, double d2) {
        return Double.doubleToLongBits(d1) == Double.doubleToLongBits(d2);
    }

    /** A scalar as a boolean: not zero (NaN is not zero). */
    boolean truth(double d, long l) {
        return integral() ? l != 0 : d != 0;
    }

    /** A scalar in source form, e.g. {@code Infinity}, {@code false} or {@code 3}. */
    String text(double d, long l) {
        return switch (this) {
            case BOOL -> String.valueOf(d != 0);
            case INT -> String.valueOf((int) l);
            case LONG -> String.valueOf(l);
            case FLOAT -> String.valueOf((float) d);
            case DOUBLE -> String.valueOf(d);
        };
    }
}
