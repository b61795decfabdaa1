package org.stag.loaders.tns;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.stag.loaders.BadInputException;
import org.stag.loaders.text.InputFiles;

/**
 * Reads a FROSTT {@code .tns} file (<a href="http://frostt.io/tensors/file-formats.html">frostt.io</a>), optionally
 * gzipped: one entry per line, its {@code N} coordinates (1-based, positive integers) and then its value, separated by
 * blanks; {@code #} starts a comment line, blank lines are skipped. Every entry has the same number of coordinates.
 * A mode's size is the given one, or else its largest coordinate. Every problem is a {@link BadInputException}
 * naming the file and line: a wrong number of fields, a coordinate that is not a positive integer or exceeds its
 * mode's size, a value that is not a number, an entry listed twice, a file without entries whose order is not given.
 */
public final class TnsReader {
    /** The largest size of a mode (coordinates index Java arrays). */
    public static final int MAX_DIMENSION = Integer.MAX_VALUE - 8;

    private final Path file;
    private final int order;
    private final int[] sizes;

    /**
     * A reader of {@code file} expecting {@code order} coordinates per entry ({@code -1}: as many as the first entry has)
     * and modes of the given {@code sizes} ({@code -1} for a mode whose size comes from the file; null: all of them).
     */
    public TnsReader(Path file, int order, int[] sizes) {
        this.file = file;
        this.order = order;
        this.sizes = sizes == null ? null : sizes.clone();
        if (sizes != null && order >= 0 && sizes.length != order) {
            throw new IllegalArgumentException(sizes.length + " sizes for order " + order);
        }
    }

