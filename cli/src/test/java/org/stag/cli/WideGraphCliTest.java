package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.Graph;
import org.stag.loaders.RowBlocks;
import org.stag.loaders.binary.BinaryGraphReader;

/**
 * Issue 27 on the command line: a {@code .stagb} written with 64-bit sections (version 3) and read back, {@code info}
 * and {@code run} on it; a header that claims more than memory allows is refused in one line before anything large is
 * allocated; a vertex id of 2^31 or more is refused in one line naming the file and line; SSSP's delta is checked
 * on row blocks as on one array.
 */
class WideGraphCliTest {
    @TempDir
    Path dir;

    /** A kron graph generated into a version 3 file (the block limit lowered), then read, run and converted. */
    @Test
    void version3RoundTripInfoAndRun() throws IOException {
        Path v1 = dir.resolve("k1.stagb");
        Path v2 = dir.resolve("k2.stagb");
        assertEquals(0, CliRunner.run("generate", "kron", "--scale", "9", "--degree", "8", "-o", v1.toString()).code());
        long old = RowBlocks.setLimit(997);
        try {
            CliRunner g = CliRunner.run("generate", "kron", "--scale", "9", "--degree", "8", "-o", v2.toString());
            assertEquals(0, g.code(), g.err());
            assertEquals(3, ByteBuffer.wrap(Files.readAllBytes(v2)).order(ByteOrder.LITTLE_ENDIAN).getInt(8));
            Graph wide = BinaryGraphReader.read(v2, v2.toString(), 2);
            assertTrue(wide.wide(), "read into row blocks");
            CliRunner info = CliRunner.run("info", v2.toString());
            assertEquals(0, info.code(), info.err());
            assertEquals(CliRunner.run("info", v1.toString()).keyValues().get("edges"), info.keyValues().get("edges"));
            for (String f : new String[] {"dense,compressed", "dense,ctree"}) {
                CliRunner a = CliRunner.run("run", "bfs", "--graph", v1.toString(), "--format", f, "--source", "3",
                        "--output", dir.resolve("a.txt").toString());
                CliRunner b = CliRunner.run("run", "bfs", "--graph", v2.toString(), "--format", f, "--source", "3",
                        "--output", dir.resolve("b.txt").toString());
                assertEquals(0, a.code(), a.err());
                assertEquals(0, b.code(), b.err());
                assertEquals(Files.readString(dir.resolve("a.txt")), Files.readString(dir.resolve("b.txt")), f);
            }
            // Written back from row blocks: version 3 again, the same bytes as generated.
            Path back = dir.resolve("back.stagb");
            CliRunner c = CliRunner.run("convert", v2.toString(), back.toString());
            assertEquals(0, c.code(), c.err());
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(v2), Files.readAllBytes(back)));
        } finally {
            RowBlocks.setLimit(old);
        }
        // Read with the limit back: one array, the same graph as version 1.
        assertEquals(BinaryGraphReader.read(v1, "v1", 1).numEntries(), BinaryGraphReader.read(v2, "v2", 1).numEntries());
        assertTrue(!BinaryGraphReader.read(v2, "v2", 1).wide());
    }

    /**
     * SSSP's {@code --param delta} is checked on a graph in row blocks as on one array: a width that is not a positive
     * finite number, or so small that the hand-written reference would need a ring of 10^300 buckets, is one line and exit 2; a
     * fine one runs and gives the same distances as the array graph.
     */
    @Test
    void aBadDeltaIsRefusedOnRowBlocksToo() throws IOException {
        Path one = dir.resolve("w1.stagb");
        Path blocks = dir.resolve("w3.stagb");
        assertEquals(0, CliRunner.run("generate", "kron", "--scale", "8", "--degree", "8", "--weighted",
                "-o", one.toString()).code());
        // Its writer merged duplicates; the file holds none, so reading it warns of none.
        CliRunner info = CliRunner.run("info", one.toString());
        assertEquals(0, info.code(), info.err());
        assertEquals("", info.err().strip());
        long old = RowBlocks.setLimit(499);
        try {
            assertEquals(0, CliRunner.run("generate", "kron", "--scale", "8", "--degree", "8", "--weighted",
                    "-o", blocks.toString()).code());
            assertTrue(BinaryGraphReader.read(blocks, blocks.toString(), 1).wide(), "read into row blocks");
            for (String delta : new String[] {"0", "-1", "1e-300", "Infinity", "NaN", "x"}) {
                for (Path g : new Path[] {one, blocks}) {
                    CliRunner r = CliRunner.run("run", "sssp", "--graph", g.toString(), "--source", "0",
                            "--param", "delta=" + delta, "--output", dir.resolve("d.txt").toString());
                    assertEquals(2, r.code(), g + " delta=" + delta + ": " + r.err());
                    assertEquals(1, r.err().strip().lines().count(), r.err());
                    assertTrue(r.err().contains("--param delta=" + delta + ": the bucket width must be"), r.err());
                }
            }
            CliRunner a = CliRunner.run("run", "sssp", "--graph", one.toString(), "--source", "0",
                    "--param", "delta=2", "--output", dir.resolve("a.txt").toString());
            CliRunner b = CliRunner.run("run", "sssp", "--graph", blocks.toString(), "--source", "0",
                    "--param", "delta=2", "--output", dir.resolve("b.txt").toString());
            assertEquals(0, a.code(), a.err());
            assertEquals(0, b.code(), b.err());
            assertEquals(Files.readString(dir.resolve("a.txt")), Files.readString(dir.resolve("b.txt")));
        } finally {
            RowBlocks.setLimit(old);
        }
    }

    /** A version 3 header claiming 2^40 entries (with a file of that length, sparse) is refused before allocating. */
    @Test
    void aHeaderClaimingMoreThanMemoryIsOneLine() throws IOException {
        long rows = 1L << 20;
        long entries = 1L << 40;
        long length = 128 + ((8 * (rows + 1) + 7) & ~7L) + 4 * entries;
        ByteBuffer h = ByteBuffer.allocate(128).order(ByteOrder.LITTLE_ENDIAN);
        h.put(new byte[] {(byte) 0x89, 'S', 'T', 'A', 'G', 'B', '\r', '\n'});
        h.putInt(8, 3);
        h.put(12, (byte) 0);
        h.putLong(16, rows);
        h.putLong(24, rows);
        h.putLong(32, entries);
        h.putLong(56, length);
        CRC32C crc = new CRC32C();
        crc.update(h.array(), 0, 124);
        h.putInt(124, (int) crc.getValue());
        Path f = dir.resolve("huge.stagb");
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(f,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(h.array()), 0);
            ch.truncate(length);
            ch.write(ByteBuffer.wrap(new byte[1]), length - 1);
        }
        CliRunner r = CliRunner.run("info", f.toString());
        assertTrue(r.code() == 2 || r.code() == 3, r.code() + ": " + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(f.toString()) && r.err().contains("needs about"), r.err());
    }

    @Test
    void aVertexIdOf2To31IsOneLineNamingFileAndLine() throws IOException {
        Path el = dir.resolve("big.el");
        Files.writeString(el, "0 1\n1 2\n2 2147483648\n");
        CliRunner r = CliRunner.run("info", el.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(el + ":3:") && r.err().contains("2147483648"), r.err());
        Path mtx = dir.resolve("big.mtx");
        Files.writeString(mtx, "%%MatrixMarket matrix coordinate pattern general\n3000000000 3000000000 1\n1 2\n");
        CliRunner m = CliRunner.run("info", mtx.toString());
        assertEquals(2, m.code(), m.err());
        assertEquals(1, m.err().strip().lines().count(), m.err());
        assertTrue(m.err().contains(mtx + ":2:"), m.err());
    }
}
