package org.stag.engine.reference;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import org.stag.engine.front.ScalarType;

/**
 * A tensor as the reference evaluator sees it: dimensions, element type, fill value, and a sorted map from
 * coordinates to the entries that differ from the fill value. An absent coordinate holds the fill value,
 * so two tensors with the same values are {@link #equals equal} whatever was stored explicitly.
 * Mutable only through {@link #set}, which fixtures use to build inputs.
 */
public final class RefTensor {
    private final ScalarType type;
    private final int[] dims;
    private final Object fill;
    private final TreeMap<Coord, Object> entries = new TreeMap<>();

    /** An empty tensor (every entry the fill value) of the given type and dimensions. */
    public RefTensor(ScalarType type, int[] dims, Object fill) {
        this.type = Objects.requireNonNull(type, "type");
        this.dims = dims.clone();
        for (int d : dims) {
            if (d <= 0) {
                throw new IllegalArgumentException("dimensions are positive: " + Arrays.toString(dims));
            }
        }
        this.fill = Values.convert(fill, type);
    }

    /** A vector holding {@code values} (each converted to {@code type}), with the given fill value. */
    public static RefTensor vector(ScalarType type, Object fill, Object... values) {
        RefTensor t = new RefTensor(type, new int[] {values.length}, fill);
        for (int i = 0; i < values.length; i++) {
            t.set(values[i], i);
        }
        return t;
    }

    /** A matrix from its rows, which must all have the same length. */
    public static RefTensor matrix(ScalarType type, Object fill, Object[][] rows) {
        RefTensor t = new RefTensor(type, new int[] {rows.length, rows[0].length}, fill);
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != rows[0].length) {
                throw new IllegalArgumentException("ragged matrix");
            }
            for (int j = 0; j < rows[i].length; j++) {
                t.set(rows[i][j], i, j);
            }
        }
        return t;
    }

    /** The element type. */
    public ScalarType type() {
        return type;
    }

    /** The dimensions, outermost first. */
    public int[] dims() {
        return dims.clone();
    }

    /** Number of dimensions. */
    public int order() {
        return dims.length;
    }

    /** The value of every coordinate not in {@link #entries()}. */
    public Object fill() {
        return fill;
    }

    /** The value at coordinate {@code c}: its entry, or the fill value. */
    public Object get(int... c) {
        Coord k = checked(c);
        Object v = entries.get(k);
        return v == null ? fill : v;
    }

    /**
     * Sets the value at {@code c} (converted to the element type); a value equal to the fill value removes the
     * entry, so the map never holds fill values.
     */
    public RefTensor set(Object value, int... c) {
        Coord k = checked(c);
        Object v = Values.convert(value, type);
        if (Values.same(v, fill)) {
            entries.remove(k);
        } else {
            entries.put(k, v);
        }
        return this;
    }

    /** The entries that differ from the fill value, in coordinate order; unmodifiable. */
    public SortedMap<Coord, Object> entries() {
        return Collections.unmodifiableSortedMap(entries);
    }

    /** Number of entries that differ from the fill value. */
    public int nonFill() {
        return entries.size();
    }

    private Coord checked(int[] c) {
        if (c.length != dims.length) {
            throw new IllegalArgumentException(c.length + " coordinates for a tensor of order " + dims.length);
        }
        for (int d = 0; d < c.length; d++) {
            if (c[d] < 0 || c[d] >= dims[d]) {
                throw new IndexOutOfBoundsException("coordinate " + Arrays.toString(c) + " outside "
                        + Arrays.toString(dims));
            }
        }
        return Coord.of(c);
    }

    /**
     * Whether {@code other} has the same type, dimensions and fill value and every coordinate holds
     * {@link Values#close close} values in both: the comparison of a differential test.
     */
    public boolean closeTo(RefTensor other, double relTol) {
        if (type != other.type || !Arrays.equals(dims, other.dims) || !Values.same(fill, other.fill)) {
            return false;
        }
        for (Map.Entry<Coord, Object> e : entries.entrySet()) {
            if (!Values.close(e.getValue(), other.get(e.getKey().toArray()), relTol)) {
                return false;
            }
        }
        for (Map.Entry<Coord, Object> e : other.entries.entrySet()) {
            if (!Values.close(get(e.getKey().toArray()), e.getValue(), relTol)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RefTensor t && type == t.type && Arrays.equals(dims, t.dims) && fill.equals(t.fill)
                && entries.equals(t.entries);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, Arrays.hashCode(dims), fill, entries);
    }

    /** E.g. {@code double[3] fill 0.0 {[0]=1.5, [2]=2.0}}. */
    @Override
    public String toString() {
        return type.keyword() + Arrays.toString(dims) + " fill " + fill + " " + entries;
    }
}
