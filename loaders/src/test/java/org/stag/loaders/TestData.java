package org.stag.loaders;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Where the shared real graphs are; tests that need them are skipped, loudly, when they are absent. */
public final class TestData {
    private TestData() {
    }

    /** The shared datasets folder ({@code -Dstag.datasets}, default {@code ../../shared/datasets}). */
    public static Path datasets() {
        String configured = System.getProperty("stag.datasets");
        Path p = configured != null ? Path.of(configured) : Path.of("..", "..", "shared", "datasets");
        if (!Files.isDirectory(p)) {
            System.err.println("SKIPPED: shared datasets not found at " + p.toAbsolutePath()
                    + " (set -Dstag.datasets=DIR); tests on real graphs do not run");
        }
        assumeTrue(Files.isDirectory(p), "shared datasets not found at " + p.toAbsolutePath());
        return p;
    }

    /** Every Matrix Market file in the shared SuiteSparse folder, sorted by name. */
    public static List<Path> suiteSparse() {
        try (Stream<Path> s = Files.list(datasets().resolve("suitesparse"))) {
            return s.filter(p -> p.toString().endsWith(".mtx")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shared files written 0-based by mistake (they need {@code --index-base 0}). */
    public static boolean zeroBased(Path mtx) {
        String n = mtx.getFileName().toString();
        return n.equals("lesmis.mtx") || n.equals("netscience.mtx");
    }
}
