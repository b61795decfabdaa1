package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.fetch.DatasetCache;
import org.stag.loaders.fetch.DatasetManifest;
import org.stag.testkit.LocalHttpServer;

/**
 * {@code stag fetch} and {@code --graph suitesparse:NAME} against a loopback server and a test manifest (the
 * system property {@code stag.datasets.manifest}); no network.
 */
class FetchCommandTest {
    private static final String NAME = "suitesparse:HB/1138_bus";

    @TempDir
    Path dir;

    private LocalHttpServer server;
    private Path cache;
    private Path bundled;
    private byte[] archive;

    @BeforeEach
    void serve() throws IOException {
        server = new LocalHttpServer();
        bundled = Datasets.suiteSparse("1138_bus.mtx");
        archive = LocalHttpServer.tarGz("1138_bus/1138_bus.mtx", Files.readAllBytes(bundled));
        server.serve("/MM/HB/1138_bus.tar.gz", archive);
        cache = dir.resolve("cache");
        manifest(sha256(archive));
        System.setProperty(DatasetCache.PROPERTY, cache.toString());
    }

    @AfterEach
    void stop() {
        server.close();
        System.clearProperty(DatasetManifest.PROPERTY);
        System.clearProperty(DatasetCache.PROPERTY);
    }

    @Test
    void fetchPrintsTheVerifiedGraphFile() {
        Path other = dir.resolve("other");
        CliRunner r = CliRunner.run("fetch", "--cache", other.toString(), "1138_bus");
        assertEquals(0, r.code(), r.err());
        Path graph = other.resolve("suitesparse/HB/1138_bus/1138_bus.mtx");
        assertEquals(graph + "\n", r.out());
        assertTrue(r.err().startsWith("stag: fetching " + NAME + " ("), r.err());
        assertTrue(Files.isRegularFile(graph));
    }

    @Test
    void runResolvesANameThroughTheCacheAndAgreesWithTheFile() {
        CliRunner byName = CliRunner.run("run", "bfs", "--graph", NAME, "--source", "1");
        assertEquals(0, byName.code(), byName.err());
        assertTrue(Files.isRegularFile(cache.resolve("suitesparse/HB/1138_bus/1138_bus.mtx")));
        CliRunner byFile = CliRunner.run("run", "bfs", "--graph", bundled.toString(), "--source", "1");
        assertEquals(0, byFile.code(), byFile.err());
        assertEquals(byFile.out(), byName.out());
        // The second time, from the cache: the server is gone.
        server.close();
        assertEquals(0, CliRunner.run("info", NAME).code());
    }

    @Test
    void aWrongDigestIsOneLineAndExitStatusTwo() throws IOException {
        manifest("0".repeat(64));
        CliRunner r = CliRunner.run("fetch", NAME);
        assertEquals(2, r.code());
        // The note that the download started, then the one line of the failure.
        assertEquals(2, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: fetching " + NAME), r.err());
        assertTrue(r.err().endsWith("\nstag: " + NAME + ": SHA-256 mismatch: the manifest pins " + "0".repeat(64)
                + ", the download has " + sha256(archive) + "; the download is deleted\n"), r.err());
        assertFalse(Files.exists(cache.resolve("suitesparse/HB/1138_bus.tar.gz")));
    }

    @Test
    void offlineIsOneLineNamingTheHost() {
        server.close();
        for (String[] args : new String[][] {{"fetch", NAME}, {"run", "bfs", "--graph", NAME, "--source", "1"}}) {
            CliRunner r = CliRunner.run(args);
            assertEquals(2, r.code(), String.join(" ", args));
            assertOneLine(r.err(), "stag: " + NAME + ": cannot reach 127.0.0.1 (offline?): connection refused");
        }
    }

    @Test
    void aNameOutsideTheManifestIsRefused() {
        CliRunner r = CliRunner.run("run", "bfs", "--graph", "suitesparse:SNAP/web-Google");
        assertEquals(2, r.code());
        assertOneLine(r.err(), "stag: suitesparse:SNAP/web-Google: not in the dataset manifest, so there is no"
                + " pinned size and digest to check it against ('stag fetch --list' names the graphs it has)");
    }

    @Test
    void listNamesTheRealManifestsGraphs() {
        System.clearProperty(DatasetManifest.PROPERTY);
        CliRunner r = CliRunner.run("fetch", "--list");
        assertEquals(0, r.code(), r.err());
        assertEquals(DatasetManifest.bundled().entries().size(), r.out().lines().count());
        assertTrue(r.out().contains("suitesparse:SNAP/amazon0312\t11303646\tSHA-256\n"), r.out());
    }

    @Test
    void fetchWithoutANameIsAUsageError() {
        CliRunner r = CliRunner.run("fetch");
        assertEquals(2, r.code());
        assertOneLine(r.err(), "stag: give a NAME to fetch, or --list (see 'stag fetch --help')");
    }

    private void manifest(String sha256) throws IOException {
        Path m = dir.resolve("manifest.tsv");
        Files.writeString(m, "name\turl\tbytes\talgorithm\thash\tmember\tsource\n" + NAME + "\t"
                + server.url("/MM/HB/1138_bus.tar.gz") + "\t" + archive.length + "\tsha256\t" + sha256
                + "\t1138_bus/1138_bus.mtx\ttest\n");
        System.setProperty(DatasetManifest.PROPERTY, m.toString());
    }

    private static void assertOneLine(String err, String expected) {
        assertEquals(expected + "\n", err);
    }

    private static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
