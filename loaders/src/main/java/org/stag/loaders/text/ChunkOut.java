package org.stag.loaders.text;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
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
    /** Where this chunk's entries start in the arrays (nonzero when the arrays are shared by all chunks). */
    final int base;
    /**
     * Integer values that a double does not hold exactly (beyond 2^53), rare: the chunk's index of each entry
     * and its exact 64 bits; {@code null} until the first.
     */
    IntArrayList exactAt;
    LongArrayList exactValue;
    /** Entries this chunk may hold from {@link #base}; shared arrays cannot grow. */
    private final int limit;

    ChunkOut(int capacity, boolean weighted) {
        int cap = Math.max(16, capacity);
        src = new int[cap];
        dst = new int[cap];
        weights = weighted ? new double[cap] : null;
        base = 0;
        limit = -1;
    }

    /**
     * A chunk that writes into arrays shared by all chunks, at {@code [base, base + limit)}. The limit is the
     * chunk's line count, which no entry count can exceed, so the arrays never grow.
     */
    ChunkOut(int[] src, int[] dst, double[] weights, int base, int limit) {
        this.src = src;
        this.dst = dst;
        this.weights = weights;
        this.base = base;
        this.limit = limit;
    }

    void add(int s, int d) {
        int k = base + size;
        if (size == limit || k == src.length) {
            grow();
        }
        src[k] = s;
        dst[k] = d;
        size++;
    }

    void add(int s, int d, double w) {
        int k = base + size;
        if (size == limit || k == src.length) {
            grow();
        }
        src[k] = s;
        dst[k] = d;
        weights[k] = w;
        size++;
    }

    /** Records the exact value of the entry just added, which its double only approximates. */
    void exact(long v) {
        if (exactAt == null) {
            exactAt = new IntArrayList();
            exactValue = new LongArrayList();
        }
        exactAt.add(size - 1);
        exactValue.add(v);
    }

    /** Writes this chunk's exact values into {@code exact}, whose entry {@code at} is this chunk's first. */
    void patchExact(long[] exact, int at) {
        if (exactAt != null) {
            for (int i = 0; i < exactAt.size(); i++) {
                exact[at + exactAt.getInt(i)] = exactValue.getLong(i);
            }
        }
    }

    private void grow() {
        if (limit >= 0) {
            throw new IllegalStateException("more entries than lines in a chunk");
        }
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
