package org.stag.loaders.binary;

import static org.stag.loaders.binary.BinaryLayout.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.stag.loaders.BadInputException;
import org.stag.loaders.ExactValues;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.Parallel;
import org.stag.loaders.RowBlocks;
import org.stag.loaders.VertexIds;

/**
 * Loads a {@code .stagb} file: the header is checked against the limits and the file's length before any
 * array is allocated, the sections are read in bulk on several threads with their CRC32C verified (the
 * checksums taken while the column array is zeroed), and the
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
            BinaryHeader h = BinaryHeader.read(ch, file);
            checkMemory(file, h);
            if (h.widePointers() || RowBlocks.needed(h.entries())) {
                return WideGraphReader.read(ch, file, h, threads);
            }
            return readSections(ch, file, h, threads);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file, 0, "no such file");
        } catch (IOException e) {
            throw new BadInputException(file, 0, "cannot read: " + org.stag.loaders.text.IoCause.of(e));
        }
    }

    private static void checkMemory(String file, BinaryHeader h) {
        long[] bytes = h.sections();
        long need = bytes[0] + bytes[1] + bytes[2] + bytes[3] + (h.exactIntegers() ? 8 * h.entries() : 0)
                + (h.explicitIds() ? ID_MAP_BYTES_PER_VERTEX * h.rows() : 0)
                // The row blocks' local offsets beside the int64 pointers they are cut from.
                + (h.widePointers() || RowBlocks.needed(h.entries()) ? 12 * (h.rows() + 1) : 0);
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
        Object[] arrays = new Object[4];
        // A fresh array's first touch (the kernel's page faults while the JVM zeroes it) is most of a cold load,
        // and one array is zeroed by one thread. So the calling thread zeroes the columns while another starts
        // the pool, reads and checks the row pointers and allocates the rest.
        try {
            Parallel.alongside(threads, () -> arrays[COLUMNS] = new int[m], () -> {
                int[] rowPtr = new int[n + 1];
                arrays[ROW_PTR] = rowPtr;
                try {
                    for (int b = 0; b < rowPtrBlocks; b++) {
                        int len = (int) Math.min(SectionIo.READ_BLOCK, bytes[ROW_PTR] - blockOffset[b]);
                        blockCrc[b] = SectionIo.readBlock(ch, h.offset(ROW_PTR) + blockOffset[b], len, rowPtr,
                                (int) (blockOffset[b] / 4), counts[ROW_PTR]);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                verify(file, h, bytes, blockCrc, ROW_PTR);
                checkRowPointers(file, n, m, rowPtr);
                arrays[WEIGHTS] = bytes[WEIGHTS] == 0 ? null : h.exactIntegers() ? new long[m] : new double[m];
                arrays[IDS] = bytes[IDS] == 0 ? null : new long[n];
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        int[] rowPtr = (int[]) arrays[ROW_PTR];
        int[] col = (int[]) arrays[COLUMNS];
        int cols = (int) h.cols();
        // Each block is read into its thread's buffer, checksummed and copied (the columns checked while in cache):
        // positional reads, so nothing but the arrays and one buffer per thread is resident.
        AtomicLong firstProblem = new AtomicLong(Long.MAX_VALUE);
        AtomicReference<String> problem = new AtomicReference<>();
        try {
            Parallel.forEachBlock(threads, blocks - rowPtrBlocks, i -> {
                int b = rowPtrBlocks + i;
                int s = blockSection[b];
                int width = s == COLUMNS ? 4 : 8;
                int from = (int) (blockOffset[b] / width);
                int len = (int) Math.min(SectionIo.READ_BLOCK, bytes[s] - blockOffset[b]);
                try {
                    blockCrc[b] = SectionIo.readBlock(ch, h.offset(s) + blockOffset[b], len, arrays[s], from, counts[s]);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                if (s == COLUMNS) {
                    String found = checkColumns(rowPtr, col, cols, from, Math.min(m, from + len / 4));
                    if (found != null) {
                        long at = Long.parseLong(found.substring(0, found.indexOf(' ')));
                        synchronized (firstProblem) {
                            if (at < firstProblem.get()) {
                                firstProblem.set(at);
                                problem.set(found.substring(found.indexOf(' ') + 1));
                            }
                        }
                    }
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
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
        VertexIds vertexIds = vertexIds(file, h, (long[]) arrays[IDS]);
        double[] weights;
        long[] exact = null;
        if (arrays[WEIGHTS] instanceof long[] integers) {
            weights = new double[m];
            boolean unsigned = h.valueType() == GraphBlasType.UINT64;
            boolean needed = false;
            for (int p = 0; p < m; p++) {
                weights[p] = ExactValues.toDouble(integers[p], unsigned);
                needed |= !ExactValues.exactAsDouble(integers[p], unsigned);
            }
            exact = needed ? integers : null;
        } else {
            weights = (double[]) arrays[WEIGHTS];
        }
        Graph g = new Graph(file, n, (int) h.cols(), rowPtr, col, weights, h.symmetry(), h.valueKind(),
                vertexIds, h.duplicates(), 0, exact, h.valueType());
        checkValues(file, g);
        if (!g.directed() && !g.storesBothDirections(threads)) {
            throw BinaryHeader.bad(file, "marked " + g.symmetry().mtxName() + ", but its entries do not hold every edge in"
                    + " both directions" + (g.symmetry() == Symmetry.SKEW_SYMMETRIC ? " with negated values and an empty diagonal"
                    : " with equal values") + " (the file is corrupt)");
        }
        return g;
    }

    /** Every value is one of the declared type's (an integer graph's values are whole numbers). */
    private static void checkValues(String file, Graph g) {
        double[] w = g.weights();
        GraphBlasType type = g.valueType();
        boolean integer = g.valueKind() == ValueKind.INTEGER;
        if (w == null || g.exactValues() != null || type == null && !integer) {
            return;
        }
        for (int p = 0, m = g.numEdges(); p < m; p++) {
            if (type != null ? !type.accepts(w[p]) : w[p] != Math.rint(w[p])) {
                throw BinaryHeader.bad(file, "value " + w[p] + " at entry " + p + " is not "
                        + (type != null ? "a value of type " + type.shortName() : "an integer") + " (the file is corrupt)");
            }
        }
    }

    /** The vertex ids: an offset, or the explicit table checked to be distinct. */
    private static VertexIds vertexIds(String file, BinaryHeader h, long[] ids) {
        if (ids == null) {
            return VertexIds.offset(h.idBase());
        }
        try {
            return VertexIds.explicit(ids).withOrder(h.vertexOrder());
        } catch (IllegalArgumentException e) {
            throw BinaryHeader.bad(file, e.getMessage());
        }
    }

    /** Reads and checks the ids section of {@code h}'s file ({@link #vertexIds(String, BinaryHeader, long[])}). */
    static VertexIds vertexIds(FileChannel ch, String file, BinaryHeader h) throws IOException {
        long[] bytes = h.sections();
        if (bytes[IDS] == 0) {
            return vertexIds(file, h, null);
        }
        int n = (int) h.rows();
        long[] ids = new long[n];
        int crc = 0;
        for (long o = 0; o < bytes[IDS]; o += SectionIo.READ_BLOCK) {
            int len = (int) Math.min(SectionIo.READ_BLOCK, bytes[IDS] - o);
            int c = SectionIo.readBlock(ch, h.offset(IDS) + o, len, ids, (int) (o / 8), n);
            crc = o == 0 ? c : Crc32cCombine.combine(crc, c, len);
        }
        if (crc != h.crcs()[IDS]) {
            throw BinaryHeader.bad(file, "checksum mismatch in the " + SECTION_NAMES[IDS] + " section (the file is corrupt)");
        }
        return vertexIds(file, h, ids);
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
