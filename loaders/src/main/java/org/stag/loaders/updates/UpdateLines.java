package org.stag.loaders.updates;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.stag.loaders.text.ByteScanner;

/**
 * Parses update lines out of a byte range holding whole lines (the last one may lack its newline):
 * {@code + u v [w]}, {@code - u v}, a bare {@code u v [w]}, blank lines, and comments starting with
 * {@code #} or {@code %}. Fields are separated by blanks or tabs; CR LF is accepted. Parsing stops at the
 * first bad line with a one-line cause. No strings are made except for messages. One instance per thread.
 */
final class UpdateLines {
    /** Ids need at most 19 digits to fit a long; more is an absurd id. */
    private static final int MAX_ID_DIGITS = 18;
    /** Eight bytes of a line as one long, the first byte lowest. */
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final ByteScanner scanner = new ByteScanner();
    /** The id read by the last {@link #id}. */
    private long value;
    private UpdateIds ids;
    /** Vertices known when the piece was cut; ids beyond are left to the reader. */
    private int known;

    /**
     * Parses {@code b[from, to)} into {@code out} (which is reset first), mapping the ids of the first
     * {@code known} vertices; the others are left for the caller (see {@link ParsedUpdates}).
     */
    void parse(byte[] b, int from, int to, ParsedUpdates out, UpdateIds ids, int known) {
        this.ids = ids;
        this.known = known;
        out.reset();
        int p = from;
        int ln = 0;
        while (p < to) {
            ln++;
            int next = line(b, p, to, out, ln);
            if (next < 0) {
                out.lines = ln;
                return;
            }
            p = next;
        }
        out.lines = ln;
    }

    /** Parses one line at {@code p}; returns the position after it, or -1 after recording an error. */
    private int line(byte[] b, int p, int to, ParsedUpdates out, int ln) {
        int q = simple(b, p, to, out, ln);
        return q >= 0 ? q : general(b, p, to, out, ln);
    }

    /**
     * The shape almost every line has: an optional {@code + }/{@code - }, two ids of at most nine digits, an
     * optional weight, single blanks, LF. Returns -1 with nothing added for anything else, which the general
     * path then reads again (with every message), so both read the same values.
     */
    private int simple(byte[] b, int p, int to, ParsedUpdates out, int ln) {
        byte op = UpdateBatch.INSERT;
        if (p + 1 < to && (b[p] == '+' || b[p] == '-') && b[p + 1] == ' ') {
            op = b[p] == '+' ? UpdateBatch.INSERT : UpdateBatch.DELETE;
            p += 2;
        }
        int start = p;
        p = digits(b, p, to);
        int s = number;
        if (p == start || p - start > 9 || p >= to || b[p] != ' ') {
            return -1;
        }
        start = ++p;
        p = digits(b, p, to);
        int t = number;
        if (p == start || p - start > 9 || p >= to) {
            return -1;
        }
        double w = Double.NaN;
        if (b[p] == ' ' && op == UpdateBatch.INSERT) {
            int q = scanner.parseDouble(b, p + 1, to);
            if (q < 0 || q >= to || !Double.isFinite(scanner.doubleValue)) {
                return -1;
            }
            w = scanner.doubleValue;
            p = q;
        }
        if (b[p] != '\n') {
            return -1;
        }
        out.add(op, ids.known(s, known), ids.known(t, known), s, t, w, ln);
        return p + 1;
    }

    /** The value of the digits read by the last {@link #digits} (meaningless beyond nine digits). */
    private int number;

