package org.stag.loaders;

import java.io.IOException;
import java.nio.file.Path;
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
            try {
                BinaryGraphWriter.write(g, path, Parallel.defaultThreads());
            } catch (IOException e) {
                throw new BadInputException(path.toString(), 0, "cannot write: " + e.getMessage());
            }
            return new Outcome("");
        }
        if (name.endsWith(BinaryLayout.EXTENSION)) {
            throw new BadInputException(path.toString(), 0, "a binary graph file is not compressed; name it .stagb");
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
        out.text("% written by stag").newline();
        out.number(g.numRows()).space().number(g.numCols()).space().number(entries).newline();
        long base = 1;
        double[] w = g.weights();
        for (int r = 0; r < n; r++) {
            for (int p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
                int c = col[p];
                if (!keep(sym, r, c)) {
                    continue;
                }
                out.number(r + base).space().number(c + base);
                if (w != null) {
                    out.space().value(w[p]);
                }
                out.newline();
            }
        }
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
