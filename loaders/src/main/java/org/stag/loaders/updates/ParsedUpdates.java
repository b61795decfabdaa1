package org.stag.loaders.updates;

import java.util.Arrays;

/**
 * The updates of one piece of text, lines relative to the piece. Ids the parser could map on its own (those
 * of the graph as it was when the piece was cut) are internal already; the others are -1 with the id as
 * written kept in {@link #rawSrc}/{@link #rawDst} and their index in {@link #unresolved}, for the reader to map
 * in file order. Reused from piece to piece so that parsing allocates only when a piece is larger than any before.
 */
final class ParsedUpdates {
    byte[] op = new byte[64];
    int[] src = new int[64];
    int[] dst = new int[64];
    double[] weight = new double[64];
    int[] line = new int[64];
    long[] rawSrc = new long[64];
    long[] rawDst = new long[64];
    int size;
    int[] unresolved = new int[16];
    int unresolvedCount;
    /** Lines read in the piece, comment and blank lines included. */
    int lines;
    /** Line (within the piece) of the first bad line, or 0. */
    int errorLine;
    String error;

    void reset() {
        size = 0;
        unresolvedCount = 0;
        lines = 0;
        errorLine = 0;
        error = null;
    }

    void add(byte o, int s, int d, long rawS, long rawD, double w, int ln) {
        if (size == op.length) {
            int cap = size + (size >> 1) + 16;
            op = Arrays.copyOf(op, cap);
            src = Arrays.copyOf(src, cap);
            dst = Arrays.copyOf(dst, cap);
            weight = Arrays.copyOf(weight, cap);
            line = Arrays.copyOf(line, cap);
            rawSrc = Arrays.copyOf(rawSrc, cap);
            rawDst = Arrays.copyOf(rawDst, cap);
        }
        if (s < 0 || d < 0) {
            if (unresolvedCount == unresolved.length) {
                unresolved = Arrays.copyOf(unresolved, unresolvedCount * 2);
            }
            unresolved[unresolvedCount++] = size;
            rawSrc[size] = rawS;
            rawDst[size] = rawD;
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
