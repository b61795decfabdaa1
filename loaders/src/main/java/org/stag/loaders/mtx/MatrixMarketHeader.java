package org.stag.loaders.mtx;

import java.util.Locale;
import org.stag.loaders.BadInputException;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.text.HeaderReader;

/**
 * The banner and size line of a Matrix Market file, checked against the NIST definition:
 * {@code %%MatrixMarket matrix coordinate|array real|double|integer|pattern|complex
 * general|symmetric|skew-symmetric|hermitian}, then comment lines, then {@code rows columns [entries]}.
 *
 * @param coordinate   coordinate (sparse) rather than array (dense) format
 * @param entries      the declared number of stored entries (for array format: the number of values)
 * @param sizeLine     the line number of the size line
 * @param valueType    the type a {@code %%GraphBLAS} comment line declares, or {@code null}
 */
public record MatrixMarketHeader(boolean coordinate, ValueKind field, Symmetry symmetry, int rows, int cols,
                                 long entries, long sizeLine, GraphBlasType valueType) {

    private static final String BANNER = "%%MatrixMarket";
    private static final String GRAPHBLAS = "%%GraphBLAS";
    private static final String USAGE = "'%%MatrixMarket matrix coordinate|array real|double|integer|pattern general|symmetric|skew-symmetric'";

    /** Reads and checks the header; afterwards {@code reader} stands at the first data line. */
    public static MatrixMarketHeader read(HeaderReader reader, String file) {
        String banner = reader.next();
        if (banner == null) {
            throw new BadInputException(file, 1, "empty file (expected the Matrix Market banner " + USAGE + ")");
        }
        if (banner.indexOf('\r') >= 0 && banner.regionMatches(true, 0, BANNER, 0, BANNER.length())) {
            throw new BadInputException(file, 1, "lines end in a bare carriage return (CR); convert the file to LF or CR LF line ends");
        }
        String[] words = banner.trim().split("[ \t]+");
        if (words[0].equalsIgnoreCase(BANNER) && !banner.regionMatches(true, 0, BANNER, 0, BANNER.length())) {
            throw new BadInputException(file, 1, "the banner must start the first line: blanks before "
                    + HeaderReader.quote(words[0]) + " (Matrix Market readers look for it in column 1)");
        }
        if (!words[0].equalsIgnoreCase(BANNER)) {
            throw new BadInputException(file, 1, "not a Matrix Market file: the first line must be the banner "
                    + USAGE + ", found " + HeaderReader.quote(banner));
        }
        if (words.length < 5) {
            throw new BadInputException(file, 1, "incomplete banner " + HeaderReader.quote(banner) + ": expected " + USAGE);
        }
        if (words.length > 5) {
            throw new BadInputException(file, 1, "unexpected " + HeaderReader.quote(words[5]) + " after the banner's symmetry");
        }
        String object = words[1].toLowerCase(Locale.ROOT);
        String format = words[2].toLowerCase(Locale.ROOT);
        String fieldWord = words[3].toLowerCase(Locale.ROOT);
        String symmetryWord = words[4].toLowerCase(Locale.ROOT);
        if (!object.equals("matrix")) {
            throw new BadInputException(file, 1, "unknown object " + HeaderReader.quote(words[1]) + " (only 'matrix' is supported)");
        }
        boolean coordinate = switch (format) {
            case "coordinate" -> true;
            case "array" -> false;
            default -> throw new BadInputException(file, 1,
                    "unknown format " + HeaderReader.quote(words[2]) + " (expected coordinate or array)");
        };
        ValueKind field = switch (fieldWord) {
            case "real", "double" -> ValueKind.REAL;
            case "integer" -> ValueKind.INTEGER;
            case "pattern" -> ValueKind.PATTERN;
            case "complex" -> throw new BadInputException(file, 1, "complex matrices are unsupported");
            default -> throw new BadInputException(file, 1, "unknown field " + HeaderReader.quote(words[3])
                    + " (expected real, double, integer or pattern)");
        };
        Symmetry symmetry = switch (symmetryWord) {
            case "general" -> Symmetry.GENERAL;
            case "symmetric" -> Symmetry.SYMMETRIC;
            case "skew-symmetric" -> Symmetry.SKEW_SYMMETRIC;
            case "hermitian" -> throw new BadInputException(file, 1, "hermitian matrices are unsupported");
            default -> throw new BadInputException(file, 1, "unknown symmetry " + HeaderReader.quote(words[4])
                    + " (expected general, symmetric or skew-symmetric)");
        };
        if (!coordinate && field == ValueKind.PATTERN) {
            throw new BadInputException(file, 1, "the array format cannot have the pattern field");
        }
        if (field == ValueKind.PATTERN && symmetry == Symmetry.SKEW_SYMMETRIC) {
            throw new BadInputException(file, 1, "a pattern matrix cannot be skew-symmetric");
        }
        String size;
        GraphBlasType valueType = null;
        while (true) {
            size = reader.next();
            if (size == null) {
                throw new BadInputException(file, reader.line() + 1, "missing size line (expected '"
                        + (coordinate ? "rows columns entries" : "rows columns") + "')");
            }
            if (size.regionMatches(true, 0, GRAPHBLAS, 0, GRAPHBLAS.length())) {
                GraphBlasType declared = GraphBlasLine.parse(size, file, reader.line());
                if (declared != null && valueType != null && declared != valueType) {
                    throw new BadInputException(file, reader.line(), "a second %%GraphBLAS type line, " + declared.cName()
                            + ", after " + valueType.cName());
                }
                if (declared != null && symmetry == Symmetry.SKEW_SYMMETRIC && declared.unsigned()) {
                    throw new BadInputException(file, reader.line(), "a skew-symmetric matrix cannot have the unsigned type "
                            + declared.shortName());
                }
                valueType = declared != null ? declared : valueType;
            } else if (!size.isBlank() && !size.stripLeading().startsWith("%")) {
                break;
            }
        }
        long line = reader.line();
        String[] nums = size.trim().split("[ \t]+");
        int want = coordinate ? 3 : 2;
        String expected = coordinate ? "'rows columns entries'" : "'rows columns'";
        if (nums.length != want) {
            throw new BadInputException(file, line, "garbled size line " + HeaderReader.quote(size) + ": expected " + expected);
        }
        long[] v = new long[want];
        for (int i = 0; i < want; i++) {
            try {
                v[i] = Long.parseLong(nums[i]);
            } catch (NumberFormatException e) {
                throw new BadInputException(file, line, "garbled size line " + HeaderReader.quote(size) + ": "
                        + HeaderReader.quote(nums[i]) + " is not a whole number (expected " + expected + ")");
            }
            if (v[i] < 0) {
                throw new BadInputException(file, line, "negative number " + v[i] + " in the size line");
            }
        }
        if (v[0] > Integer.MAX_VALUE - 1 || v[1] > Integer.MAX_VALUE - 1) {
            throw new BadInputException(file, line, "matrix too large: " + v[0] + " x " + v[1]
                    + " (at most " + (Integer.MAX_VALUE - 1) + " rows and columns)");
        }
        int rows = (int) v[0];
        int cols = (int) v[1];
        if (symmetry != Symmetry.GENERAL && rows != cols) {
            throw new BadInputException(file, line, "a " + symmetry.mtxName() + " matrix must be square, the size line says "
                    + rows + " x " + cols);
        }
        // Coordinate files of symmetric matrices should hold one triangle, but some hold both; only the
        // full matrix bounds what a file can list.
        long capacity = coordinate ? (long) rows * cols : capacity(rows, cols, symmetry);
        long entries = coordinate ? v[2] : capacity;
        if (entries > capacity) {
            throw new BadInputException(file, line, "the size line declares " + entries(entries) + ", more than a "
                    + rows + " x " + cols + " matrix can hold (" + capacity + ")");
        }
        return new MatrixMarketHeader(coordinate, field, symmetry, rows, cols, entries, line, valueType);
    }

    /** "1 entry", "2 entries". */
    static String entries(long n) {
        return n == 1 ? "1 entry" : n + " entries";
    }

    /** Entries a matrix of this shape stores at most: all, a triangle with or without the diagonal. */
    static long capacity(long rows, long cols, Symmetry symmetry) {
        return switch (symmetry) {
            case GENERAL -> rows * cols;
            case SYMMETRIC -> rows * (rows + 1) / 2;
            case SKEW_SYMMETRIC -> rows * (rows - 1) / 2;
        };
    }
}
