package org.stag.formats.dynamic;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The byte code of {@code varint} chunks (Ligra+ and Aspen's byte codes): a run of increasing coordinates is
 * stored as the differences of consecutive coordinates, the first relative to 0, each in 7-bit groups, low
 * group first, the high bit set on every byte but a value's last. A difference below 2^7 takes one byte,
 * below 2^14 two, 2^21 three, 2^28 four, otherwise five. What the elements carry is stored raw before the
 * codes (8 bytes a double, 4 a position, little-endian): element {@code k}'s at {@code run + w * k}, the codes
 * at {@code run + w * n}.
 *
 * <p>Decoding is word-wise ({@link #word}, {@link #stop}, {@link #value}, {@link #bytes}): one little-endian
 * 4-byte read, the first clear high bit found with {@code numberOfTrailingZeros}, the 7-bit groups packed with
 * shifts and masks, so that a code of up to 4 bytes takes no branch that depends on the data (per-byte
 * continuation tests mispredict on graphs whose gaps spread over one to three bytes). Generated kernels emit
 * these calls (each a few instructions once the JIT inlines them), and {@link #next}, {@link #decode} and
 * {@code VbyteCodes} use the same ones: one definition of the decode.
 */
public final class ChunkCodes {
    private static final VarHandle DOUBLES = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    /** The most bytes one difference takes. */
    public static final int MAX_BYTES = 5;

    private ChunkCodes() {
    }

    /** Bytes a carried value takes in a run of a store of {@code mode}: 8, 4 or 0. */
    public static int width(ValueMode mode) {
        return switch (mode) {
            case DOUBLE -> 8;
            case POSITION -> 4;
            case NONE -> 0;
        };
    }

    /** Bytes of the code of {@code v >= 0}. */
    public static int length(int v) {
        return v < 1 << 7 ? 1 : v < 1 << 14 ? 2 : v < 1 << 21 ? 3 : v < 1 << 28 ? 4 : 5;
    }

    /** Bytes of the codes of the increasing coordinates {@code crd[from, to)}. */
    public static int length(int[] crd, int from, int to) {
        int n = 0;
        int prev = 0;
        for (int i = from; i < to; i++) {
            n += length(crd[i] - prev);
            prev = crd[i];
        }
        return n;
    }

    /** Writes the code of {@code v >= 0} at {@code b[at]}; returns the position after it. */
    public static int put(byte[] b, int at, int v) {
        while (v >= 0x80) {
            b[at++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        b[at++] = (byte) v;
        return at;
    }

    /**
     * Writes the codes of the coordinates {@code crd[from, to)} at {@code b[at]}; returns the position after them.
     *
     * @throws IllegalArgumentException if a coordinate is negative or not above the one before it
     */
    public static int encode(byte[] b, int at, int[] crd, int from, int to) {
        int prev = 0;
        for (int i = from; i < to; i++) {
            int c = crd[i];
            if (c < 0 || (i > from && c <= prev)) {
                throw new IllegalArgumentException("varint chunk: coordinate " + c + " at " + (i - from)
                        + (c < 0 ? " is negative" : " does not follow " + prev));
            }
            at = put(b, at, c - prev);
            prev = c;
        }
        return at;
    }

    /** Decodes {@code n} coordinates from {@code b[at]} into {@code out[outAt, outAt + n)}; returns the position after them. */
    public static int decode(byte[] b, int at, int n, int[] out, int outAt) {
        int c = 0;
        for (int k = 0; k < n; k++) {
            int w = word(b, at);
            int s = stop(w);
            c += s < 32 ? value(w, s) : value5(w, b, at);
            at += bytes(s);
            out[outAt + k] = c;
        }
        return at;
    }

    /**
     * Decodes the code that starts at {@code at}: its value in the high 32 bits, the offset after it in the low
     * 32 bits (for callers outside hot loops; kernels use the word-wise calls with int locals).
     */
    public static long next(byte[] b, int at) {
        int w = word(b, at);
        int s = stop(w);
        int v = s < 32 ? value(w, s) : value5(w, b, at);
        return (long) v << 32 | (at + bytes(s));
    }

    /**
     * The four bytes at {@code b[at, at + 4)} as a little-endian int, bytes past the array's end read as 0 (a
     * code's last byte, so a code that ends in the array decodes the same).
     */
    public static int word(byte[] b, int at) {
        if (at <= b.length - 4) {
            return (int) INTS.get(b, at);
        }
        return tailWord(b, at);
    }

    /** {@link #word} for the last three bytes of an array (kept apart so that {@code word} stays small). */
    private static int tailWord(byte[] b, int at) {
        int w = 0;
        for (int k = 0; at + k < b.length; k++) {
            w |= (b[at + k] & 0xff) << (8 * k);
        }
        return w;
    }

    /**
     * The bit index of the high bit of the last byte of the code read as {@code word}: 7, 15, 23 or 31 for a
     * code of 1 to 4 bytes, 32 for a code of 5.
     */
    public static int stop(int word) {
        return Integer.numberOfTrailingZeros(~word & 0x80808080);
    }

    /** The value of a code of 1 to 4 bytes read as {@code word}, whose {@link #stop} is {@code stop < 32}. */
    public static int value(int word, int stop) {
        int x = word & (-1 >>> (31 - stop));
        return (x & 0x7f) | (x >>> 1 & 0x3f80) | (x >>> 2 & 0x1fc000) | (x >>> 3 & 0xfe00000);
    }

    /** The value of the 5-byte code at {@code b[at]} whose first four bytes are {@code word}. */
    public static int value5(int word, byte[] b, int at) {
        return value(word, 31) | b[at + 4] << 28;
    }

    /** Bytes of the code whose {@link #stop} is {@code stop}: 1 to 5. */
    public static int bytes(int stop) {
        return (stop >>> 3) + 1;
    }

    /**
     * Checks that {@code b[at, end)} holds exactly {@code n} well-formed codes (at most {@link #MAX_BYTES} bytes
     * each) of increasing non-negative coordinates.
     *
     * @throws IllegalStateException naming the first fault
     */
    public static void check(byte[] b, int at, int end, int n) {
        long c = -1;
        for (int k = 0; k < n; k++) {
            long d = 0;
            int len = 0;
            int x;
            do {
                if (at >= end) {
                    throw new IllegalStateException("varint chunk: code " + k + " of " + n + " runs past the end of its run");
                }
                x = b[at++];
                d |= (long) (x & 0x7f) << (7 * len);
                if (++len > MAX_BYTES) {
                    throw new IllegalStateException("varint chunk: code " + k + " is longer than " + MAX_BYTES + " bytes");
                }
            } while (x < 0);
            c = (k == 0 ? 0 : c) + d;
            if (c > Integer.MAX_VALUE || (k > 0 && d == 0)) {
                throw new IllegalStateException("varint chunk: coordinate " + k + " is " + (d == 0 ? "repeated" : "past 2^31"));
            }
        }
        if (at != end) {
            throw new IllegalStateException("varint chunk: " + (end - at) + " bytes after its " + n + " codes");
        }
    }

    /** The double stored raw at {@code b[at, at + 8)}. */
    public static double doubleAt(byte[] b, int at) {
        return (double) DOUBLES.get(b, at);
    }

    /** Stores {@code v} raw at {@code b[at, at + 8)}. */
    public static void putDouble(byte[] b, int at, double v) {
        DOUBLES.set(b, at, v);
    }

    /** The int stored raw at {@code b[at, at + 4)}. */
    public static int intAt(byte[] b, int at) {
        return (int) INTS.get(b, at);
    }

    /** Stores {@code v} raw at {@code b[at, at + 4)}. */
    public static void putInt(byte[] b, int at, int v) {
        INTS.set(b, at, v);
    }
}
