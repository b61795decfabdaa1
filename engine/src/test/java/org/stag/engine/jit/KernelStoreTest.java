package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.engine.javagen.GeneratedSource;

/**
 * {@link KernelStore} through {@link KernelCompiler}: a stored kernel loads without Janino in a later
 * compiler, entries that are truncated, corrupt or unloadable are compiled again and rewritten, concurrent
 * compilers of one kernel leave one whole entry, and a directory that cannot be written warns once.
 */
class KernelStoreTest {
    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();

    /** A kernel with a nested class, so an entry holds more than one class file. */
    static GeneratedSource kernel(String name, int k) {
        return Sources.unit(name, "",
                "static final class Step { int apply(int x) { return x * " + k + "; } }\n"
                        + "public static int f(int x) { return new Step().apply(x) + 1; }");
    }

    private KernelCompiler compiler(Path storeDir) {
        return new KernelCompiler(KernelCompiler.class.getClassLoader(), null,
                new KernelStore(storeDir, warnings::add));
    }

    private static int call(Class<?> c, int x) throws Exception {
        return (Integer) c.getMethod("f", int.class).invoke(null, x);
    }

    @Test
    void aStoredKernelLoadsWithoutCompilingInALaterCompiler() throws Exception {
        GeneratedSource s = kernel("Stored", 3);
        KernelStore first = new KernelStore(dir, warnings::add);
        Class<?> a = new KernelCompiler(KernelCompiler.class.getClassLoader(), null, first).compile(s);
        assertEquals(22, call(a, 7));
        assertEquals(0, first.hits());
        assertEquals(1, first.misses());
        Map<String, byte[]> entry = KernelStore.read(first.entry(s));
        assertNotNull(entry);
        assertEquals(2, entry.size(), entry.keySet().toString());

        KernelStore second = new KernelStore(dir, warnings::add);
        Class<?> b = new KernelCompiler(KernelCompiler.class.getClassLoader(), null, second).compile(s);
        assertEquals(22, call(b, 7));
        assertEquals(1, second.hits());
        assertEquals(0, second.misses());
        // Not Janino's loader: the classes came from the entry.
        assertFalse(b.getClassLoader().getClass().getName().startsWith("org.codehaus"),
                b.getClassLoader().getClass().getName());
        assertEquals(KernelCompiler.class.getClassLoader(), b.getClassLoader().getParent());
        assertEquals(List.of(), warnings);
    }

    @Test
    void differentSourcesHaveDifferentEntries() {
        KernelStore store = new KernelStore(dir, warnings::add);
        assertNotEquals(store.entry(kernel("Same", 1)), store.entry(kernel("Same", 2)));
        assertEquals(store.entry(kernel("Same", 1)), new KernelStore(dir, warnings::add).entry(kernel("Same", 1)));
    }

    @Test
    void aTruncatedEntryIsCompiledAgainAndRewritten() throws Exception {
        GeneratedSource s = kernel("Truncated", 5);
        KernelStore store = new KernelStore(dir, warnings::add);
        compiler(dir).compile(s);
        Path entry = store.entry(s);
        byte[] whole = Files.readAllBytes(entry);
        for (int len : new int[] {0, 3, 9, whole.length / 2, whole.length - 1}) {
            Files.write(entry, java.util.Arrays.copyOf(whole, len));
            assertNull(KernelStore.read(entry), "length " + len);
            KernelStore again = new KernelStore(dir, warnings::add);
            Class<?> c = new KernelCompiler(KernelCompiler.class.getClassLoader(), null, again).compile(s);
            assertEquals(36, call(c, 7));
            assertEquals(1, again.misses(), "length " + len);
            assertArrayEquals(whole, Files.readAllBytes(entry), "rewritten after truncation to " + len);
        }
        assertEquals(List.of(), warnings);
    }

    @Test
    void aCorruptEntryIsCompiledAgainAndRewritten() throws Exception {
        GeneratedSource s = kernel("Corrupt", 2);
        compiler(dir).compile(s);
        Path entry = new KernelStore(dir, warnings::add).entry(s);
        byte[] whole = Files.readAllBytes(entry);
        byte[] bad = whole.clone();
        bad[bad.length / 2] ^= 0x5a;
        Files.write(entry, bad);
        assertNull(KernelStore.read(entry));
        KernelStore again = new KernelStore(dir, warnings::add);
        assertEquals(15, call(new KernelCompiler(KernelCompiler.class.getClassLoader(), null, again).compile(s), 7));
        assertEquals(0, again.hits());
        assertArrayEquals(whole, Files.readAllBytes(entry));
    }

