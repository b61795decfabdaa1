package org.stag.loaders.text;

/**
 * The fast path of {@link EntryParser}: a line of the shape almost every graph file has, {@code 12 345\n} or
 * {@code 12 345 0.5\n} (one blank or tab between fields, no sign, no exponent, LF or CR LF, ids of at most
 * nine digits within bounds). Anything else returns -1 and the general path parses the same line again, so
 * every message and every unusual form stays with the general path. The values read here are those the
 * general path would read, bit for bit. Small on purpose: a cold JVM compiles it after few lines.
 */
final class SimpleLines {
    /** Values: none, an integer, or a real number ({@link EntryParser.Values} ordinals). */
    static final int NONE = 0;
    static final int INTEGER = 1;
    static final int REAL = 2;

    private static final double[] POW10 = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
    };

    private SimpleLines() {
    }

    /**
     * Parses one simple line at {@code p} into {@code out}; returns the position after its line end, or -1
     * (nothing added) when the line is not simple.
     */
    static int entry(byte[] b, int p, int to, ChunkOut out, long base, long maxRow, long maxCol, int values) {
        // Row: 1 to 9 digits, so it fits an int without overflow checks.
        int start = p;
        int r = 0;
        int d;
        while (p < to && (d = b[p] - '0') >= 0 && d <= 9) {
            r = r * 10 + d;
            p++;
        }
        if (p == start || p - start > 9 || p >= to || (b[p] != ' ' && b[p] != '\t')) {
            return -1;
        }
        start = ++p;
        int c = 0;
        while (p < to && (d = b[p] - '0') >= 0 && d <= 9) {
            c = c * 10 + d;
            p++;
        }
        if (p == start || p - start > 9 || r < base || r > maxRow || c < base || c > maxCol) {
            return -1;
        }
        double w = 1.0;
        boolean integral = true;
        if (values != NONE) {
            if (p >= to || (b[p] != ' ' && b[p] != '\t')) {
                return -1;
            }
            start = ++p;
            long m = 0;
            while (p < to && (d = b[p] - '0') >= 0 && d <= 9) {
                m = m * 10 + d;
                p++;
            }
            int digits = p - start;
            if (digits == 0) {
                return -1;
            }
            if (values == INTEGER) {
                // At most 15 digits: below 2^53, so the double is the integer; longer ones take the general path,
                // which keeps their exact value.
                if (digits > 15) {
                    return -1;
                }
                w = m;
            } else if (p < to && b[p] == '.') {
                p++;
                int fracStart = p;
                while (p < to && (d = b[p] - '0') >= 0 && d <= 9) {
                    m = m * 10 + d;
                    p++;
                }
                int frac = p - fracStart;
                // At most 15 significant digits: exact in a double, so one division rounds correctly.
                if (digits + frac > 15 || frac > 22) {
                    return -1;
                }
                w = m / POW10[frac];
                integral = false;
            } else {
                if (digits > 15) {
                    return -1;
                }
                w = m;
            }
        }
        if (p < to && b[p] == '\r') {
            p++;
            if (p >= to || b[p] != '\n') {
                return -1;
            }
        }
        if (p < to) {
            if (b[p] != '\n') {
                return -1;
            }
            p++;
        }
        if (!integral) {
            out.allIntegral = false;
        }
        if (r > out.maxId) {
            out.maxId = r;
        }
        if (c > out.maxId) {
            out.maxId = c;
        }
        if (values == NONE) {
            out.add((int) (r - base), (int) (c - base));
        } else {
            out.add((int) (r - base), (int) (c - base), w);
        }
        return p;
    }
}
