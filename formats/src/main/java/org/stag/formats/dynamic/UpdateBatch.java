package org.stag.formats.dynamic;


/**
 * A batch of edge updates prepared for merging: sorted by (row, column), one entry per coordinate (the
 * last value given for a repeated coordinate wins), with row boundaries. Sorting packs (row, column) into
 * one long key of just the bits the batch needs and radix-sorts it (stable, so the last value of a
 * repeated coordinate is known without extra work).
 */
public final class UpdateBatch {
    final int[] rows;
    final int[] cols;
    final double[] vals;
    final int size;
    /** Distinct rows, ascending, and where each starts in {@link #cols}: {@code start[i] .. start[i+1]}. */
    final int[] rowIds;
    final int[] rowStart;
    final int duplicatesDropped;

    /** The largest column, once known ({@link #maxCol}); -2 before. */
    private int maxCol = -2;

    /** A batch of sorted entries whose rows and largest column are known already ({@link #ofSorted}). */
    private UpdateBatch(int[] rows, int[] cols, double[] vals, int size, int[] rowIds, int[] rowStart, int maxCol) {
        this.rows = rows;
        this.cols = cols;
        this.vals = vals;
        this.size = size;
        this.duplicatesDropped = 0;
        this.rowIds = rowIds;
        this.rowStart = rowStart;
        this.maxCol = maxCol;
    }

    private UpdateBatch(int[] rows, int[] cols, double[] vals, int size, int duplicatesDropped) {
        this.rows = rows;
        this.cols = cols;
        this.vals = vals;
        this.size = size;
        this.duplicatesDropped = duplicatesDropped;
        int distinct = 0;
        for (int k = 0; k < size; k++) {
            if (k == 0 || rows[k] != rows[k - 1]) {
                distinct++;
            }
        }
        rowIds = new int[distinct];
        rowStart = new int[distinct + 1];
        int d = 0;
        for (int k = 0; k < size; k++) {
            if (k == 0 || rows[k] != rows[k - 1]) {
                rowIds[d] = rows[k];
                rowStart[d] = k;
                d++;
            }
        }
        rowStart[distinct] = size;
    }

    /**
     * Checks and prepares {@code n} updates to a {@code numRows x numCols} matrix; {@code vals} may be null (all
     * values 1). The inputs are not modified. Every unsorted batch of a tensor comes through here.
     *
     * @param keepValues whether the matrix stores the values (they are checked either way)
     * @throws IllegalArgumentException naming the first entry that breaks a rule of {@link BatchCheck}
     */
    public static UpdateBatch of(int[] src, int[] dst, double[] vals, int n, int numRows, int numCols, BatchGrowth growth,
                                 boolean keepValues) {
        return of(src, dst, vals, n, numRows, numCols, growth, keepValues, 1);
    }

