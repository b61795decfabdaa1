package org.stag.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The shared real graphs ({@code -Dstag.datasets}); tests that need them are skipped, loudly, without them. */
final class Datasets {
    private Datasets() {
    }

    static Path dir() {
        Path p = Path.of(System.getProperty("stag.datasets", "../../shared/datasets"));
        if (!Files.isDirectory(p)) {
            System.err.println("SKIPPED: shared datasets not found at " + p.toAbsolutePath()
                    + " (set -Dstag.datasets=DIR); tests on real graphs do not run");
        }
        assumeTrue(Files.isDirectory(p), "shared datasets not found at " + p.toAbsolutePath());
        return p;
    }

    /** The LDBC example datasets' {@code .properties} files, by name. */
    static List<String> ldbcExamples() {
        return names(dir().resolve("ldbc"), ".properties");
    }

    /** The square SuiteSparse graphs (all but the rectangular lp_afiro), by name. */
    static List<String> squareSuiteSparse() {
        return names(dir().resolve("suitesparse"), ".mtx").stream().filter(n -> !n.equals("lp_afiro.mtx")).toList();
    }

    /** The options that read a shared SuiteSparse graph: two copies were written 0-based by mistake. */
    static List<String> indexBase(String name) {
        return name.equals("lesmis.mtx") || name.equals("netscience.mtx") ? List.of("--index-base", "0") : List.of();
    }

    private static List<String> names(Path dir, String suffix) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
