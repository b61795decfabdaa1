package org.stag.loaders.io;

import java.io.IOException;
import java.nio.file.Path;
import org.stag.loaders.BadInputException;
import org.stag.loaders.ExactValues;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.Parallel;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.binary.BinaryGraphWriter;
import org.stag.loaders.binary.BinaryLayout;
import org.stag.loaders.text.ByteSink;
import org.stag.loaders.text.InputFiles;
import org.stag.loaders.text.IoCause;

/**
 * Writes a canonical {@link Graph} as Matrix Market ({@code .mtx}) or GAP edge list ({@code .el},
 * {@code .wel}), gzipped when the name ends in {@code .gz}, or as stag's binary graph file ({@code .stagb}). Reading the output back (with the same
 * directedness for edge lists, which cannot record it) gives the same graph exactly.
 */
public final class GraphWriter {
    private GraphWriter() {
    }

    /** What the writer had to leave out, for the caller to tell the user; empty when nothing. */
    public record Outcome(String note) {
    }

    /** Writes {@code g} to {@code path} in the format its name says. */
    public static Outcome write(Graph g, Path path) {
        String name = InputFiles.baseName(path);
        if (path.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(BinaryLayout.EXTENSION)) {
            String refusal = unwritableInteger(g);
            if (refusal != null) {
                throw new BadInputException(path.toString(), 0, refusal.replace("an integer Matrix Market file", "a binary graph file"));
            }
            try {
                BinaryGraphWriter.write(g, path, Parallel.defaultThreads());
            } catch (IOException e) {
                throw new BadInputException(path.toString(), 0, "cannot write: " + IoCause.of(e));
            }
            return new Outcome("");
        }
        if (name.endsWith(BinaryLayout.EXTENSION)) {
            throw new BadInputException(path.toString(), 0, "a binary graph file is not compressed; name it .stagb");
        }
        String refusal = name.endsWith(".mtx") ? unwritableInteger(g) : name.endsWith(".wel") ? unwritableWeight(g) : null;
        if (refusal != null) {
            // Refused before the file is opened, so an existing file of that name is left as it was.
            throw new BadInputException(path.toString(), 0, refusal);
        }
        try (ByteSink out = ByteSink.create(path)) {
            if (name.endsWith(".mtx")) {
                writeMatrixMarket(g, out);
                return new Outcome("");
            } else if (name.endsWith(".wel")) {
                g.requireSquare();
                writeEdgeList(g, out, true);
                return new Outcome("");
            } else if (name.endsWith(".el")) {
                g.requireSquare();
                writeEdgeList(g, out, false);
                return new Outcome(g.weighted() ? "weights left out: an .el file has none (write .wel to keep them)" : "");
            }
        } catch (IOException e) {
            throw new BadInputException(path.toString(), 0, "cannot write: " + IoCause.of(e));
        }
        throw new BadInputException(path.toString(), 0, "unknown output file type (expected .mtx, .el or .wel, optionally .gz, or .stagb)");
    }

