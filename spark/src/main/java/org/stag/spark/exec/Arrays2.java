package org.stag.spark.exec;

import org.stag.formats.tensor.BoolValues;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.FloatValues;
import org.stag.formats.tensor.IntValues;
import org.stag.formats.tensor.LongValues;
import org.stag.formats.tensor.Values;
import org.stag.formats.tensor.ValueType;

/**
 * The primitive arrays of the five element types, handled alike where a partition's result is cut, shipped and
 * combined: values read and written in their slot form (bool, int and long as a long, bool as 0 or 1; float and
 * double as a double), as the engine's scalar evaluator holds them.
 */
final class Arrays2 {
    private Arrays2() {
    }

    /** A new array of {@code n} elements of type {@code t}. */
    static Object newArray(ValueType t, int n) {
        return switch (t) {
            case BOOL -> new boolean[n];
            case INT -> new int[n];
            case LONG -> new long[n];
            case FLOAT -> new float[n];
            case DOUBLE -> new double[n];
        };
    }

    /** The element type of a primitive array. */
    static ValueType typeOf(Object a) {
        if (a instanceof double[]) {
            return ValueType.DOUBLE;
        }
        if (a instanceof float[]) {
            return ValueType.FLOAT;
        }
        if (a instanceof long[]) {
            return ValueType.LONG;
        }
        if (a instanceof int[]) {
            return ValueType.INT;
        }
        if (a instanceof boolean[]) {
            return ValueType.BOOL;
        }
        throw new IllegalArgumentException("not a primitive array: " + a);
    }

    /** Whether {@code t} is held as a double. */
    static boolean real(ValueType t) {
        return t == ValueType.FLOAT || t == ValueType.DOUBLE;
    }

    /** Element {@code i} of an integer or bool array, as a long. */
    static long getLong(Object a, int i) {
        if (a instanceof long[] l) {
            return l[i];
        }
        if (a instanceof int[] l) {
            return l[i];
        }
        return ((boolean[]) a)[i] ? 1 : 0;
    }

    /** Element {@code i} of a float or double array, as a double. */
    static double getDouble(Object a, int i) {
        return a instanceof double[] d ? d[i] : ((float[]) a)[i];
    }

    /** Sets element {@code i} of an integer or bool array. */
    static void setLong(Object a, int i, long v) {
        if (a instanceof long[] l) {
            l[i] = v;
        } else if (a instanceof int[] l) {
            l[i] = (int) v;
        } else {
            ((boolean[]) a)[i] = v != 0;
        }
    }

    /** Sets element {@code i} of a float or double array. */
    static void setDouble(Object a, int i, double v) {
        if (a instanceof double[] d) {
            d[i] = v;
        } else {
            ((float[]) a)[i] = (float) v;
        }
    }

    /** Sets element {@code i} of an array of type {@code t} to the value at cursor {@code c}. */
    static void set(Object a, int i, org.stag.formats.tensor.TensorCursor c, ValueType t) {
        if (real(t)) {
            setDouble(a, i, c.doubleValue());
        } else {
            setLong(a, i, t == ValueType.BOOL ? (c.booleanValue() ? 1 : 0) : c.longValue());
        }
    }

    /** The values array of typed values, or null for constant values. */
    static Object array(Values v) {
        if (v instanceof DoubleValues d) {
            return d.array();
        }
        if (v instanceof FloatValues d) {
            return d.array();
        }
        if (v instanceof LongValues d) {
            return d.array();
        }
        if (v instanceof IntValues d) {
            return d.array();
        }
        if (v instanceof BoolValues d) {
            return d.array();
        }
        return null;
    }

    /** Typed values over {@code a} with fill {@code fill} (in slot form). */
    static Values values(Object a, long fillLong, double fillDouble) {
        if (a instanceof double[] d) {
            return Values.ofDoubles(d, fillDouble);
        }
        if (a instanceof float[] d) {
            return Values.ofFloats(d, (float) fillDouble);
        }
        if (a instanceof long[] d) {
            return Values.ofLongs(d, fillLong);
        }
        if (a instanceof int[] d) {
            return Values.ofInts(d, (int) fillLong);
        }
        return Values.ofBools((boolean[]) a, fillLong != 0);
    }

    /** A copy of {@code a[from, to)}. */
    static Object copy(Object a, int from, int to) {
        Object out = newArray(typeOf(a), to - from);
        System.arraycopy(a, from, out, 0, to - from);
        return out;
    }
}