    /**
     * Reads the decimal digits at {@code p} (none or more) into {@link #number}; returns the position after them.
     * Up to seven digits, with eight bytes readable at {@code p}, take no branch per digit: one 8-byte load, a
     * mask of the bytes that are not digits gives the length, and three multiplications the value (SWAR). Longer
     * numbers, and those running into {@code to} or the array's end, go digit by digit.
     */
    private int digits(byte[] b, int p, int to) {
        if (p + 8 <= b.length) {
            long x = (long) LONG_LE.get(b, p);
            // A byte is a digit iff its high nibble is 3 and its low nibble at most 9 (low + 6 stays below 16).
            long bad = ((x & 0xF0F0F0F0F0F0F0F0L) ^ 0x3030303030303030L)
                    | (((x & 0x0F0F0F0F0F0F0F0FL) + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L);
            long flags = (((bad & 0x7F7F7F7F7F7F7F7FL) + 0x7F7F7F7F7F7F7F7FL) | bad) & 0x8080808080808080L;
            int len = Long.numberOfTrailingZeros(flags) >>> 3;
            if (len < 8 && p + len <= to) {
                if (len == 0) {
                    number = 0;
                    return p;
                }
                // The digits (first at the lowest address) moved to the top bytes, zeros below them as leading
                // digits; then pairs, fours and eights of digits are combined.
                long v = (x - 0x3030303030303030L) << (8 * (8 - len));
                v = v * 10 + (v >>> 8);
                v = ((v & 0x000000FF000000FFL) * (100 + (1000000L << 32))
                        + ((v >>> 16) & 0x000000FF000000FFL) * (1 + (10000L << 32))) >>> 32;
                number = (int) v;
                return p + len;
            }
        }
        int n = 0;
        int d;
        while (p < to && (d = b[p] - '0') >= 0 && d <= 9) {
            n = n * 10 + d;
            p++;
        }
        number = n;
        return p;
    }

    private int general(byte[] b, int p, int to, ParsedUpdates out, int ln) {
        p = ByteScanner.skipBlanks(b, p, to);
        if (lineEnd(b, p, to)) {
            return afterLineEnd(b, p, to);
        }
        byte c = b[p];
        if (c == '#' || c == '%') {
            return ByteScanner.skipLine(b, p, to);
        }
        byte op = UpdateBatch.INSERT;
        if ((c == '+' || c == '-') && (p + 1 >= to || ByteScanner.atFieldEnd(b, p + 1, to))) {
            op = c == '+' ? UpdateBatch.INSERT : UpdateBatch.DELETE;
            p = ByteScanner.skipBlanks(b, p + 1, to);
        } else if (c == '-' && p + 1 < to && isDigit(b[p + 1])) {
            return fail(out, ln, "negative vertex id " + ByteScanner.token(b, p, to));
        } else if (!isDigit(c)) {
            return fail(out, ln, "bad operation " + ByteScanner.token(b, p, to)
                    + " (expected '+ u v [w]', '- u v' or 'u v [w]')");
        }
        p = id(b, p, to, out, ln, "source vertex");
        if (p < 0) {
            return -1;
        }
        long s = value;
        p = id(b, ByteScanner.skipBlanks(b, p, to), to, out, ln, "target vertex");
        if (p < 0) {
            return -1;
        }
        long d = value;
        p = ByteScanner.skipBlanks(b, p, to);
        double w = Double.NaN;
        if (!lineEnd(b, p, to)) {
            if (op == UpdateBatch.DELETE) {
                return fail(out, ln, "a delete takes no weight ('- u v'), got " + ByteScanner.token(b, p, to));
            }
            int q = scanner.parseDouble(b, p, to);
            if (q < 0) {
                return fail(out, ln, "bad weight " + ByteScanner.token(b, p, to));
            }
            if (!Double.isFinite(scanner.doubleValue)) {
                return fail(out, ln, "weight must be finite, got " + ByteScanner.token(b, p, to));
            }
            w = scanner.doubleValue;
            p = ByteScanner.skipBlanks(b, q, to);
            if (!lineEnd(b, p, to)) {
                return fail(out, ln, "too many fields: " + ByteScanner.token(b, p, to)
                        + (op == UpdateBatch.INSERT ? " (an insert is '+ u v [w]')" : ""));
            }
        }
        out.add(op, ids.known(s, known), ids.known(d, known), s, d, w, ln);
        return afterLineEnd(b, p, to);
    }

    /** Reads a vertex id into {@link #value}; returns the position after it or -1 after recording an error. */
    private int id(byte[] b, int p, int to, ParsedUpdates out, int ln, String what) {
        if (lineEnd(b, p, to)) {
            return fail(out, ln, "missing " + what);
        }
        int start = p;
        long v = 0;
        int d;
        while (p < to && (d = b[p] - '0') >= 0 && d <= 9) {
            v = v * 10 + d;
            p++;
        }
        if (p == start || !ByteScanner.atFieldEnd(b, p, to)) {
            if (b[start] == '-' && start + 1 < to && isDigit(b[start + 1])) {
                return fail(out, ln, "negative " + what + " " + ByteScanner.token(b, start, to));
            }
            return fail(out, ln, "bad " + what + " " + ByteScanner.token(b, start, to) + " (expected a non-negative integer)");
        }
        if (p - start > MAX_ID_DIGITS) {
            return fail(out, ln, what + " too large: " + ByteScanner.token(b, start, to));
        }
        value = v;
        return p;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    /** Whether {@code p} is at the end of the line (after blanks were skipped). */
    private static boolean lineEnd(byte[] b, int p, int to) {
        return p >= to || b[p] == '\n' || b[p] == '\r' && (p + 1 >= to || b[p + 1] == '\n');
    }

    private static int afterLineEnd(byte[] b, int p, int to) {
        if (p < to && b[p] == '\r') {
            p++;
        }
        return p < to ? p + 1 : to;
    }

    private static int fail(ParsedUpdates out, int ln, String message) {
        out.fail(ln, message);
        return -1;
    }
}
