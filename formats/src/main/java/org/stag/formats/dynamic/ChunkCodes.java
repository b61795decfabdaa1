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
 * at {@code run + w * n}. Generated kernels decode the same code inline; these methods are the format's.
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
            int x = b[at++];
            int d = x & 0x7f;
            for (int sh = 7; x < 0; sh += 7) {
                x = b[at++];
                d |= (x & 0x7f) << sh;
            }
            c += d;
            out[outAt + k] = c;
        }
        return at;
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
