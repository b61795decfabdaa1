package org.stag.formats.tensor;

import java.lang.reflect.Array;

/**
 * Values in a primitive array of type {@code A} (the first {@link #size()} entries), with a fill value: what
 * the five typed classes share, written once. Each typed class adds only what depends on its element type:
 * the typed accessors that hot loops and generated code read ({@code array()}, {@code fill()},
 * {@code get(i)}), how an element reads as a double and as a long, and {@link #move}, the one loop that copies
 * elements by index over typed arrays, so that bulk copies neither box nor call a method per element. How a
 * scalar compares, tests and prints is {@link ValueType}'s.
 *
 * @param <A> the array type, such as {@code double[]}
 */
public abstract sealed class ArrayValues<A> extends Values
        permits BoolValues, IntValues, LongValues, FloatValues, DoubleValues {
    /** Positions of one word of a bitmap at most ({@link #resetToFill}). */
    private static final int WORD = 64;
    private static final int[] ZEROS = new int[WORD];

    /** The array; replaced by {@link #rewrap}. */
    A a;
    private int size;
    /** The fill value, alone in an array of the element type: the source of every copy of it. */
    final A fillBox;
    /** The fill value as a double and as a long ({@link ValueType}'s pair). */
    private final double fillDouble;
    private final long fillLong;

    /**
     * Wraps the first {@code size} entries of {@code a} (not copied), {@code length} long, with the fill value in
     * {@code fillBox}, which reads as {@code fillDouble} and {@code fillLong}.
     *
     * @throws IllegalArgumentException if {@code size} is negative or longer than {@code a}
     */
    ArrayValues(A a, int length, int size, A fillBox, double fillDouble, long fillLong) {
        if (size < 0 || size > length) {
            throw new IllegalArgumentException(size + " values over an array of " + length);
        }
        this.a = a;
        this.size = size;
        this.fillBox = fillBox;
        this.fillDouble = fillDouble;
        this.fillLong = fillLong;
    }

    /** Element {@code i} of {@code b} as a double (booleans as 0 and 1; longs beyond 2^53 rounded). */
    abstract double asDouble(A b, int i);

    /** Element {@code i} of {@code b} as a long (floating-point values truncated; booleans as 0 and 1). */
    abstract long asLong(A b, int i);

    /**
     * {@code to[toIndex[j]] = from[fromIndex[j]]} for {@code j < n}; a null index array stands for {@code j}
     * itself.
     */
    abstract void move(A from, int[] fromIndex, A to, int[] toIndex, int n);

    /** Values of this type and fill value over the first {@code n} entries of {@code b}. */
    abstract ArrayValues<A> wrap(A b, int n);

    @Override
    public final int size() {
        return size;
    }

    @Override
    public final boolean isFill(int i) {
        return type().same(asDouble(a, i), asLong(a, i), fillDouble, fillLong);
    }

    @Override
    public final double getAsDouble(int i) {
        return asDouble(a, i);
    }

    @Override
    public final long getAsLong(int i) {
        return asLong(a, i);
    }

    @Override
    public final boolean getAsBoolean(int i) {
        return type().truth(asDouble(a, i), asLong(a, i));
    }

    @Override
    public final double fillAsDouble() {
        return fillDouble;
    }

    @Override
    public final long fillAsLong() {
        return fillLong;
    }

    @Override
    public final boolean fillAsBoolean() {
        return type().truth(fillDouble, fillLong);
    }

    @Override
    public final String fillString() {
        return type().text(fillDouble, fillLong);
    }

    @Override
    final boolean rewrap(Object array, int size) {
        A b = own(array);
        if (b == null || size < 0 || size > Array.getLength(b)) {
            return false;
        }
        this.a = b;
        this.size = size;
        return true;
    }

    @Override
    public final Values filled(int n) {
        A b = own(Array.newInstance(a.getClass().getComponentType(), n));
        if (n > 0 && type().truth(fillDouble, fillLong)) {
            // A new array holds zeros: other fill values are copied in doubling runs.
            System.arraycopy(fillBox, 0, b, 0, 1);
            for (int done = 1; done < n; done *= 2) {
                System.arraycopy(b, 0, b, done, Math.min(done, n - done));
            }
        }
        return wrap(b, n);
    }

    @Override
    public final Values gather(int[] index, int n) {
        A b = own(Array.newInstance(a.getClass().getComponentType(), n));
        move(a, index, b, null, n);
        return wrap(b, n);
    }

    @Override
    final void scatter(Values src, int[] srcIndex, int[] dst, int n) {
        move(arrayOf(src), srcIndex, a, dst, n);
    }

    /**
     * {@code out[crd[j]] = this[j]} for {@code j < n}: the entries of a vector put at their coordinates in a
     * dense array of values of this type and fill ({@code out}), where an explicit fill value writes the fill.
     */
    final void scatterTo(Values out, int[] crd, int n) {
        move(a, null, arrayOf(out), crd, n);
    }

    /**
     * Puts the fill value back at every position set in {@code words} (a bitmap over these values' positions) and
     * clears the words: O(words + set positions), nothing allocated in proportion to either.
     */
    final void resetToFill(long[] words) {
        int[] at = new int[WORD];
        for (int w = 0; w < words.length; w++) {
            long bits = words[w];
            int k = 0;
            while (bits != 0) {
                at[k++] = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
            move(fillBox, ZEROS, a, at, k);
            words[w] = 0;
        }
    }

    @Override
    final double[] toDoubles(int[] index, int n) {
        double[] b = new double[n];
        if (a instanceof double[] d) {
            for (int j = 0; j < n; j++) {
                b[j] = d[index[j]];
            }
        } else {
            for (int j = 0; j < n; j++) {
                b[j] = asDouble(a, index[j]);
            }
        }
        return b;
    }

    /** The array of {@code v}, which must hold this type's elements. */
    private A arrayOf(Values v) {
        A b = v instanceof ArrayValues<?> o ? own(o.a) : null;
        if (b == null) {
            throw new IllegalArgumentException("values of " + v.type() + " where " + type() + " values are needed: " + v);
        }
        return b;
    }

    /** {@code array} as this type's array, or null when it is of another type. */
    @SuppressWarnings("unchecked") // checked: the same array class as this one's
    private A own(Object array) {
        return array != null && array.getClass() == a.getClass() ? (A) array : null;
    }
}
