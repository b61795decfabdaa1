package org.stag.formats.tensor;

import java.util.Arrays;

/**
 * Values in which every stored component has the same value: the pattern of a graph ({@code true} with
 * fill {@code false}) or the weights of an unweighted one ({@code 1.0} with fill {@code +∞}). No array
 * is held ({@link #memoryBytes()} is 0), and every index reads the constant, so the values stay valid
 * when the tensor's levels grow or shrink under batch updates; {@link #size()} is the number of
 * components they were made for. Generated code reads the constant as a literal.
 *
 * <p>The value and the fill are kept in the type's own representation (a long constant is exact).
 * Read-only: {@link #scatter} is refused.
 */
public final class ConstantValues extends Values {
    private final ValueType type;
    private final int size;
    /** The value and the fill as doubles (exact for every type but LONG beyond 2^53). */
    private final double value;
    private final double fill;
    /** The value and the fill as longs, exact for INT and LONG. */
    private final long longValue;
    private final long longFill;

    private ConstantValues(ValueType type, double value, double fill, long longValue, long longFill, int size) {
        if (size < 0) {
            throw new IllegalArgumentException("negative size " + size);
        }
        this.type = type;
        this.value = value;
        this.fill = fill;
        this.longValue = longValue;
        this.longFill = longFill;
        this.size = size;
    }

    static ConstantValues ofBool(boolean value, boolean fill, int size) {
        return new ConstantValues(ValueType.BOOL, value ? 1 : 0, fill ? 1 : 0, value ? 1 : 0, fill ? 1 : 0, size);
    }

    static ConstantValues ofInt(int value, int fill, int size) {
        return new ConstantValues(ValueType.INT, value, fill, value, fill, size);
    }

    static ConstantValues ofLong(long value, long fill, int size) {
        return new ConstantValues(ValueType.LONG, value, fill, value, fill, size);
    }

    static ConstantValues ofFloat(float value, float fill, int size) {
        return new ConstantValues(ValueType.FLOAT, value, fill, (long) value, (long) fill, size);
    }

    static ConstantValues ofDouble(double value, double fill, int size) {
        return new ConstantValues(ValueType.DOUBLE, value, fill, (long) value, (long) fill, size);
    }

    /** The same constant and fill for {@code n} components. */
    public ConstantValues resized(int n) {
        return n == size ? this : new ConstantValues(type, value, fill, longValue, longFill, n);
    }

    /**
     * The same constant and fill for {@code n} components, {@link #size()} saturating at {@code Integer.MAX_VALUE}
     * for a last level past an int's count (row blocks): a constant is never indexed, so its size only says how
     * many components it was made for, and past 2^31 it says "more than an int counts".
     */
    public ConstantValues resized(long n) {
        return resized((int) Math.min(n, Integer.MAX_VALUE));
    }

    @Override
    public ValueType type() {
        return type;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isConstant() {
        return true;
    }

    /** Whether the constant equals the fill value (then every component reads as not stored). */
    public boolean valueIsFill() {
        return type.same(value, longValue, fill, longFill);
    }

    /** The constant as a double (booleans as 0 and 1). */
    public double valueAsDouble() {
        return value;
    }

    /** The constant as a long (floating-point values truncated; booleans as 0 and 1). */
    public long valueAsLong() {
        return longValue;
    }

    /** The constant as a boolean (numbers: not zero). */
    public boolean valueAsBoolean() {
        return type.truth(value, longValue);
    }

    /** The constant in source form, as {@link #fillString()} writes the fill. */
    public String valueString() {
        return type.text(value, longValue);
    }

    @Override
    public boolean isFill(int i) {
        return valueIsFill();
    }

    @Override
    public double getAsDouble(int i) {
        return value;
    }

    @Override
    public long getAsLong(int i) {
        return longValue;
    }

    @Override
    public boolean getAsBoolean(int i) {
        return valueAsBoolean();
    }

    @Override
    public double fillAsDouble() {
        return fill;
    }

    @Override
    public long fillAsLong() {
        return longFill;
    }

    @Override
    public boolean fillAsBoolean() {
        return type.truth(fill, longFill);
    }

    @Override
    public String fillString() {
        return type.text(fill, longFill);
    }

    /** {@code n} components, all the fill value: a constant whose value is the fill. */
    @Override
    public ConstantValues filled(int n) {
        return new ConstantValues(type, fill, fill, longFill, longFill, n);
    }

    /** {@code n} components, all the constant (the indices are not read). */
    @Override
    public ConstantValues gather(int[] index, int n) {
        return resized(n);
    }

    @Override
    void scatter(Values src, int[] srcIndex, int[] dst, int n) {
        throw new UnsupportedOperationException("cannot write into constant values (" + this + ")");
    }

    @Override
    double[] toDoubles(int[] index, int n) {
        double[] b = new double[n];
        Arrays.fill(b, value);
        return b;
    }

    /**
     * An array of {@code n} components of this type, all the fill value except {@code positions[j]} for
     * {@code j < count}, which get the constant: what a level that also stores components nobody gave
     * (a dense level) needs.
     */
    Values toArray(int n, int[] positions, int count) {
        // The constant as one array value with this fill: the values are its fill, and it where given.
        Values one = switch (type) {
            case BOOL -> Values.ofBools(new boolean[] {value != 0}, fill != 0);
            case INT -> Values.ofInts(new int[] {(int) longValue}, (int) longFill);
            case LONG -> Values.ofLongs(new long[] {longValue}, longFill);
            case FLOAT -> Values.ofFloats(new float[] {(float) value}, (float) fill);
            case DOUBLE -> Values.ofDoubles(new double[] {value}, fill);
        };
        Values v = one.filled(n);
        v.scatter(one, new int[count], positions, count);
        return v;
    }

    @Override
    public long memoryBytes() {
        return 0;
    }

    @Override
    public String toString() {
        return type + " constant " + valueString() + " [" + size + "], fill " + fillString();
    }
}
