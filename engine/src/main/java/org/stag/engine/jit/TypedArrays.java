package org.stag.engine.jit;

import org.stag.engine.ops.Constant;
import org.stag.engine.front.ScalarType;
import org.stag.formats.tensor.Values;

/** Primitive arrays of a stag element type, and their wrapping as tensor values. */
final class TypedArrays {
    private TypedArrays() {
    }

    /** A new array of {@code n} elements of {@code t}'s Java type. */
    static Object newArray(ScalarType t, int n) {
        return switch (t) {
            case DOUBLE -> new double[n];
            case FLOAT -> new float[n];
            case LONG -> new long[n];
            case INT -> new int[n];
            case BOOL -> new boolean[n];
        };
    }

    /** {@code array} (of {@code t}'s Java type) as tensor values with fill value {@code fill}. */
    static Values values(ScalarType t, Object array, Constant fill) {
        return switch (t) {
            case DOUBLE -> Values.ofDoubles((double[]) array, fill.real());
            case FLOAT -> Values.ofFloats((float[]) array, (float) fill.real());
            case LONG -> Values.ofLongs((long[]) array, fill.integer());
            case INT -> Values.ofInts((int[]) array, (int) fill.integer());
            case BOOL -> Values.ofBools((boolean[]) array, fill.bool());
        };
    }
}