    @Test
    void anEntryWhoseClassesTheJvmRejectsIsCompiledAgain() throws Exception {
        GeneratedSource s = kernel("Rejected", 4);
        KernelStore store = new KernelStore(dir, warnings::add);
        // A well-formed entry (its checksum holds) whose class file is garbage: e.g. from another JVM's bug.
        Files.write(store.entry(s), KernelStore.encode(Map.of(s.qualifiedName(), new byte[] {1, 2, 3, 4})));
        Class<?> c = new KernelCompiler(KernelCompiler.class.getClassLoader(), null, store).compile(s);
        assertEquals(29, call(c, 7));
        assertEquals(0, store.hits());
        assertEquals(1, store.misses());
        Map<String, byte[]> rewritten = KernelStore.read(store.entry(s));
        assertNotNull(rewritten);
        assertEquals(2, rewritten.size());
    }

    @Test
    void anUnwritableDirectoryWarnsOnceAndCompilingGoesOn() throws Exception {
        // A path under a regular file cannot be created, even by root (who ignores permission bits).
        Path file = Files.writeString(dir.resolve("plain-file"), "not a directory");
        Path bad = file.resolve("cache");
        KernelCompiler c = compiler(bad);
        assertEquals(8, call(c.compile(kernel("Unwritable1", 1)), 7));
        assertEquals(15, call(c.compile(kernel("Unwritable2", 2)), 7));
        assertEquals(1, warnings.size(), warnings.toString());
        String w = warnings.get(0);
        assertTrue(w.startsWith("stag: warning: cannot write the kernel cache " + bad), w);
        assertFalse(w.contains("\n"), w);
    }

    @Test
    void concurrentCompilersOfOneKernelLeaveOneWholeEntry() throws Exception {
        GeneratedSource s = kernel("Concurrent", 6);
        int n = 8;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                results.add(pool.submit(() -> call(compiler(dir).compile(s), 7)));
            }
            for (Future<Integer> r : results) {
                assertEquals(43, r.get());
            }
        } finally {
            pool.shutdown();
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> all = files.toList();
            assertEquals(1, all.size(), "no temp files left: " + all);
            assertNotNull(KernelStore.read(all.get(0)));
        }
        assertEquals(List.of(), warnings);
    }

    @Test
    void aSourceDirectoryBypassesTheStore() throws IOException {
        KernelStore store = new KernelStore(dir.resolve("store"), warnings::add);
        new KernelCompiler(KernelCompiler.class.getClassLoader(), dir.resolve("src"), store)
                .compile(kernel("Debugging", 1));
        assertEquals(0, store.hits() + store.misses());
        assertFalse(Files.exists(dir.resolve("store")));
    }

    @Test
    void theDefaultStoreIsReadAtEachCompile() throws Exception {
        KernelCompiler c = new KernelCompiler();
        KernelStore store = new KernelStore(dir, warnings::add);
        KernelStore before = KernelStore.getDefault();
        KernelStore.setDefault(store);
        try {
            c.compile(kernel("Defaulted", 1));
        } finally {
            KernelStore.setDefault(before);
        }
        assertEquals(1, store.misses());
        assertNotNull(KernelStore.read(store.entry(kernel("Defaulted", 1))));
    }

    @Test
    void theDefaultDirectoryFollowsXdg() {
        assertEquals(Path.of("/x/cache/stag"), KernelStore.defaultDirectory("/x/cache", "/home/u"));
        assertEquals(Path.of("/home/u/.cache/stag"), KernelStore.defaultDirectory(null, "/home/u"));
        assertEquals(Path.of("/home/u/.cache/stag"), KernelStore.defaultDirectory("", "/home/u"));
        // The specification says relative values are to be ignored.
        assertEquals(Path.of("/home/u/.cache/stag"), KernelStore.defaultDirectory("rel/cache", "/home/u"));
    }
}
