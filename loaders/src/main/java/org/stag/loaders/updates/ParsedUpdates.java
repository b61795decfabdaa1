package org.stag.loaders.updates;

import java.util.Arrays;

/**
 * The updates of one piece of text, ids still as written (raw 64-bit values), lines relative to the
 * piece. Reused from piece to piece so that parsing allocates only when a piece is larger than any before.
 */
final class ParsedUpdates {
    byte[] op = new byte[64];
    long[] src = new long[64];
    long[] dst = new long[64];
    double[] weight = new double[64];
    int[] line = new int[64];
    int size;
    /** Lines read in the piece, comment and blank lines included. */
    int lines;
    /** Line (within the piece) of the first bad line, or 0. */
    int errorLine;
    String error;

    void reset() {
        size = 0;
        lines = 0;
        errorLine = 0;
        error = null;
    }

    void add(byte o, long s, long d, double w, int ln) {
        if (size == op.length) {
            int cap = size + (size >> 1) + 16;
            op = Arrays.copyOf(op, cap);
            src = Arrays.copyOf(src, cap);
            dst = Arrays.copyOf(dst, cap);
            weight = Arrays.copyOf(weight, cap);
            line = Arrays.copyOf(line, cap);
        }
        op[size] = o;
        src[size] = s;
        dst[size] = d;
        weight[size] = w;
        line[size] = ln;
        size++;
    }

    void fail(int ln, String message) {
        errorLine = ln;
        error = message;
    }
}
