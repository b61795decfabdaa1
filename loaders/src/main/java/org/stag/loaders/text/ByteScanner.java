package org.stag.loaders.text;

import java.nio.charset.StandardCharsets;

/**
 * Parses numbers straight out of a byte buffer, without creating strings on the common path. Each
 * {@code parse*} method returns the position after what it read, or {@code -1} when the text there is
 * not what was asked for; the value is left in a field. One instance per thread.
 */
public final class ByteScanner {
    /** Powers of ten exactly representable as doubles (Clinger's fast path). */
    private static final double[] POW10 = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
    };
    private static final long MANTISSA_LIMIT = 1L << 53;
    private static final int MAX_DIGITS = 19;

    /** The integer read by the last successful {@link #parseLong} or {@link #parseUnsigned}. */
    public long longValue;
    /** The number read by the last successful {@link #parseDouble}. */
    public double doubleValue;
    /**
     * Whether the last {@link #parseDouble} read plain integer text (no point, no exponent) that the double holds
     * exactly (at most 2^53).
     */
    public boolean integral;
    /** Why the last parse failed, when it returned -1. */
    public String failure;

    /** Whether {@code c} separates fields on a line. */
    public static boolean isBlank(byte c) {
        return c == ' ' || c == '\t';
    }

    /** Whether {@code p} is at the end of a field: end of buffer, blank or line end. */
    public static boolean atFieldEnd(byte[] b, int p, int end) {
        if (p >= end) {
            return true;
        }
        byte c = b[p];
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    /** Skips spaces and tabs. */
    public static int skipBlanks(byte[] b, int p, int end) {
        while (p < end && (b[p] == ' ' || b[p] == '\t')) {
            p++;
        }
        return p;
    }

    /** Returns the position after the next newline, or {@code end}. */
    public static int skipLine(byte[] b, int p, int end) {
        while (p < end && b[p] != '\n') {
            p++;
        }
        return p < end ? p + 1 : end;
    }

    /**
     * Reads a non-negative decimal integer that fits a {@code long} into {@link #longValue}.
     * Fails (with {@link #failure} set when the number is too large) on anything else, including a sign.
     */
    public int parseUnsigned(byte[] b, int p, int end) {
        return parseMagnitude(b, p, end, p, false);
    }

    /**
     * Reads a decimal integer in {@code 0 .. 2^64 - 1} (optionally with a {@code +}) into {@link #longValue} as
     * its 64 bits, so that values above {@code 2^63 - 1} come out negative (read them unsigned).
     */
    public int parseUnsignedLong(byte[] b, int p, int end) {
        int start = p;
        if (p < end && b[p] == '+') {
            p++;
        }
        int digitsStart = p;
        long v = 0;
        boolean overflow = false;
        while (p < end) {
            int d = b[p] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            long times10 = v * 10;
            // v * 10 overflows 64 unsigned bits exactly when v is above (2^64 - 1) / 10.
            if (Long.compareUnsigned(v, 0x1999_9999_9999_9999L) > 0 || Long.compareUnsigned(times10 + d, times10) < 0) {
                overflow = true;
            }
            v = times10 + d;
            p++;
        }
        boolean fieldEnd = atFieldEnd(b, p, end);
        if (p == digitsStart || !fieldEnd || overflow) {
            failure = p > digitsStart && fieldEnd ? "number too large: " + token(b, start, end) : null;
            return -1;
        }
        longValue = v;
        return p;
    }

    /** Reads an optionally signed decimal integer that fits a {@code long} into {@link #longValue}. */
    public int parseLong(byte[] b, int p, int end) {
        int start = p;
        boolean negative = false;
        if (p < end && (b[p] == '-' || b[p] == '+')) {
            negative = b[p] == '-';
            p++;
        }
        return parseMagnitude(b, p, end, start, negative);
    }

    private int parseMagnitude(byte[] b, int p, int end, int tokenStart, boolean negative) {
        int start = p;
        long v = 0;
        boolean overflow = false;
        while (p < end) {
            int d = b[p] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            // Only the 19th digit can overflow; accumulate negatively so that Long.MIN_VALUE fits.
            if (p - start >= MAX_DIGITS - 1 && (v < (Long.MIN_VALUE + d) / 10 || p - start >= MAX_DIGITS)) {
                overflow = true;
            }
            v = v * 10 - d;
            p++;
        }
        int digits = p - start;
        boolean fieldEnd = atFieldEnd(b, p, end);
        if (digits == 0 || !fieldEnd || overflow || (!negative && v == Long.MIN_VALUE)) {
            failure = digits > 0 && fieldEnd ? "number too large: " + token(b, tokenStart, end) : null;
            return -1;
        }
        longValue = negative ? v : -v;
        return p;
    }

    /**
     * Reads a decimal floating-point number (sign, digits, point, exponent; also {@code inf}, {@code infinity}
     * and {@code nan} in any case) into {@link #doubleValue}, correctly rounded. Plain short numbers take an
     * exact fast path; anything else goes through {@link Double#parseDouble}.
     */
    public int parseDouble(byte[] b, int p, int end) {
        int start = p;
        boolean negative = false;
        if (p < end && (b[p] == '-' || b[p] == '+')) {
            negative = b[p] == '-';
            p++;
        }
        long mantissa = 0;
        int exp10 = 0;
        boolean digits = false;
        boolean exact = true;
        boolean isIntegral = true;
        while (p < end) {
            int d = b[p] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            digits = true;
            if (mantissa < MANTISSA_LIMIT) {
                mantissa = mantissa * 10 + d;
            } else {
                exact = false;
            }
            p++;
        }
        if (p < end && b[p] == '.') {
            isIntegral = false;
            p++;
            while (p < end) {
                int d = b[p] - '0';
                if (d < 0 || d > 9) {
                    break;
                }
                digits = true;
                if (mantissa < MANTISSA_LIMIT) {
                    mantissa = mantissa * 10 + d;
                    exp10--;
                } else {
                    exact = false;
                }
                p++;
            }
        }
        if (!digits) {
            return parseSpecial(b, start, end);
        }
        if (p < end && (b[p] == 'e' || b[p] == 'E' || b[p] == 'd' || b[p] == 'D')) {
            isIntegral = false;
            p++;
            boolean negExp = false;
            if (p < end && (b[p] == '-' || b[p] == '+')) {
                negExp = b[p] == '-';
                p++;
            }
            int expStart = p;
            int e = 0;
            while (p < end) {
                int d = b[p] - '0';
                if (d < 0 || d > 9) {
                    break;
                }
                if (e < 100000) {
                    e = e * 10 + d;
                }
                p++;
            }
            if (p == expStart) {
                failure = null;
                return -1;
            }
            exp10 += negExp ? -e : e;
        }
        if (!atFieldEnd(b, p, end)) {
            failure = null;
            return -1;
        }
        // An integer is "integral" only when the double holds it exactly; a longer one is a real number here.
        integral = isIntegral && exact && mantissa <= MANTISSA_LIMIT;
        if (exact && mantissa <= MANTISSA_LIMIT && exp10 >= -22 && exp10 <= 22) {
            double v = exp10 >= 0 ? mantissa * POW10[exp10] : mantissa / POW10[-exp10];
            doubleValue = negative ? -v : v;
            return p;
        }
        // Fortran-style 'd' exponents are not understood by the JDK.
        String text = new String(b, start, p - start, StandardCharsets.ISO_8859_1).replace('d', 'e').replace('D', 'e');
        try {
            doubleValue = Double.parseDouble(text);
        } catch (NumberFormatException ex) {
            failure = null;
            return -1;
        }
        return p;
    }

    private int parseSpecial(byte[] b, int start, int end) {
        int p = start;
        while (!atFieldEnd(b, p, end)) {
            p++;
        }
        String word = new String(b, start, p - start, StandardCharsets.ISO_8859_1).toLowerCase(java.util.Locale.ROOT);
        String body = word.startsWith("-") || word.startsWith("+") ? word.substring(1) : word;
        boolean negative = word.startsWith("-");
        switch (body) {
            case "inf", "infinity" -> doubleValue = negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            case "nan" -> doubleValue = Double.NaN;
            default -> {
                failure = null;
                return -1;
            }
        }
        integral = false;
        return p;
    }

    /** The field starting at {@code p}, quoted and shortened for a message; non-printing bytes as {@code \xNN}. */
    public static String token(byte[] b, int p, int end) {
        StringBuilder sb = new StringBuilder("'");
        int q = p;
        // The first byte is shown even when it is a separator (a stray CR), so a token is never empty.
        while (q < end && q - p < 24 && (q == p || b[q] != ' ' && b[q] != '\t' && b[q] != '\n' && b[q] != '\r')) {
            int c = b[q] & 0xff;
            if (c >= 0x20 && c < 0x7f) {
                sb.append((char) c);
            } else {
                sb.append(String.format("\\x%02x", c));
            }
            q++;
        }
        if (q < end && q - p >= 24 && !atFieldEnd(b, q, end)) {
            sb.append("...");
        }
        return sb.append('\'').toString();
    }
}
