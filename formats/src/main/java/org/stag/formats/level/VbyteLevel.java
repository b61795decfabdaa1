package org.stag.formats.level;

import org.stag.formats.dynamic.ValueMode;

/**
 * A {@code vbyte} last level: each parent's children difference-encoded as byte codes ({@link VbyteCodes}). The
 * parents are held in blocks of {@code 2^shardBits()} consecutive parents (one block unless a block's elements or
 * bytes would pass {@code RowBlocks.limit()}), each block with {@code int} offsets local to it: the element start
 * of each parent ({@link #elems(int)}, so a degree is {@code elems[r + 1] - elems[r]}), the byte offset of its codes
 * ({@link #codeStarts(int)}; a long row's skip table lies just before), the codes ({@link #codes(int)}) and, in
 * {@link ValueMode#DOUBLE}, the values by element ({@link #val(int)}). In {@link ValueMode#POSITION} the tensor's
 * values array holds the values and an element's position is its block's {@link #firstElement(int)} plus its local
 * number; in {@link ValueMode#NONE} there are none (a pattern). Built by {@link VbyteBuilder}; read-only.
 */
public final class VbyteLevel extends StaticLevel {
    private final ValueMode mode;
    private final int bits;
    private final byte[][] codes;
    private final int[][] elems;
    private final int[][] starts;
    private final double[][] vals;
    private final long[] first;

    VbyteLevel(StaticLevelFormat format, int dimension, int parents, int bits, byte[][] codes, int[][] elems,
               int[][] starts, double[][] vals, ValueMode mode) {
        super(format, dimension);
        if (format.type() != LevelType.VBYTE) {
            throw new IllegalArgumentException("a vbyte level needs the vbyte format, not " + format);
        }
        this.parentSize = parents;
        this.bits = bits;
        this.codes = codes;
        this.elems = elems;
        this.starts = starts;
        this.vals = vals;
        this.mode = mode;
        this.first = new long[codes.length + 1];
        for (int b = 0; b < codes.length; b++) {
            int[] e = elems[b];
            first[b + 1] = first[b] + e[e.length - 1];
        }
        if (mode == ValueMode.POSITION && first[codes.length] > MAX_SIZE) {
            throw new IllegalArgumentException("a vbyte level of " + first[codes.length]
                    + " elements holds its values inline, not by position");
        }
    }

    /** What the elements carry: positions into the tensor's values, doubles of their own, or nothing. */
    @Override
    public ValueMode mode() {
        return mode;
    }

    @Override
    public boolean holdsValues() {
        return mode == ValueMode.DOUBLE;
    }

    /** Log2 of the parents per block; parent {@code p} is in block {@code p >>> shardBits()}. */
    public int shardBits() {
        return bits;
    }

    /** The number of blocks. */
    public int blockCount() {
        return codes.length;
    }

    /** Block {@code b}'s codes. */
    public byte[] codes(int b) {
        return codes[b];
    }

    /** Block {@code b}'s element starts: its parent {@code p}'s elements are {@code [e[p - first], e[p - first + 1])}. */
    public int[] elems(int b) {
        return elems[b];
    }

    /** Block {@code b}'s code starts: parent {@code p}'s codes start at {@code s[p - first]} in {@link #codes(int)}. */
    public int[] codeStarts(int b) {
        return starts[b];
    }

    /** Block {@code b}'s values by local element (in {@link ValueMode#DOUBLE}; null otherwise). */
    public double[] val(int b) {
        return vals == null ? null : vals[b];
    }

    /** The elements before block {@code b} (an int in {@link ValueMode#POSITION}, which holds at most an array's worth). */
    public long firstElement(int b) {
        return first[b];
    }

    /** The first parent of block {@code b}. */
    public int firstParent(int b) {
        return b << bits;
    }

    /** The number of children of parent {@code p}. */
    public int degree(int p) {
        int[] e = elems[p >>> bits];
        int l = p - (p >>> bits << bits);
        return e[l + 1] - e[l];
    }

    /** The children of parent {@code p} into {@code out[0, degree(p))}. */
    public void decode(int p, int[] out) {
        int b = p >>> bits;
        int l = p - (b << bits);
        VbyteCodes.decodeRow(codes[b], starts[b][l], elems[b][l + 1] - elems[b][l], out);
    }

    /** The local element number of child {@code i} of parent {@code p} in its block, or -1 when absent. */
    public int locate(int p, int i) {
        int b = p >>> bits;
        int l = p - (b << bits);
        int k = VbyteCodes.locate(codes[b], starts[b][l], elems[b][l + 1] - elems[b][l], i);
        return k < 0 ? -1 : elems[b][l] + k;
    }

    /** The stored elements (more than an int counts, possibly). */
    @Override
    public long entries() {
        return first[codes.length];
    }

    /** The elements as an int, refused past an int ({@link #entries()} counts them all). */
    @Override
    public int size() {
        return Math.toIntExact(entries());
    }

    /** The bytes of the codes alone (with the skip tables), for bytes per edge. */
    public long codeBytes() {
        long s = 0;
        for (byte[] c : codes) {
            s += c.length;
        }
        return s;
    }

    @Override
    public long memoryBytes() {
        long s = codeBytes();
        for (int b = 0; b < codes.length; b++) {
            s += 4L * (elems[b].length + starts[b].length) + (vals == null ? 0 : 8L * vals[b].length);
        }
        return s;
    }

    @Override
    public String toString() {
        return format().name() + " in " + codes.length + " blocks of 2^" + bits + " rows, " + entries() + " entries, "
                + codeBytes() + " code bytes";
    }
}
