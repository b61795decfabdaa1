package org.stag.loaders;

import java.util.Arrays;

/**
 * Compressed rows in row blocks: rows {@code [b << bits, (b + 1) << bits)} form block {@code b}, whose entries are
 * held in arrays of its own ({@link #col(int)}, {@link #weights(int)}) with {@code int} offsets local to the block
 * ({@link #ptr(int)}: {@code ptr(b)[r - firstRow(b)]} to {@code ptr(b)[r - firstRow(b) + 1]}). This is how a graph
 * holds more than {@link #MAX_BLOCK} entries with Java's int-indexed arrays: positions are 64-bit as (block, int
 * offset), and a loop over rows loads a block's arrays once per block, as it loads a dynamic level's shard.
 *
 * <p>A graph is held in blocks only where its entries pass {@link #limit()}: below it there is one block whose
 * arrays are the graph's own ({@link #of}, {@code bits == 31}), and everything keeps its int code. The limit is
 * {@link #MAX_BLOCK} unless the system property {@code stag.blockEntries} or {@link #setLimit} lowers it, which
 * tests do to run the blocked code on small graphs. The block bits are the largest that keep every block within
 * the limit ({@link #bitsFor}); a single row longer than the limit gets a block of its own.
 *
 * <p>The payload need not be int columns: {@link #bitsFor} and the row partition serve any per-block array
 * (a byte-coded level keeps a {@code byte[]} per block with int byte offsets inside it).
 */
public final class RowBlocks {
    /** The most entries one block's arrays hold (Java's array limit). */
    public static final long MAX_BLOCK = Integer.MAX_VALUE - 8L;
    /** Block bits that mean "one block for all rows": the arrays of a graph below the limit. */
    public static final int ONE_BLOCK = 31;
    /** The largest bits of a real split; 2^30 rows per block. */
    public static final int MAX_BITS = 30;

    private static volatile long limit = initialLimit();

    private final int rows;
    private final int bits;
    private final int[][] ptr;
    private final int[][] col;
    private final double[][] weights;
    /** {@code first[b]}: the global index of block b's first entry; {@code first[blocks]} the entries. */
    private final long[] first;

    private RowBlocks(int rows, int bits, int[][] ptr, int[][] col, double[][] weights) {
        this.rows = rows;
        this.bits = bits;
        this.ptr = ptr;
        this.col = col;
        this.weights = weights;
        this.first = new long[ptr.length + 1];
        for (int b = 0; b < ptr.length; b++) {
            int[] p = ptr[b];
            int local = p.length - 1;
            if (local != endRow(b) - firstRow(b) || p[0] != 0 || p[local] > col[b].length
                    || (weights != null && p[local] > weights[b].length)) {
                throw new IllegalArgumentException("row block " + b + ": inconsistent arrays");
            }
            first[b + 1] = first[b] + p[local];
        }
    }

    private static long initialLimit() {
        String s = System.getProperty("stag.blockEntries");
        if (s == null || s.isBlank()) {
            return MAX_BLOCK;
        }
        try {
            long v = Long.parseLong(s.trim());
            return Math.max(1, Math.min(MAX_BLOCK, v));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("system property stag.blockEntries is not a number: " + s);
        }
    }

    /** The entry count above which a graph (or a tensor's level) is held in row blocks. */
    public static long limit() {
        return limit;
    }

    /**
     * Sets {@link #limit()} for everything built from now on and returns the previous limit. Tests lower it so that
     * small graphs take the blocked (64-bit) code.
     *
     * @throws IllegalArgumentException unless {@code entries} is in {@code 1..MAX_BLOCK}
     */
    public static long setLimit(long entries) {
        if (entries < 1 || entries > MAX_BLOCK) {
            throw new IllegalArgumentException("block limit must be in 1.." + MAX_BLOCK + ", not " + entries);
        }
        long old = limit;
        limit = entries;
        return old;
    }

    /** Whether {@code entries} stored entries need row blocks under the current limit. */
    public static boolean needed(long entries) {
        return entries > limit;
    }

    /**
     * The largest bits in {@code 0..MAX_BITS} such that every block of {@code 2^bits} rows holds at most
     * {@code max} entries, for rows whose entries start at {@code start.applyAsLong(r)} ({@code r} in
     * {@code 0..rows}, non-decreasing).
     */
    public static int bitsFor(int rows, java.util.function.IntToLongFunction start, long max) {
        int bits = MAX_BITS;
        while (bits > 0 && largestBlock(rows, start, bits) > max) {
            bits--;
        }
        return bits;
    }

    /** The entries of the fullest block of {@code 2^bits} rows. */
    static long largestBlock(int rows, java.util.function.IntToLongFunction start, int bits) {
        long largest = 0;
        for (long lo = 0; lo < rows; lo += 1L << bits) {
            long hi = Math.min(rows, lo + (1L << bits));
            largest = Math.max(largest, start.applyAsLong((int) hi) - start.applyAsLong((int) lo));
        }
        return largest;
    }

    /** One block over the given arrays, not copied: how a graph below the limit is read by block. */
    public static RowBlocks of(int rows, int[] rowPtr, int[] col, double[] weights) {
        int[] p = rowPtr.length == rows + 1 ? rowPtr : Arrays.copyOf(rowPtr, rows + 1);
        return new RowBlocks(rows, ONE_BLOCK, new int[][] {p}, new int[][] {col},
                weights == null ? null : new double[][] {weights});
    }

