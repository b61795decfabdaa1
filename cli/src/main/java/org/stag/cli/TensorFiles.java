package org.stag.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.stag.engine.check.VarType;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Constant;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.text.InputFiles;

/**
 * Tensors read from files and written as text, for {@code stag eval}.
 *
 * <ul>
 *   <li>A tensor of any order may be a FROSTT {@code .tns} file ({@link TnsFiles}); one of order 3 or more must.</li>
 *   <li>A matrix is any graph file {@link GraphLoader} reads; its entries become the tensor's stored entries,
 *       with the declared element type (a pattern file gives 1 / true) and fill value.</li>
 *   <li>A vector is a Matrix Market file ({@code .mtx}, optionally gzipped) with one column, 1-based like any
 *       Matrix Market file; or any other file as plain text, one {@code index value} per line, 0-based like
 *       GAP and SNAP edge lists, with {@code #} or {@code %} comments. Indices not listed hold the fill value.</li>
 * </ul>
 */
final class TensorFiles {
    private TensorFiles() {
    }

    /** A matrix file as an order-2 tensor of type {@code type} in {@code format}. */
    static Tensor matrix(Path file, VarType.Tensor type, Format format, LoadOptions options) {
        Graph g = GraphLoader.load(file, options);
        int m = g.numEdges();
        int[] rows = new int[m];
        int[] cols = Arrays.copyOf(g.colIdx(), m);
        int[] rowPtr = g.rowPtr();
        for (int r = 0; r < g.numRows(); r++) {
            Arrays.fill(rows, rowPtr[r], rowPtr[r + 1], r);
        }
        double[] w = g.weights();
        Values values = values(file, type, m, k -> w == null ? 1.0 : w[k]);
        return build(file, format, new int[] {g.numRows(), g.numCols()}, new int[][] {rows, cols}, values);
    }

    /**
     * A vector file as an order-1 tensor. {@code length} is the size the program already knows for it (from
     * another input or {@code --param}), or -1; a text file without a known length is as long as its largest
     * index + 1.
     */
    static Tensor vector(Path file, VarType.Tensor type, Format format, LoadOptions options, int length) {
        if (InputFiles.baseName(file).endsWith(".mtx")) {
            Graph g = GraphLoader.load(file, options);
            if (g.numCols() != 1) {
                throw new BadInputException(file.toString(), 0, "a vector file has one column, this one is "
                        + g.numRows() + " x " + g.numCols());
            }
            int m = g.numEdges();
            int[] rows = new int[m];
            int[] rowPtr = g.rowPtr();
            for (int r = 0; r < g.numRows(); r++) {
                Arrays.fill(rows, rowPtr[r], rowPtr[r + 1], r);
            }
            double[] w = g.weights();
            Values values = values(file, type, m, k -> w == null ? 1.0 : w[k]);
            return build(file, format, new int[] {g.numRows()}, new int[][] {rows}, values);
        }
        return textVector(file, type, format, length);
    }

