package org.stag.loaders.text;

import java.util.Arrays;

/** The entries parsed from one chunk of lines, with its line count and its first error, if any. */
public final class ChunkOut {
    int[] src;
    int[] dst;
    double[] weights;
    int size;
    /** Lines seen in the chunk, including comments and blank lines. */
    int lines;
    /** Largest id seen (dense unbounded ids), or -1. */
    long maxId = -1;
    /** Whether every value was written as a plain integer. */
    boolean allIntegral = true;
    /** 1-based line within the chunk of the first error, 0 when none. */
    int errorLine;
    String error;
    /** Stop after this many entries (to locate an entry's line on an error path); -1 for no limit. */
    int stopAfter = -1;
    /** Line within the chunk of the entry that reached {@link #stopAfter}. */
    int stopLine;

    ChunkOut(int capacity, boolean weighted) {
        int cap = Math.max(16, capacity);
        src = new int[cap];
        dst = new int[cap];
        weights = weighted ? new double[cap] : null;
    }

    void add(int s, int d) {
        if (size == src.length) {
            grow();
        }
        src[size] = s;
        dst[size] = d;
        size++;
    }

    void add(int s, int d, double w) {
        if (size == src.length) {
            grow();
        }
        src[size] = s;
        dst[size] = d;
        weights[size] = w;
        size++;
    }

    private void grow() {
        int cap = (int) Math.min(Integer.MAX_VALUE - 8L, src.length + (src.length >> 1) + 16L);
        src = Arrays.copyOf(src, cap);
        dst = Arrays.copyOf(dst, cap);
        if (weights != null) {
            weights = Arrays.copyOf(weights, cap);
        }
    }

    void fail(int line, String message) {
        if (errorLine == 0) {
            errorLine = line;
            error = message;
        }
    }

    public int size() {
        return size;
    }

    public int lines() {
        return lines;
    }

    public boolean failed() {
        return errorLine != 0;
    }
}