    /** Reads the whole file. */
    public CoordinateTensor read() {
        int n = order;
        int count = 0;
        int[][] coords = null;
        double[] values = new double[16];
        long[] lineOf = new long[16];
        long line = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(InputFiles.open(file), StandardCharsets.UTF_8), 1 << 16)) {
            long[] tuple = new long[0];
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                line++;
                String s = text.strip();
                if (s.isEmpty() || s.charAt(0) == '#') {
                    continue;
                }
                String[] f = fields(s);
                if (n < 0) {
                    if (f.length < 2) {
                        throw bad(line, "an entry has its coordinates and a value, found " + f.length + " field");
                    }
                    n = f.length - 1;
                }
                if (f.length != n + 1) {
                    throw bad(line, "expected " + n + " coordinates and a value (" + (n + 1) + " fields), found " + f.length
                            + " fields");
                }
                if (coords == null) {
                    coords = new int[n][16];
                    tuple = new long[n];
                }
                for (int m = 0; m < n; m++) {
                    tuple[m] = coordinate(line, m, f[m]);
                }
                if (count == values.length) {
                    int grown = (int) Math.min(MAX_DIMENSION, 2L * count);
                    for (int m = 0; m < n; m++) {
                        coords[m] = Arrays.copyOf(coords[m], grown);
                    }
                    values = Arrays.copyOf(values, grown);
                    lineOf = Arrays.copyOf(lineOf, grown);
                }
                for (int m = 0; m < n; m++) {
                    coords[m][count] = (int) (tuple[m] - 1);
                }
                values[count] = value(line, f[n]);
                lineOf[count] = line;
                count++;
            }
        } catch (IOException e) {
            throw new BadInputException(file.toString(), line, "cannot read: " + e.getMessage());
        }
        if (n < 0) {
            throw new BadInputException(file.toString(), 0, "no entries, so the tensor's order is unknown");
        }
        if (coords == null) {
            coords = new int[n][0];
        }
        int[] dims = new int[n];
        for (int m = 0; m < n; m++) {
            int known = sizes == null ? -1 : sizes[m];
            int largest = 0;
            for (int e = 0; e < count; e++) {
                largest = Math.max(largest, coords[m][e] + 1);
                if (known >= 0 && coords[m][e] >= known) {
                    throw bad(lineOf[e], "coordinate " + (coords[m][e] + 1) + " of mode " + (m + 1) + " exceeds its size "
                            + known);
                }
            }
            dims[m] = known >= 0 ? known : largest;
        }
        checkRepeats(dims, coords, count, lineOf);
        return new CoordinateTensor(dims, coords, values, count);
    }

    /** The blank-separated fields of a stripped line (no regular expression per line: FROSTT files are large). */
    private static String[] fields(String s) {
        int count = 0;
        for (int k = 0; k < s.length(); k++) {
            if (!Character.isWhitespace(s.charAt(k)) && (k == 0 || Character.isWhitespace(s.charAt(k - 1)))) {
                count++;
            }
        }
        String[] out = new String[count];
        int f = 0;
        int k = 0;
        while (k < s.length()) {
            while (k < s.length() && Character.isWhitespace(s.charAt(k))) {
                k++;
            }
            int start = k;
            while (k < s.length() && !Character.isWhitespace(s.charAt(k))) {
                k++;
            }
            if (k > start) {
                out[f++] = s.substring(start, k);
            }
        }
        return out;
    }

    private long coordinate(long line, int m, String s) {
        long v;
        try {
            v = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw bad(line, "coordinate " + (m + 1) + " '" + s + "' is not an integer");
        }
        if (v < 1 || v > MAX_DIMENSION) {
            throw bad(line, "coordinate " + (m + 1) + " is " + v + ", not in 1.." + MAX_DIMENSION + " (.tns files are 1-based)");
        }
        return v;
    }

    private double value(long line, String s) {
        try {
            double v = Double.parseDouble(s);
            char last = Character.toLowerCase(s.charAt(s.length() - 1));
            if (Double.isNaN(v) || last == 'd' || last == 'f' || s.contains("x") || s.contains("X")) {
                throw new NumberFormatException(s);
            }
            return v;
        } catch (NumberFormatException e) {
            throw bad(line, "value '" + s + "' is not a number");
        }
    }

    /**
     * An entry listed twice is an error, naming both lines: a tensor has one value per coordinate. The coordinates are
     * packed into one {@code long} each and sorted when they fit in 63 bits, else the entries are sorted by index.
     */
    private void checkRepeats(int[] dims, int[][] coords, int count, long[] lineOf) {
        int bits = 0;
        for (int d : dims) {
            bits += 32 - Integer.numberOfLeadingZeros(Math.max(1, d - 1));
        }
        int a = -1;
        int b = -1;
        if (bits <= 63) {
            long[] keys = new long[count];
            for (int e = 0; e < count; e++) {
                keys[e] = key(dims, coords, e);
            }
            Arrays.parallelSort(keys);
            for (int k = 1; k < count && a < 0; k++) {
                if (keys[k] == keys[k - 1]) {
                    for (int e = 0; e < count; e++) {
                        if (key(dims, coords, e) == keys[k]) {
                            if (a < 0) {
                                a = e;
                            } else {
                                b = e;
                                break;
                            }
                        }
                    }
                }
            }
        } else {
            int[] byCoord = new int[count];
            Arrays.setAll(byCoord, e -> e);
            it.unimi.dsi.fastutil.ints.IntArrays.quickSort(byCoord, (x, y) -> {
                for (int[] c : coords) {
                    int o = Integer.compare(c[x], c[y]);
                    if (o != 0) {
                        return o;
                    }
                }
                return Integer.compare(x, y);
            });
            for (int k = 1; k < count && a < 0; k++) {
                if (same(coords, byCoord[k - 1], byCoord[k])) {
                    a = byCoord[k - 1];
                    b = byCoord[k];
                }
            }
        }
        if (a >= 0) {
            StringBuilder at = new StringBuilder();
            for (int[] c : coords) {
                at.append(at.length() == 0 ? "" : " ").append(c[b] + 1);
            }
            throw bad(lineOf[b], "entry (" + at + ") is listed again (first on line " + lineOf[a] + ")");
        }
    }

    private static long key(int[] dims, int[][] coords, int e) {
        long k = 0;
        for (int m = 0; m < dims.length; m++) {
            k = (k << (32 - Integer.numberOfLeadingZeros(Math.max(1, dims[m] - 1)))) | coords[m][e];
        }
        return k;
    }

    private static boolean same(int[][] coords, int a, int b) {
        for (int[] c : coords) {
            if (c[a] != c[b]) {
                return false;
            }
        }
        return true;
    }

    private BadInputException bad(long line, String reason) {
        return new BadInputException(file.toString(), line, reason);
    }
}
