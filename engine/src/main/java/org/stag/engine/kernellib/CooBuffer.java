package org.stag.engine.kernellib;

import java.util.Arrays;
import org.stag.engine.front.ScalarType;

/**
 * Entries of a sparse result as generated code emits them: coordinates per mode and a value, in growable
 * primitive arrays. Generated code holds the arrays and {@link #size} in locals while a chunk runs: it writes
 * {@code crd[m][size]} and the value array of the result's type, and when the arrays are full it writes the
 * size back and calls {@link #reserve} once, then reads the (replaced) arrays again; at the end of the chunk it
 * writes the size back. The kernel's caller assembles the target format from all chunks' buffers. A buffer made
 * without values ({@link #CooBuffer(int, ScalarType, boolean)}) holds coordinates only: the result's entries
 * all hold one constant, which the assembly knows.
 */
public final class CooBuffer {
    private static final int INITIAL = 16;
    /** Coordinates, {@code crd[mode][entry]}. */
    public int[][] crd;
    /** Values of a double target. */
    public double[] dv;
    /** Values of a float target. */
    public float[] fv;
    /** Values of a long target. */
    public long[] lv;
    /** Values of an int target. */
    public int[] iv;
    /** Values of a bool target. */
    public boolean[] bv;
    /** Number of entries. */
    public int size;
    private final ScalarType type;
    private final boolean values;

    /** An empty buffer for an order-{@code order} result of element type {@code type}, with a value per entry. */
    public CooBuffer(int order, ScalarType type) {
        this(order, type, true);
    }

    /**
     * An empty buffer for an order-{@code order} result of element type {@code type}; without {@code values} the
     * value arrays stay null (the kernel stores no values: every entry holds one constant).
     */
    public CooBuffer(int order, ScalarType type, boolean values) {
        this.type = type;
        this.values = values;
        this.crd = new int[order][INITIAL];
        if (values) {
            switch (type) {
                case DOUBLE -> dv = new double[INITIAL];
                case FLOAT -> fv = new float[INITIAL];
                case LONG -> lv = new long[INITIAL];
                case INT -> iv = new int[INITIAL];
                case BOOL -> bv = new boolean[INITIAL];
            }
        }
    }

    /** Reserves the next entry and returns its index; the arrays may be replaced, so read them after. */
    public int next() {
        if (size == crd[0].length) {
            reserve(1);
        }
        return size++;
    }

    /**
     * Makes room for {@code extra} more entries after the first {@link #size}: the arrays are replaced by longer
     * copies (by half again at least) when they are shorter than {@code size + extra}, so generated code reads
     * them again after the call. Nothing happens when they are long enough.
     *
     * @throws IllegalArgumentException if {@code extra} is negative or the entries would not fit an array
     */
    public void reserve(int extra) {
        if (extra < 0) {
            throw new IllegalArgumentException("reserve " + extra + " entries");
        }
        long need = (long) size + extra;
        if (need <= crd[0].length) {
            return;
        }
        if (need > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a result of " + need + " entries does not fit an array");
        }
        int cap = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, (long) size + (size >> 1) + INITIAL));
        for (int m = 0; m < crd.length; m++) {
            crd[m] = Arrays.copyOf(crd[m], cap);
        }
        if (values) {
            switch (type) {
                case DOUBLE -> dv = Arrays.copyOf(dv, cap);
                case FLOAT -> fv = Arrays.copyOf(fv, cap);
                case LONG -> lv = Arrays.copyOf(lv, cap);
                case INT -> iv = Arrays.copyOf(iv, cap);
                case BOOL -> bv = Arrays.copyOf(bv, cap);
            }
        }
    }

    /** Forgets the entries, keeping the arrays. */
    public void clear() {
        size = 0;
    }

    /** The element type. */
    public ScalarType type() {
        return type;
    }

    /** Whether the buffer holds a value per entry (else coordinates only). */
    public boolean hasValues() {
        return values;
    }
}
