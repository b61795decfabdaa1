package org.stag.loaders.binary;

import static org.stag.loaders.binary.BinaryLayout.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.ValueKind;
import org.stag.loaders.Parallel;
import org.stag.loaders.VertexIds;

/** Writes a canonical {@link Graph} as a {@code .stagb} file ({@link BinaryLayout}); sections are written in parallel. */
public final class BinaryGraphWriter {
    private BinaryGraphWriter() {
    }

    /** Writes {@code g} to {@code path}, replacing what is there. */
    public static void write(Graph g, Path path, int threads) throws IOException {
        int n = g.numRows();
        int m = g.numEdges();
        VertexIds ids = g.ids();
        boolean explicit = !ids.isOffset();
        long[] idTable = null;
        if (explicit) {
            idTable = new long[n];
            for (int v = 0; v < n; v++) {
                idTable[v] = ids.external(v);
            }
        }
        boolean weighted = g.valueKind().weighted();
        boolean integer = g.valueKind() == ValueKind.INTEGER;
        long[] bytes = sectionBytes(n, m, weighted, explicit);
        long length = HEADER_BYTES + bytes[0] + bytes[1] + bytes[2] + bytes[3];
        long[] at = new long[4];
        at[0] = HEADER_BYTES;
        for (int s = 1; s < 4; s++) {
            at[s] = at[s - 1] + bytes[s - 1];
        }
        int[] crcs = new int[4];
        long[] table = idTable;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            Parallel.forEachBlock(threads, 4, s -> {
                try {
                    crcs[s] = switch (s) {
                        case ROW_PTR -> SectionIo.writeInts(ch, at[s], bytes[s], g.rowPtr(), n + 1);
                        case COLUMNS -> SectionIo.writeInts(ch, at[s], bytes[s], g.colIdx(), m);
                        case WEIGHTS -> !weighted ? 0 : integer ? SectionIo.writeLongs(ch, at[s], bytes[s], integersOf(g), m)
                                : SectionIo.writeDoubles(ch, at[s], bytes[s], weightsOf(g), m);
                        default -> explicit ? SectionIo.writeLongs(ch, at[s], bytes[s], table, n) : 0;
                    };
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            BinaryHeader h = new BinaryHeader(VERSION, g.symmetry(), g.valueKind(), g.valueType(), explicit, n, g.numCols(), m,
                    explicit ? 0 : ids.base(), g.duplicates(), length, crcs);
            ByteBuffer head = h.encode();
            while (head.hasRemaining()) {
                ch.write(head, head.position());
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** An integer graph's values exactly (its exact column, or its doubles, which are then exact). */
    private static long[] integersOf(Graph g) {
        if (g.exactValues() != null) {
            return g.exactValues();
        }
        double[] w = weightsOf(g);
        long[] exact = new long[g.numEdges()];
        boolean unsigned = g.valueType() == GraphBlasType.UINT64;
        for (int p = 0; p < exact.length; p++) {
            // A graph a format made may hold integral doubles beyond 2^53: the 64 bits of the double's integer.
            exact[p] = unsigned && w[p] >= 0x1p63 ? (long) (w[p] - 0x1p64) : (long) w[p];
        }
        return exact;
    }

    /** A weighted graph's values; a graph whose kind says weighted but holds none has weight 1 everywhere. */
    private static double[] weightsOf(Graph g) {
        if (g.weights() != null) {
            return g.weights();
        }
        double[] ones = new double[g.numEdges()];
        java.util.Arrays.fill(ones, 1.0);
        return ones;
    }
}
