package org.stag.spark.exec;

import java.io.Serializable;
import org.stag.formats.tensor.Tensor;

/**
 * The entries of a dense vector that differ from a copy the executors already hold (a {@link Shipped} base sent
 * as a broadcast by an earlier kernel run): their positions and new values. A step that changes few entries of a
 * long vector (BFS's depths, SSSP's distances) ships those instead of the whole vector again. Values compare by
 * their bits, so a NaN or a negative zero is shipped as it is. Immutable, and applied to a private copy of the
 * base, so a retried task builds the same vector.
 */
final class VectorDelta implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int[] index;
    /** A primitive array of the base's type, the new values at {@link #index}. */
    private final Object values;

    private VectorDelta(int[] index, Object values) {
        this.index = index;
        this.values = values;
    }

    /**
     * The entries where {@code t} differs from {@code base}, or null when {@code t} is not a dense vector of the
     * base's format, sizes, type and fill, or when more than {@code cap} entries differ.
     */
    static VectorDelta between(Shipped base, Tensor t, int cap) {
        Object was = base.denseValues();
        if (was == null || !Shipped.dense(t) || !base.sameKind(t)) {
            return null;
        }
        Object now = Arrays2.array(t.values());
        int n = java.lang.reflect.Array.getLength(was);
        if (java.lang.reflect.Array.getLength(now) < n || Arrays2.typeOf(now) != Arrays2.typeOf(was)) {
            return null;
        }
        int[] at = changed(was, now, n, cap);
        if (at == null) {
            return null;
        }
        Object vals = Arrays2.newArray(Arrays2.typeOf(was), at.length);
        boolean real = Arrays2.real(Arrays2.typeOf(was));
        for (int k = 0; k < at.length; k++) {
            if (real) {
                Arrays2.setDouble(vals, k, Arrays2.getDouble(now, at[k]));
            } else {
                Arrays2.setLong(vals, k, Arrays2.getLong(now, at[k]));
            }
        }
        return new VectorDelta(at, vals);
    }

    /** The positions in {@code [0, n)} where {@code now} differs from {@code was} by bits, or null past {@code cap}. */
    private static int[] changed(Object was, Object now, int n, int cap) {
        Positions p = new Positions(cap);
        if (was instanceof double[] b) {
            double[] a = (double[]) now;
            for (int i = 0; i < n; i++) {
                if (Double.doubleToRawLongBits(a[i]) != Double.doubleToRawLongBits(b[i]) && !p.add(i)) {
                    return null;
                }
            }
        } else if (was instanceof long[] b) {
            long[] a = (long[]) now;
            for (int i = 0; i < n; i++) {
                if (a[i] != b[i] && !p.add(i)) {
                    return null;
                }
            }
        } else if (was instanceof int[] b) {
            int[] a = (int[]) now;
            for (int i = 0; i < n; i++) {
                if (a[i] != b[i] && !p.add(i)) {
                    return null;
                }
            }
        } else if (was instanceof float[] b) {
            float[] a = (float[]) now;
            for (int i = 0; i < n; i++) {
                if (Float.floatToRawIntBits(a[i]) != Float.floatToRawIntBits(b[i]) && !p.add(i)) {
                    return null;
                }
            }
        } else {
            boolean[] b = (boolean[]) was;
            boolean[] a = (boolean[]) now;
            for (int i = 0; i < n; i++) {
                if (a[i] != b[i] && !p.add(i)) {
                    return null;
                }
            }
        }
        return p.toArray();
    }

    /** A growing list of positions that refuses more than its cap. */
    private static final class Positions {
        private final int cap;
        private int[] at = new int[64];
        private int size;

        Positions(int cap) {
            this.cap = cap;
        }

        boolean add(int i) {
            if (size == cap) {
                return false;
            }
            if (size == at.length) {
                at = java.util.Arrays.copyOf(at, (int) Math.min((long) at.length * 2, cap));
            }
            at[size++] = i;
            return true;
        }

        int[] toArray() {
            return java.util.Arrays.copyOf(at, size);
        }
    }

    /** Entries changed. */
    int size() {
        return index.length;
    }

    /** Approximate bytes shipped (for the statistics). */
    long bytes() {
        return 32 + (long) index.length * (4 + Arrays2.typeOf(values).bytes());
    }

    /** The vector again: a copy of {@code base}'s values with the changed entries written over it. */
    Tensor applyTo(Shipped base) {
        Object was = base.denseValues();
        Object a = Arrays2.copy(was, 0, java.lang.reflect.Array.getLength(was));
        boolean real = Arrays2.real(Arrays2.typeOf(a));
        for (int k = 0; k < index.length; k++) {
            if (real) {
                Arrays2.setDouble(a, index[k], Arrays2.getDouble(values, k));
            } else {
                Arrays2.setLong(a, index[k], Arrays2.getLong(values, k));
            }
        }
        return base.withValues(a);
    }
}
