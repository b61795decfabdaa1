package org.stag.loaders.binary;

import static org.stag.loaders.binary.BinaryLayout.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexOrder;

/**
 * Writes a {@code .stagb} file whose entries come row range by row range and whose entry count is known only at the
 * end (a generator's bounded-memory build): the columns go straight to their section, whose offset depends only on
 * the rows and the version; the weights to a spool file beside the output, appended at {@link #finish}; the row
 * pointers and the header last. Nothing of the graph's size is held here.
 */
public final class BinaryGraphStream implements AutoCloseable {
    private final Path path;
    private final Path spool;
    private final int rows;
    private final int cols;
    private final Symmetry symmetry;
    private final ValueKind kind;
    private final int version;
    private final FileChannel ch;
    private final FileChannel weightsCh;
    private final SectionWriter columns;
    private final SectionWriter weights;
    private final int[] toExternal;
    private long entries;

    /**
     * Opens {@code path} for a graph of {@code rows x cols}; {@code wide} writes version 3 (int64 row pointers), else version 1 (int32; both with float64 values), which
     * a graph of more than 2^31 - 9 entries needs.
     */
    public BinaryGraphStream(Path path, int rows, int cols, Symmetry symmetry, ValueKind kind, boolean wide)
            throws IOException {
        this(path, rows, cols, symmetry, kind, wide, null);
    }

    /**
     * As {@link #BinaryGraphStream(Path, int, int, Symmetry, ValueKind, boolean)}, with an ids section when
     * {@code toExternal} is not null: internal vertex {@code v} has external id {@code toExternal[v]} (a graph stored
     * in degree order, {@link VertexOrder#DEGREE}). The array is kept until {@link #finish}.
     */
    public BinaryGraphStream(Path path, int rows, int cols, Symmetry symmetry, ValueKind kind, boolean wide,
                             int[] toExternal) throws IOException {
        if (toExternal != null && toExternal.length != rows) {
            throw new IllegalArgumentException(toExternal.length + " vertex ids for " + rows + " rows");
        }
        this.toExternal = toExternal;
        this.path = path;
        this.rows = rows;
        this.cols = cols;
        this.symmetry = symmetry;
        this.kind = kind;
        this.version = wide ? VERSION_WIDE : VERSION_1;   // float64 values either way: the generators hold doubles
        this.ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ);
        long columnsAt = HEADER_BYTES + sectionBytes(rows, 0, false, false, version)[ROW_PTR];
        this.columns = new SectionWriter(ch, columnsAt);
        if (kind.weighted()) {
            spool = path.resolveSibling(path.getFileName() + ".weights.tmp");
            weightsCh = FileChannel.open(spool, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ);
            weights = new SectionWriter(weightsCh, 0);
        } else {
            spool = null;
            weightsCh = null;
            weights = null;
        }
    }

    /** Appends {@code count} entries of the next rows: columns, and weights when the graph is weighted. */
    public void append(int[] col, double[] w, int from, int count) throws IOException {
        if (version != VERSION_WIDE && entries + count > MAX_COUNT) {
            throw new IllegalStateException("more than " + MAX_COUNT + " entries in a version 1 file");
        }
        columns.putInts(col, from, count);
        if (weights != null) {
            weights.putDoubles(w, from, count);
        }
        entries += count;
    }

    /** The entries appended so far. */
    public long entries() {
        return entries;
    }

    /**
     * Writes the row pointers ({@code rowStart[r]}: row {@code r}'s first entry, {@code rowStart[rows]} the entries),
     * the weights and the header.
     */
    public void finish(long[] rowStart, long duplicates) throws IOException {
        if (rowStart.length != rows + 1 || rowStart[rows] != entries) {
            throw new IllegalStateException("row pointers end at " + rowStart[rowStart.length - 1] + ", not " + entries);
        }
        boolean explicit = toExternal != null;
        long[] bytes = sectionBytes(rows, entries, kind.weighted(), explicit, version);
        int[] crcs = new int[4];
        crcs[COLUMNS] = columns.finish(bytes[COLUMNS]);
        SectionWriter ptr = new SectionWriter(ch, HEADER_BYTES);
        if (version == VERSION_WIDE) {
            ptr.putLongs(rowStart, 0, rowStart.length);
        } else {
            int[] buf = new int[1 << 16];
            for (int r = 0; r <= rows; r += buf.length) {
                int n = Math.min(buf.length, rows + 1 - r);
                for (int k = 0; k < n; k++) {
                    buf[k] = (int) rowStart[r + k];
                }
                ptr.putInts(buf, 0, n);
            }
        }
        crcs[ROW_PTR] = ptr.finish(bytes[ROW_PTR]);
        long weightsAt = HEADER_BYTES + bytes[ROW_PTR] + bytes[COLUMNS];
        if (weights != null) {
            crcs[WEIGHTS] = weights.finish(bytes[WEIGHTS]);
            long done = 0;
            while (done < bytes[WEIGHTS]) {
                done += weightsCh.transferTo(done, bytes[WEIGHTS] - done, ch.position(weightsAt + done));
            }
        }
        long idsAt = weightsAt + bytes[WEIGHTS];
        if (explicit) {
            SectionWriter ids = new SectionWriter(ch, idsAt);
            long[] buf = new long[1 << 16];
            for (int v = 0; v < rows; v += buf.length) {
                int n = Math.min(buf.length, rows - v);
                for (int k = 0; k < n; k++) {
                    buf[k] = toExternal[v + k];
                }
                ids.putLongs(buf, 0, n);
            }
            crcs[IDS] = ids.finish(bytes[IDS]);
        }
        long length = idsAt + bytes[IDS];
        ch.truncate(length);
        BinaryHeader h = new BinaryHeader(version, symmetry, kind, null, explicit, rows, cols, entries, 0, duplicates, length, crcs,
                explicit ? VertexOrder.DEGREE : VertexOrder.NONE);
        ByteBuffer head = h.encode();
        while (head.hasRemaining()) {
            ch.write(head, head.position());
        }
    }

    @Override
    public void close() throws IOException {
        ch.close();
        if (weightsCh != null) {
            weightsCh.close();
            Files.deleteIfExists(spool);
        }
    }

    /** The file written. */
    public Path path() {
        return path;
    }
}
