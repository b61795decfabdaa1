package org.stag.loaders.text;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.stag.loaders.ExactValues;
import org.stag.loaders.GraphBlasType;

/**
 * Parses lines of graph entries, {@code row col [value]}, from a chunk of bytes that holds whole lines.
 * The same parser serves Matrix Market data lines (bounded, 1-based), GAP and SNAP edge lists (dense
 * 0-based ids) and LDBC edge files (ids looked up in the vertex table). Comment lines, blank lines,
 * tabs, trailing blanks and CRLF are accepted; anything else stops the chunk with a one-line reason.
 */
public final class EntryParser {
    /** What the third field of a line holds. */
    public enum Values { NONE, INTEGER, REAL }

    private final byte comment1;
    private final byte comment2;
    private final long base;
    private final long maxRow;
    private final long maxCol;
    private final Long2IntOpenHashMap idMap;
    private final String idTable;
    private final Values values;
    private final boolean skew;
    private final boolean allowNegativeValues;
    private final String rowName;
    private final String colName;
    private final String tooManyHint;
    private final String indexBaseHint;
    private final String valueName;
    private final boolean allowNonFinite;
    private final GraphBlasType valueType;
    /** Integer values are read as uint64 (the declared type says so). */
    private final boolean unsigned64;

    private EntryParser(Builder b) {
        this.comment1 = b.comment1;
        this.comment2 = b.comment2;
        this.base = b.base;
        this.maxRow = b.maxRow;
        this.maxCol = b.maxCol;
        this.idMap = b.idMap;
        this.idTable = b.idTable;
        this.values = b.values;
        this.skew = b.skew;
        this.allowNegativeValues = b.allowNegativeValues;
        this.rowName = b.rowName;
        this.colName = b.colName;
        this.tooManyHint = b.tooManyHint;
        this.indexBaseHint = b.indexBaseHint;
        this.valueName = b.valueName;
        this.allowNonFinite = b.allowNonFinite;
        this.valueType = b.valueType;
        this.unsigned64 = b.valueType == GraphBlasType.UINT64;
    }

    /** Starts a parser description. */
    public static Builder builder() {
        return new Builder();
    }

    /** Whether entries carry a value. */
    public boolean weighted() {
        return values != Values.NONE;
    }

