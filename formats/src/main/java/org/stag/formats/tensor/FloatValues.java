package org.stag.formats.tensor;

import java.util.Arrays;

/** {@code float} values (see {@link Values}). */
public final class FloatValues extends Values {
    private float[] a;
    private int size;
    private final float fill;

    /** Wraps {@code a} (not copied). */
    public FloatValues(float[] a, float fill) {
        this(a, a.length, fill);
    }

    /**
     * Wraps the first {@code size} entries of {@code a} (not copied): a runtime that reuses a longer array for
     * a sparse result of fewer entries. {@link #array()} is then longer than {@link #size()}.
     *
     * @throws IllegalArgumentException if {@code size} is negative or longer than {@code a}
     */
    public FloatValues(float[] a, int size, float fill) {
        if (size < 0 || size > a.length) {
            throw new IllegalArgumentException(size + " values over an array of " + a.length);
        }
        this.a = a;
        this.size = size;
        this.fill = fill;
    }

    @Override
    public ValueType type() {
        return ValueType.FLOAT;
    }

    /** The array (not a copy); it may be longer than {@link #size()}. */
    public float[] array() {
        return a;
    }

    /** The fill value. */
    public float fill() {
        return fill;
    }

    /** Value {@code i}. */
    public float get(int i) {
        return a[i];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    boolean rewrap(Object array, int size) {
        if (!(array instanceof float[] b) || size < 0 || size > b.length) {
            return false;
        }
        this.a = b;
        this.size = size;
        return true;
    }

    @Override
    public boolean isFill(int i) {
        float v = a[i];
        return v == fill || (v != v && fill != fill);
    }

    @Override
    public double getAsDouble(int i) {
        return a[i];
    }

    @Override
    public long getAsLong(int i) {
        return (long) a[i];
    }

    @Override
    public boolean getAsBoolean(int i) {
        return a[i] != 0;
    }

    @Override
    public double fillAsDouble() {
        return fill;
    }

    @Override
    public long fillAsLong() {
        return (long) fill;
    }

    @Override
    public boolean fillAsBoolean() {
        return fill != 0;
    }

    @Override
    public String fillString() {
        return String.valueOf(fill);
    }

    @Override
    public FloatValues filled(int n) {
        float[] b = new float[n];
        if (fill != 0f) {
            Arrays.fill(b, fill);
        }
        return new FloatValues(b, fill);
    }

    @Override
    public FloatValues gather(int[] index, int n) {
        float[] b = new float[n];
        for (int j = 0; j < n; j++) {
            b[j] = a[index[j]];
        }
        return new FloatValues(b, fill);
    }

    @Override
    void scatter(Values src, int[] srcIndex, int[] dst, int n) {
        float[] s = ((FloatValues) src).a;
        for (int j = 0; j < n; j++) {
            a[dst[j]] = s[srcIndex[j]];
        }
    }

    @Override
    double[] toDoubles(int[] index, int n) {
        double[] b = new double[n];
        for (int j = 0; j < n; j++) {
            float v = a[index[j]];
            b[j] = v;
        }
        return b;
    }
}
