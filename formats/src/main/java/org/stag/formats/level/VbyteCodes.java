package org.stag.formats.level;

import org.stag.formats.dynamic.ChunkCodes;

/**
 * The byte code of a {@code vbyte} row (Ligra+'s byte code: Shun, Dhulipala and Blelloch, DCC 2015): each neighbour id is stored as its gap to
 * the one before minus one ({@code id - previous - 1}, the first one's previous being {@code -1}), seven bits per
 * byte, low bits first, the high bit set on every byte but the last. A row longer than {@link #CHUNK} ids is cut
 * into chunks of {@link #CHUNK} ids; before its codes lies its skip table, one entry per chunk but the first: the
 * chunk's first id and the byte offset just past that id's code, relative to the row's codes (two little-endian
 * ints), so that a locate searches the chunk heads and decodes one chunk.
 *
 * <p>Generated kernels decode a gap with {@link ChunkCodes}' word-wise calls (one 4-byte read and no branch on
 * the data for a code of up to 4 bytes); {@link #locate} finds an id.
 */
public final class VbyteCodes {
    /** Ids per chunk of a long row (a power of two: the table holds {@code (degree - 1) >>> CHUNK_BITS} entries). */
    public static final int CHUNK = 64;
    /** Log2 of {@link #CHUNK}. */
    public static final int CHUNK_BITS = 6;
    /** Bytes of one skip table entry: the chunk's first id and its byte offset. */
    public static final int ENTRY = 8;

    private VbyteCodes() {
    }

    /** Bytes of the skip table before a row of {@code degree} ids (0 for {@link #CHUNK} ids or fewer). */
    public static int tableBytes(int degree) {
        return degree <= CHUNK ? 0 : ENTRY * ((degree - 1) >>> CHUNK_BITS);
    }

    /** Bytes of the code of a gap {@code g >= 0}: 1 below 2^7, 2 below 2^14, ... 5 from 2^28. */
    public static int size(int g) {
        return g < (1 << 7) ? 1 : g < (1 << 14) ? 2 : g < (1 << 21) ? 3 : g < (1 << 28) ? 4 : 5;
    }

    /** Writes the code of gap {@code g >= 0} at {@code at}; returns the offset after it. */
    public static int put(byte[] b, int at, int g) {
        while (g >= 0x80) {
            b[at++] = (byte) (g | 0x80);
            g >>>= 7;
        }
        b[at++] = (byte) g;
        return at;
    }

    /**
     * Decodes the gap whose code starts at {@code at}: the gap in the high 32 bits, the offset after the code in
     * the low 32 bits ({@link ChunkCodes#next}: the code is the same; kernels decode with int locals instead).
     */
    public static long next(byte[] b, int at) {
        return ChunkCodes.next(b, at);
    }

    /**
     * Bytes of the codes and skip table of a row holding {@code col[from, to)} (increasing), or -1 if an id is
     * negative or not above the one before.
     */
    public static long rowBytes(int[] col, int from, int to) {
        long bytes = tableBytes(to - from);
        int prev = -1;
        for (int k = from; k < to; k++) {
            int c = col[k];
            if (c <= prev) {
                return -1;
            }
            bytes += size(c - prev - 1);
            prev = c;
        }
        return bytes;
    }

    /**
     * Encodes the row {@code col[from, to)} (increasing, checked by {@link #rowBytes}) with its skip table starting
     * at {@code start}, its codes at {@code start + tableBytes(to - from)}; returns the offset after the codes.
     */
    public static int encodeRow(byte[] b, int start, int[] col, int from, int to) {
        int codes = start + tableBytes(to - from);
        int at = codes;
        int prev = -1;
        for (int k = from; k < to; k++) {
            int c = col[k];
            at = put(b, at, c - prev - 1);
            prev = c;
            int i = k - from;
            if (i > 0 && (i & (CHUNK - 1)) == 0) {
                int e = start + ENTRY * ((i >>> CHUNK_BITS) - 1);
                putInt(b, e, c);
                putInt(b, e + 4, at - codes);
            }
        }
        return at;
    }

    /**
     * Decodes the row of {@code degree} ids whose codes start at {@code codes} into {@code out[0, degree)}.
     */
    public static void decodeRow(byte[] b, int codes, int degree, int[] out) {
        int at = codes;
        int c = -1;
        for (int i = 0; i < degree; i++) {
            long w = next(b, at);
            at = (int) w;
            c += (int) (w >>> 32) + 1;
            out[i] = c;
        }
    }

    /**
     * The index in its row ({@code 0 .. degree-1}) of id {@code target} in the row of {@code degree} ids whose codes
     * start at {@code codes} (its skip table ends there), or -1 when absent: a binary search over the chunk heads,
     * then a decode of one chunk.
     */
    public static int locate(byte[] b, int codes, int degree, int target) {
        if (degree == 0 || target < 0) {
            return -1;
        }
        int heads = degree <= CHUNK ? 0 : (degree - 1) >>> CHUNK_BITS;
        int table = codes - ENTRY * heads;
        // The last chunk whose head is at most the target (chunk 0 starts at the codes).
        int lo = 0;
        int hi = heads;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (getInt(b, table + ENTRY * (mid - 1)) <= target) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int i;
        int at;
        int c;
        if (lo == 0) {
            i = -1;
            at = codes;
            c = -1;
        } else {
            int e = table + ENTRY * (lo - 1);
            c = getInt(b, e);
            if (c == target) {
                return lo << CHUNK_BITS;
            }
            i = lo << CHUNK_BITS;
            at = codes + getInt(b, e + 4);
        }
        int end = Math.min(degree, (lo + 1) << CHUNK_BITS);
        while (++i < end) {
            long w = next(b, at);
            at = (int) w;
            c += (int) (w >>> 32) + 1;
            if (c >= target) {
                return c == target ? i : -1;
            }
        }
        return -1;
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) (v >>> 16);
        b[at + 3] = (byte) (v >>> 24);
    }

    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
