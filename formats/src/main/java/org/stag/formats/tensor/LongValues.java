package org.stag.formats.tensor;

/** {@code long} values: the typed face of {@link ArrayValues} (see {@link Values}). */
public final class LongValues extends ArrayValues<long[]> {
    /** Wraps {@code a} (not copied). */
    public LongValues(long[] a, long fill) {
        this(a, a.length, fill);
    }

    /**
     * Wraps the first {@code size} entries of {@code a} (not copied): a runtime that reuses a longer array for
     * a sparse result of fewer entries. {@link #array()} is then longer than {@link #size()}.
     *
     * @throws IllegalArgumentException if {@code size} is negative or longer than {@code a}
     */
    public LongValues(long[] a, int size, long fill) {
        super(a, a.length, size, new long[] {fill}, fill, fill);
    }

    @Override
    public ValueType type() {
        return ValueType.LONG;
    }

    /** The array (not a copy); it may be longer than {@link #size()}. */
    public long[] array() {
        return a;
    }

    /** The fill value. */
    public long fill() {
        return fillBox[0];
    }

    /** Value {@code i}. */
    public long get(int i) {
        return a[i];
    }

    @Override
    double asDouble(long[] b, int i) {
        return b[i];
    }

    @Override
    long asLong(long[] b, int i) {
        return b[i];
    }

    @Override
    void move(long[] from, int[] fromIndex, long[] to, int[] toIndex, int n) {
        for (int j = 0; j < n; j++) {
            to[toIndex == null ? j : toIndex[j]] = from[fromIndex == null ? j : fromIndex[j]];
        }
    }

    @Override
    LongValues wrap(long[] b, int n) {
        return new LongValues(b, n, fillBox[0]);
    }
}
