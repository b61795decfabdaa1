package org.stag.formats.dynamic.walk;

import java.util.Arrays;

/**
 * What the elements of a store carry beside their coordinates, in the two arrays of an element field: a
 * {@code double} value ({@code val}), an {@code int} position ({@code pos}), or nothing (both null, read as
 * 1.0). At most one of the two is non-null. Every reader and writer of element slots goes through these.
 */
public final class Carried {
    private Carried() {
    }

    /** What slot {@code k} carries: its value, its position, or 1.0. */
    public static double get(double[] val, int[] pos, int k) {
        return val != null ? val[k] : pos != null ? pos[k] : 1.0;
    }

    /** Sets what slot {@code k} carries (a position is {@code (int) v}). */
    public static void set(double[] val, int[] pos, int k, double v) {
        if (val != null) {
            val[k] = v;
        } else if (pos != null) {
            pos[k] = (int) v;
        }
    }

    /** Copies what {@code n} slots from {@code from} carry to the slots from {@code to} (the runs may overlap). */
    public static void move(double[] val, int[] pos, int from, int to, int n) {
        if (val != null) {
            System.arraycopy(val, from, val, to, n);
        } else if (pos != null) {
            System.arraycopy(pos, from, pos, to, n);
        }
    }

    /** Sets what slots {@code [to, to + n)} carry from values {@code v[from, from + n)}, or 1.0 each when null. */
    public static void write(double[] val, int[] pos, int to, double[] v, int from, int n) {
        if (val != null) {
            if (v != null) {
                System.arraycopy(v, from, val, to, n);
            } else {
                Arrays.fill(val, to, to + n, 1.0);
            }
        } else if (pos != null) {
            for (int i = 0; i < n; i++) {
                pos[to + i] = v == null ? 1 : (int) v[from + i];
            }
        }
    }

    /** Writes what slots {@code [from, from + n)} carry to {@code v[at, at + n)}. */
    public static void read(double[] val, int[] pos, int from, double[] v, int at, int n) {
        if (val != null) {
            System.arraycopy(val, from, v, at, n);
        } else if (pos != null) {
            for (int i = 0; i < n; i++) {
                v[at + i] = pos[from + i];
            }
        } else {
            Arrays.fill(v, at, at + n, 1.0);
        }
    }
}