    private static Tensor textVector(Path file, VarType.Tensor type, Format format, int length) {
        int n = 0;
        int[] idx = new int[16];
        double[] val = new double[16];
        long[] lineOf = new long[16];
        try (BufferedReader in = new BufferedReader(new InputStreamReader(InputFiles.open(file), StandardCharsets.UTF_8))) {
            long line = 0;
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                line++;
                String s = text.strip();
                if (s.isEmpty() || s.startsWith("#") || s.startsWith("%")) {
                    continue;
                }
                String[] f = s.split("\\s+");
                if (f.length != 2) {
                    throw new BadInputException(file.toString(), line, "expected 'index value' (2 fields), found "
                            + f.length + " fields");
                }
                long i;
                try {
                    i = Long.parseLong(f[0]);
                } catch (NumberFormatException e) {
                    throw new BadInputException(file.toString(), line, "index '" + f[0] + "' is not an integer");
                }
                if (i < 0 || i >= (length >= 0 ? length : Integer.MAX_VALUE - 8)) {
                    throw new BadInputException(file.toString(), line, "index " + i + " out of range 0.."
                            + (length >= 0 ? length - 1 : Integer.MAX_VALUE - 9) + " (indices are 0-based)");
                }
                double v = parseValue(file, line, f[1]);
                if (n == idx.length) {
                    idx = Arrays.copyOf(idx, 2 * n);
                    val = Arrays.copyOf(val, 2 * n);
                    lineOf = Arrays.copyOf(lineOf, 2 * n);
                }
                idx[n] = (int) i;
                val[n] = v;
                lineOf[n] = line;
                n++;
            }
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot read: " + InputFiles.describe(e));
        }
        int size = length;
        if (size < 0) {
            size = 0;
            for (int k = 0; k < n; k++) {
                size = Math.max(size, idx[k] + 1);
            }
        }
        // A repeated index is an error, as with --duplicates error for graphs: a vector has one value per index.
        int[] sorted = Arrays.stream(Arrays.copyOf(idx, n)).sorted().toArray();
        for (int k = 1; k < n; k++) {
            if (sorted[k] == sorted[k - 1]) {
                int dup = sorted[k];
                long first = -1;
                long second = -1;
                for (int q = 0; q < n; q++) {
                    if (idx[q] == dup) {
                        if (first < 0) {
                            first = lineOf[q];
                        } else {
                            second = lineOf[q];
                            break;
                        }
                    }
                }
                throw new BadInputException(file.toString(), second, "index " + dup + " is given again (first on line "
                        + first + ")");
            }
        }
        double[] v = val;
        Values values = values(file, type, n, k -> v[k]);
        return build(file, format, new int[] {size}, new int[][] {Arrays.copyOf(idx, n)}, values);
    }

    private static double parseValue(Path file, long line, String s) {
        String l = s.toLowerCase(Locale.ROOT);
        switch (l) {
            case "inf", "+inf", "infinity", "+infinity" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity" -> {
                return Double.NEGATIVE_INFINITY;
            }
            case "true" -> {
                return 1;
            }
            case "false" -> {
                return 0;
            }
            default -> {
            }
        }
        try {
            double v = Double.parseDouble(s);
            if (Double.isNaN(v) || l.endsWith("d") || l.endsWith("f") || l.startsWith("0x")) {
                throw new NumberFormatException(s);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new BadInputException(file.toString(), line, "value '" + s + "' is not a number");
        }
    }

    interface ValueAt {
        double at(int k);
    }

    /** The values {@code src.at(0..n-1)} in the tensor's element type, with its fill value. */
    static Values values(Path file, VarType.Tensor type, int n, ValueAt src) {
        Constant fill = type.fill();
        ScalarType t = type.elem();
        switch (t) {
            case DOUBLE -> {
                double[] a = new double[n];
                for (int k = 0; k < n; k++) {
                    a[k] = src.at(k);
                }
                return Values.ofDoubles(a, fill.real());
            }
            case FLOAT -> {
                float[] a = new float[n];
                for (int k = 0; k < n; k++) {
                    a[k] = (float) src.at(k);
                }
                return Values.ofFloats(a, (float) fill.real());
            }
            case LONG, INT -> {
                long[] a = new long[n];
                for (int k = 0; k < n; k++) {
                    double v = src.at(k);
                    boolean fits = t == ScalarType.INT ? v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE
                            : v >= -9.223372036854775808E18 && v < 9.223372036854775808E18;
                    if (v != Math.rint(v) || !fits) {
                        throw new BadInputException(file.toString(), 0, "value " + v + " is not " + (t == ScalarType.INT
                                ? "an int" : "a long") + ", but the tensor is declared " + type);
                    }
                    a[k] = (long) v;
                }
                if (t == ScalarType.LONG) {
                    return Values.ofLongs(a, fill.integer());
                }
                int[] b = new int[n];
                for (int k = 0; k < n; k++) {
                    b[k] = (int) a[k];
                }
                return Values.ofInts(b, (int) fill.integer());
            }
            case BOOL -> {
                boolean[] a = new boolean[n];
                for (int k = 0; k < n; k++) {
                    a[k] = src.at(k) != 0;
                }
                return Values.ofBools(a, fill.bool());
            }
            default -> throw new IllegalStateException(t.toString());
        }
    }

    static Tensor build(Path file, Format format, int[] dims, int[][] crd, Values values) {
        try {
            return Tensor.build(format, dims, crd, values);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(file.toString(), 0, "cannot hold it in format " + format + ": "
                    + Exit.oneLine(e.getMessage()));
        }
    }

    /**
     * Writes {@code t} as Matrix Market coordinate text, 1-based: a vector as an N x 1 matrix. Entries equal to
     * the fill value are left out; when the fill value is not zero a comment says what they are. Values are
     * written so that reading them back gives the same number; infinities as {@code inf} and {@code -inf}. A tensor
     * of order 3 or more, which Matrix Market cannot hold, is written as FROSTT's {@code .tns} text ({@link TnsFiles}).
     */
    static void writeMatrixMarket(Tensor t, VarType.Tensor type, String name, PrintWriter out) {
        if (t.order() > 2) {
            TnsFiles.write(t, type, name, out);
            return;
        }
        ScalarType elem = type.elem();
        Constant fill = type.fill();
        boolean pattern = elem == ScalarType.BOOL && !fill.bool();
        String field = pattern ? "pattern" : elem.isFloating() ? "real" : "integer";
        long count = 0;
        TensorCursor c = t.cursor();
        while (c.next()) {
            if (!c.isFill()) {
                count++;
            }
        }
        out.println("%%MatrixMarket matrix coordinate " + field + " general");
        out.println("% " + name + " " + type + ", written by stag eval");
        if (!pattern && !fill.equals(Constant.zero(elem))) {
            out.println("% entries not listed are " + fill + " (the fill value), not 0");
        }
        out.println(t.dimension(0) + " " + (t.order() == 2 ? t.dimension(1) : 1) + " " + count);
        StringBuilder line = new StringBuilder();
        c = t.cursor();
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            line.setLength(0);
            line.append(c.coordinate(0) + 1).append(' ').append(t.order() == 2 ? c.coordinate(1) + 1 : 1);
            if (!pattern) {
                line.append(' ');
                if (elem == ScalarType.BOOL) {
                    line.append(c.booleanValue() ? 1 : 0);
                } else if (elem.isIntegral()) {
                    line.append(c.longValue());
                } else {
                    line.append(elem == ScalarType.FLOAT ? number((float) c.doubleValue()) : number(c.doubleValue()));
                }
            }
            out.println(line);
        }
        out.flush();
    }

    /** A scalar result as one line of text. */
    static String scalar(Object v) {
        if (v instanceof Double d) {
            return number(d);
        }
        if (v instanceof Float f) {
            return number(f);
        }
        return String.valueOf(v);
    }

    /** A double that reads back exactly: integers (up to 2^53) without a point, as the graph writers do. */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == Math.rint(v) && Math.abs(v) <= 9007199254740992.0 && !(v == 0 && 1 / v < 0)) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    /** A float that reads back exactly as a float. */
    static String number(float v) {
        if (Float.isNaN(v) || Float.isInfinite(v) || v == Math.rint(v) && Math.abs(v) <= 16777216f) {
            return number((double) v);
        }
        return Float.toString(v);
    }
}
