package org.stag.loaders.binary;

import static org.stag.loaders.binary.BinaryLayout.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.ByteOrder;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.Parallel;
import org.stag.loaders.VertexIds;

/**
 * Loads a {@code .stagb} file: the header is checked against the limits and the file's length before any
 * array is allocated, the sections are read in bulk on several threads with their CRC32C verified, and the
 * CSR arrays are checked (offsets in order, columns in range and sorted) so that a file with valid checksums
 * but inconsistent content is refused too, never crashing a later stage.
 */
public final class BinaryGraphReader {
    /** Bytes per vertex of the hash map that inverts an explicit id table (fastutil, load factor 0.75, keys + values). */
    private static final long ID_MAP_BYTES_PER_VERTEX = 32;

    private BinaryGraphReader() {
    }

    /**
     * Reads {@code path}, calling it {@code file} in messages.
     *
     * @throws BadInputException for any wrong, truncated or corrupt content, with a one-line cause
     */
    public static Graph read(Path path, String file, int threads) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer head = ByteBuffer.allocate(HEADER_BYTES);
            int got = 0;
            while (head.hasRemaining()) {
                int r = ch.read(head, got);
                if (r < 0) {
                    break;
                }
                got += r;
            }
            BinaryHeader h = BinaryHeader.decode(file, head, got, size);
            checkMemory(file, h);
            return readSections(ch, file, h, threads);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file, 0, "no such file");
        } catch (IOException e) {
            throw new BadInputException(file, 0, "cannot read: " + e.getMessage());
        }
    }

    private static void checkMemory(String file, BinaryHeader h) {
        long[] bytes = h.sections();
        long need = bytes[0] + bytes[1] + bytes[2] + bytes[3] + (h.explicitIds() ? ID_MAP_BYTES_PER_VERTEX * h.rows() : 0);
        Runtime rt = Runtime.getRuntime();
        long available = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        if (need > available) {
            throw new BadInputException(file, 0, "needs about " + gigabytes(need) + " for " + h.rows() + " vertices and "
                    + h.entries() + " edges, more than the " + gigabytes(available)
                    + " free; give more with STAG_JAVA_OPTS=-Xmx…");
        }
    }

    private static String gigabytes(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f GB", bytes / 1e9);
    }

    private static Graph readSections(FileChannel ch, String file, BinaryHeader h, int threads) throws IOException {
        int n = (int) h.rows();
        int m = (int) h.entries();
        long[] bytes = h.sections();
        // Allocated (and so zeroed) in parallel: for a large graph, zeroing is a good part of the load.
        Object[] arrays = new Object[4];
        Parallel.forEachBlock(threads, 4, s -> arrays[s] = switch (s) {
            case ROW_PTR -> new int[n + 1];
            case COLUMNS -> new int[m];
            case WEIGHTS -> bytes[s] == 0 ? null : new double[m];
            default -> bytes[s] == 0 ? null : new long[n];
        });
        int[] counts = {n + 1, m, m, n};
        // Every section is cut into blocks that any thread may read; their checksums are combined in order.
        int blocks = 0;
        for (int s = 0; s < 4; s++) {
            blocks += (int) ((bytes[s] + SectionIo.READ_BLOCK - 1) / SectionIo.READ_BLOCK);
        }
        int[] blockSection = new int[blocks];
        long[] blockOffset = new long[blocks];
        for (int s = 0, b = 0; s < 4; s++) {
            for (long o = 0; o < bytes[s]; o += SectionIo.READ_BLOCK, b++) {
                blockSection[b] = s;
                blockOffset[b] = o;
            }
        }
        int[] blockCrc = new int[blocks];
        int bufferBytes = (int) Math.min(SectionIo.READ_BLOCK, Math.max(Math.max(bytes[0], bytes[1]), Math.max(bytes[2], bytes[3])));
        ConcurrentLinkedQueue<ByteBuffer> buffers = new ConcurrentLinkedQueue<>();
        try {
            Parallel.forEachBlock(threads, blocks, b -> {
                int s = blockSection[b];
                long o = blockOffset[b];
                int len = (int) Math.min(SectionIo.READ_BLOCK, bytes[s] - o);
                ByteBuffer buf = buffers.poll();
                if (buf == null) {
                    buf = ByteBuffer.allocateDirect(bufferBytes).order(ByteOrder.LITTLE_ENDIAN);
                }
                try {
                    int width = s == ROW_PTR || s == COLUMNS ? 4 : 8;
                    blockCrc[b] = SectionIo.readBlock(ch, buf, h.offset(s) + o, len, arrays[s], (int) (o / width), counts[s]);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } finally {
                    buffers.add(buf);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        for (int s = 0, b = 0; s < 4; s++) {
            int crc = 0;
            for (long o = 0; o < bytes[s]; o += SectionIo.READ_BLOCK, b++) {
                crc = o == 0 ? blockCrc[b] : Crc32cCombine.combine(crc, blockCrc[b], Math.min(SectionIo.READ_BLOCK, bytes[s] - o));
            }
            if (crc != h.crcs()[s]) {
                throw BinaryHeader.bad(file, "checksum mismatch in the " + SECTION_NAMES[s] + " section (the file is corrupt)");
            }
        }
        int[] rowPtr = (int[]) arrays[ROW_PTR];
        int[] col = (int[]) arrays[COLUMNS];
        checkCsr(file, n, (int) h.cols(), m, rowPtr, col, threads);
        long[] ids = (long[]) arrays[IDS];
        VertexIds vertexIds;
        if (ids != null) {
            try {
                vertexIds = VertexIds.explicit(ids);
            } catch (IllegalArgumentException e) {
                throw BinaryHeader.bad(file, e.getMessage());
            }
        } else {
            vertexIds = VertexIds.offset(h.idBase());
        }
        return new Graph(file, n, (int) h.cols(), rowPtr, col, (double[]) arrays[WEIGHTS], h.symmetry(), h.valueKind(),
                vertexIds, h.duplicates());
    }

    /** Row offsets from 0 to the entry count, never decreasing; columns in range and increasing within each row. */
    private static void checkCsr(String file, int n, int cols, int m, int[] rowPtr, int[] col, int threads) {
        if (rowPtr[0] != 0 || rowPtr[n] != m) {
            throw BinaryHeader.bad(file, "row pointers run from " + rowPtr[0] + " to " + rowPtr[n] + ", not from 0 to " + m);
        }
        int blocks = Math.max(1, Math.min(threads * 4, n / 4096 + 1));
        int[] bounds = Parallel.split(n, blocks);
        AtomicReference<String> first = new AtomicReference<>();
        Parallel.forEachBlock(threads, blocks, b -> {
            String problem = checkRows(rowPtr, col, cols, bounds[b], bounds[b + 1]);
            if (problem != null) {
                // Keep the lowest row's problem, so the message does not depend on thread timing.
                first.accumulateAndGet(problem, (x, y) -> x == null || rowOf(y) < rowOf(x) ? y : x);
            }
        });
        if (first.get() != null) {
            throw BinaryHeader.bad(file, first.get().substring(first.get().indexOf(' ') + 1));
        }
    }

    private static long rowOf(String problem) {
        return Long.parseLong(problem.substring(0, problem.indexOf(' ')));
    }

    /** The first problem in rows {@code [lo, hi)} as {@code "ROW cause"}, or {@code null}. */
    private static String checkRows(int[] rowPtr, int[] col, int cols, int lo, int hi) {
        for (int r = lo; r < hi; r++) {
            int from = rowPtr[r];
            int to = rowPtr[r + 1];
            if (to < from || to > col.length) {
                return r + " row pointers out of order at row " + r + " (" + from + " then " + to + ")";
            }
            int prev = -1;
            for (int p = from; p < to; p++) {
                int c = col[p];
                if (c <= prev || c >= cols) {
                    return r + " " + (c >= cols || c < 0 ? "column " + c + " out of range 0.." + (cols - 1L)
                            : "columns not sorted and distinct") + " in row " + r;
                }
                prev = c;
            }
        }
        return null;
    }
}
