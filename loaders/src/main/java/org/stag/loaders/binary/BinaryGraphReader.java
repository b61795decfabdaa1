package org.stag.loaders.binary;

import static org.stag.loaders.binary.BinaryLayout.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
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
        int rowPtrBlocks = (int) ((bytes[ROW_PTR] + SectionIo.READ_BLOCK - 1) / SectionIo.READ_BLOCK);
        int[] rowPtr = (int[]) arrays[ROW_PTR];
        int[] col = (int[]) arrays[COLUMNS];
        int cols = (int) h.cols();
        // First the row pointers, checked, so the column blocks can be checked as they are copied (while in cache).
        readBlocks(ch, h, threads, 0, rowPtrBlocks, blockSection, blockOffset, blockCrc, arrays, counts, null);
        verify(file, h, bytes, blockCrc, ROW_PTR);
        checkRowPointers(file, n, m, rowPtr);
        AtomicLong firstProblem = new AtomicLong(Long.MAX_VALUE);
        AtomicReference<String> problem = new AtomicReference<>();
        readBlocks(ch, h, threads, rowPtrBlocks, blocks, blockSection, blockOffset, blockCrc, arrays, counts, (from, to) -> {
            String found = checkColumns(rowPtr, col, cols, from, to);
            if (found != null) {
                long at = Long.parseLong(found.substring(0, found.indexOf(' ')));
                synchronized (firstProblem) {
                    if (at < firstProblem.get()) {
                        firstProblem.set(at);
                        problem.set(found.substring(found.indexOf(' ') + 1));
                    }
                }
            }
        });
        for (int s = COLUMNS; s < 4; s++) {
            verify(file, h, bytes, blockCrc, s);
        }
        // Pairs across block boundaries were not compared inside the blocks.
        for (long o = SectionIo.READ_BLOCK; o < 4L * m; o += SectionIo.READ_BLOCK) {
            String found = checkColumns(rowPtr, col, cols, (int) (o / 4) - 1, (int) (o / 4) + 1);
            if (found != null && Long.parseLong(found.substring(0, found.indexOf(' '))) < firstProblem.get()) {
                firstProblem.set(Long.parseLong(found.substring(0, found.indexOf(' '))));
                problem.set(found.substring(found.indexOf(' ') + 1));
            }
        }
        if (problem.get() != null) {
            throw BinaryHeader.bad(file, problem.get());
        }
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

    /** Called with the element range of each column block once it is copied. */
    private interface ColumnCheck {
        void check(int from, int to);
    }

    private static void readBlocks(FileChannel ch, BinaryHeader h, int threads, int first, int last, int[] blockSection,
                                   long[] blockOffset, int[] blockCrc, Object[] arrays, int[] counts, ColumnCheck check)
            throws IOException {
        long[] bytes = h.sections();
        try {
            Parallel.forEachBlock(threads, last - first, i -> {
                int b = first + i;
                int s = blockSection[b];
                long o = blockOffset[b];
                int len = (int) Math.min(SectionIo.READ_BLOCK, bytes[s] - o);
                int width = s == ROW_PTR || s == COLUMNS ? 4 : 8;
                int from = (int) (o / width);
                try {
                    blockCrc[b] = SectionIo.readBlock(ch, h.offset(s) + o, len, arrays[s], from, counts[s]);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                if (s == COLUMNS && check != null) {
                    check.check(from, Math.min(counts[s], from + len / width));
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Combines the block checksums of section {@code s} and compares them with the header's. */
    private static void verify(String file, BinaryHeader h, long[] bytes, int[] blockCrc, int s) {
        int b = 0;
        for (int t = 0; t < s; t++) {
            b += (int) ((bytes[t] + SectionIo.READ_BLOCK - 1) / SectionIo.READ_BLOCK);
        }
        int crc = 0;
        for (long o = 0; o < bytes[s]; o += SectionIo.READ_BLOCK, b++) {
            crc = o == 0 ? blockCrc[b] : Crc32cCombine.combine(crc, blockCrc[b], Math.min(SectionIo.READ_BLOCK, bytes[s] - o));
        }
        if (crc != h.crcs()[s]) {
            throw BinaryHeader.bad(file, "checksum mismatch in the " + SECTION_NAMES[s] + " section (the file is corrupt)");
        }
    }

    /** Row offsets from 0 to the entry count, never decreasing. */
    private static void checkRowPointers(String file, int n, int m, int[] rowPtr) {
        if (rowPtr[0] != 0 || rowPtr[n] != m) {
            throw BinaryHeader.bad(file, "row pointers run from " + rowPtr[0] + " to " + rowPtr[n] + ", not from 0 to " + m);
        }
        for (int r = 0; r < n; r++) {
            if (rowPtr[r + 1] < rowPtr[r]) {
                throw BinaryHeader.bad(file, "row pointers out of order at row " + r + " (" + rowPtr[r] + " then " + rowPtr[r + 1] + ")");
            }
        }
    }

    /**
     * Checks entries {@code [from, to)}: columns in range and increasing within each row (pairs that straddle
     * {@code from} are not compared). Returns the first problem as {@code "POSITION cause"}, or {@code null}.
     */
    static String checkColumns(int[] rowPtr, int[] col, int cols, int from, int to) {
        if (from >= to) {
            return null;
        }
        // The row holding entry 'from': the last row starting at or before it.
        int lo = 0;
        int hi = rowPtr.length - 2;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (rowPtr[mid] <= from) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int r = lo;
        int next = rowPtr[r + 1];
        for (int p = from; p < to; p++) {
            int c = col[p];
            if (p == next) {
                while (rowPtr[r + 1] <= p) {
                    r++;
                }
                next = rowPtr[r + 1];
            } else if (p > from && c <= col[p - 1]) {
                return p + " columns not sorted and distinct in row " + r;
            }
            if (c < 0 || c >= cols) {
                return p + " column " + c + " out of range 0.." + (cols - 1L) + " in row " + r;
            }
        }
        return null;
    }
}
