package org.stag.loaders.fetch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;
import org.stag.testkit.LocalHttpServer;

/**
 * Fetching from a loopback HTTP server, never the network: a good download is verified, unpacked and loads; a
 * wrong digest or size leaves nothing under the final name; a partial download resumes with a range request; a
 * server that is gone gives the one-line offline message.
 */
class DatasetCacheTest {
    private static final String MEMBER = "1138_bus/1138_bus.mtx";

    @TempDir
    Path cache;

    private LocalHttpServer server;
    private byte[] mtx;
    private byte[] archive;
    private final List<String> notes = new ArrayList<>();

    @BeforeEach
    void serve() throws IOException {
        server = new LocalHttpServer();
        mtx = Files.readAllBytes(Path.of("..", "datasets", "suitesparse", "1138_bus.mtx"));
        archive = LocalHttpServer.tarGz(MEMBER, mtx);
        server.serve("/MM/HB/1138_bus.tar.gz", archive);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aGoodDownloadIsVerifiedUnpackedAndLoads() throws IOException {
        DatasetEntry e = entry(archive.length, sha256(archive));
        Path graph = new DatasetCache(cache, notes::add).fetch(e);
        assertEquals(cache.resolve("suitesparse/HB/1138_bus/1138_bus.mtx"), graph);
        assertArrayEquals(mtx, Files.readAllBytes(graph));
        assertTrue(Files.isRegularFile(cache.resolve("suitesparse/HB/1138_bus.tar.gz")));
        assertFalse(Files.exists(cache.resolve("suitesparse/HB/1138_bus.tar.gz.part")));
        Graph g = GraphLoader.load(graph, LoadOptions.defaults());
        assertEquals(1138, g.numRows());
        assertTrue(notes.get(0).startsWith("fetching suitesparse:HB/1138_bus (0."), notes.toString());
        // Cached: no request at all the second time, even with the server gone.
        server.close();
        assertEquals(graph, new DatasetCache(cache, notes::add).fetch(e));
        assertEquals(List.of(""), server.ranges());
    }

    @Test
    void aWrongDigestFailsInOneLineAndLeavesNoFile() {
        String wrong = "0".repeat(64);
        BadInputException ex = assertThrows(BadInputException.class,
                () -> new DatasetCache(cache, notes::add).fetch(entry(archive.length, wrong)));
        assertEquals("suitesparse:HB/1138_bus: SHA-256 mismatch: the manifest pins " + wrong + ", the download has "
                + sha256(archive) + "; the download is deleted", ex.getMessage());
        assertFalse(Files.exists(cache.resolve("suitesparse/HB/1138_bus.tar.gz")));
        assertFalse(Files.exists(cache.resolve("suitesparse/HB/1138_bus.tar.gz.part")));
        assertFalse(Files.exists(cache.resolve("suitesparse/HB/1138_bus")));
    }

    @Test
    void aWrongSizeFailsAndLeavesNoFile() {
        BadInputException ex = assertThrows(BadInputException.class,
                () -> new DatasetCache(cache, notes::add).fetch(entry(archive.length + 7L, sha256(archive))));
        assertEquals("suitesparse:HB/1138_bus: size mismatch: the manifest pins " + (archive.length + 7)
                + " bytes, 127.0.0.1 offers " + archive.length + "; nothing is kept", ex.getMessage());
        assertEquals(List.of(), notes);
        assertFalse(Files.exists(cache.resolve("suitesparse/HB/1138_bus.tar.gz")));
        assertFalse(Files.exists(cache.resolve("suitesparse/HB/1138_bus.tar.gz.part")));
    }

    @Test
    void aDownloadWithoutALengthIsCheckedOnceItIsComplete() {
        server.chunked(true);
        BadInputException ex = assertThrows(BadInputException.class,
                () -> new DatasetCache(cache, notes::add).fetch(entry(archive.length + 7L, sha256(archive))));
        assertEquals("suitesparse:HB/1138_bus: size mismatch: the manifest pins " + (archive.length + 7)
                + " bytes, 127.0.0.1 sent " + archive.length + "; the download is deleted", ex.getMessage());
        assertFalse(Files.exists(cache.resolve("suitesparse/HB/1138_bus.tar.gz.part")));
        assertFalse(Files.exists(cache.resolve("suitesparse/HB/1138_bus.tar.gz")));
    }

    @Test
    void aPartialDownloadResumesWithARangeRequest() throws IOException {
        Path part = cache.resolve("suitesparse/HB/1138_bus.tar.gz.part");
        Files.createDirectories(part.getParent());
        int half = archive.length / 2;
        Files.write(part, Arrays.copyOf(archive, half));
        Path graph = new DatasetCache(cache, notes::add).fetch(entry(archive.length, sha256(archive)));
        assertEquals(List.of("bytes=" + half + "-"), server.ranges());
        assertEquals("resuming suitesparse:HB/1138_bus at " + half + " of " + archive.length
                + " bytes from 127.0.0.1", notes.get(0));
        assertArrayEquals(mtx, Files.readAllBytes(graph));
        assertFalse(Files.exists(part));
    }

    @Test
    void aDroppedConnectionKeepsThePartAndTheNextRunResumesIt() throws IOException {
        server.breakAfter(1000);
        DatasetEntry e = entry(archive.length, sha256(archive));
        BadInputException ex = assertThrows(BadInputException.class, () -> new DatasetCache(cache, notes::add).fetch(e));
        assertTrue(ex.getMessage().startsWith("suitesparse:HB/1138_bus: download from 127.0.0.1 broke off at 1000"
                + " bytes ("), ex.getMessage());
        assertTrue(ex.getMessage().endsWith("); run again to resume it"), ex.getMessage());
        Path part = cache.resolve("suitesparse/HB/1138_bus.tar.gz.part");
        assertEquals(1000, Files.size(part));
        server.breakAfter(-1);
        Path graph = new DatasetCache(cache, notes::add).fetch(e);
        assertEquals(List.of("", "bytes=1000-"), server.ranges());
        assertArrayEquals(mtx, Files.readAllBytes(graph));
    }

    @Test
    void aPartTheServerCannotContinueIsStartedAgain() throws IOException {
        // The manifest pins more bytes than the server has; a part as long as the server's file gets a 416.
        Path part = cache.resolve("suitesparse/HB/1138_bus.tar.gz.part");
        Files.createDirectories(part.getParent());
        Files.write(part, archive);
        BadInputException ex = assertThrows(BadInputException.class,
                () -> new DatasetCache(cache, notes::add).fetch(entry(archive.length + 1L, sha256(archive))));
        assertEquals(List.of("bytes=" + archive.length + "-", ""), server.ranges());
        assertTrue(ex.getMessage().contains("size mismatch"), ex.getMessage());
        assertFalse(Files.exists(part));
    }

    @Test
    void aServerThatIgnoresTheRangeSendsTheWholeFileWhichReplacesThePart() throws IOException {
        server.honourRanges(false);
        Path part = cache.resolve("suitesparse/HB/1138_bus.tar.gz.part");
        Files.createDirectories(part.getParent());
        Files.write(part, Arrays.copyOf(archive, 100));
        Path graph = new DatasetCache(cache, notes::add).fetch(entry(archive.length, sha256(archive)));
        assertArrayEquals(mtx, Files.readAllBytes(graph));
    }

    @Test
    void anUnreachableHostGivesTheOfflineLineAndKeepsThePart() throws IOException {
        Path part = cache.resolve("suitesparse/HB/1138_bus.tar.gz.part");
        Files.createDirectories(part.getParent());
        Files.write(part, Arrays.copyOf(archive, 100));
        server.close();
        BadInputException ex = assertThrows(BadInputException.class,
                () -> new DatasetCache(cache, notes::add).fetch(entry(archive.length, sha256(archive))));
        assertEquals("suitesparse:HB/1138_bus: cannot reach 127.0.0.1 (offline?): connection refused",
                ex.getMessage());
        assertEquals(List.of(), notes);
        assertEquals(100, Files.size(part));
    }

    @Test
    void anHttpErrorNamesTheStatus() {
        DatasetEntry missing = new DatasetEntry("suitesparse:HB/none", server.url("/MM/HB/none.tar.gz"), 10,
                DigestAlgorithm.SHA256, "0".repeat(64), "none/none.mtx", "test");
        BadInputException ex = assertThrows(BadInputException.class,
                () -> new DatasetCache(cache, notes::add).fetch(missing));
        assertEquals("suitesparse:HB/none: 127.0.0.1 answered HTTP 404 for " + missing.url(), ex.getMessage());
    }

    @Test
    void anArchiveWithoutTheMemberIsRefused() {
        DatasetEntry e = new DatasetEntry("suitesparse:HB/1138_bus", server.url("/MM/HB/1138_bus.tar.gz"),
                archive.length, DigestAlgorithm.SHA256, sha256(archive), "1138_bus/other.mtx", "test");
        BadInputException ex = assertThrows(BadInputException.class, () -> new DatasetCache(cache, notes::add).fetch(e));
        assertEquals(cache.resolve("suitesparse/HB/1138_bus.tar.gz") + ": the archive holds no 1138_bus/other.mtx"
                + " (the manifest's member column)", ex.getMessage());
    }

    @Test
    void aPlainGzippedEdgeListIsItsOwnGraphFileAndMd5Verifies() throws IOException, NoSuchAlgorithmException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write("# a SNAP edge list\n0\t1\n1\t2\n2\t0\n".getBytes());
        }
        byte[] body = gz.toByteArray();
        URI url = server.serve("/data/tri.txt.gz", body);
        String md5 = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body));
        DatasetManifest m = DatasetManifest.parse(new StringReader("name\turl\tbytes\talgorithm\thash\tmember\tsource\n"
                + "snap:tri\t" + url + "\t" + body.length + "\tmd5\t" + md5 + "\t-\ttest\n"), "t.tsv");
        Path graph = new DatasetCache(cache, notes::add).fetch(m.find("snap:tri"));
        assertEquals(cache.resolve("snap/tri.txt.gz"), graph);
        assertEquals(3, GraphLoader.load(graph, LoadOptions.defaults()).numEntries());
    }

    @Test
    void theCacheDirectoryIsTheOptionElseThePropertyElseTheHomeCache() {
        assertEquals(Path.of("/x"), DatasetCache.directory(Path.of("/x")));
        String old = System.getProperty(DatasetCache.PROPERTY);
        try {
            System.setProperty(DatasetCache.PROPERTY, "/from/property");
            assertEquals(Path.of("/from/property"), DatasetCache.directory(null));
            System.clearProperty(DatasetCache.PROPERTY);
            if (System.getenv(DatasetCache.ENV) == null) {
                assertEquals(Path.of(System.getProperty("user.home"), ".cache", "stag", "datasets"),
                        DatasetCache.directory(null));
            }
        } finally {
            if (old != null) {
                System.setProperty(DatasetCache.PROPERTY, old);
            }
        }
    }

    private DatasetEntry entry(long bytes, String sha256) {
        return new DatasetEntry("suitesparse:HB/1138_bus", server.url("/MM/HB/1138_bus.tar.gz"), bytes,
                DigestAlgorithm.SHA256, sha256, MEMBER, "test");
    }

    private static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
