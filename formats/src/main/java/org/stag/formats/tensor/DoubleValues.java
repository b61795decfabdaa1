package org.stag.formats.tensor;

/** {@code double} values: the typed face of {@link ArrayValues} (see {@link Values}). */
public final class DoubleValues extends ArrayValues<double[]> {
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
        super(a, a.length, size, new double[] {fill}, fill, (long) fill);
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
        return fillBox[0];
    }

    /** Value {@code i}. */
    public double get(int i) {
        return a[i];
    }

    @Override
    double asDouble(double[] b, int i) {
        return b[i];
    }

    @Override
    long asLong(double[] b, int i) {
        return (long) b[i];
    }

    @Override
    void move(double[] from, int[] fromIndex, double[] to, int[] toIndex, int n) {
        for (int j = 0; j < n; j++) {
            to[toIndex == null ? j : toIndex[j]] = from[fromIndex == null ? j : fromIndex[j]];
        }
    }

    @Override
    DoubleValues wrap(double[] b, int n) {
        return new DoubleValues(b, n, fillBox[0]);
    }
}
