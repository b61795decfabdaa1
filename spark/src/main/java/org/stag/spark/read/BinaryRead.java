package org.stag.spark.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.stag.formats.tensor.Format;
import org.stag.loaders.BadInputException;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.spark.graph.ChunkSink;
import org.stag.spark.graph.GraphMeta;
import org.stag.spark.graph.PartitionedGraph;
import org.stag.spark.graph.RowBlocks;

/**
 * Reads a {@code .stagb} file ({@code docs/binary-format.md}) into row blocks: the driver checks the 128-byte
 * header (magic number, version, header checksum, codes, sizes against the file's length); each task reads its
 * rows' offsets, columns and weights with positioned reads and routes them, an undirected graph's upper triangle to
 * both ends' blocks (their builder mirrors it) and a directed graph's entries also transposed for its in-edges. The
 * sections' checksums cover whole sections and are not checked here; a single JVM's read checks them.
 */
final class BinaryRead {
    private static final long MAGIC = 0x0A0D424741545389L;
    private static final int HEADER = 128;

    private BinaryRead() {
    }

    static PartitionedGraph read(JavaSparkContext sc, String path, LoadOptions options, int partitions, Format format) {
        long length = FileBytes.length(path);
        ByteBuffer h = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
        try (FSDataInputStream in = FileBytes.fs(path).open(new org.apache.hadoop.fs.Path(path))) {
            if (length < HEADER) {
                throw bad(path, "too short for a stag binary graph (" + length + " bytes)");
            }
            in.readFully(0, h.array());
        } catch (IOException e) {
            throw new BadInputException(path, 0, "cannot read: " + e.getMessage());
        }
        if (h.getLong(0) != MAGIC) {
            throw bad(path, "not a stag binary graph (bad magic number)");
        }
        if (h.getInt(8) != 1) {
            throw bad(path, "unsupported version " + Integer.toUnsignedString(h.getInt(8)));
        }
        CRC32C crc = new CRC32C();
        crc.update(h.array(), 0, 124);
        if ((int) crc.getValue() != h.getInt(124)) {
            throw bad(path, "header checksum mismatch (the file is damaged)");
        }
        Symmetry symmetry = switch (h.get(12)) {
            case 0 -> Symmetry.GENERAL;
            case 1 -> Symmetry.SYMMETRIC;
            case 2 -> Symmetry.SKEW_SYMMETRIC;
            default -> throw bad(path, "unknown symmetry code " + h.get(12));
        };
        ValueKind kind = switch (h.get(13)) {
            case 0 -> ValueKind.PATTERN;
            case 1 -> ValueKind.INTEGER;
            case 2 -> ValueKind.REAL;
            default -> throw bad(path, "unknown value kind code " + h.get(13));
        };
        if (h.get(14) != 0) {
            throw bad(path, "a graph with a vertex table (LDBC ids) is not read on Spark yet");
        }
        long n = h.getLong(16);
        long m = h.getLong(32);
        long base = h.getLong(40);
        if (n < 0 || n > Integer.MAX_VALUE - 9 || m < 0 || m > Integer.MAX_VALUE - 9 || h.getLong(24) != n) {
            throw bad(path, "bad sizes: " + n + " x " + h.getLong(24) + ", " + m + " entries");
        }
        long ptrOff = HEADER;
        long colOff = ptrOff + round8(4 * (n + 1));
        long wOff = colOff + round8(4 * m);
        long end = kind == ValueKind.PATTERN ? wOff : wOff + 8 * m;
        if (h.getLong(56) != length || end > length) {
            throw bad(path, "the file is " + length + " bytes, its header says " + h.getLong(56) + " (truncated?)");
        }
        GraphMeta meta = new GraphMeta(path, (int) n, symmetry, kind, base, DuplicatePolicy.ERROR, false, false);
        RowBlocks rows = new RowBlocks((int) n, partitions);
        List<Integer> blocks = new ArrayList<>();
        for (int b = 0; b < partitions; b++) {
            blocks.add(b);
        }
        boolean weighted = kind != ValueKind.PATTERN;
        try {
            return PartitionedGraph.build(sc.parallelize(blocks, partitions).flatMap(b -> {
                int lo = rows.lo(b);
                int hi = rows.hi(b);
                ChunkSink sink = new ChunkSink(rows.count(), weighted);
                try (FSDataInputStream in = FileBytes.fs(path).open(new org.apache.hadoop.fs.Path(path))) {
                    int[] ptr = ints(in, ptrOff + 4L * lo, hi - lo + 1);
                    int[] col = ints(in, colOff + 4L * ptr[0], ptr[hi - lo] - ptr[0]);
                    double[] w = weighted ? doubles(in, wOff + 8L * ptr[0], ptr[hi - lo] - ptr[0]) : null;
                    for (int v = lo; v < hi; v++) {
                        for (int p = ptr[v - lo] - ptr[0]; p < ptr[v - lo + 1] - ptr[0]; p++) {
                            int c = col[p];
                            if (c < 0 || c >= rows.n()) {
                                throw bad(path, "column " + c + " of row " + v + " out of range");
                            }
                            double x = w == null ? 1.0 : w[p];
                            if (symmetry == Symmetry.GENERAL) {
                                sink.add(b, false, v, c, x);
                                sink.add(rows.owner(c), true, c, v, x);
                            } else if (v <= c) {
                                sink.add(b, false, v, c, x);
                                if (rows.owner(c) != b) {
                                    sink.add(rows.owner(c), false, v, c, x);
                                }
                            }
                        }
                    }
                }
                return sink.chunks(b).iterator();
            }).mapToPair(t -> t), meta, rows, format);
        } catch (Exception e) {
            throw Failures.badInput(e);
        }
    }

    private static long round8(long bytes) {
        return (bytes + 7) & ~7L;
    }

    private static int[] ints(FSDataInputStream in, long at, int count) throws IOException {
        byte[] b = new byte[4 * count];
        in.readFully(at, b);
        int[] out = new int[count];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }

    private static double[] doubles(FSDataInputStream in, long at, int count) throws IOException {
        byte[] b = new byte[8 * count];
        in.readFully(at, b);
        double[] out = new double[count];
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(out);
        return out;
    }

    private static BadInputException bad(String path, String cause) {
        return new BadInputException(path, 0, cause);
    }
}