    /** Parses the lines in {@code b[from, to)} into {@code out}; stops at the first bad line. */
    public void parse(byte[] b, int from, int to, ChunkOut out) {
        ByteScanner num = new ByteScanner();
        int p = from;
        int line = 0;
        final boolean mapped = idMap != null;
        final boolean weighted = values != Values.NONE;
        // Lines of the common shape take SimpleLines' fast path; it must stay off whenever this parser
        // checks something that SimpleLines does not (mapped ids, skew diagonals, value limits).
        final boolean simple = !mapped && !skew && valueType == null;
        final int simpleValues = values.ordinal();
        while (p < to) {
            line++;
            if (simple) {
                int q = SimpleLines.entry(b, p, to, out, base, maxRow, maxCol, simpleValues);
                if (q >= 0) {
                    p = q;
                    if (out.size == out.stopAfter) {
                        out.stopLine = line;
                        break;
                    }
                    continue;
                }
            }
            p = ByteScanner.skipBlanks(b, p, to);
            if (p == to) {
                break;
            }
            byte c = b[p];
            if (c == '\n') {
                p++;
                continue;
            }
            if (c == '\r' && p + 1 < to && b[p + 1] == '\n') {
                p += 2;
                continue;
            }
            if (c == comment1 || c == comment2) {
                p = ByteScanner.skipLine(b, p, to);
                continue;
            }
            // First field.
            int q = mapped ? num.parseLong(b, p, to) : num.parseUnsigned(b, p, to);
            if (q < 0) {
                out.fail(line, badField(b, p, to, num, rowName));
                break;
            }
            long r = num.longValue;
            p = ByteScanner.skipBlanks(b, q, to);
            if (atLineEnd(b, p, to)) {
                out.fail(line, "missing " + colName + " (each line holds " + fieldsDescription() + ")");
                break;
            }
            q = mapped ? num.parseLong(b, p, to) : num.parseUnsigned(b, p, to);
            if (q < 0) {
                out.fail(line, badField(b, p, to, num, colName));
                break;
            }
            long col = num.longValue;
            p = ByteScanner.skipBlanks(b, q, to);
            double w = 1.0;
            long exactValue = 0;
            boolean inexact = false;
            if (weighted) {
                if (atLineEnd(b, p, to)) {
                    out.fail(line, "missing " + valueName + " (each line holds " + fieldsDescription() + ")");
                    break;
                }
                if (values == Values.INTEGER) {
                    q = unsigned64 ? num.parseUnsignedLong(b, p, to) : num.parseLong(b, p, to);
                    if (q < 0) {
                        out.fail(line, integerFailure(b, p, to, num));
                        break;
                    }
                    exactValue = num.longValue;
                    w = ExactValues.toDouble(exactValue, unsigned64);
                    inexact = !ExactValues.exactAsDouble(exactValue, unsigned64);
                    String refusal = integerRefusal(exactValue, w, b, p, to);
                    if (refusal != null) {
                        out.fail(line, refusal);
                        break;
                    }
                } else {
                    q = num.parseDouble(b, p, to);
                    if (q < 0) {
                        out.fail(line, "expected a numeric " + valueName + ", found " + ByteScanner.token(b, p, to));
                        break;
                    }
                    w = num.doubleValue;
                    // NaN or infinite (w - w is 0 for every finite w): a rare branch.
                    if (w - w != 0) {
                        String refusal = nonFinite(b, p, to);
                        if (refusal != null) {
                            out.fail(line, refusal);
                            break;
                        }
                    }
                    if (!num.integral) {
                        out.allIntegral = false;
                    }
                    if (valueType != null && !valueType.accepts(w)) {
                        out.fail(line, valueType.refusal(w, ByteScanner.token(b, p, to)));
                        break;
                    }
                }
                if (w < 0 && !allowNegativeValues) {
                    out.fail(line, "negative weight " + ByteScanner.token(b, p, to) + " is not allowed here");
                    break;
                }
                p = ByteScanner.skipBlanks(b, q, to);
            }
            if (!atLineEnd(b, p, to)) {
                out.fail(line, extraText(b, p, to));
                break;
            }
            int s;
            int d;
            if (mapped) {
                s = idMap.get(r);
                if (s < 0) {
                    out.fail(line, "unknown vertex " + r + " (not in " + idTable + ")");
                    break;
                }
                d = idMap.get(col);
                if (d < 0) {
                    out.fail(line, "unknown vertex " + col + " (not in " + idTable + ")");
                    break;
                }
            } else {
                if (r < base || r > maxRow) {
                    out.fail(line, outOfRange(rowName, r, maxRow));
                    break;
                }
                if (col < base || col > maxCol) {
                    out.fail(line, outOfRange(colName, col, maxCol));
                    break;
                }
                s = (int) (r - base);
                d = (int) (col - base);
                if (r > out.maxId) {
                    out.maxId = r;
                }
                if (col > out.maxId) {
                    out.maxId = col;
                }
            }
            if (skew && s == d) {
                out.fail(line, "diagonal entry (" + r + ", " + col + ") in a skew-symmetric matrix, whose diagonal is zero");
                break;
            }
            if (weighted) {
                out.add(s, d, w);
                if (inexact) {
                    out.exact(exactValue);
                }
            } else {
                out.add(s, d);
            }
            // Move past the line end.
            if (p < to && b[p] == '\r') {
                p++;
            }
            if (p < to) {
                p++;
            }
            if (out.size == out.stopAfter) {
                out.stopLine = line;
                break;
            }
        }
        out.lines = line;
    }

    /** Why an integer value did not parse: beyond the 64-bit range, or not an integer. */
    private String integerFailure(byte[] b, int p, int to, ByteScanner num) {
        String token = ByteScanner.token(b, p, to);
        if (num.failure != null) {
            return "integer " + valueName + " " + token + " beyond " + (unsigned64 ? "uint64" + GraphBlasType.UINT64.range()
                    : "int64" + GraphBlasType.INT64.range());
        }
        if (unsigned64 && b[p] == '-') {
            return valueName + " " + token + " out of range for uint64" + GraphBlasType.UINT64.range();
        }
        return "expected an integer " + valueName + ", found " + token;
    }

    /**
     * Why integer {@code v} is refused, or {@code null}: outside the declared type, or (skew-symmetric) a value
     * whose negation, the mirror's value, is outside it.
     */
    private String integerRefusal(long v, double w, byte[] b, int p, int to) {
        if (valueType != null && !valueType.accepts(v)) {
            return valueType.refusal(w, ByteScanner.token(b, p, to));
        }
        if (skew && (v == Long.MIN_VALUE || valueType != null && !valueType.accepts(-v))) {
            String type = valueType != null ? valueType.shortName() + valueType.range() : "int64" + GraphBlasType.INT64.range();
            return valueName + " " + ByteScanner.token(b, p, to) + " in a skew-symmetric matrix: its mirror's value, "
                    + (v == Long.MIN_VALUE ? "9223372036854775808" : Long.toString(-v)) + ", is out of range for " + type;
        }
        return null;
    }

