package org.stag.loaders.binary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.BadInputException;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.GraphGenerator;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.io.GraphWriter;

/** Every damaged binary graph file is refused with one line naming the file and the cause, never a crash. */
class BinaryValidationTest {
    @TempDir
    Path dir;

    private byte[] weightedWithIds() throws IOException {
        Graph g = new Graph("t", 4, 4, new int[] {0, 2, 3, 3, 5}, new int[] {1, 3, 0, 0, 2},
                new double[] {1, 2, 3, 4, 5}, Symmetry.GENERAL, ValueKind.INTEGER, VertexIds.explicit(new long[] {10, 20, 30, 40}), 0);
        return write(g);
    }

    private byte[] generated(boolean weighted, boolean directed) throws IOException {
        return write(GraphBuilder.build(GraphGenerator.byName("kron").generate(new GeneratorOptions(8, 6, 2, 1, weighted, directed)),
                DuplicatePolicy.SUM, 1));
    }

    private byte[] write(Graph g) throws IOException {
        Path p = dir.resolve("good.stagb");
        GraphWriter.write(g, p);
        return Files.readAllBytes(p);
    }

    private String refusal(byte[] content) throws IOException {
        Path p = dir.resolve("bad.stagb");
        Files.write(p, content);
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, LoadOptions.defaults()));
        String m = e.getMessage();
        assertFalse(m.contains("\n"), m);
        assertTrue(m.startsWith(p + ": "), m);
        return m.substring(p.toString().length() + 2);
    }

    @Test
    void everyCorruptionOfEveryKindOfFileIsRefused() throws IOException {
        List<byte[]> goods = List.of(weightedWithIds(), generated(false, true), generated(true, false), generated(false, false));
        int checked = 0;
        for (byte[] good : goods) {
            Path ok = dir.resolve("ok.stagb");
            Files.write(ok, good);
            GraphLoader.load(ok, LoadOptions.defaults());
            for (BinaryCorruptions.Corruption c : BinaryCorruptions.variants(good)) {
                Path p = dir.resolve("bad.stagb");
                Files.write(p, c.bytes());
                BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, LoadOptions.defaults()),
                        c.name());
                assertFalse(e.getMessage().contains("\n"), c.name() + ": " + e.getMessage());
                checked++;
            }
        }
        assertTrue(checked > 150, "only " + checked + " corruptions");
    }

    @Test
    void truncatedAtEverySectionBoundary() throws IOException {
        byte[] good = weightedWithIds();
        // header 128, row pointers 24 (20 + padding), columns 24, weights 40, ids 32
        assertEquals(128 + 24 + 24 + 40 + 32, good.length);
        assertEquals("truncated: 128 bytes, the header says 248 (it ends in the row pointers)", refusal(cut(good, 128)));
        assertEquals("truncated: 152 bytes, the header says 248 (it ends in the columns)", refusal(cut(good, 152)));
        assertEquals("truncated: 176 bytes, the header says 248 (it ends in the weights)", refusal(cut(good, 176)));
        assertEquals("truncated: 216 bytes, the header says 248 (it ends in the vertex ids)", refusal(cut(good, 216)));
        assertEquals("truncated: 247 bytes, the header says 248 (it ends in the vertex ids)", refusal(cut(good, 247)));
        assertEquals("truncated: 100 bytes, shorter than the 128-byte header", refusal(cut(good, 100)));
        assertEquals("not a stag binary graph file (wrong magic number)", refusal(cut(good, 5)));
        assertEquals("not a stag binary graph file (wrong magic number)", refusal(new byte[0]));
    }

    @Test
    void badMagicAndGzip() throws IOException {
        byte[] b = weightedWithIds();
        b[0] = 'x';
        assertEquals("not a stag binary graph file (wrong magic number)", refusal(b));
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(weightedWithIds());
        }
        assertEquals("gzip-compressed; a binary graph file is read uncompressed (gunzip it first)", refusal(bytes.toByteArray()));
    }

    @Test
    void badVersion() throws IOException {
        assertEquals("binary format version 4 is not supported (this stag reads versions 1 to 3; convert the graph again)",
                refusal(header(weightedWithIds(), b -> b.putInt(8, 4))));
        // Version 3 has int64 row pointers: a version 2 file relabelled has the wrong length for its sizes.
        assertEquals("the header's file length 248 does not match its sizes, which need 264 bytes",
                refusal(header(weightedWithIds(), b -> b.putInt(8, 3))));
    }

    @Test
    void headerChecksumMismatch() throws IOException {
        byte[] b = weightedWithIds();
        b[20] ^= 1;
        assertEquals("header checksum mismatch (the file is corrupt)", refusal(b));
    }

    @Test
    void sectionChecksumMismatchNamesTheSection() throws IOException {
        String[] names = {"row pointers", "columns", "weights", "vertex ids"};
        int[] at = {128, 152, 176, 216};
        for (int s = 0; s < 4; s++) {
            byte[] b = weightedWithIds();
            b[at[s] + 2] ^= 4;
            assertEquals("checksum mismatch in the " + names[s] + " section (the file is corrupt)", refusal(b));
        }
    }

    @Test
    void sizesThatDoNotMatchTheFileLength() throws IOException {
        byte[] good = weightedWithIds();
        byte[] longer = java.util.Arrays.copyOf(good, good.length + 8);
        assertEquals("trailing bytes: 256 bytes, the header says 248", refusal(longer));
        assertEquals("the header's file length 248 does not match its sizes, which need 256 bytes",
                refusal(header(good, b -> b.putLong(32, 6))));
        assertEquals("the header's file length 999 does not match its sizes, which need 248 bytes",
                refusal(header(good, b -> b.putLong(56, 999))));
    }

    @Test
    void absurdSizes() throws IOException {
        byte[] good = weightedWithIds();
        assertEquals("header field rows is 2000000000000, outside 0..2147483639",
                refusal(header(good, b -> b.putLong(16, 2_000_000_000_000L))));
        assertEquals("header field entries is 18446744073709551615, outside 0..2147483639",
                refusal(header(good, b -> b.putLong(32, -1))));
        assertEquals("17 entries cannot be distinct in a 4 x 4 matrix", refusal(header(good, b -> b.putLong(32, 17))));
        assertEquals("unknown symmetry code 3", refusal(header(good, b -> b.put(12, (byte) 3))));
        assertEquals("unknown value kind code 200", refusal(header(good, b -> b.put(13, (byte) 200))));
        assertEquals("unknown vertex id kind 2", refusal(header(good, b -> b.put(14, (byte) 2))));
        assertEquals("reserved header byte 90 is not zero", refusal(header(good, b -> b.put(90, (byte) 1))));
        assertEquals("explicit vertex ids need a square matrix, the header says 4 x 5", refusal(header(good, b -> b.putLong(24, 5))));
    }

    @Test
    void sizesThatFitTheFileButNotTheMemoryAreRefusedBeforeAllocating() throws IOException {
        // A sparse file as long as its header says: 2^31-9 rows and entries with weights, about 34 GB.
        long n = Integer.MAX_VALUE - 8L;
        long length = 128 + ((4 * (n + 1) + 7) & ~7L) + ((4 * n + 7) & ~7L) + 8 * n;
        Path p = dir.resolve("huge.stagb");
        ByteBuffer h = ByteBuffer.allocate(128).order(ByteOrder.LITTLE_ENDIAN);
        h.put(new byte[] {(byte) 0x89, 'S', 'T', 'A', 'G', 'B', '\r', '\n'});
        h.putInt(8, 1).put(13, (byte) 1).putLong(16, n).putLong(24, n).putLong(32, n).putLong(56, length);
        CRC32C crc = new CRC32C();
        crc.update(h.array(), 0, 124);
        h.putInt(124, (int) crc.getValue());
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.write(h.array());
            f.setLength(length);
        }
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, LoadOptions.defaults()));
        assertTrue(e.getMessage().matches(".*: needs about 34\\.4 GB for 2147483639 vertices and 2147483639 edges, more than the "
                + "[0-9.]+ GB free; give more with STAG_JAVA_OPTS=-Xmx…"), e.getMessage());
    }

    @Test
    void inconsistentContentBehindValidChecksums() throws IOException {
        byte[] good = weightedWithIds();
        List<String> causes = new ArrayList<>();
        for (BinaryCorruptions.Corruption c : BinaryCorruptions.variants(good)) {
            if (c.name().startsWith("column") || c.name().startsWith("row-pointer") || c.name().startsWith("duplicate")) {
                causes.add(c.name() + " -> " + refusal(c.bytes()));
            }
        }
        assertEquals(List.of(
                "column-out-of-range -> column 2147483647 out of range 0..3 in row 0",
                "column-negative -> column -1 out of range 0..3 in row 0",
                "row-pointer-past-end -> row pointers out of order at row 1 (6 then 3)",
                "row-pointer-start -> row pointers run from 1 to 5, not from 0 to 5",
                "columns-unsorted -> columns not sorted and distinct in row 0",
                "columns-repeated -> columns not sorted and distinct in row 0",
                "duplicate-vertex-id -> vertex id 10 appears twice"), causes);
    }

    @Test
    void unsortedColumnsAcrossAReadBlockBoundaryAreFound() throws IOException {
        // One row longer than a read block: the pair that straddles the block boundary is compared too.
        int m = SectionIo.READ_BLOCK / 4 + 1000;
        int[] col = new int[m];
        for (int i = 0; i < m; i++) {
            col[i] = 2 * i;
        }
        Graph g = new Graph("t", 2, 2 * m, new int[] {0, m, m}, col, null, Symmetry.GENERAL, ValueKind.PATTERN,
                VertexIds.offset(0), 0);
        byte[] b = write(g);
        int boundary = SectionIo.READ_BLOCK / 4;
        int columnsAt = 128 + 16;
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        bb.putInt(columnsAt + 4 * boundary, 2 * (boundary - 1));
        CRC32C crc = new CRC32C();
        crc.update(b, columnsAt, ((4 * m) + 7) & ~7);
        bb.putInt(68, (int) crc.getValue());
        assertEquals("columns not sorted and distinct in row 0", refusal(header(b, x -> { })));
    }

    private static byte[] cut(byte[] b, int length) {
        return java.util.Arrays.copyOf(b, length);
    }

    /** A copy with the header changed and its checksum fixed, so the check after the checksum is reached. */
    private static byte[] header(byte[] good, java.util.function.Consumer<ByteBuffer> change) {
        byte[] b = good.clone();
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        change.accept(bb);
        CRC32C crc = new CRC32C();
        crc.update(b, 0, 124);
        bb.putInt(124, (int) crc.getValue());
        return b;
    }
}
