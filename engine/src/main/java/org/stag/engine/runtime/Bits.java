package org.stag.engine.runtime;

/** Bitmap scanning for generated code. */
public final class Bits {
    private Bits() {
    }

    /** The first set bit in {@code [from, to)} of {@code words}, or -1. */
    public static int next(long[] words, int from, int to) {
        if (from >= to) {
            return -1;
        }
        int w = from >>> 6;
        long bits = words[w] & (-1L << from);
        while (true) {
            if (bits != 0) {
                int q = (w << 6) + Long.numberOfTrailingZeros(bits);
                return q < to ? q : -1;
            }
            if (++w >= words.length || (w << 6) >= to) {
                return -1;
            }
            bits = words[w];
        }
    }
}
