package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.engine.jit.KernelStore;

/**
 * {@code --cache-dir} and {@code --no-cache}: compiled kernels are kept in the directory given, reused by
 * the next command, not written with {@code --no-cache}, and an unwritable directory gives one warning line
 * while the command still succeeds.
 */
class KernelCacheOptionsTest {
    @TempDir
    Path dir;

    /** Each test gets its own kernels (a distinct constant), so no earlier in-process compile hides them. */
    private static int unique;

    @AfterEach
    void noDefaultIntoADeletedDirectory() {
        KernelStore.setDefault(null);
    }

    private Path program() throws IOException {
        int k = 1000 + unique++;
        String text = """
                N int
                A bool[N][compressed[N]]

                Let Main() -> (r long[N])
                    d int[N]
                    d[i] = A[i][j] | j:(+, 0)
                    r[i] = %d * d[i]
                End
                """.formatted(k);
        return Files.writeString(dir.resolve("scaled" + k + ".stag"), text, StandardCharsets.UTF_8);
    }

    private static List<Path> entries(Path cache) throws IOException {
        if (!Files.isDirectory(cache)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(cache)) {
            return s.sorted().toList();
        }
    }

    @Test
    void compileStoresKernelsInTheCacheDirAndTheNextCompileReadsThem() throws IOException {
        Path program = program();
        Path cache = dir.resolve("cache");
        // Fusion off: the row reduction and the sum after it would be one kernel; this test counts two.
        CliRunner first = CliRunner.run("compile", program.toString(), "--cache-dir", cache.toString(), "--no-pass", "fusion");
        assertEquals(0, first.code(), first.err());
        List<Path> stored = entries(cache);
        assertEquals(2, stored.size(), stored.toString());
        assertTrue(stored.stream().allMatch(p -> p.getFileName().toString().endsWith(".classes")), stored.toString());

        List<Long> modified = stored.stream().map(KernelCacheOptionsTest::modified).toList();
        CliRunner second = CliRunner.run("compile", program.toString(), "--cache-dir", cache.toString(), "--no-pass", "fusion");
        assertEquals(0, second.code(), second.err());
        assertEquals(stored, entries(cache));
        // Read, not rewritten.
        assertEquals(modified, stored.stream().map(KernelCacheOptionsTest::modified).toList());
        assertEquals(2, KernelStore.getDefault().misses());
        assertEquals(2, KernelStore.getDefault().hits());
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void runUsesTheCacheDir() throws IOException {
        Path cache = dir.resolve("run-cache");
        CliRunner r = CliRunner.run("run", program().toString(), "--graph", RunCommandTest.KARATE,
                "--cache-dir", cache.toString(), "--no-pass", "fusion");
        assertEquals(0, r.code(), r.err());
        assertEquals(2, entries(cache).size(), entries(cache).toString());
    }

    @Test
    void noCacheWritesNothing() throws IOException {
        Path cache = dir.resolve("unused");
        CliRunner r = CliRunner.run("run", program().toString(), "--graph", RunCommandTest.KARATE,
                "--cache-dir", cache.toString(), "--no-cache");
        assertEquals(0, r.code(), r.err());
        assertFalse(Files.exists(cache));
        assertEquals(null, KernelStore.getDefault());
    }

    @Test
    void anUnwritableCacheDirWarnsOnceAndTheRunSucceeds() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Path cache = file.resolve("cache");
        CliRunner r = CliRunner.run("run", program().toString(), "--graph", RunCommandTest.KARATE,
                "--cache-dir", cache.toString());
        assertEquals(0, r.code(), r.err());
        List<String> warnings = r.err().lines().filter(l -> l.startsWith("stag: warning:")).toList();
        assertEquals(1, warnings.size(), r.err());
        assertTrue(warnings.get(0).startsWith("stag: warning: cannot write the kernel cache " + cache), r.err());
        assertEquals(34, r.out().lines().count(), r.out());
    }
}
