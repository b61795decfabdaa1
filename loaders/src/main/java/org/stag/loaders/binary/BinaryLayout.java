package org.stag.loaders.binary;

/**
 * The layout of a {@code .stagb} file, versions 1 to 3 (all numbers little-endian; {@code docs/binary-format.md}
 * describes it for readers in other languages). Version 3 differs from 2 only in its row pointers, int64 instead
 * of int32, and in its weights, always float64, for graphs with more entries than an int counts (held in row
 * blocks, whose values are doubles); it is written only for those.
 *
 * <pre>
 * offset size field
 *      0    8 magic: 0x89 'S' 'T' 'A' 'G' 'B' '\r' '\n'
 *      8    4 format version (2; 3 with int64 row pointers; version 1 is still read)
 *     12    1 symmetry: 0 general (directed), 1 symmetric, 2 skew-symmetric
 *     13    1 value kind: 0 pattern (no weights section), 1 integer, 2 real
 *     14    1 vertex ids: 0 dense from the id base, 1 explicit table (ids section)
 *     15    1 declared value type: 0 none, else 1 + the GraphBlasType's ordinal (bool, int8 ... fp64); 0 in v1
 *     16    8 rows (vertices of a graph)
 *     24    8 columns
 *     32    8 stored entries (edges; an undirected edge is stored in both directions)
 *     40    8 id base: the input's number of internal vertex 0 (dense ids only, else 0)
 *     48    8 duplicates merged when the graph was built (reported by info)
 *     56    8 file length in bytes
 *     64    4 CRC32C of the row-pointer section
 *     68    4 CRC32C of the column section
 *     72    4 CRC32C of the weights section (0 when absent)
 *     76    4 CRC32C of the ids section (0 when absent)
 *     80   44 reserved, 0
 *    124    4 CRC32C of bytes 0..123
 *    128      row pointers: rows + 1 int32 (version 3: int64), then zero padding to a multiple of 8
 *             columns: entries int32, sorted and distinct within each row, then padding to 8
 *             weights: entries float64 (value kind real), int64 (integer: exact; float64 in versions 1 and 3)
 *             ids: rows int64 (when the ids are explicit)
 * </pre>
 */
public final class BinaryLayout {
    /** The first eight bytes; the high first byte and the CR LF catch transfers that mangle binary files. */
    static final byte[] MAGIC = {(byte) 0x89, 'S', 'T', 'A', 'G', 'B', '\r', '\n'};
    /** The version this code writes for graphs in one array; it reads this one, {@link #VERSION_1} and {@link #VERSION_WIDE}. */
    static final int VERSION = 2;
    /** Integer values as float64 and no declared type; still read. */
    static final int VERSION_1 = 1;
    /** Int64 row pointers (64-bit positions) and float64 weights, written for graphs held in row blocks. */
    static final int VERSION_WIDE = 3;
    /** The most entries a version 3 file may claim (2^56: far beyond any machine, small enough to never overflow). */
    static final long MAX_WIDE_ENTRIES = 1L << 56;
    static final int HEADER_BYTES = 128;
    static final int HEADER_CRC_AT = 124;
    /** The largest row and column count, and a version 1 file's largest entry count (int arrays). */
    static final long MAX_COUNT = Integer.MAX_VALUE - 8L;

    static final int VERSION_AT = 8;
    static final int SYMMETRY_AT = 12;
    static final int VALUE_KIND_AT = 13;
    static final int ID_KIND_AT = 14;
    static final int VALUE_TYPE_AT = 15;
    static final int ROWS_AT = 16;
    static final int COLS_AT = 24;
    static final int ENTRIES_AT = 32;
    static final int ID_BASE_AT = 40;
    static final int DUPLICATES_AT = 48;
    static final int LENGTH_AT = 56;
    static final int CRC_AT = 64;
    static final int VERTEX_ORDER_AT = 80;
    static final int RESERVED_AT = 81;

    /** Section numbers, in file order; also the index of each section's CRC. */
    static final int ROW_PTR = 0;
    static final int COLUMNS = 1;
    static final int WEIGHTS = 2;
    static final int IDS = 3;
    static final String[] SECTION_NAMES = {"row pointers", "columns", "weights", "vertex ids"};

    private BinaryLayout() {
    }

    /** The file name extension of binary graph files. */
    public static final String EXTENSION = ".stagb";

    /** Whether {@code head} (the first bytes of a file or stream) starts with the magic number. */
    public static boolean hasMagic(byte[] head, int length) {
        if (length < MAGIC.length) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (head[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    static long pad8(long bytes) {
        return (bytes + 7) & ~7L;
    }

    /** Byte lengths of the four sections (0 for an absent one) for the given sizes and version. */
    static long[] sectionBytes(long rows, long entries, boolean weighted, boolean explicitIds, int version) {
        return new long[] {
            pad8((version == VERSION_WIDE ? 8 : 4) * (rows + 1)),
            pad8(4 * entries),
            weighted ? 8 * entries : 0,
            explicitIds ? 8 * rows : 0
        };
    }
}
