package org.stag.formats.tensor;

import java.util.Arrays;

/** {@code boolean} values (see {@link Values}). */
public final class BoolValues extends Values {
    private boolean[] a;
    private int size;
    private final boolean fill;

    /** Wraps {@code a} (not copied). */
    public BoolValues(boolean[] a, boolean fill) {
        this(a, a.length, fill);
    }

    /**
     * Wraps the first {@code size} entries of {@code a} (not copied): a runtime that reuses a longer array for
     * a sparse result of fewer entries. {@link #array()} is then longer than {@link #size()}.
     *
     * @throws IllegalArgumentException if {@code size} is negative or longer than {@code a}
     */
    public BoolValues(boolean[] a, int size, boolean fill) {
        if (size < 0 || size > a.length) {
            throw new IllegalArgumentException(size + " values over an array of " + a.length);
        }
        this.a = a;
        this.size = size;
        this.fill = fill;
    }

    @Override
    public ValueType type() {
        return ValueType.BOOL;
    }

    /** The array (not a copy); it may be longer than {@link #size()}. */
    public boolean[] array() {
        return a;
    }

    /** The fill value. */
    public boolean fill() {
        return fill;
    }

    /** Value {@code i}. */
    public boolean get(int i) {
        return a[i];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    boolean rewrap(Object array, int size) {
        if (!(array instanceof boolean[] b) || size < 0 || size > b.length) {
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
        return a[i] ? 1.0 : 0.0;
    }

    @Override
    public long getAsLong(int i) {
        return a[i] ? 1L : 0L;
    }

    @Override
    public boolean getAsBoolean(int i) {
        return a[i];
    }

    @Override
    public double fillAsDouble() {
        return fill ? 1.0 : 0.0;
    }

    @Override
    public long fillAsLong() {
        return fill ? 1L : 0L;
    }

    @Override
    public boolean fillAsBoolean() {
        return fill;
    }

    @Override
    public String fillString() {
        return String.valueOf(fill);
    }

    @Override
    public BoolValues filled(int n) {
        boolean[] b = new boolean[n];
        if (fill != false) {
            Arrays.fill(b, fill);
        }
        return new BoolValues(b, fill);
    }

    @Override
    public BoolValues gather(int[] index, int n) {
        boolean[] b = new boolean[n];
        for (int j = 0; j < n; j++) {
            b[j] = a[index[j]];
        }
        return new BoolValues(b, fill);
    }

    @Override
    void scatter(Values src, int[] srcIndex, int[] dst, int n) {
        boolean[] s = ((BoolValues) src).a;
        for (int j = 0; j < n; j++) {
            a[dst[j]] = s[srcIndex[j]];
        }
    }

    @Override
    double[] toDoubles(int[] index, int n) {
        double[] b = new double[n];
        for (int j = 0; j < n; j++) {
            boolean v = a[index[j]];
            b[j] = v ? 1.0 : 0.0;
        }
        return b;
    }
}
