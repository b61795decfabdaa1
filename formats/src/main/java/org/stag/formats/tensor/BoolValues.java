package org.stag.formats.tensor;

/** {@code boolean} values: the typed face of {@link ArrayValues} (see {@link Values}). */
public final class BoolValues extends ArrayValues<boolean[]> {
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
        super(a, a.length, size, new boolean[] {fill}, fill ? 1 : 0, fill ? 1 : 0);
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
        return fillBox[0];
    }

    /** Value {@code i}. */
    public boolean get(int i) {
        return a[i];
    }

    @Override
    double asDouble(boolean[] b, int i) {
        return b[i] ? 1 : 0;
    }

    @Override
    long asLong(boolean[] b, int i) {
        return b[i] ? 1 : 0;
    }

    @Override
    void move(boolean[] from, int[] fromIndex, boolean[] to, int[] toIndex, int n) {
        for (int j = 0; j < n; j++) {
            to[toIndex == null ? j : toIndex[j]] = from[fromIndex == null ? j : fromIndex[j]];
        }
    }

    @Override
    BoolValues wrap(boolean[] b, int n) {
        return new BoolValues(b, n, fillBox[0]);
    }
}