    /** Blocks over arrays made by the caller ({@code ptr[b]}, {@code col[b]}, {@code weights[b]} or null). */
    public static RowBlocks over(int rows, int bits, int[][] ptr, int[][] col, double[][] weights) {
        if (bits < 0 || bits > ONE_BLOCK || ptr.length != blockCount(rows, bits) || col.length != ptr.length
                || (weights != null && weights.length != ptr.length)) {
            throw new IllegalArgumentException(ptr.length + " row blocks of 2^" + bits + " rows for " + rows + " rows");
        }
        return new RowBlocks(rows, bits, ptr, col, weights);
    }

    /**
     * Empty blocks of {@code 2^bits} rows for rows whose entries start at {@code start.applyAsLong(r)}: the local
     * offsets filled, the columns (and weights when {@code weighted}) allocated for the caller to fill.
     */
    public static RowBlocks allocate(int rows, int bits, java.util.function.IntToLongFunction start, boolean weighted) {
        int blocks = blockCount(rows, bits);
        int[][] ptr = new int[blocks][];
        int[][] col = new int[blocks][];
        double[][] w = weighted ? new double[blocks][] : null;
        for (int b = 0; b < blocks; b++) {
            int lo = (int) ((long) b << bits);
            int hi = (int) Math.min(rows, (long) (b + 1) << bits);
            long base = start.applyAsLong(lo);
            long size = start.applyAsLong(hi) - base;
            if (size > MAX_BLOCK) {
                throw new IllegalArgumentException("row block " + b + " would hold " + size + " entries, more than "
                        + MAX_BLOCK + " (a row longer than an array)");
            }
            int[] p = new int[hi - lo + 1];
            for (int r = lo; r <= hi; r++) {
                p[r - lo] = (int) (start.applyAsLong(r) - base);
            }
            ptr[b] = p;
            col[b] = new int[(int) size];
            if (w != null) {
                w[b] = new double[(int) size];
            }
        }
        return new RowBlocks(rows, bits, ptr, col, w);
    }

    /** The rows of one array split into blocks within {@code max} entries each (a copy). */
    public static RowBlocks split(int rows, int[] rowPtr, int[] col, double[] weights, long max) {
        int bits = bitsFor(rows, r -> rowPtr[r], max);
        RowBlocks out = allocate(rows, bits, r -> rowPtr[r], weights != null);
        for (int b = 0; b < out.blockCount(); b++) {
            int from = rowPtr[out.firstRow(b)];
            int n = out.ptr[b][out.ptr[b].length - 1];
            System.arraycopy(col, from, out.col[b], 0, n);
            if (weights != null) {
                System.arraycopy(weights, from, out.weights[b], 0, n);
            }
        }
        return out;
    }

    /** The number of blocks of {@code 2^bits} rows covering {@code rows} rows (at least one). */
    public static int blockCount(int rows, int bits) {
        return bits >= ONE_BLOCK ? 1 : Math.max(1, (int) (((long) rows + (1L << bits) - 1) >>> bits));
    }

    public int rows() {
        return rows;
    }

    /** Log2 of the rows per block; {@link #ONE_BLOCK} for a single block. */
    public int bits() {
        return bits;
    }

    /** Whether this is the single block of a graph below the limit. */
    public boolean single() {
        return ptr.length == 1;
    }

    public int blockCount() {
        return ptr.length;
    }

    /** The block of row {@code r}. */
    public int blockOf(int r) {
        return bits >= ONE_BLOCK ? 0 : r >>> bits;
    }

    public int firstRow(int b) {
        return bits >= ONE_BLOCK ? 0 : (int) Math.min(rows, (long) b << bits);
    }

    /** One past the last row of block {@code b}. */
    public int endRow(int b) {
        return bits >= ONE_BLOCK ? rows : (int) Math.min(rows, (long) (b + 1) << bits);
    }

    /** Block {@code b}'s offsets, local to it: one more than its rows. */
    public int[] ptr(int b) {
        return ptr[b];
    }

    public int[] col(int b) {
        return col[b];
    }

    /** Block {@code b}'s weights, or null for a pattern. */
    public double[] weights(int b) {
        return weights == null ? null : weights[b];
    }

    public boolean weighted() {
        return weights != null;
    }

    /** The global index of block {@code b}'s first entry ({@code b == blockCount()} gives the entries). */
    public long first(int b) {
        return first[b];
    }

    /** All stored entries. */
    public long entries() {
        return first[ptr.length];
    }

    /** The global index of row {@code r}'s first entry ({@code r == rows} gives the entries). */
    public long rowStart(int r) {
        if (r == rows) {
            return entries();
        }
        int b = blockOf(r);
        return first[b] + ptr[b][r - firstRow(b)];
    }

    /** The entries of row {@code r}. */
    public int degree(int r) {
        int b = blockOf(r);
        int l = r - firstRow(b);
        return ptr[b][l + 1] - ptr[b][l];
    }

    /** Bytes held by the arrays. */
    public long memoryBytes() {
        long bytes = 0;
        for (int b = 0; b < ptr.length; b++) {
            bytes += 4L * ptr[b].length + 4L * col[b].length + (weights == null ? 0 : 8L * weights[b].length);
        }
        return bytes;
    }
}
