package org.stag.loaders.binary;

import static org.stag.loaders.binary.BinaryLayout.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;
import org.stag.loaders.BadInputException;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexOrder;

/**
 * The fixed 128-byte header of a {@code .stagb} file: sizes, kinds and section checksums. {@link #decode}
 * checks every field against the limits and the file's real length before anything is allocated.
 */
record BinaryHeader(int version, Symmetry symmetry, ValueKind valueKind, GraphBlasType valueType, boolean explicitIds,
                    long rows, long cols, long entries, long idBase, long duplicates, long length, int[] crcs,
                    VertexOrder vertexOrder) {

    /** Whether the weights section holds exact int64 values (version 2, integer values; version 3 keeps float64) rather than float64. */
    boolean exactIntegers() {
        return version == VERSION && valueKind == ValueKind.INTEGER;
    }

    /** The byte lengths of the four sections. */
    long[] sections() {
        return sectionBytes(rows, entries, valueKind.weighted(), explicitIds, version);
    }

    /** Whether the row pointers are int64 (version 3). */
    boolean widePointers() {
        return version == VERSION_WIDE;
    }

    /** Where section {@code s} starts. */
    long offset(int s) {
        long[] bytes = sections();
        long at = HEADER_BYTES;
        for (int i = 0; i < s; i++) {
            at += bytes[i];
        }
        return at;
    }

    /** The header as 128 bytes, its own checksum included. */
    ByteBuffer encode() {
        ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC);
        b.putInt(VERSION_AT, version);
        b.put(SYMMETRY_AT, (byte) symmetry.ordinal());
        b.put(VALUE_KIND_AT, (byte) valueKind.ordinal());
        b.put(ID_KIND_AT, (byte) (explicitIds ? 1 : 0));
        b.put(VERTEX_ORDER_AT, (byte) vertexOrder.ordinal());
        b.put(VALUE_TYPE_AT, (byte) (valueType == null ? 0 : 1 + valueType.ordinal()));
        b.putLong(ROWS_AT, rows);
        b.putLong(COLS_AT, cols);
        b.putLong(ENTRIES_AT, entries);
        b.putLong(ID_BASE_AT, idBase);
        b.putLong(DUPLICATES_AT, duplicates);
        b.putLong(LENGTH_AT, length);
        for (int s = 0; s < 4; s++) {
            b.putInt(CRC_AT + 4 * s, crcs[s]);
        }
        b.putInt(HEADER_CRC_AT, headerCrc(b));
        b.clear();
        return b;
    }

    private static int headerCrc(ByteBuffer b) {
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, HEADER_CRC_AT);
        return (int) crc.getValue();
    }

    /** Reads and decodes the header at the start of {@code ch} (a file called {@code file} in messages). */
    static BinaryHeader read(java.nio.channels.FileChannel ch, String file) throws java.io.IOException {
        ByteBuffer head = ByteBuffer.allocate(HEADER_BYTES);
        int got = 0;
        while (head.hasRemaining()) {
            int r = ch.read(head, got);
            if (r < 0) {
                break;
            }
            got += r;
        }
        return decode(file, head, got, ch.size());
    }

    /**
     * Reads and checks a header. {@code got} is how many header bytes the file has (fewer than 128 for a
     * truncated file) and {@code fileLength} its real length.
     *
     * @throws BadInputException naming the first field that is wrong
     */
    static BinaryHeader decode(String file, ByteBuffer b, int got, long fileLength) {
        b.order(ByteOrder.LITTLE_ENDIAN);
        if (got >= 2 && b.get(0) == (byte) 0x1f && b.get(1) == (byte) 0x8b) {
            throw bad(file, "gzip-compressed; a binary graph file is read uncompressed (gunzip it first)");
        }
        if (!hasMagic(b.array(), got)) {
            throw bad(file, "not a stag binary graph file (wrong magic number)");
        }
        if (got < HEADER_BYTES) {
            throw bad(file, "truncated: " + fileLength + " bytes, shorter than the " + HEADER_BYTES + "-byte header");
        }
        int version = b.getInt(VERSION_AT);
        if (version != VERSION && version != VERSION_1 && version != VERSION_WIDE) {
            throw bad(file, "binary format version " + Integer.toUnsignedString(version)
                    + " is not supported (this stag reads versions " + VERSION_1 + " to " + VERSION_WIDE
                    + "; convert the graph again)");
        }
        int stored = b.getInt(HEADER_CRC_AT);
        if (stored != headerCrc(b)) {
            throw bad(file, "header checksum mismatch (the file is corrupt)");
        }
        Symmetry symmetry = pick(file, Symmetry.values(), b.get(SYMMETRY_AT), "symmetry");
        ValueKind kind = pick(file, ValueKind.values(), b.get(VALUE_KIND_AT), "value kind");
        int idKind = b.get(ID_KIND_AT) & 0xff;
        if (idKind > 1) {
            throw bad(file, "unknown vertex id kind " + idKind);
        }
        int typeCode = b.get(VALUE_TYPE_AT) & 0xff;
        if (version == VERSION_1 && typeCode != 0) {
            throw bad(file, "reserved header byte " + VALUE_TYPE_AT + " is not zero");
        }
        if (typeCode > GraphBlasType.values().length) {
            throw bad(file, "unknown value type code " + typeCode);
        }
        GraphBlasType valueType = typeCode == 0 ? null : GraphBlasType.values()[typeCode - 1];
        if (kind == ValueKind.PATTERN && symmetry == Symmetry.SKEW_SYMMETRIC) {
            throw bad(file, "a pattern graph cannot be skew-symmetric (its mirror would need the value -1)");
        }
        if (valueType != null && symmetry == Symmetry.SKEW_SYMMETRIC && valueType.unsigned()) {
            throw bad(file, "a skew-symmetric graph cannot have the unsigned type " + valueType.shortName());
        }
        if (valueType != null && kind == ValueKind.REAL && valueType.integral()) {
            throw bad(file, "real values cannot have the integer type " + valueType.shortName());
        }
        int orderCode = b.get(VERTEX_ORDER_AT) & 0xff;
        if (orderCode >= VertexOrder.values().length) {
            throw bad(file, "unknown vertex order code " + orderCode);
        }
        if (orderCode != 0 && idKind != 1) {
            throw bad(file, "vertex order " + VertexOrder.values()[orderCode].label() + " needs explicit vertex ids");
        }
        for (int i = RESERVED_AT; i < HEADER_CRC_AT; i++) {
            if (b.get(i) != 0) {
                throw bad(file, "reserved header byte " + i + " is not zero");
            }
        }
        long rows = count(file, b.getLong(ROWS_AT), "rows", MAX_COUNT);
        long cols = count(file, b.getLong(COLS_AT), "columns", MAX_COUNT);
        long entries = count(file, b.getLong(ENTRIES_AT), "entries", version == VERSION_WIDE ? MAX_WIDE_ENTRIES : MAX_COUNT);
        long idBase = b.getLong(ID_BASE_AT);
        long duplicates = b.getLong(DUPLICATES_AT);
        long length = b.getLong(LENGTH_AT);
        if (symmetry != Symmetry.GENERAL && rows != cols) {
            throw bad(file, "a " + symmetry.mtxName() + " matrix must be square, the header says " + rows + " x " + cols);
        }
        if (idKind == 1 && rows != cols) {
            throw bad(file, "explicit vertex ids need a square matrix, the header says " + rows + " x " + cols);
        }
        if (idKind == 1 && idBase != 0) {
            throw bad(file, "id base " + idBase + " given with explicit vertex ids");
        }
        if (idBase < 0 || idBase > 1) {
            throw bad(file, "id base " + idBase + " (must be 0 or 1)");
        }
        if (duplicates < 0) {
            throw bad(file, "negative duplicate count " + duplicates);
        }
        if (entries > 0 && (rows == 0 || cols == 0)) {
            throw bad(file, entries + " entries in a " + rows + " x " + cols + " matrix");
        }
        if (entries > rows * cols) {
            throw bad(file, entries + " entries cannot be distinct in a " + rows + " x " + cols + " matrix");
        }
        int[] crcs = new int[4];
        for (int s = 0; s < 4; s++) {
            crcs[s] = b.getInt(CRC_AT + 4 * s);
        }
        BinaryHeader h = new BinaryHeader(version, symmetry, kind, valueType, idKind == 1, rows, cols, entries, idBase, duplicates, length, crcs,
                VertexOrder.values()[orderCode]);
        long expected = h.offset(4);
        if (length != expected) {
            throw bad(file, "the header's file length " + length + " does not match its sizes, which need " + expected + " bytes");
        }
        if (fileLength != expected) {
            long[] bytes = h.sections();
            String where = "";
            long at = HEADER_BYTES;
            for (int s = 0; s < 4 && fileLength < expected; s++) {
                if (bytes[s] > 0 && fileLength < at + bytes[s]) {
                    where = " (it ends in the " + SECTION_NAMES[s] + ")";
                    break;
                }
                at += bytes[s];
            }
            throw bad(file, (fileLength < expected ? "truncated: " : "trailing bytes: ") + fileLength
                    + " bytes, the header says " + expected + where);
        }
        return h;
    }

    private static <E> E pick(String file, E[] values, byte code, String what) {
        int c = code & 0xff;
        if (c >= values.length) {
            throw bad(file, "unknown " + what + " code " + c);
        }
        return values[c];
    }

    private static long count(String file, long v, String what, long max) {
        if (v < 0 || v > max) {
            throw bad(file, "header field " + what + " is " + Long.toUnsignedString(v) + ", outside 0.." + max);
        }
        return v;
    }

    static BadInputException bad(String file, String cause) {
        return new BadInputException(file, 0, cause);
    }
}