    /**
     * Why a NaN or infinite value at {@code p} is refused, or {@code null} when it is allowed: written as
     * {@code nan} or {@code inf} where the format allows them; never as a finite number too large for a
     * double ({@code 1e400}).
     */
    private String nonFinite(byte[] b, int p, int to) {
        String token = ByteScanner.token(b, p, to);
        if (!allowNonFinite) {
            return valueName + " " + token + " is not a finite number";
        }
        int q = p < to && (b[p] == '-' || b[p] == '+') ? p + 1 : p;
        boolean literal = q < to && (b[q] | 0x20) >= 'a' && (b[q] | 0x20) <= 'z';
        return literal ? null : valueName + " " + token + " is too large for a double (write inf for an infinite "
                + valueName + ")";
    }

    private String extraText(byte[] b, int p, int to) {
        if (b[p] == '\r') {
            return "stray carriage return (lines must end in LF or CR LF)";
        }
        // The hint (e.g. "use --weighted") only fits when the extra text looks like another number.
        boolean numeric = b[p] == '-' || b[p] == '+' || b[p] == '.' || (b[p] >= '0' && b[p] <= '9');
        return "unexpected " + ByteScanner.token(b, p, to) + " after the entry (each line holds "
                + fieldsDescription() + ")" + (numeric ? tooManyHint : "");
    }

    private static boolean atLineEnd(byte[] b, int p, int to) {
        return p >= to || b[p] == '\n' || (b[p] == '\r' && (p + 1 >= to || b[p + 1] == '\n'));
    }

    private String fieldsDescription() {
        return switch (values) {
            case NONE -> rowName + " and " + colName;
            case INTEGER -> rowName + ", " + colName + " and an integer " + valueName;
            case REAL -> rowName + ", " + colName + " and a " + valueName;
        };
    }

    private String badField(byte[] b, int p, int to, ByteScanner num, String name) {
        if (num.failure != null) {
            return num.failure;
        }
        if (b[p] == '-' && idMap == null) {
            return "negative " + name + " " + ByteScanner.token(b, p, to);
        }
        return "expected " + name + ", found " + ByteScanner.token(b, p, to);
    }

    private String outOfRange(String name, long v, long max) {
        if (max < base) {
            return name + " " + v + " out of range: the matrix has no " + (name.startsWith("row") ? "rows" : "columns");
        }
        String msg = name + " " + v + " out of range " + base + ".." + max;
        if (v < base && indexBaseHint != null) {
            msg += " (" + indexBaseHint + ")";
        }
        return msg;
    }

    /** Describes an {@link EntryParser}. */
    public static final class Builder {
        private byte comment1 = '%';
        private byte comment2 = '%';
        private long base;
        private long maxRow = Integer.MAX_VALUE - 1;
        private long maxCol = Integer.MAX_VALUE - 1;
        private Long2IntOpenHashMap idMap;
        private String idTable;
        private Values values = Values.NONE;
        private boolean skew;
        private boolean allowNegativeValues = true;
        private String rowName = "row index";
        private String colName = "column index";
        private String tooManyHint = "";
        private String indexBaseHint;
        private String valueName = "value";
        private boolean allowNonFinite;
        private GraphBlasType valueType;

        /** Lines starting with either byte are comments. */
        public Builder comments(char a, char b) {
            this.comment1 = (byte) a;
            this.comment2 = (byte) b;
            return this;
        }

        /** Ids are numbered from {@code base} up to the given inclusive maxima. */
        public Builder bounds(long base, long maxRow, long maxCol) {
            this.base = base;
            this.maxRow = maxRow;
            this.maxCol = maxCol;
            return this;
        }

        /** Ids are arbitrary 64-bit integers looked up in {@code map} (from the file {@code table}). */
        public Builder mapped(Long2IntOpenHashMap map, String table) {
            this.idMap = map;
            this.idTable = table;
            return this;
        }

        public Builder values(Values v) {
            this.values = v;
            return this;
        }

        /** Refuse diagonal entries. */
        public Builder skew(boolean s) {
            this.skew = s;
            return this;
        }

        public Builder allowNegativeValues(boolean allow) {
            this.allowNegativeValues = allow;
            return this;
        }

        /** The word for the third field in messages ({@code value}, {@code weight}). */
        public Builder valueName(String name) {
            this.valueName = name;
            return this;
        }

        /** Words for the two id fields in messages. */
        public Builder fieldNames(String row, String col) {
            this.rowName = row;
            this.colName = col;
            return this;
        }

        /** Appended to the message about extra fields on a line. */
        public Builder tooManyHint(String hint) {
            this.tooManyHint = hint;
            return this;
        }

        /** Added to the message about an id below the base. */
        public Builder indexBaseHint(String hint) {
            this.indexBaseHint = hint;
            return this;
        }

        /** Accept {@code nan}, {@code inf} and {@code infinity} (any case, signed) as values. */
        public Builder allowNonFinite(boolean allow) {
            this.allowNonFinite = allow;
            return this;
        }

        /** Check every value against a declared type; {@code null} for no check. */
        public Builder valueType(GraphBlasType type) {
            this.valueType = type;
            return this;
        }

        public EntryParser build() {
            return new EntryParser(this);
        }
    }
}
