package org.stag.formats.tensor;

/** {@code int} values: the typed face of {@link ArrayValues} (see {@link Values}). */
public final class IntValues extends ArrayValues<int[]> {
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
        super(a, a.length, size, new int[] {fill}, fill, fill);
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
        return fillBox[0];
    }

    /** Value {@code i}. */
    public int get(int i) {
        return a[i];
    }

    @Override
    double asDouble(int[] b, int i) {
        return b[i];
    }

    @Override
    long asLong(int[] b, int i) {
        return b[i];
    }

    @Override
    void move(int[] from, int[] fromIndex, int[] to, int[] toIndex, int n) {
        for (int j = 0; j < n; j++) {
            to[toIndex == null ? j : toIndex[j]] = from[fromIndex == null ? j : fromIndex[j]];
        }
    }

    @Override
    IntValues wrap(int[] b, int n) {
        return new IntValues(b, n, fillBox[0]);
    }
}
