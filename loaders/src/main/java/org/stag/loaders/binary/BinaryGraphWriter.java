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
import org.stag.loaders.RowBlocks;
import org.stag.loaders.VertexIds;

/**
 * Writes a canonical {@link Graph} as a {@code .stagb} file ({@link BinaryLayout}); sections are written in parallel.
 * A graph held in row blocks ({@link Graph#wide()}) is written as version 3, with int64 row pointers and its blocks'
 * columns and weights one after the other; any other as version 2.
 */
public final class BinaryGraphWriter {
    private BinaryGraphWriter() {
    }

    /** Writes {@code g} to {@code path}, replacing what is there. */
    public static void write(Graph g, Path path, int threads) throws IOException {
        int n = g.numRows();
        long m = g.numEntries();
        int version = g.wide() ? VERSION_WIDE : VERSION;
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
        boolean integer = g.valueKind() == ValueKind.INTEGER && version == VERSION;
        long[] bytes = sectionBytes(n, m, weighted, explicit, version);
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
                    if (s == IDS) {
                        crcs[s] = explicit ? SectionIo.writeLongs(ch, at[s], bytes[s], table, n) : 0;
                    } else if (s == WEIGHTS && !weighted) {
                        crcs[s] = 0;
                    } else if (g.wide()) {
                        crcs[s] = writeBlocks(ch, at[s], bytes[s], g.blocks(), s);
                    } else {
                        int mi = g.numEdges();
                        crcs[s] = switch (s) {
                            case ROW_PTR -> SectionIo.writeInts(ch, at[s], bytes[s], g.rowPtr(), n + 1);
                            case COLUMNS -> SectionIo.writeInts(ch, at[s], bytes[s], g.colIdx(), mi);
                            default -> integer ? SectionIo.writeLongs(ch, at[s], bytes[s], integersOf(g), mi)
                                    : SectionIo.writeDoubles(ch, at[s], bytes[s], weightsOf(g, mi), mi);
                        };
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            BinaryHeader h = new BinaryHeader(version, g.symmetry(), g.valueKind(), g.valueType(), explicit, n, g.numCols(), m,
                    explicit ? 0 : ids.base(), g.duplicates(), length, crcs, ids.order());
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
        double[] w = weightsOf(g, g.numEdges());
        long[] exact = new long[g.numEdges()];
        boolean unsigned = g.valueType() == GraphBlasType.UINT64;
        for (int p = 0; p < exact.length; p++) {
            // A graph a format made may hold integral doubles beyond 2^53: the 64 bits of the double's integer.
            exact[p] = unsigned && w[p] >= 0x1p63 ? (long) (w[p] - 0x1p64) : (long) w[p];
        }
        return exact;
    }

    /** Section {@code s} of a graph in row blocks: int64 row pointers, or the blocks' columns or weights in order. */
    private static int writeBlocks(FileChannel ch, long at, long bytes, RowBlocks rows, int s) throws IOException {
        try (SectionWriter w = new SectionWriter(ch, at)) {
            if (s == ROW_PTR) {
                long[] buf = new long[1 << 16];
                int k = 0;
                for (int r = 0; r <= rows.rows(); r++) {
                    buf[k++] = rows.rowStart(r);
                    if (k == buf.length) {
                        w.putLongs(buf, 0, k);
                        k = 0;
                    }
                }
                w.putLongs(buf, 0, k);
            } else {
                for (int b = 0; b < rows.blockCount(); b++) {
                    int count = (int) (rows.first(b + 1) - rows.first(b));
                    if (s == COLUMNS) {
                        w.putInts(rows.col(b), 0, count);
                    } else if (rows.weighted()) {
                        w.putDoubles(rows.weights(b), 0, count);
                    } else {
                        double[] ones = new double[count];
                        java.util.Arrays.fill(ones, 1.0);
                        w.putDoubles(ones, 0, count);
                    }
                }
            }
            return w.finish(bytes);
        }
    }

    /** A weighted graph's values; a graph whose kind says weighted but holds none has weight 1 everywhere. */
    private static double[] weightsOf(Graph g, int m) {
        if (g.weights() != null) {
            return g.weights();
        }
        double[] ones = new double[m];
        java.util.Arrays.fill(ones, 1.0);
        return ones;
    }
}
