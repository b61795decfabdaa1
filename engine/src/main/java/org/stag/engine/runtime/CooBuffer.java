package org.stag.engine.runtime;

import java.util.Arrays;
import org.stag.engine.front.ScalarType;

/**
 * Entries of a sparse result as generated code emits them: coordinates per mode and a value, in growable
 * primitive arrays. Generated code calls {@link #next()} and then writes {@code crd[m][e]} and the value
 * array of the result's type; the runtime assembles the target format from all chunks' buffers.
 */
public final class CooBuffer {
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

    /** An empty buffer for an order-{@code order} result of element type {@code type}. */
    public CooBuffer(int order, ScalarType type) {
        this.type = type;
        this.crd = new int[order][16];
        switch (type) {
            case DOUBLE -> dv = new double[16];
            case FLOAT -> fv = new float[16];
            case LONG -> lv = new long[16];
            case INT -> iv = new int[16];
            case BOOL -> bv = new boolean[16];
        }
    }

    /** Reserves the next entry and returns its index; the arrays may be replaced, so read them after. */
    public int next() {
        if (size == crd[0].length) {
            int cap = size + (size >> 1) + 16;
            for (int m = 0; m < crd.length; m++) {
                crd[m] = Arrays.copyOf(crd[m], cap);
            }
            switch (type) {
                case DOUBLE -> dv = Arrays.copyOf(dv, cap);
                case FLOAT -> fv = Arrays.copyOf(fv, cap);
                case LONG -> lv = Arrays.copyOf(lv, cap);
                case INT -> iv = Arrays.copyOf(iv, cap);
                case BOOL -> bv = Arrays.copyOf(bv, cap);
            }
        }
        return size++;
    }

    /** Forgets the entries, keeping the arrays. */
    public void clear() {
        size = 0;
    }

    /** The element type. */
    public ScalarType type() {
        return type;
    }
}
