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

    /** The first {@code size} entries of {@code array} (of {@code t}'s Java type) as tensor values with fill {@code fill}. */
    static Values values(ScalarType t, Object array, int size, Constant fill) {
        return switch (t) {
            case DOUBLE -> new org.stag.formats.tensor.DoubleValues((double[]) array, size, fill.real());
            case FLOAT -> new org.stag.formats.tensor.FloatValues((float[]) array, size, (float) fill.real());
            case LONG -> new org.stag.formats.tensor.LongValues((long[]) array, size, fill.integer());
            case INT -> new org.stag.formats.tensor.IntValues((int[]) array, size, (int) fill.integer());
            case BOOL -> new org.stag.formats.tensor.BoolValues((boolean[]) array, size, fill.bool());
        };
    }

    /** The length of {@code array}, an array of {@code t}'s Java type. */
    static int length(ScalarType t, Object array) {
        return switch (t) {
            case DOUBLE -> ((double[]) array).length;
            case FLOAT -> ((float[]) array).length;
            case LONG -> ((long[]) array).length;
            case INT -> ((int[]) array).length;
            case BOOL -> ((boolean[]) array).length;
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

    /** The values array of typed values (not constant ones). */
    static Object array(Values v) {
        if (v instanceof org.stag.formats.tensor.DoubleValues d) {
            return d.array();
        }
        if (v instanceof org.stag.formats.tensor.FloatValues d) {
            return d.array();
        }
        if (v instanceof org.stag.formats.tensor.LongValues d) {
            return d.array();
        }
        if (v instanceof org.stag.formats.tensor.IntValues d) {
            return d.array();
        }
        return ((org.stag.formats.tensor.BoolValues) v).array();
    }

    /** The values array of typed values, or null for any other values (constant ones). */
    static Object arrayOrNull(Values v) {
        return v instanceof org.stag.formats.tensor.DoubleValues || v instanceof org.stag.formats.tensor.FloatValues
                || v instanceof org.stag.formats.tensor.LongValues || v instanceof org.stag.formats.tensor.IntValues
                || v instanceof org.stag.formats.tensor.BoolValues ? array(v) : null;
    }

    /** A tensor in {@code format} built from the entries of {@code coo[0, chunks)}, values of type {@code t}. */
    static org.stag.formats.tensor.Tensor assemble(org.stag.formats.tensor.Format format,
                                                   org.stag.engine.kernellib.CooBuffer[] coo, int chunks, int[] dims,
                                                   ScalarType t, Constant fill) {
        int total = 0;
        for (int c = 0; c < chunks; c++) {
            total += coo[c].size;
        }
        int[][] crd = new int[dims.length][total];
        Object vals = newArray(t, total);
        int at = 0;
        for (int c = 0; c < chunks; c++) {
            org.stag.engine.kernellib.CooBuffer b = coo[c];
            for (int m = 0; m < dims.length; m++) {
                System.arraycopy(b.crd[m], 0, crd[m], at, b.size);
            }
            Object src = switch (t) {
                case DOUBLE -> b.dv;
                case FLOAT -> b.fv;
                case LONG -> b.lv;
                case INT -> b.iv;
                case BOOL -> b.bv;
            };
            System.arraycopy(src, 0, vals, at, b.size);
            at += b.size;
        }
        return org.stag.formats.tensor.Tensor.build(format, dims, crd, values(t, vals, fill));
    }
}
