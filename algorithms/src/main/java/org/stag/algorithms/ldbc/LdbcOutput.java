package org.stag.algorithms.ldbc;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.stag.loaders.BadInputException;
import org.stag.loaders.VertexIds;

/**
 * LDBC Graphalytics output files: one {@code vertex value} line per vertex, separated by a space, the vertex
 * in the input's numbering. Integers are written as they are (BFS writes unreachable vertices as
 * 9223372036854775807); reals are written by {@link Double#toString(double)}, which reads back as the same
 * double, and {@code Infinity} for unreachable SSSP vertices.
 *
 * <p>Reading accepts spaces or tabs between the fields, blank lines, and for reals the infinity spellings the
 * specification allows ({@code inf}, {@code +inf}, {@code infinity}, {@code +infinity}, their negatives,
 * any case) besides Java's.
 */
public final class LdbcOutput {
    private LdbcOutput() {
    }

    /**
     * Integer values per vertex, in file (or internal id) order.
     *
     * @param vertices vertex ids in the input's numbering
     * @param values   the value of {@code vertices[i]} at {@code i}
     */
    public record Longs(long[] vertices, long[] values) {
        public Longs {
            if (vertices.length != values.length) {
                throw new IllegalArgumentException("vertices and values differ in length");
            }
        }

        /** Values indexed by internal id, with the input's vertex ids. */
        public static Longs of(VertexIds ids, long[] byInternalId) {
            return new Longs(externalIds(ids, byInternalId.length), byInternalId.clone());
        }

        /** Values indexed by internal id, with the input's vertex ids. */
        public static Longs of(VertexIds ids, int[] byInternalId) {
            long[] values = new long[byInternalId.length];
            for (int v = 0; v < values.length; v++) {
                values[v] = byInternalId[v];
            }
            return new Longs(externalIds(ids, values.length), values);
        }

        /** Number of vertices. */
        public int size() {
            return vertices.length;
        }
    }

    /**
     * Real values per vertex, in file (or internal id) order.
     *
     * @param vertices vertex ids in the input's numbering
     * @param values   the value of {@code vertices[i]} at {@code i}
     */
    public record Doubles(long[] vertices, double[] values) {
        public Doubles {
            if (vertices.length != values.length) {
                throw new IllegalArgumentException("vertices and values differ in length");
            }
        }

        /** Values indexed by internal id, with the input's vertex ids. */
        public static Doubles of(VertexIds ids, double[] byInternalId) {
            return new Doubles(externalIds(ids, byInternalId.length), byInternalId.clone());
        }

        /** Number of vertices. */
        public int size() {
            return vertices.length;
        }
    }

    private static long[] externalIds(VertexIds ids, int n) {
        long[] out = new long[n];
        for (int v = 0; v < n; v++) {
            out[v] = ids.external(v);
        }
        return out;
    }

    /** Writes integer values indexed by internal id. */
    public static void write(Writer out, VertexIds ids, long[] values) throws IOException {
        StringBuilder line = new StringBuilder(48);
        for (int k = 0; k < values.length; k++) {
            int v = ids.writeOrder(k);
            line.setLength(0);
            line.append(ids.external(v)).append(' ').append(values[v]).append('\n');
            out.append(line);
        }
    }

    /** Writes integer values (labels) indexed by internal id. */
    public static void write(Writer out, VertexIds ids, int[] values) throws IOException {
        StringBuilder line = new StringBuilder(48);
        for (int k = 0; k < values.length; k++) {
            int v = ids.writeOrder(k);
            line.setLength(0);
            line.append(ids.external(v)).append(' ').append(values[v]).append('\n');
            out.append(line);
        }
    }

    /** Writes real values indexed by internal id, each as {@link #format(double)} gives it. */
    public static void write(Writer out, VertexIds ids, double[] values) throws IOException {
        StringBuilder line = new StringBuilder(48);
        for (int k = 0; k < values.length; k++) {
            int v = ids.writeOrder(k);
            line.setLength(0);
            line.append(ids.external(v)).append(' ').append(format(values[v])).append('\n');
            out.append(line);
        }
    }

    /** Writes integer values indexed by internal id to {@code file}. */
    public static void write(Path file, VertexIds ids, long[] values) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            write(w, ids, values);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Writes integer labels indexed by internal id to {@code file}. */
    public static void write(Path file, VertexIds ids, int[] values) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            write(w, ids, values);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Writes real values indexed by internal id to {@code file}. */
    public static void write(Path file, VertexIds ids, double[] values) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            write(w, ids, values);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** A real as written: {@link Double#toString(double)}, which parses back to the same double. */
    public static String format(double value) {
        return Double.toString(value);
    }

    /** Parses a real, accepting the specification's infinity spellings. */
    public static double parseDouble(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        return switch (t) {
            case "inf", "+inf", "infinity", "+infinity" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    /** Reads a file of integer values. */
    public static Longs readLongs(Path file) {
        Lines lines = read(file);
        long[] values = new long[lines.count];
        for (int i = 0; i < lines.count; i++) {
            try {
                values[i] = Long.parseLong(lines.values[i]);
            } catch (NumberFormatException e) {
                throw new BadInputException(file.toString(), lines.lineNumbers[i],
                        "value '" + lines.values[i] + "' is not a whole number");
            }
        }
        return new Longs(lines.vertices, values);
    }

    /** Reads a file of real values. */
    public static Doubles readDoubles(Path file) {
        Lines lines = read(file);
        double[] values = new double[lines.count];
        for (int i = 0; i < lines.count; i++) {
            try {
                values[i] = parseDouble(lines.values[i]);
            } catch (NumberFormatException e) {
                throw new BadInputException(file.toString(), lines.lineNumbers[i],
                        "value '" + lines.values[i] + "' is not a number");
            }
        }
        return new Doubles(lines.vertices, values);
    }

    /** The lines of a file, split into vertex ids and unparsed value fields. */
    private static final class Lines {
        long[] vertices = new long[64];
        String[] values = new String[64];
        long[] lineNumbers = new long[64];
        int count;

        void add(long vertex, String value, long line) {
            if (count == vertices.length) {
                vertices = Arrays.copyOf(vertices, 2 * count);
                values = Arrays.copyOf(values, 2 * count);
                lineNumbers = Arrays.copyOf(lineNumbers, 2 * count);
            }
            vertices[count] = vertex;
            values[count] = value;
            lineNumbers[count] = line;
            count++;
        }
    }

    private static Lines read(Path file) {
        String name = file.toString();
        if (!Files.exists(file)) {
            throw new BadInputException(name, 0, "no such file");
        }
        Lines out = new Lines();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            long lineNo = 0;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                lineNo++;
                String t = line.strip();
                if (t.isEmpty()) {
                    continue;
                }
                String[] f = t.split("[ \t]+");
                if (f.length != 2) {
                    throw new BadInputException(name, lineNo, "expected 'vertex value', found " + f.length + " fields");
                }
                long vertex;
                try {
                    vertex = Long.parseLong(f[0]);
                } catch (NumberFormatException e) {
                    throw new BadInputException(name, lineNo, "vertex '" + f[0] + "' is not a whole number");
                }
                out.add(vertex, f[1], lineNo);
            }
        } catch (IOException e) {
            throw new BadInputException(name, 0, "cannot read: " + e.getMessage());
        }
        out.vertices = Arrays.copyOf(out.vertices, out.count);
        out.values = Arrays.copyOf(out.values, out.count);
        out.lineNumbers = Arrays.copyOf(out.lineNumbers, out.count);
        return out;
    }
}