    /**
     * Matrix Market coordinate: symmetric and skew-symmetric graphs as their lower triangle, values as
     * integers when the graph's values are integers.
     */
    public static void writeMatrixMarket(Graph g, ByteSink out) throws IOException {
        Symmetry sym = g.symmetry();
        int n = g.numRows();
        int[] rowPtr = g.rowPtr();
        int[] col = g.colIdx();
        long entries = 0;
        for (int r = 0; r < n; r++) {
            for (int p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
                if (keep(sym, r, col[p])) {
                    entries++;
                }
            }
        }
        out.text("%%MatrixMarket matrix coordinate " + g.valueKind().mtxName() + " " + sym.mtxName()).newline();
        if (g.valueType() != null) {
            // As LAGraph writes it, so that LAGraph and stag read the same type back.
            out.text("%%GraphBLAS type " + g.valueType().cName()).newline();
        }
        out.text("% written by stag").newline();
        out.number(g.numRows()).space().number(g.numCols()).space().number(entries).newline();
        long base = 1;
        double[] w = g.weights();
        long[] exact = g.exactValues();
        boolean integer = g.valueKind() == ValueKind.INTEGER;
        boolean unsigned = g.valueType() == GraphBlasType.UINT64;
        for (int r = 0; r < n; r++) {
            for (int p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
                int c = col[p];
                if (!keep(sym, r, c)) {
                    continue;
                }
                out.number(r + base).space().number(c + base);
                if (exact != null) {
                    out.space().text(ExactValues.toString(exact[p], unsigned));
                } else if (integer && w != null) {
                    // Integer text whatever the size: an integer banner takes no exponent (unwritableInteger
                    // has checked that every value is a whole number of 64 bits).
                    out.space().text(ExactValues.toString(unsigned ? (long) (w[p] >= 0x1p63 ? w[p] - 0x1p64 : w[p])
                            : (long) w[p], unsigned));
                } else if (w != null) {
                    out.space().value(w[p]);
                }
                out.newline();
            }
        }
    }

    /**
     * Why an integer graph's values cannot be written under an {@code integer} banner (a value from a format
     * that is not a whole number of 64 bits), or {@code null}.
     */
    static String unwritableInteger(Graph g) {
        if (g.wide()) {
            return null;   // rows in blocks are written as version 3, whose values are float64 as held
        }
        double[] w = g.weights();
        if (g.valueKind() != ValueKind.INTEGER || w == null || g.exactValues() != null) {
            return null;
        }
        boolean unsigned = g.valueType() == GraphBlasType.UINT64;
        for (int p = 0, m = g.numEdges(); p < m; p++) {
            double v = w[p];
            boolean fits = v == Math.rint(v) && (unsigned ? v >= 0 && v < 0x1p64 : v >= -0x1p63 && v < 0x1p63);
            if (!fits) {
                return "value " + v + " of an integer graph is not a whole number of 64 bits; an integer Matrix Market"
                        + " file cannot hold it";
            }
        }
        return null;
    }

    /**
     * Why a graph's weights cannot be written to a {@code .wel} file, whose reader takes finite doubles only,
     * or {@code null}.
     */
    static String unwritableWeight(Graph g) {
        double[] w = g.weights();
        if (w == null) {
            return null;
        }
        int[] rowPtr = g.rowPtr();
        int[] col = g.colIdx();
        long[] exact = g.exactValues();
        boolean unsigned = g.valueType() == GraphBlasType.UINT64;
        for (int r = 0; r < rowPtr.length - 1; r++) {
            for (int p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
                boolean lost = w[p] - w[p] != 0 || exact != null && !ExactValues.exactAsDouble(exact[p], unsigned);
                if (lost) {
                    String v = exact != null ? ExactValues.toString(exact[p], unsigned) : Double.toString(w[p]);
                    return "edge " + g.ids().external(r) + " " + g.ids().external(col[p]) + " has weight " + v
                            + ", which an edge list cannot hold (its weights are finite doubles); write .mtx to keep it";
                }
            }
        }
        return null;
    }

    private static boolean keep(Symmetry sym, int r, int c) {
        return switch (sym) {
            case GENERAL -> true;
            case SYMMETRIC -> c <= r;
            case SKEW_SYMMETRIC -> c < r;
        };
    }

    /** GAP edge list, 0-based; an undirected graph lists each edge once ({@code src <= dst}). */
    public static void writeEdgeList(Graph g, ByteSink out, boolean weights) throws IOException {
        int n = g.numRows();
        int[] rowPtr = g.rowPtr();
        int[] col = g.colIdx();
        double[] w = g.weights();
        boolean once = g.symmetry() == Symmetry.SYMMETRIC;
        for (int r = 0; r < n; r++) {
            for (int p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
                int c = col[p];
                if (once && c < r) {
                    continue;
                }
                out.number(r).space().number(c);
                if (weights) {
                    out.space().value(w == null ? 1.0 : w[p]);
                }
                out.newline();
            }
        }
    }
}
