package org.stag.formats.level;

import org.stag.formats.dynamic.ValueMode;
import org.stag.loaders.RowBlocks;

/**
 * Builds a {@link VbyteLevel} from rows read in order, in two scans of a {@link RowSource}: the first counts each
 * row's ids and code bytes (8 bytes per row, 4 when the source knows the ids per row), which fixes the blocks and lets every block's arrays be allocated at
 * their final size; the second encodes each row into place. Nothing but the rows the source hands over at a time
 * is held beside the result, so a source that reads a file by row ranges builds the level in bounded memory.
 */
public final class VbyteBuilder {
    private VbyteBuilder() {
    }

    /** Rows read in order; {@link #scan} may be called twice and must hand over the same rows each time. */
    public interface RowSource {
        /** The number of rows. */
        int rows();

        /** Whether the rows carry weights. */
        boolean weighted();

        /** Hands every row to {@code sink} in row order. */
        void scan(RowSink sink);

        /**
         * Each row's number of ids when the source knows them before a scan (read only: the builder then keeps no count
         * of its own, 4 bytes a row less), else null.
         */
        default int[] degrees() {
            return null;
        }
    }

    /** Receives one row: ids {@code col[from, to)}, increasing, with weights {@code w} at the same indices (or null). */
    @FunctionalInterface
    public interface RowSink {
        /** Row {@code r}'s ids and weights. */
        void row(int r, int[] col, double[] w, int from, int to);
    }

    /** The rows of {@code blocks} as a source. */
    public static RowSource of(RowBlocks blocks) {
        return new RowSource() {
            @Override
            public int rows() {
                return blocks.rows();
            }

            @Override
            public boolean weighted() {
                return blocks.weighted();
            }

            @Override
            public void scan(RowSink sink) {
                for (int b = 0; b < blocks.blockCount(); b++) {
                    int[] p = blocks.ptr(b);
                    int[] c = blocks.col(b);
                    double[] w = blocks.weights(b);
                    int first = blocks.firstRow(b);
                    for (int l = 0; l + 1 < p.length; l++) {
                        sink.row(first + l, c, w, p[l], p[l + 1]);
                    }
                }
            }
        };
    }

    /**
     * The level of the rows of {@code src}, ids in {@code [0, cols)}, whose elements carry {@code mode}:
     * {@link ValueMode#DOUBLE} keeps the weights in the level, {@link ValueMode#POSITION} and {@link ValueMode#NONE}
     * keep none (the tensor's values, or a pattern).
     *
     * @throws IllegalArgumentException naming the first row whose ids are out of range or not increasing, or whose
     *                                  codes pass an array; or for {@link ValueMode#DOUBLE} without weights
     */
    public static VbyteLevel build(StaticLevelFormat format, int cols, RowSource src, ValueMode mode) {
        if (mode == ValueMode.DOUBLE && !src.weighted()) {
            throw new IllegalArgumentException("a vbyte level holding doubles needs weighted rows");
        }
        int rows = src.rows();
        int[] known = src.degrees();
        int[] degree = known != null ? known : new int[rows];
        int[] bytes = new int[rows];
        src.scan((r, col, w, from, to) -> {
            long n = VbyteCodes.rowBytes(col, from, to);
            if (n < 0 || (to > from && (col[from] < 0 || col[to - 1] >= cols))) {
                throw new IllegalArgumentException("vbyte row " + r + ": ids must be increasing and in 0.." + (cols - 1));
            }
            if (n > RowBlocks.MAX_BLOCK) {
                throw new IllegalArgumentException("vbyte row " + r + ": " + n + " code bytes, more than an array holds");
            }
            if (known == null) {
                degree[r] = to - from;
            } else if (known[r] != to - from) {
                throw new IllegalStateException("vbyte row " + r + ": " + (to - from) + " ids, not the " + known[r] + " told");
            }
            bytes[r] = (int) n;
        });
        int bits = bitsFor(degree, bytes, RowBlocks.limit());
        int blocks = RowBlocks.blockCount(rows, bits);
        byte[][] codes = new byte[blocks][];
        int[][] elems = new int[blocks][];
        int[][] starts = new int[blocks][];
        double[][] vals = mode == ValueMode.DOUBLE ? new double[blocks][] : null;
        for (int b = 0; b < blocks; b++) {
            int lo = b << bits;
            int hi = (int) Math.min(rows, (long) lo + (1L << bits));
            int[] e = new int[hi - lo + 1];
            int[] s = new int[hi - lo + 1];
            long at = 0;
            for (int r = lo; r < hi; r++) {
                e[r - lo + 1] = e[r - lo] + degree[r];
                s[r - lo] = (int) (at + VbyteCodes.tableBytes(degree[r]));
                at += bytes[r];
            }
            s[hi - lo] = (int) at;
            elems[b] = e;
            starts[b] = s;
            codes[b] = new byte[(int) at];
            if (vals != null) {
                vals[b] = new double[e[hi - lo]];
            }
        }
        src.scan((r, col, w, from, to) -> {
            int b = r >>> bits;
            int l = r - (b << bits);
            if (to - from != elems[b][l + 1] - elems[b][l]) {
                throw new IllegalStateException("vbyte row " + r + " changed between the two scans");
            }
            VbyteCodes.encodeRow(codes[b], starts[b][l] - VbyteCodes.tableBytes(to - from), col, from, to);
            if (vals != null) {
                System.arraycopy(w, from, vals[b], elems[b][l], to - from);
            }
        });
        return new VbyteLevel(format, cols, rows, bits, codes, elems, starts, vals, mode);
    }

    /**
     * The largest bits in {@code 0..RowBlocks.MAX_BITS} such that every block of {@code 2^bits} rows holds at most
     * {@code max} elements and {@code max} bytes (a single row above it gets a block of its own).
     */
    static int bitsFor(int[] degree, int[] bytes, long max) {
        int bits = RowBlocks.MAX_BITS;
        while (bits > 0 && largest(degree, bytes, bits) > max) {
            bits--;
        }
        return bits;
    }

    private static long largest(int[] degree, int[] bytes, int bits) {
        long largest = 0;
        long e = 0;
        long s = 0;
        int mask = (1 << bits) - 1;
        for (int r = 0; r < degree.length; r++) {
            e += degree[r];
            s += bytes[r];
            if ((r & mask) == mask || r == degree.length - 1) {
                largest = Math.max(largest, Math.max(e, s));
                e = 0;
                s = 0;
            }
        }
        return largest;
    }
}
