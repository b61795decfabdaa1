package org.stag.loaders.binary;

import static org.stag.loaders.binary.BinaryLayout.COLUMNS;
import static org.stag.loaders.binary.BinaryLayout.ROW_PTR;
import static org.stag.loaders.binary.BinaryLayout.SECTION_NAMES;
import static org.stag.loaders.binary.BinaryLayout.WEIGHTS;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.stag.loaders.BadInputException;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.MemoryBudget;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * Reads the rows of a {@code .stagb} file (any version, int32 or int64 row pointers) in order, a row range at a
 * time, for a consumer that encodes them as they come (a compressed level's bounded-memory build): only the rows'
 * degrees (4 bytes per row) and one range's columns and weights (at most {@link SectionIo#READ_BLOCK} bytes each,
 * or one row) are held. Each scan checks the columns' and weights' checksums and the columns' range and order,
 * naming the file and the entry. A file's explicit vertex ids (its ids section) are read, checked and kept whole
 * ({@link #ids()}). Files of exact integers (version 2) are read by {@link BinaryGraphReader} instead.
 */
public final class BinaryRowReader {
    private final Path path;
    private final String file;
    private final BinaryHeader h;
    /** Each row's entries (its offset is the sum of those before: the scans go in order). */
    private final int[] degree;
    private final VertexIds ids;
    /** Whether the weights are read (a weighted file read as a pattern leaves them, and their checksum, alone). */
    private final boolean weights;

    /** Receives one row: columns {@code col[from, to)}, increasing, and weights {@code w} at the same indices (or null). */
    @FunctionalInterface
    public interface RowConsumer {
        /** Row {@code r}'s columns and weights; the arrays are reused for the next rows. */
        void row(int r, int[] col, double[] w, int from, int to);
    }

    private BinaryRowReader(Path path, String file, BinaryHeader h, int[] degree, VertexIds ids, boolean weights) {
        this.path = path;
        this.file = file;
        this.h = h;
        this.degree = degree;
        this.ids = ids;
        this.weights = weights && h.valueKind().weighted();
    }

    /**
     * Opens {@code path} (called {@code file} in messages): reads its header, row pointers and vertex ids.
     *
     * @throws BadInputException for a wrong, truncated or corrupt file, or one with exact integers
     */
    public static BinaryRowReader open(Path path, String file) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            BinaryHeader h = BinaryHeader.read(ch, file);
            if (h.exactIntegers()) {
                throw new BadInputException(file, 0, "a file of exact integers (values beyond 2^53) is not read by row"
                        + " ranges; load it with another --format (e.g. dense,compressed)");
            }
            // The row pointers (8 bytes a row), the ids (up to 16 bytes a vertex), and what rows encoded into hold at
            // the least (a byte an entry, 8 bytes a row): refused in one line before any of it is allocated.
            MemoryBudget.require(file, 0, 16 * (h.rows() + 1) + (h.explicitIds() ? 16 * h.rows() : 0) + h.entries(),
                    MemoryBudget.describe(h.rows(), h.cols(), h.entries()));
            long[] ptr = WideGraphReader.readPointers(ch, file, h, h.sections()[ROW_PTR]);
            // Kept as degrees (4 bytes a row, not 8): the pointers, checked, are dropped before the rows are read.
            int[] degree = new int[ptr.length - 1];
            for (int r = 0; r < degree.length; r++) {
                degree[r] = (int) (ptr[r + 1] - ptr[r]);
            }
            ptr = null;
            return new BinaryRowReader(path, file, h, degree, BinaryGraphReader.vertexIds(ch, file, h), true);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file, 0, "no such file");
        } catch (IOException e) {
            throw new BadInputException(file, 0, "cannot read: " + org.stag.loaders.text.IoCause.of(e));
        }
    }

    /** The rows. */
    public int rows() {
        return (int) h.rows();
    }

    /** The columns. */
    public int cols() {
        return (int) h.cols();
    }

    /** The stored entries. */
    public long entries() {
        return h.entries();
    }

    /** Whether the rows handed over carry weights: the file's, unless read {@link #withoutWeights()}. */
    public boolean weighted() {
        return weights;
    }

    /** This file read as a pattern: its rows handed over without weights (the {@code --unweighted} of a load). */
    public BinaryRowReader withoutWeights() {
        return new BinaryRowReader(path, file, h, degree, ids, false);
    }

    /** The vertex ids: the file's ids section, or its id base. */
    public VertexIds ids() {
        return ids;
    }

    /** The kind of the values handed over: the file's, or a pattern when read {@link #withoutWeights()}. */
    public ValueKind valueKind() {
        return weights ? h.valueKind() : ValueKind.PATTERN;
    }

    /** The value type the file declares for the values handed over, or null. */
    public GraphBlasType valueType() {
        return weights ? h.valueType() : null;
    }

    /** The name the file is called in messages. */
    public String file() {
        return file;
    }

    /** The entries merged into others when the file was built, as its header records. */
    public long duplicates() {
        return h.duplicates();
    }

    /** The symmetry the file records. */
    public Symmetry symmetry() {
        return h.symmetry();
    }

    /** Row {@code r}'s entries. */
    public int degree(int r) {
        return degree[r];
    }

    /** Every row's entries: the reader's own array, shared so that an encoder keeps no copy (read only). */
    public int[] degrees() {
        return degree;
    }

    /**
     * Hands every row to {@code sink} in order, a range of rows at a time.
     *
     * @throws BadInputException for a column out of range or not above the one before, or a checksum mismatch
     */
    public void scan(RowConsumer sink) {
        int n = rows();
        int per = SectionIo.READ_BLOCK / 8;
        int[] col = new int[0];
        double[] w = null;
        int[] crc = new int[3];
        boolean[] any = new boolean[3];
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            int r0 = 0;
            long start = 0;
            while (r0 < n) {
                int r1 = r0 + 1;
                long wide = degree[r0];
                while (r1 < n && wide + degree[r1] <= per) {
                    wide += degree[r1++];
                }
                if (wide > Integer.MAX_VALUE / 8) {
                    throw new BadInputException(file, 0, "row " + r0 + " has " + wide + " entries, more than a row read"
                            + " by ranges holds (2^28); load the file whole");
                }
                int count = (int) wide;
                if (col.length < count) {
                    col = new int[Math.max(count, Math.min(per, 2 * col.length))];
                    w = weighted() ? new double[col.length] : null;
                }
                if (count > 0) {
                    read(ch, COLUMNS, 4, start, count, col, crc, any);
                    if (w != null) {
                        read(ch, WEIGHTS, 8, start, count, w, crc, any);
                    }
                }
                int at = 0;
                for (int r = r0; r < r1; r++) {
                    int d = degree[r];
                    check(col, at, at + d, r, start);
                    sink.row(r, col, w, at, at + d);
                    at += d;
                }
                r0 = r1;
                start += wide;
            }
            long[] bytes = h.sections();
            for (int s = COLUMNS; s <= (weights ? WEIGHTS : COLUMNS); s++) {
                int width = s == COLUMNS ? 4 : 8;
                long padding = bytes[s] - width * h.entries();
                if (bytes[s] > 0 && padding > 0) {
                    ByteBuffer view = SectionIo.read(ch, h.offset(s) + width * h.entries(), (int) padding);
                    int c = SectionIo.crc(view);
                    crc[s] = any[s] ? Crc32cCombine.combine(crc[s], c, (int) padding) : c;
                    any[s] = true;
                }
                if (bytes[s] > 0 && crc[s] != h.crcs()[s]) {
                    throw BinaryHeader.bad(file, "checksum mismatch in the " + SECTION_NAMES[s] + " section (the file is corrupt)");
                }
            }
        } catch (IOException e) {
            throw new BadInputException(file, 0, "cannot read: " + org.stag.loaders.text.IoCause.of(e));
        }
    }

    /**
     * Columns {@code col[from, to)} of row {@code r}, the buffer's entry {@code k} being the file's {@code start + k}: in
     * range and increasing, else one line naming the entry.
     */
    private void check(int[] col, int from, int to, int r, long start) {
        for (int k = from; k < to; k++) {
            int c = col[k];
            if (c < 0 || c >= cols()) {
                throw BinaryHeader.bad(file, "entry " + (start + k) + ": column " + c + " out of range 0.."
                        + (cols() - 1L) + " in row " + r);
            }
            if (k > from && c <= col[k - 1]) {
                throw BinaryHeader.bad(file, "entry " + (start + k) + ": columns not sorted and distinct in row " + r);
            }
        }
    }

    /** Reads {@code count} entries of section {@code s} from entry {@code first} on into {@code into}, adding to its checksum. */
    private void read(FileChannel ch, int s, int width, long first, int count, Object into, int[] crc, boolean[] any)
            throws IOException {
        ByteBuffer view = SectionIo.read(ch, h.offset(s) + width * first, width * count);
        int c = SectionIo.crc(view);
        crc[s] = any[s] ? Crc32cCombine.combine(crc[s], c, width * count) : c;
        any[s] = true;
        SectionIo.copy(view, into, 0, count);
    }
}
