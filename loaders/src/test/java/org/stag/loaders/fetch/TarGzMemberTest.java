package org.stag.loaders.fetch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.testkit.LocalHttpServer;

/** The tar reader: the member among others, the header extensions big and long-named members need, damage. */
class TarGzMemberTest {
    @TempDir
    Path dir;

    @Test
    void copiesTheNamedMemberAndReportsAMissingOne() throws IOException {
        byte[] content = "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n".getBytes(StandardCharsets.US_ASCII);
        Path archive = write(LocalHttpServer.tarGz("g/g.mtx", content));
        Path out = dir.resolve("out");
        assertTrue(TarGzMember.extract(archive, "g/g.mtx", out));
        assertArrayEquals(content, Files.readAllBytes(out));
        assertFalse(TarGzMember.extract(archive, "g/other.mtx", dir.resolve("none")));
    }

    @Test
    void readsAGnuLongNameAndAPaxPath() throws IOException {
        String longName = "g/" + "x".repeat(150) + ".mtx";
        byte[] content = "data\n".getBytes(StandardCharsets.US_ASCII);
        byte[] gnu = concat(header("././@LongLink", longName.length() + 1, 'L'), pad((longName + "\0").getBytes(StandardCharsets.UTF_8)),
                header("short", content.length, '0'), pad(content), new byte[1024]);
        Path out = dir.resolve("gnu");
        assertTrue(TarGzMember.extract(write(gzip(gnu)), longName, out));
        assertArrayEquals(content, Files.readAllBytes(out));

        String record = "path=" + longName + "\n";
        String pax = (record.length() + 3 + String.valueOf(record.length()).length()) + " " + record;
        byte[] paxed = concat(header("PaxHeader", pax.length(), 'x'), pad(pax.getBytes(StandardCharsets.UTF_8)),
                header("short", content.length, '0'), pad(content), new byte[1024]);
        Path out2 = dir.resolve("pax");
        assertTrue(TarGzMember.extract(write(gzip(paxed)), longName, out2));
        assertArrayEquals(content, Files.readAllBytes(out2));
    }

    @Test
    void readsOctalAndBase256Sizes() {
        byte[] h = header("a", 0, '0');
        byte[] octal = String.format("%011o", 12345L).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(octal, 0, h, 124, octal.length);
        assertEquals(12345L, TarGzMember.size(h));
        // GNU base-256: first byte 0x80, then the size big-endian; 25 GB is beyond the 11 octal digits' 8 GiB.
        long big = 25_000_000_000L;
        Arrays.fill(h, 124, 136, (byte) 0);
        h[124] = (byte) 0x80;
        for (int i = 0; i < 8; i++) {
            h[135 - i] = (byte) (big >>> (8 * i));
        }
        assertEquals(big, TarGzMember.size(h));
    }

    @Test
    void aTruncatedArchiveIsAnError() throws IOException {
        byte[] content = new byte[5000];
        byte[] tar = concat(header("g/g.mtx", content.length, '0'), Arrays.copyOf(content, 2000));
        assertThrows(EOFException.class, () -> TarGzMember.extract(write(gzip(tar)), "g/g.mtx", dir.resolve("t")));
    }

    private Path write(byte[] b) throws IOException {
        Path p = Files.createTempFile(dir, "a", ".tar.gz");
        Files.write(p, b);
        return p;
    }

    private static byte[] header(String name, long size, char type) {
        byte[] h = new byte[512];
        byte[] n = name.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(n, 0, h, 0, n.length);
        byte[] s = String.format("%011o", size).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(s, 0, h, 124, s.length);
        h[156] = (byte) type;
        byte[] magic = "ustar\00000".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(magic, 0, h, 257, magic.length);
        return h;
    }

    private static byte[] pad(byte[] b) {
        return Arrays.copyOf(b, (b.length + 511) / 512 * 512);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(b);
        }
        return out.toByteArray();
    }
}
