package org.stag.loaders.binary;

import static org.stag.loaders.binary.BinaryLayout.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Makes damaged copies of a valid {@code .stagb} file, each of which a reader must refuse with a one-line
 * message: truncations at and around every section boundary, a wrong magic number or version, flipped bytes
 * in the header and in every section, sizes that disagree with the length or exceed the limits (with the
 * header checksum fixed up so the size checks themselves are reached), and inconsistent CSR content with
 * valid checksums. For tests and fuzz corpora; nothing in stag itself calls it.
 */
public final class BinaryCorruptions {
    private BinaryCorruptions() {
    }

    /** One damaged copy and what was done to it. */
    public record Corruption(String name, byte[] bytes) {
    }

    /**
     * Damaged variants of {@code good}, a complete valid binary graph file.
     *
     * @throws IllegalArgumentException when {@code good} is not one
     */
    public static List<Corruption> variants(byte[] good) {
        if (good.length < HEADER_BYTES || !hasMagic(good, good.length)) {
            throw new IllegalArgumentException("not a binary graph file");
        }
        ByteBuffer hb = ByteBuffer.wrap(good, 0, HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        long rows = hb.getLong(ROWS_AT);
        long entries = hb.getLong(ENTRIES_AT);
        boolean weighted = hb.get(VALUE_KIND_AT) != 0;
        boolean explicit = hb.get(ID_KIND_AT) != 0;
        long[] bytes = sectionBytes(rows, entries, weighted, explicit, hb.getInt(VERSION_AT));
        long[] at = new long[5];
        at[0] = HEADER_BYTES;
        for (int s = 0; s < 4; s++) {
            at[s + 1] = at[s] + bytes[s];
        }
        List<Corruption> out = new ArrayList<>();
        // Truncations: empty, inside the magic, inside the header, and at, before and after each section boundary.
        long[] cuts = {0, 1, 7, 8, 64, HEADER_BYTES - 1, HEADER_BYTES, HEADER_BYTES + 1};
        for (long c : cuts) {
            addCut(out, good, c);
        }
        for (int s = 0; s < 4; s++) {
            if (bytes[s] > 0) {
                addCut(out, good, at[s + 1] - 1);
                addCut(out, good, at[s] + bytes[s] / 2);
                if (s < 3) {
                    addCut(out, good, at[s + 1]);
                }
            }
        }
        out.add(new Corruption("trailing-byte", Arrays.copyOf(good, good.length + 1)));
        out.add(new Corruption("trailing-block", Arrays.copyOf(good, good.length + 4096)));
        byte[] magic = good.clone();
        magic[1] = 'X';
        out.add(new Corruption("bad-magic", magic));
        byte[] text = good.clone();
        System.arraycopy("%%MatrixMarket ".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), 0, text, 0, 15);
        out.add(new Corruption("text-over-magic", text));
        out.add(new Corruption("bad-version", withLong(good, VERSION_AT, VERSION + 1, true, 4)));
        if (hb.get(SYMMETRY_AT) != 2 && rows == hb.getLong(COLS_AT) && entries > 0) {
            // A flag that the content does not bear out: a pattern cannot be skew-symmetric, and values stored
            // equal (or one way) are not negated mirrors.
            out.add(new Corruption("skew-flag", withLong(good, SYMMETRY_AT, 2, true, 1)));
        }
        out.add(new Corruption("version-0", withLong(good, VERSION_AT, 0, true, 4)));
        for (int i : new int[] {VERSION_AT + 1, ROWS_AT, ENTRIES_AT + 3, LENGTH_AT, CRC_AT + 5, RESERVED_AT, HEADER_CRC_AT}) {
            byte[] b = good.clone();
            b[i] ^= 0x10;
            out.add(new Corruption("header-flip-" + i, b));
        }
        for (int s = 0; s < 4; s++) {
            if (bytes[s] > 0) {
                for (long off : new long[] {0, bytes[s] / 2, bytes[s] - 1}) {
                    byte[] b = good.clone();
                    b[(int) (at[s] + off)] ^= 0x01;
                    out.add(new Corruption("section-" + s + "-flip-" + off, b));
                }
            }
        }
        // Sizes that disagree with the file or the limits, with a valid header checksum.
        out.add(new Corruption("rows-plus-one", withLong(good, ROWS_AT, rows + 1, true, 8)));
        out.add(new Corruption("entries-plus-one", withLong(good, ENTRIES_AT, entries + 1, true, 8)));
        if (entries > 0) {
            out.add(new Corruption("entries-minus-one", withLong(good, ENTRIES_AT, entries - 1, true, 8)));
        }
        out.add(new Corruption("length-plus-eight", withLong(good, LENGTH_AT, good.length + 8L, true, 8)));
        out.add(new Corruption("rows-huge", withLong(good, ROWS_AT, 1L << 40, true, 8)));
        out.add(new Corruption("cols-huge", withLong(good, COLS_AT, Long.MAX_VALUE, true, 8)));
        out.add(new Corruption("entries-negative", withLong(good, ENTRIES_AT, -1, true, 8)));
        out.add(new Corruption("entries-max-int", withLong(good, ENTRIES_AT, Integer.MAX_VALUE, true, 8)));
        out.add(new Corruption("rows-max-count", withLong(good, ROWS_AT, MAX_COUNT, true, 8)));
        out.add(new Corruption("symmetry-code-9", withLong(good, SYMMETRY_AT, 9, true, 1)));
        out.add(new Corruption("value-kind-code-7", withLong(good, VALUE_KIND_AT, 7, true, 1)));
        out.add(new Corruption("id-kind-code-5", withLong(good, ID_KIND_AT, 5, true, 1)));
        out.add(new Corruption("reserved-byte", withLong(good, RESERVED_AT + 3, 1, true, 1)));
        out.add(new Corruption("vertex-order-code-9", withLong(good, VERTEX_ORDER_AT, 9, true, 1)));
        if (!explicit) {
            out.add(new Corruption("vertex-order-without-ids", withLong(good, VERTEX_ORDER_AT, 1, true, 1)));
        }
        out.add(new Corruption("id-base-7", withLong(good, ID_BASE_AT, 7, true, 8)));
        // Inconsistent content behind valid checksums.
        if (entries > 0) {
            out.add(new Corruption("column-out-of-range", withSectionInt(good, at, bytes, COLUMNS, 0, Integer.MAX_VALUE)));
            out.add(new Corruption("column-negative", withSectionInt(good, at, bytes, COLUMNS, 0, -1)));
            out.add(new Corruption("row-pointer-past-end", withSectionInt(good, at, bytes, ROW_PTR, 1, (int) entries + 1)));
            out.add(new Corruption("row-pointer-start", withSectionInt(good, at, bytes, ROW_PTR, 0, 1)));
        }
        int twoInARow = firstRowWithTwoEntries(good, at, rows);
        if (twoInARow >= 0) {
            // Swap a row's first two columns (or make them equal): the row is no longer sorted and distinct.
            ByteBuffer b = ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN);
            int c0 = b.getInt((int) at[COLUMNS] + 4 * twoInARow);
            int c1 = b.getInt((int) at[COLUMNS] + 4 * twoInARow + 4);
            byte[] swapped = withSectionInt(good, at, bytes, COLUMNS, twoInARow, c1);
            out.add(new Corruption("columns-unsorted", withSectionInt(swapped, at, bytes, COLUMNS, twoInARow + 1, c0)));
            out.add(new Corruption("columns-repeated", withSectionInt(good, at, bytes, COLUMNS, twoInARow + 1, c0)));
        }
        if (explicit && rows > 1) {
            ByteBuffer b = ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN);
            long id0 = b.getLong((int) at[IDS]);
            byte[] dup = good.clone();
            ByteBuffer.wrap(dup).order(ByteOrder.LITTLE_ENDIAN).putLong((int) at[IDS] + 8, id0);
            out.add(new Corruption("duplicate-vertex-id", fixSectionCrc(dup, at, bytes, IDS)));
        }
        return out;
    }

    /** The position in the column section of the first entry of the first row with two or more; -1 if none. */
    private static int firstRowWithTwoEntries(byte[] good, long[] at, long rows) {
        ByteBuffer b = ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN);
        for (int r = 0; r < rows; r++) {
            int lo = b.getInt((int) at[ROW_PTR] + 4 * r);
            int hi = b.getInt((int) at[ROW_PTR] + 4 * r + 4);
            if (hi - lo >= 2) {
                return lo;
            }
        }
        return -1;
    }

    private static void addCut(List<Corruption> out, byte[] good, long cut) {
        if (cut >= 0 && cut < good.length && out.stream().noneMatch(c -> c.name().equals("truncated-" + cut))) {
            out.add(new Corruption("truncated-" + cut, Arrays.copyOf(good, (int) cut)));
        }
    }

    /** A copy with a header field of {@code width} bytes set, the header checksum recomputed when {@code fix}. */
    private static byte[] withLong(byte[] good, int at, long value, boolean fix, int width) {
        byte[] b = good.clone();
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        switch (width) {
            case 1 -> bb.put(at, (byte) value);
            case 4 -> bb.putInt(at, (int) value);
            default -> bb.putLong(at, value);
        }
        if (fix) {
            CRC32C crc = new CRC32C();
            crc.update(b, 0, HEADER_CRC_AT);
            bb.putInt(HEADER_CRC_AT, (int) crc.getValue());
        }
        return b;
    }

    private static byte[] withSectionInt(byte[] good, long[] at, long[] bytes, int section, int index, int value) {
        byte[] b = good.clone();
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt((int) at[section] + 4 * index, value);
        return fixSectionCrc(b, at, bytes, section);
    }

    /** Recomputes a section's checksum (and then the header's) so only the content is wrong. */
    private static byte[] fixSectionCrc(byte[] b, long[] at, long[] bytes, int section) {
        CRC32C crc = new CRC32C();
        crc.update(b, (int) at[section], (int) bytes[section]);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        bb.putInt(CRC_AT + 4 * section, (int) crc.getValue());
        CRC32C head = new CRC32C();
        head.update(b, 0, HEADER_CRC_AT);
        bb.putInt(HEADER_CRC_AT, (int) head.getValue());
        return b;
    }
}
