package org.stag.formats.tensor;

import java.util.Arrays;

/** {@code int} values (see {@link Values}). */
public final class IntValues extends Values {
    private int[] a;
    private int size;
    private final int fill;

    /** Wraps {@code a} (not copied). */
    public IntValues(int[] a, int fill) {
        this(a, a.length, fill);
    }

    /**
     * Wraps the first {@code size} entries of {@code a} (not copied): a runtime that reuses a longer array for
     * a sparse result of fewer entries. {@link #array()} is then longer than {@link #size()}.
     *
     * @throws IllegalArgumentException if {@code size} is negative or longer than {@code a}
     */
    public IntValues(int[] a, int size, int fill) {
        if (size < 0 || size > a.length) {
            throw new IllegalArgumentException(size + " values over an array of " + a.length);
        }
        this.a = a;
        this.size = size;
        this.fill = fill;
    }

    @Override
    public ValueType type() {
        return ValueType.INT;
    }

    /** The array (not a copy); it may be longer than {@link #size()}. */
    public int[] array() {
        return a;
    }

    /** The fill value. */
    public int fill() {
        return fill;
    }

    /** Value {@code i}. */
    public int get(int i) {
        return a[i];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    boolean rewrap(Object array, int size) {
        if (!(array instanceof int[] b) || size < 0 || size > b.length) {
            return false;
        }
        this.a = b;
        this.size = size;
        return true;
    }

    @Override
    public boolean isFill(int i) {
        return a[i] == fill;
    }

    @Override
    public double getAsDouble(int i) {
        return a[i];
    }

    @Override
    public long getAsLong(int i) {
        return a[i];
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
        return fill;
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
    public IntValues filled(int n) {
        int[] b = new int[n];
        if (fill != 0) {
            Arrays.fill(b, fill);
        }
        return new IntValues(b, fill);
    }

    @Override
    public IntValues gather(int[] index, int n) {
        int[] b = new int[n];
        for (int j = 0; j < n; j++) {
            b[j] = a[index[j]];
        }
        return new IntValues(b, fill);
    }

    @Override
    void scatter(Values src, int[] srcIndex, int[] dst, int n) {
        int[] s = ((IntValues) src).a;
        for (int j = 0; j < n; j++) {
            a[dst[j]] = s[srcIndex[j]];
        }
    }

    @Override
    double[] toDoubles(int[] index, int n) {
        double[] b = new double[n];
        for (int j = 0; j < n; j++) {
            int v = a[index[j]];
            b[j] = v;
        }
        return b;
    }
}
