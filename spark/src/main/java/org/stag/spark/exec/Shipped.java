package org.stag.spark.exec;

import java.io.Serializable;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.tensor.ConstantValues;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.formats.tensor.Values;
import org.stag.formats.tensor.ValueType;

/**
 * A tensor the driver holds (a vertex vector, a small result), copied into a form that Spark serializes: its
 * format, sizes, element type and fill, and either the values array of a dense tensor or the coordinates and values
 * of its stored entries (no values when they are all one constant, as a bool pattern's). An executor builds it again
 * in the same format with the same value read, so the kernel compiled for the original reads it. A copy: the
 * driver's buffers are recycled by later statements, and a task retried later must see what the first saw.
 */
final class Shipped implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String format;
    private final int[] dims;
    private final ValueType type;
    private final long fillLong;
    private final double fillDouble;
    /** Dense values (all of them, or the entries {@link #index} names), or stored values; null when constant. */
    private final Object values;
    /** Coordinates of stored entries per mode (sparse), or the positions of the shipped entries of a dense vector. */
    private final int[][] crd;
    private final int[] index;
    private final boolean constant;
    private final long constLong;
    private final double constDouble;

    private Shipped(String format, int[] dims, ValueType type, long fillLong, double fillDouble, Object values,
                    int[][] crd, int[] index, boolean constant, long constLong, double constDouble) {
        this.format = format;
        this.dims = dims;
        this.type = type;
        this.fillLong = fillLong;
        this.fillDouble = fillDouble;
        this.values = values;
        this.crd = crd;
        this.index = index;
        this.constant = constant;
        this.constLong = constLong;
        this.constDouble = constDouble;
    }

    /** Whether {@code t} keeps all its values in one array over dense levels. */
    static boolean dense(Tensor t) {
        for (int k = 0; k < t.order(); k++) {
            if (!(t.level(k) instanceof DenseLevel)) {
                return false;
            }
        }
        return !t.valuesInLastLevel() && Arrays2.array(t.values()) != null;
    }

    /** All of {@code t}. */
    static Shipped of(Tensor t) {
        return of(t, null, 0, Integer.MAX_VALUE);
    }

    /**
     * The part of {@code t} a partition needs: a dense vector's entries at {@code index} (all when null) within
     * {@code [lo, hi)}; a sparse tensor's entries whose first coordinate lies in {@code [lo, hi)}.
     */
    static Shipped of(Tensor t, int[] index, int lo, int hi) {
        Values v = t.values();
        long fl = v.fillAsLong();
        double fd = v.fillAsDouble();
        String f = t.format().toString();
        int[] dims = t.dimensions();
        if (dense(t)) {
            Object a = Arrays2.array(v);
            int n = 1;
            for (int d : dims) {
                n *= d;
            }
            if (index == null && lo <= 0 && hi >= n) {
                return new Shipped(f, dims, t.valueType(), fl, fd, Arrays2.copy(a, 0, n), null, null, false, 0, 0);
            }
            int[] at = index != null ? index : range(Math.max(0, lo), Math.min(n, hi));
            Object part = Arrays2.newArray(t.valueType(), at.length);
            boolean real = Arrays2.real(t.valueType());
            for (int k = 0; k < at.length; k++) {
                if (real) {
                    Arrays2.setDouble(part, k, Arrays2.getDouble(a, at[k]));
                } else {
                    Arrays2.setLong(part, k, Arrays2.getLong(a, at[k]));
                }
            }
            return new Shipped(f, dims, t.valueType(), fl, fd, part, null, at, false, 0, 0);
        }
        boolean constant = v instanceof ConstantValues;
        long nnz = t.componentCount();
        int cap = (int) Math.min(Integer.MAX_VALUE - 8, nnz);
        int[][] crd = new int[t.order()][cap];
        Object vals = constant ? null : Arrays2.newArray(t.valueType(), cap);
        int size = 0;
        TensorCursor c = t.cursor();
        while (c.next()) {
            int first = c.coordinate(0);
            if (first < lo || first >= hi) {
                continue;
            }
            for (int m = 0; m < crd.length; m++) {
                crd[m][size] = c.coordinate(m);
            }
            if (!constant) {
                Arrays2.set(vals, size, c, t.valueType());
            }
            size++;
        }
        for (int m = 0; m < crd.length; m++) {
            crd[m] = java.util.Arrays.copyOf(crd[m], size);
        }
        ConstantValues cv = constant ? (ConstantValues) v : null;
        return new Shipped(f, dims, t.valueType(), fl, fd, constant ? null : Arrays2.copy(vals, 0, size), crd, null,
                constant, constant ? cv.valueAsLong() : 0, constant ? cv.valueAsDouble() : 0);
    }

    private static int[] range(int lo, int hi) {
        int[] r = new int[Math.max(0, hi - lo)];
        for (int k = 0; k < r.length; k++) {
            r[k] = lo + k;
        }
        return r;
    }

    /** Approximate bytes shipped (for the statistics). */
    long bytes() {
        long b = 64;
        if (values != null) {
            b += (long) java.lang.reflect.Array.getLength(values) * type.bytes();
        }
        if (crd != null) {
            for (int[] c : crd) {
                b += 4L * c.length;
            }
        }
        if (index != null) {
            b += 4L * index.length;
        }
        return b;
    }

    /** The values of a whole dense tensor (not a part of one), or null. */
    Object denseValues() {
        return crd == null && index == null ? values : null;
    }

    /** Whether {@code t} has this copy's format, sizes, element type and fill. */
    boolean sameKind(Tensor t) {
        Values v = t.values();
        return t.valueType() == type && java.util.Arrays.equals(t.dimensions(), dims) && v.fillAsLong() == fillLong
                && Double.doubleToRawLongBits(v.fillAsDouble()) == Double.doubleToRawLongBits(fillDouble)
                && t.format().toString().equals(format);
    }

    /** A dense tensor of this copy's format, sizes and fill over the values {@code a} (a whole dense tensor's). */
    Tensor withValues(Object a) {
        return Tensor.ofDense(FormatParser.parse(format), dims, Arrays2.values(a, fillLong, fillDouble));
    }

    /** The tensor again: the same format, sizes, type, fill and value read; a dense part's other entries hold the fill. */
    Tensor tensor() {
        org.stag.formats.tensor.Format f = FormatParser.parse(format);
        if (crd == null) {
            int n = 1;
            for (int d : dims) {
                n *= d;
            }
            Object a = values;
            if (index != null) {
                a = Arrays2.newArray(type, n);
                boolean real = Arrays2.real(type);
                if (real ? fillDouble != 0 : fillLong != 0) {
                    for (int k = 0; k < n; k++) {
                        if (real) {
                            Arrays2.setDouble(a, k, fillDouble);
                        } else {
                            Arrays2.setLong(a, k, fillLong);
                        }
                    }
                }
                for (int k = 0; k < index.length; k++) {
                    if (real) {
                        Arrays2.setDouble(a, index[k], Arrays2.getDouble(values, k));
                    } else {
                        Arrays2.setLong(a, index[k], Arrays2.getLong(values, k));
                    }
                }
            }
            return Tensor.ofDense(f, dims, Arrays2.values(a, fillLong, fillDouble));
        }
        int nnz = crd[0].length;
        Values v = constant ? constantValues(nnz) : Arrays2.values(values, fillLong, fillDouble);
        return Tensor.build(f, dims, crd, v);
    }

    private Values constantValues(int nnz) {
        return switch (type) {
            case BOOL -> Values.constantBool(constLong != 0, fillLong != 0, nnz);
            case INT -> Values.constantInt((int) constLong, (int) fillLong, nnz);
            case LONG -> Values.constantLong(constLong, fillLong, nnz);
            case FLOAT -> Values.constantFloat((float) constDouble, (float) fillDouble, nnz);
            case DOUBLE -> Values.constantDouble(constDouble, fillDouble, nnz);
        };
    }
}
