package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.io.GraphWriter;
import org.stag.loaders.updates.UpdateBatchReader;
import org.stag.loaders.updates.UpdateIds;

/**
 * Inputs that were accepted and should not be (issue 30, defect 10): gzip with bytes after its data, LDBC
 * properties that do not say the direction or declare what stag cannot read, and binary files whose flags
 * their content does not bear out.
 */
class WrongAcceptancesTest {
    @TempDir
    Path dir;

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(text.getBytes(StandardCharsets.US_ASCII));
        }
        return bytes.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static LoadOptions options() {
        return LoadOptions.defaults().withThreads(2);
    }

    @Test
    void gzipWithTrailingGarbageIsRefused() throws IOException {
        byte[] good = gzip("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n");
        for (String tail : new String[] {"garbage\n", "x", "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"}) {
            Path f = dir.resolve("g" + tail.length() + ".mtx");
            Files.write(f, concat(good, tail.getBytes(StandardCharsets.ISO_8859_1)));
            BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(f, options()), tail);
            assertTrue(e.reason().contains("trailing bytes after the compressed data"), e.reason());
        }
        // Concatenated members are one stream, as gzip reads them.
        Path two = dir.resolve("two.el");
        Files.write(two, concat(gzip("0 1\n"), gzip("1 2\n")));
        assertEquals(2, GraphLoader.load(two, options()).numEdges());
        Path one = dir.resolve("one.mtx");
        Files.write(one, good);
        assertEquals(2, GraphLoader.load(one, options()).numEdges());
    }

    @Test
    void gzippedUpdatesWithTrailingGarbageAreRefused() throws IOException {
        Path f = dir.resolve("u.upd");
        Files.write(f, concat(gzip("+ 0 1\n"), "junk!".getBytes(StandardCharsets.US_ASCII)));
        BadInputException e = assertThrows(BadInputException.class, () -> {
            try (UpdateBatchReader r = UpdateBatchReader.open(f, new UpdateIds(VertexIds.offset(0), 3), 10, 1, 0)) {
                while (r.next() != null) {
                    // Read everything.
                }
            }
        });
        assertTrue(e.getMessage().contains("trailing bytes"), e.getMessage());
    }

    private Path writeText(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private Path ldbc(String properties) throws IOException {
        Path d = Files.createTempDirectory(dir, "ldbc");
        Files.writeString(d.resolve("g.v"), "10\n20\n30\n");
        Files.writeString(d.resolve("g.e"), "10 20 1.5\n20 30 2.5\n");
        Files.writeString(d.resolve("g.properties"), properties);
        return d.resolve("g.properties");
    }

    @Test
    void ldbcPropertiesMustSayTheDirection() throws IOException {
        Path p = ldbc("graph.g.edge-properties.names = weight\ngraph.g.edge-properties.types = real\n");
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, options()));
        assertTrue(e.reason().startsWith("no graph.g.directed line"), e.reason());
        assertEquals(2, GraphLoader.load(p, options().withDirected(true)).numEdges());
    }

    @Test
    void ldbcEdgePropertiesStagCannotReadAreRefused() throws IOException {
        Path string = ldbc("graph.g.directed = true\ngraph.g.edge-properties.names = weight\ngraph.g.edge-properties.types = string\n");
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(string, options()));
        assertEquals(3, e.line());
        assertTrue(e.reason().contains("has type 'string'"), e.reason());
        Path two = ldbc("graph.g.directed = true\ngraph.g.edge-properties.names = weight, cost\ngraph.g.edge-properties.types = real, real\n");
        BadInputException t = assertThrows(BadInputException.class, () -> GraphLoader.load(two, options()));
        assertEquals(2, t.line());
        assertTrue(t.reason().startsWith("2 edge properties (weight, cost)"), t.reason());
        Path ok = ldbc("graph.g.directed = true\ngraph.g.edge-properties.names = weight\ngraph.g.edge-properties.types = real\n");
        assertEquals(2.5, GraphLoader.load(ok, options()).weights()[1]);
    }

    /** A binary file's symmetry byte changed and its header checksum made right again. */
    private static byte[] withSymmetry(byte[] good, int symmetry) {
        byte[] b = good.clone();
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        bb.put(12, (byte) symmetry);
        CRC32C crc = new CRC32C();
        crc.update(b, 0, 124);
        bb.putInt(124, (int) crc.getValue());
        return b;
    }

    @Test
    void aBinaryPatternGraphCannotBeSkewSymmetric() throws IOException {
        Path text = writeText("p.el", "0 1\n1 0\n");
        Path bin = dir.resolve("p.stagb");
        GraphWriter.write(GraphLoader.load(text, options()), bin);
        Path bad = dir.resolve("skew.stagb");
        Files.write(bad, withSymmetry(Files.readAllBytes(bin), 2));
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(bad, options()));
        assertTrue(e.reason().startsWith("a pattern graph cannot be skew-symmetric"), e.reason());
    }

    @Test
    void aBinaryGraphMarkedSymmetricMustHoldBothDirections() throws IOException {
        Path text = writeText("d.wel", "0 1 2\n1 2 3\n");
        Path bin = dir.resolve("d.stagb");
        GraphWriter.write(GraphLoader.load(text, options()), bin);
        Path bad = dir.resolve("sym.stagb");
        Files.write(bad, withSymmetry(Files.readAllBytes(bin), 1));
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(bad, options()));
        assertTrue(e.reason().startsWith("marked symmetric, but its entries do not hold every edge in both directions"),
                e.reason());
        // The same flag over content that has both directions is what a symmetric graph is.
        Path both = writeText("b.wel", "0 1 2\n1 0 2\n");
        Path bothBin = dir.resolve("b.stagb");
        GraphWriter.write(GraphLoader.load(both, options()), bothBin);
        Files.write(bothBin, withSymmetry(Files.readAllBytes(bothBin), 1));
        assertEquals(2, GraphLoader.load(bothBin, options()).numEdges());
    }
}
