package org.stag.formats.tensor;

/** {@code float} values: the typed face of {@link ArrayValues} (see {@link Values}). */
public final class FloatValues extends ArrayValues<float[]> {
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
        super(a, a.length, size, new float[] {fill}, fill, (long) fill);
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
        return fillBox[0];
    }

    /** Value {@code i}. */
    public float get(int i) {
        return a[i];
    }

    @Override
    double asDouble(float[] b, int i) {
        return b[i];
    }

    @Override
    long asLong(float[] b, int i) {
        return (long) b[i];
    }

    @Override
    void move(float[] from, int[] fromIndex, float[] to, int[] toIndex, int n) {
        for (int j = 0; j < n; j++) {
            to[toIndex == null ? j : toIndex[j]] = from[fromIndex == null ? j : fromIndex[j]];
        }
    }

    @Override
    FloatValues wrap(float[] b, int n) {
        return new FloatValues(b, n, fillBox[0]);
    }
}
