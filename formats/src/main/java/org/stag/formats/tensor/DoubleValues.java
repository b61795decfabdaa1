package org.stag.formats.tensor;

import java.util.Arrays;

/** {@code double} values (see {@link Values}). */
public final class DoubleValues extends Values {
    private double[] a;
    private int size;
    private final double fill;

    /** Wraps {@code a} (not copied). */
    public DoubleValues(double[] a, double fill) {
        this(a, a.length, fill);
    }

    /**
     * Wraps the first {@code size} entries of {@code a} (not copied): a runtime that reuses a longer array for
     * a sparse result of fewer entries. {@link #array()} is then longer than {@link #size()}.
     *
     * @throws IllegalArgumentException if {@code size} is negative or longer than {@code a}
     */
    public DoubleValues(double[] a, int size, double fill) {
        if (size < 0 || size > a.length) {
            throw new IllegalArgumentException(size + " values over an array of " + a.length);
        }
        this.a = a;
        this.size = size;
        this.fill = fill;
    }

    @Override
    public ValueType type() {
        return ValueType.DOUBLE;
    }

    /** The array (not a copy); it may be longer than {@link #size()}. */
    public double[] array() {
        return a;
    }

    /** The fill value. */
    public double fill() {
        return fill;
    }

    /** Value {@code i}. */
    public double get(int i) {
        return a[i];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    boolean rewrap(Object array, int size) {
        if (!(array instanceof double[] b) || size < 0 || size > b.length) {
            return false;
        }
        this.a = b;
        this.size = size;
        return true;
    }

    @Override
    public boolean isFill(int i) {
        double v = a[i];
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
    public DoubleValues filled(int n) {
        double[] b = new double[n];
        if (fill != 0.0) {
            Arrays.fill(b, fill);
        }
        return new DoubleValues(b, fill);
    }

    @Override
    public DoubleValues gather(int[] index, int n) {
        double[] b = new double[n];
        for (int j = 0; j < n; j++) {
            b[j] = a[index[j]];
        }
        return new DoubleValues(b, fill);
    }

    @Override
    void scatter(Values src, int[] srcIndex, int[] dst, int n) {
        double[] s = ((DoubleValues) src).a;
        for (int j = 0; j < n; j++) {
            a[dst[j]] = s[srcIndex[j]];
        }
    }

    @Override
    double[] toDoubles(int[] index, int n) {
        double[] b = new double[n];
        for (int j = 0; j < n; j++) {
            double v = a[index[j]];
            b[j] = v;
        }
        return b;
    }
}
