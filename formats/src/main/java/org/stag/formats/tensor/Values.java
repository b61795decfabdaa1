package org.stag.formats.tensor;

/**
 * The component values of a tensor: a primitive array of one {@link ValueType} plus the fill value, the
 * value of every component that is not stored ([Henry 2021], §4.1: 0 for sums, +∞ for distances, false for
 * reachability, …). Components that are stored but equal the fill value are explicit fill values.
 *
 * <p>Use the typed subclasses' {@code array()} in hot loops ({@link ArrayValues} holds what they share); the {@code getAs…} accessors convert and
 * are for generic code such as conversion and tests. {@link ConstantValues} hold no array: every stored
 * component has the same value (a pattern).
 */
public abstract sealed class Values permits ArrayValues, ConstantValues {

    /** The values' type. */
    public abstract ValueType type();

    /** Number of values. */
    public abstract int size();

    /** Whether value {@code i} equals the fill value (NaN equals a NaN fill). */
    public abstract boolean isFill(int i);

    /** Value {@code i} as a double (booleans as 0 and 1; longs beyond 2^53 rounded). */
    public abstract double getAsDouble(int i);

    /** Value {@code i} as a long (floating-point values truncated; booleans as 0 and 1). */
    public abstract long getAsLong(int i);

    /** Value {@code i} as a boolean (numbers: not zero). */
    public abstract boolean getAsBoolean(int i);

    /** The fill value as a double, as {@link #getAsDouble} converts. */
    public abstract double fillAsDouble();

    /** The fill value as a long, as {@link #getAsLong} converts. */
    public abstract long fillAsLong();

    /** The fill value as a boolean, as {@link #getAsBoolean} converts. */
    public abstract boolean fillAsBoolean();

    /** The fill value in source form, e.g. {@code Infinity} or {@code false}. */
    public abstract String fillString();

    /** New values of the same type and fill value: {@code n} components, all the fill value. */
    public abstract Values filled(int n);

    /** New values of the same type and fill value: {@code v[j] = this[index[j]]} for {@code j < n}. */
    public abstract Values gather(int[] index, int n);

    /** {@code this[dst[j]] = src[srcIndex[j]]} for {@code j < n}; {@code src} has this type. */
    abstract void scatter(Values src, int[] srcIndex, int[] dst, int n);

    /** The values as doubles, for a level that stores doubles in its nodes. */
    abstract double[] toDoubles(int[] index, int n);

    /**
     * Makes these values the first {@code size} entries of {@code array} (an array of this type's Java element type,
     * not copied), keeping the fill value: how {@link Tensor#refillSortedVector} and {@link Tensor#refillSortedMatrix}
     * reuse a dead result's values object. False (nothing changed) for another array type, a size out of range, or
     * constant values.
     */
    boolean rewrap(Object array, int size) {
        return false;
    }

    /** Whether every component has the same value and no array is held ({@link ConstantValues}). */
    public boolean isConstant() {
        return false;
    }

    /** Bytes held by the array. */
    public long memoryBytes() {
        return (long) type().bytes() * size();
    }

    /** Doubles with fill value 0. */
    public static DoubleValues ofDoubles(double[] values) {
        return new DoubleValues(values, 0.0);
    }

    /** Doubles with the given fill value (e.g. {@code Double.POSITIVE_INFINITY} for distances). */
    public static DoubleValues ofDoubles(double[] values, double fill) {
        return new DoubleValues(values, fill);
    }

    /** Floats with fill value 0. */
    public static FloatValues ofFloats(float[] values) {
        return new FloatValues(values, 0f);
    }

    /** Floats with the given fill value. */
    public static FloatValues ofFloats(float[] values, float fill) {
        return new FloatValues(values, fill);
    }

    /** Longs with fill value 0. */
    public static LongValues ofLongs(long[] values) {
        return new LongValues(values, 0L);
    }

    /** Longs with the given fill value (e.g. {@code Long.MAX_VALUE} for unreachable BFS depths). */
    public static LongValues ofLongs(long[] values, long fill) {
        return new LongValues(values, fill);
    }

    /** Ints with fill value 0. */
    public static IntValues ofInts(int[] values) {
        return new IntValues(values, 0);
    }

    /** Ints with the given fill value. */
    public static IntValues ofInts(int[] values, int fill) {
        return new IntValues(values, fill);
    }

    /** Booleans with fill value false. */
    public static BoolValues ofBools(boolean[] values) {
        return new BoolValues(values, false);
    }

    /** Booleans with the given fill value. */
    public static BoolValues ofBools(boolean[] values, boolean fill) {
        return new BoolValues(values, fill);
    }

    /**
     * Constant booleans: {@code size} components, each {@code value} (a graph's pattern: {@code true}
     * with fill {@code false}).
     */
    public static ConstantValues constantBool(boolean value, boolean fill, int size) {
        return ConstantValues.ofBool(value, fill, size);
    }

    /** Constant ints: {@code size} components, each {@code value}. */
    public static ConstantValues constantInt(int value, int fill, int size) {
        return ConstantValues.ofInt(value, fill, size);
    }

    /** Constant longs: {@code size} components, each {@code value}. */
    public static ConstantValues constantLong(long value, long fill, int size) {
        return ConstantValues.ofLong(value, fill, size);
    }

    /** Constant floats: {@code size} components, each {@code value}. */
    public static ConstantValues constantFloat(float value, float fill, int size) {
        return ConstantValues.ofFloat(value, fill, size);
    }

    /**
     * Constant doubles: {@code size} components, each {@code value} (the weights of an unweighted graph:
     * {@code 1.0} with fill {@code +∞}).
     */
    public static ConstantValues constantDouble(double value, double fill, int size) {
        return ConstantValues.ofDouble(value, fill, size);
    }

    @Override
    public String toString() {
        return type() + "[" + size() + "], fill " + fillString();
    }
}
