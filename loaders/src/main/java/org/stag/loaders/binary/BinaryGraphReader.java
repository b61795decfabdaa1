package org.stag.loaders.binary;

import static org.stag.loaders.binary.BinaryLayout.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ForkJoinTask;
import java.util.zip.CRC32C;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.Parallel;
import org.stag.loaders.VertexIds;

/**
 * Loads a {@code .stagb} file: the header is checked against the limits and the file's length before any
 * array is allocated; the sections are mapped, their CRC32C verified and the CSR content checked (offsets
 * in order, columns in range and sorted, so that a file with valid checksums but inconsistent content is
 * refused too, never crashing a later stage) while the large arrays are allocated on other threads; then
 * the sections are copied into them in parallel.
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
        int[] counts = {n + 1, m, m, n};
        // The JVM zeroes a new array on the thread that allocates it, touching every page for the first time:
        // for a large graph that is the longest step of a cold load. So the large arrays are allocated on the
        // pool while this thread checksums and checks the file; the copies follow, on all threads.
        Object[] arrays = new Object[4];
        ForkJoinTask<?>[] allocations = new ForkJoinTask<?>[4];
        for (int s : new int[] {WEIGHTS, COLUMNS, IDS}) {
            if (s == COLUMNS || bytes[s] > 0) {
                Runnable allocate = () -> arrays[s] = s == COLUMNS ? new int[m] : s == WEIGHTS ? new double[m] : new long[n];
                if (threads > 1) {
                    allocations[s] = Parallel.pool(threads).submit(allocate);
                } else {
                    allocate.run();
                }
            }
        }
        ByteBuffer[][] blocks = new ByteBuffer[4][];
        int[] rowPtr = new int[n + 1];
        try {
            for (int s = 0; s < 4; s++) {
                blocks[s] = map(ch, h.offset(s), bytes[s]);
            }
            verify(file, h, blocks, rowPtr, counts);
        } finally {
            for (ForkJoinTask<?> a : allocations) {
                if (a != null) {
                    a.quietlyJoin();
                }
            }
        }
        for (ForkJoinTask<?> a : allocations) {
            if (a != null) {
                a.join();
            }
        }
        copy(blocks, arrays, counts, threads);
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
        return new Graph(file, n, (int) h.cols(), rowPtr, (int[]) arrays[COLUMNS], (double[]) arrays[WEIGHTS],
                h.symmetry(), h.valueKind(), vertexIds, h.duplicates());
    }

    /** A section mapped in blocks of at most {@link SectionIo#READ_BLOCK} bytes. */
    private static ByteBuffer[] map(FileChannel ch, long at, long bytes) throws IOException {
        ByteBuffer[] blocks = new ByteBuffer[(int) ((bytes + SectionIo.READ_BLOCK - 1) / SectionIo.READ_BLOCK)];
        for (int b = 0; b < blocks.length; b++) {
            long o = (long) b * SectionIo.READ_BLOCK;
            blocks[b] = SectionIo.map(ch, at + o, (int) Math.min(SectionIo.READ_BLOCK, bytes - o));
        }
        return blocks;
    }

    /**
     * Reads the row pointers and checks them, then checksums every other section, checking the columns on
     * the way; refuses the file at the first problem, checksums before content.
     */
    private static void verify(String file, BinaryHeader h, ByteBuffer[][] blocks, int[] rowPtr, int[] counts) {
        CRC32C crc = new CRC32C();
        for (int b = 0; b < blocks[ROW_PTR].length; b++) {
            SectionIo.checksum(crc, blocks[ROW_PTR][b]);
            SectionIo.copy(blocks[ROW_PTR][b], rowPtr, b * (SectionIo.READ_BLOCK / 4), counts[ROW_PTR]);
        }
        compare(file, h, crc, ROW_PTR);
        checkRowPointers(file, counts[ROW_PTR] - 1, counts[COLUMNS], rowPtr);
        ColumnCheck check = new ColumnCheck(rowPtr, (int) h.cols());
        int[] scratch = SectionIo.columnScratch();
        crc.reset();
        for (int b = 0; b < blocks[COLUMNS].length; b++) {
            SectionIo.checksumColumns(crc, blocks[COLUMNS][b], counts[COLUMNS] - b * (SectionIo.READ_BLOCK / 4), check,
                    scratch);
        }
        compare(file, h, crc, COLUMNS);
        for (int s = WEIGHTS; s < 4; s++) {
            crc.reset();
            for (ByteBuffer block : blocks[s]) {
                SectionIo.checksum(crc, block);
            }
            compare(file, h, crc, s);
        }
        if (check.problem() != null) {
            throw BinaryHeader.bad(file, check.problem());
        }
    }

    /** Compares a section's checksum with the header's. */
    private static void compare(String file, BinaryHeader h, CRC32C crc, int s) {
        if ((int) crc.getValue() != h.crcs()[s]) {
            throw BinaryHeader.bad(file, "checksum mismatch in the " + SECTION_NAMES[s] + " section (the file is corrupt)");
        }
    }

    /** Copies the mapped blocks of the columns, weights and ids into their arrays, blocks in parallel. */
    private static void copy(ByteBuffer[][] blocks, Object[] arrays, int[] counts, int threads) {
        int total = blocks[COLUMNS].length + blocks[WEIGHTS].length + blocks[IDS].length;
        int[] section = new int[total];
        int[] index = new int[total];
        for (int s = COLUMNS, i = 0; s < 4; s++) {
            for (int b = 0; b < blocks[s].length; b++, i++) {
                section[i] = s;
                index[i] = b;
            }
        }
        Parallel.forEachBlock(threads, total, i -> {
            int s = section[i];
            int width = s == COLUMNS ? 4 : 8;
            SectionIo.copy(blocks[s][index[i]], arrays[s], index[i] * (SectionIo.READ_BLOCK / width), counts[s]);
        });
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
}