    /**
     * As {@link #of(int[], int[], double[], int, int, int, BatchGrowth, boolean)}, sorting a large batch on up to
     * {@code threads} threads.
     */
    public static UpdateBatch of(int[] src, int[] dst, double[] vals, int n, int numRows, int numCols, BatchGrowth growth,
                                 boolean keepValues, int threads) {
        BatchCheck.check(src, dst, vals, n, numRows, numCols, growth);
        if (!keepValues) {
            vals = null;
        }
        int maxRow = 0;
        int maxCol = 0;
        for (int k = 0; k < n; k++) {
            maxRow = Math.max(maxRow, src[k]);
            maxCol = Math.max(maxCol, dst[k]);
        }
        // Keys use only the bits the batch needs, so the radix sort makes as few passes as possible.
        int colBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(maxCol));
        int rowBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(maxRow));
        int indexBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(0, n - 1)));
        if (rowBits + colBits + indexBits <= 63) {
            return packed(src, dst, vals, n, rowBits, colBits, indexBits, threads);
        }
        long[] keys = new long[n];
        boolean sorted = true;
        for (int k = 0; k < n; k++) {
            keys[k] = ((long) src[k] << colBits) | dst[k];
            sorted &= k == 0 || keys[k - 1] < keys[k];
        }
        int[] order = null;
        if (!sorted) {
            order = vals == null ? null : new int[n];
            if (order != null) {
                for (int k = 0; k < n; k++) {
                    order[k] = k;
                }
            }
            radixSort(keys, order, n, rowBits + colBits);
        }
        long colMask = (1L << colBits) - 1;
        int[] rows = new int[n];
        int[] cols = new int[n];
        double[] v = vals == null ? null : new double[n];
        int m = 0;
        int dropped = 0;
        for (int k = 0; k < n; k++) {
            // The sort is stable, so among repeated keys the last is the last given: its value wins.
            if (m > 0 && keys[k] == keys[k - 1]) {
                dropped++;
                if (v != null) {
                    v[m - 1] = vals[order == null ? k : order[k]];
                }
                continue;
            }
            rows[m] = (int) (keys[k] >>> colBits);
            cols[m] = (int) (keys[k] & colMask);
            if (v != null) {
                v[m] = vals[order == null ? k : order[k]];
            }
            m++;
        }
        return new UpdateBatch(rows, cols, v, m, dropped);
    }

    /**
     * A batch whose {@code n} entries are already in strictly increasing (row, column) order, taken as they are
     * (the arrays themselves, not copies): what a caller that sorted and de-duplicated the entries itself passes,
     * with no second sort. Coordinates are not checked against a matrix's dimensions or values for finiteness
     * here ({@link BatchCheck}); the caller has.
     *
     * @throws IllegalArgumentException when an entry is negative or not after the one before
     */
    public static UpdateBatch ofSorted(int[] rows, int[] cols, double[] vals, int n) {
        return ofSorted(rows, cols, vals, n, 1);
    }

    /** As {@link #ofSorted(int[], int[], double[], int)}, a large batch checked and listed on {@code threads} threads. */
    public static UpdateBatch ofSorted(int[] rows, int[] cols, double[] vals, int n, int threads) {
        // One pass checks the order and counts each block's rows and largest column, one more lists the rows.
        int blocks = n < (1 << 15) || threads <= 1 ? 1 : 4 * threads;
        int[] bounds = org.stag.loaders.Parallel.split(n, blocks);
        int[] firsts = new int[blocks + 1];
        int[] maxCols = new int[blocks];
        org.stag.loaders.Parallel.forEachBlock(threads, blocks, blk -> {
            int distinct = 0;
            int maxCol = -1;
            for (int k = bounds[blk]; k < bounds[blk + 1]; k++) {
                int r = rows[k];
                int c = cols[k];
                if (r < 0 || c < 0) {
                    throw new IllegalArgumentException("sorted batch: entry " + k + " (" + r + ", " + c
                            + ") is negative");
                }
                if (k == 0 || r != rows[k - 1]) {
                    distinct++;
                }
                if (k > 0 && (r < rows[k - 1] || r == rows[k - 1] && c <= cols[k - 1])) {
                    throw new IllegalArgumentException("sorted batch: entry " + k + " (" + r + ", " + c
                            + ") is not after (" + rows[k - 1] + ", " + cols[k - 1] + ")");
                }
                maxCol = Math.max(maxCol, c);
            }
            firsts[blk + 1] = distinct;
            maxCols[blk] = maxCol;
        });
        return ofCountedBlocks(rows, cols, vals, n, bounds, firsts, maxCols, threads);
    }

    /**
     * The batch of sorted entries whose blocks ({@code bounds}) have been counted: {@code firsts[b + 1]} holds
     * the number of distinct rows of block {@code b} and {@code maxCols[b]} its largest column. Lists the rows,
     * each block at its offset, in parallel; {@code firsts} becomes the blocks' offsets. Nothing is checked: for
     * {@link #ofSorted} after its check, and for callers whose entries come out of a sort of their packed keys and
     * that count the blocks while unpacking them (a batch of 10^6 saves a pass over its rows and columns).
     */
    public static UpdateBatch ofCountedBlocks(int[] rows, int[] cols, double[] vals, int n, int[] bounds, int[] firsts,
                                              int[] maxCols, int threads) {
        int blocks = maxCols.length;
        int maxCol = -1;
        for (int blk = 0; blk < blocks; blk++) {
            firsts[blk + 1] += firsts[blk];
            maxCol = Math.max(maxCol, maxCols[blk]);
        }
        int distinct = firsts[blocks];
        int[] rowIds = new int[distinct];
        int[] rowStart = new int[distinct + 1];
        org.stag.loaders.Parallel.forEachBlock(threads, blocks, blk -> {
            int d = firsts[blk];
            for (int k = bounds[blk]; k < bounds[blk + 1]; k++) {
                if (k == 0 || rows[k] != rows[k - 1]) {
                    rowIds[d] = rows[k];
                    rowStart[d++] = k;
                }
            }
        });
        rowStart[distinct] = n;
        return new UpdateBatch(rows, cols, vals, n, rowIds, rowStart, maxCol);
    }

    /**
     * The entry's index packed below its (row, column) key: one sort of one primitive array (in parallel when
     * large) orders the entries and, among repeats of a key, puts the last given last, so its value wins.
     */
    private static UpdateBatch packed(int[] src, int[] dst, double[] vals, int n, int rowBits, int colBits,
            int indexBits, int threads) {
        long[] keys = new long[n];
        int shift = colBits + indexBits;
        boolean sorted = true;
        for (int k = 0; k < n; k++) {
            keys[k] = ((long) src[k] << shift) | ((long) dst[k] << indexBits) | k;
            sorted &= k == 0 || keys[k - 1] < keys[k];
        }
        if (!sorted) {
            ParallelLongSort.sort(keys, threads);
        }
        long colMask = (1L << colBits) - 1;
        long indexMask = (1L << indexBits) - 1;
        int[] rows = new int[n];
        int[] cols = new int[n];
        double[] v = vals == null ? null : new double[n];
        int m = 0;
        for (int k = 0; k < n; k++) {
            long key = keys[k] >>> indexBits;
            if (k + 1 < n && keys[k + 1] >>> indexBits == key) {
                continue;
            }
            rows[m] = (int) (key >>> colBits);
            cols[m] = (int) (key & colMask);
            if (v != null) {
                v[m] = vals[(int) (keys[k] & indexMask)];
            }
            m++;
        }
        return new UpdateBatch(rows, cols, v, m, n - m);
    }

    private static final int DIGIT = 11;

    /** Stable LSD radix sort of {@code keys[0, n)} (of {@code bits} significant bits), permuting {@code order} along. */
    static void radixSort(long[] keys, int[] order, int n, int bits) {
        long[] k2 = new long[n];
        int[] o2 = order == null ? null : new int[n];
        int[] count = new int[1 << DIGIT];
        long[] from = keys;
        long[] to = k2;
        int[] ofrom = order;
        int[] oto = o2;
        for (int shift = 0; shift < bits; shift += DIGIT) {
            java.util.Arrays.fill(count, 0);
            int mask = (1 << DIGIT) - 1;
            for (int k = 0; k < n; k++) {
                count[(int) (from[k] >>> shift) & mask]++;
            }
            int sum = 0;
            for (int d = 0; d < count.length; d++) {
                int c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (int k = 0; k < n; k++) {
                int p = count[(int) (from[k] >>> shift) & mask]++;
                to[p] = from[k];
                if (ofrom != null) {
                    oto[p] = ofrom[k];
                }
            }
            long[] t = from;
            from = to;
            to = t;
            int[] ot = ofrom;
            ofrom = oto;
            oto = ot;
        }
        if (from != keys) {
            System.arraycopy(from, 0, keys, 0, n);
            if (order != null) {
                System.arraycopy(ofrom, 0, order, 0, n);
            }
        }
    }

    /** Distinct rows of the batch, ascending (the array itself, not a copy). */
    public int[] rowIds() {
        return rowIds;
    }

    /** Where row {@code rowIds()[i]}'s entries start in {@link #cols()}; one more entry than rows (not a copy). */
    public int[] rowStart() {
        return rowStart;
    }

    /** The columns, sorted within each row (the array itself, not a copy). */
    public int[] cols() {
        return cols;
    }

    /** The values beside {@link #cols()}, or null when the batch keeps none (the array itself, not a copy). */
    public double[] vals() {
        return vals;
    }

    /** Distinct coordinates in the batch. */
    public int size() {
        return size;
    }

    /** Entries dropped because their coordinate came again later in the batch. */
    public int duplicatesDropped() {
        return duplicatesDropped;
    }

    /** Number of distinct rows touched. */
    public int rowCount() {
        return rowIds.length;
    }

    /** Largest row id in the batch, or -1. */
    public int maxRow() {
        return rowIds.length == 0 ? -1 : rowIds[rowIds.length - 1];
    }

    /** Largest column id in the batch, or -1. */
    public int maxCol() {
        if (maxCol == -2) {
            int m = -1;
            for (int k = 0; k < size; k++) {
                m = Math.max(m, cols[k]);
            }
            maxCol = m;
        }
        return maxCol;
    }
}
