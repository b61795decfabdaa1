package org.stag.loaders.binary;

import static org.stag.loaders.binary.BinaryLayout.*;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import org.stag.loaders.Graph;
import org.stag.loaders.Parallel;
import org.stag.loaders.RowBlocks;
import org.stag.loaders.VertexIds;

/**
 * Reads a {@code .stagb} file with int64 row pointers (version 3), or any file with more entries than
 * {@link RowBlocks#limit()}, into row blocks: the row pointers first (checked, then cut into blocks of
 * {@link RowBlocks#bitsFor} rows), then the columns and weights copied from the mapped file straight into their
 * blocks' arrays in pieces of at most {@link SectionIo#READ_BLOCK} bytes on all threads, each piece checksummed;
 * the pieces' checksums are combined in file order. A file of at most the limit gives a graph of one array as
 * version 1 does.
 */
final class WideGraphReader {
    private WideGraphReader() {
    }

    /** One copy: {@code bytes} bytes of section {@code section} at {@code offset} into block {@code block} from {@code first}. */
    private record Piece(int section, long offset, int bytes, int block, int first) {
    }

    static Graph read(FileChannel ch, String file, BinaryHeader h, int threads) throws IOException {
        int n = (int) h.rows();
        long m = h.entries();
        long[] bytes = h.sections();
        long[] ptr = readPointers(ch, file, h, bytes[ROW_PTR]);
        boolean split = RowBlocks.needed(m);
        int bits = split ? RowBlocks.bitsFor(n, r -> ptr[r], RowBlocks.limit()) : RowBlocks.ONE_BLOCK;
        RowBlocks rows = RowBlocks.allocate(n, bits, r -> ptr[r], h.valueKind().weighted());
        List<Piece> pieces = new ArrayList<>();
        for (int s = COLUMNS; s <= WEIGHTS; s++) {
            if (bytes[s] == 0) {
                continue;
            }
            int width = s == COLUMNS ? 4 : 8;
            for (int b = 0; b < rows.blockCount(); b++) {
                long lo = width * rows.first(b);
                long hi = width * rows.first(b + 1);
                for (long o = lo; o < hi; o += SectionIo.READ_BLOCK) {
                    pieces.add(new Piece(s, o, (int) Math.min(SectionIo.READ_BLOCK, hi - o), b, (int) ((o - lo) / width)));
                }
            }
            long padding = bytes[s] - width * m;
            if (padding > 0) {
                pieces.add(new Piece(s, width * m, (int) padding, -1, 0));
            }
        }
        int[] crcs = new int[pieces.size()];
        try {
            Parallel.forEachBlock(threads, pieces.size(), i -> {
                Piece p = pieces.get(i);
                try {
                    ByteBuffer view = SectionIo.read(ch, h.offset(p.section) + p.offset, p.bytes);
                    crcs[i] = SectionIo.crc(view);
                    if (p.block >= 0) {
                        Object target = p.section == COLUMNS ? rows.col(p.block) : rows.weights(p.block);
                        SectionIo.copy(view, target, p.first, p.first + p.bytes / (p.section == COLUMNS ? 4 : 8));
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        for (int s = COLUMNS; s <= WEIGHTS; s++) {
            int crc = 0;
            boolean any = false;
            for (int i = 0; i < crcs.length; i++) {
                Piece p = pieces.get(i);
                if (p.section == s) {
                    crc = any ? Crc32cCombine.combine(crc, crcs[i], p.bytes) : crcs[i];
                    any = true;
                }
            }
            if (bytes[s] > 0 && crc != h.crcs()[s]) {
                throw BinaryHeader.bad(file, "checksum mismatch in the " + SECTION_NAMES[s] + " section (the file is corrupt)");
            }
        }
        if (h.exactIntegers()) {
            // A version 2 file's int64 values were copied bit for bit into the double arrays: convert them in place
            // (rows in blocks hold doubles, so values beyond 2^53 round as a double does).
            boolean unsigned = h.valueType() == org.stag.loaders.GraphBlasType.UINT64;
            Parallel.forEachBlock(threads, rows.blockCount(), b -> {
                double[] w = rows.weights(b);
                for (int p = 0, end = (int) (rows.first(b + 1) - rows.first(b)); p < end; p++) {
                    w[p] = org.stag.loaders.ExactValues.toDouble(Double.doubleToRawLongBits(w[p]), unsigned);
                }
            });
        }
        int cols = (int) h.cols();
        String[] problems = new String[rows.blockCount()];
        Parallel.forEachBlock(threads, rows.blockCount(), b -> {
            int[] local = rows.ptr(b);
            problems[b] = BinaryGraphReader.checkColumns(local, rows.col(b), cols, 0, local[local.length - 1]);
        });
        for (int b = 0; b < problems.length; b++) {
            if (problems[b] != null) {
                String found = problems[b];
                long at = rows.first(b) + Long.parseLong(found.substring(0, found.indexOf(' ')));
                String cause = found.substring(found.indexOf(' ') + 1);
                int row = rows.firstRow(b) + Integer.parseInt(cause.substring(cause.lastIndexOf(' ') + 1));
                throw BinaryHeader.bad(file, "entry " + at + ": " + cause.substring(0, cause.lastIndexOf(' ') + 1) + row);
            }
        }
        VertexIds ids = BinaryGraphReader.vertexIds(ch, file, h);
        if (!split) {
            return new Graph(file, n, cols, rows.ptr(0), rows.col(0), rows.weights(0), h.symmetry(), h.valueKind(), ids,
                    h.duplicates());
        }
        return new Graph(file, n, cols, rows, h.symmetry(), h.valueKind(), ids, h.duplicates());
    }

    /** The row pointers as longs (int32 or int64 in the file), checksummed and checked to run from 0 to the entries. */
    static long[] readPointers(FileChannel ch, String file, BinaryHeader h, long sectionBytes) throws IOException {
        int n = (int) h.rows();
        long[] ptr = new long[n + 1];
        int[] narrow = h.widePointers() ? null : new int[(int) Math.min(n + 1L, SectionIo.READ_BLOCK / 4)];
        int crc = 0;
        long done = 0;
        int element = 0;
        for (long o = 0; o < sectionBytes; o += SectionIo.READ_BLOCK) {
            int len = (int) Math.min(SectionIo.READ_BLOCK, sectionBytes - o);
            ByteBuffer view = SectionIo.read(ch, h.offset(ROW_PTR) + o, len);
            int c = SectionIo.crc(view);
            crc = o == 0 ? c : Crc32cCombine.combine(crc, c, len);
            if (h.widePointers()) {
                SectionIo.copy(view, ptr, element, n + 1);
                element = (int) Math.min(n + 1L, element + len / 8);
            } else {
                int count = (int) Math.min(n + 1L - element, len / 4);
                SectionIo.copy(view, narrow, 0, count);
                for (int k = 0; k < count; k++) {
                    ptr[element + k] = narrow[k];
                }
                element += count;
            }
            done += len;
        }
        if (done != sectionBytes || crc != h.crcs()[ROW_PTR]) {
            throw BinaryHeader.bad(file, "checksum mismatch in the row pointers section (the file is corrupt)");
        }
        long m = h.entries();
        if (ptr[0] != 0 || ptr[n] != m) {
            throw BinaryHeader.bad(file, "row pointers run from " + ptr[0] + " to " + ptr[n] + ", not from 0 to " + m);
        }
        for (int r = 0; r < n; r++) {
            if (ptr[r + 1] < ptr[r] || ptr[r + 1] - ptr[r] > h.cols()) {
                throw BinaryHeader.bad(file, "row pointers out of order at row " + r + " (" + ptr[r] + " then " + ptr[r + 1] + ")");
            }
        }
        return ptr;
    }
}
