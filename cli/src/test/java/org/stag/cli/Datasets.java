package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The real graphs bundled in the repository's {@code datasets/} folder. Its {@code SHA256SUMS} lists every
 * file the tests expect; a missing folder or file fails the test that needs it, it is never skipped.
 */
final class Datasets {
    private Datasets() {
    }

    /** The datasets folder: {@code -Dstag.datasets}, else {@code ../datasets} from the module's folder. */
    static Path dir() {
        String configured = System.getProperty("stag.datasets", "");
        Path p = configured.isBlank() ? Path.of("..", "datasets") : Path.of(configured);
        assertTrue(Files.isRegularFile(p.resolve("SHA256SUMS")), () -> "the bundled datasets are missing: no "
                + p.resolve("SHA256SUMS").toAbsolutePath() + " (the repository's datasets/, or -Dstag.datasets=DIR)");
        return p;
    }

    /** A bundled file by its path under the datasets folder, which must exist. */
    static Path file(String relative) {
        Path f = dir().resolve(relative);
        assertTrue(Files.isRegularFile(f), () -> "bundled dataset file missing: " + f.toAbsolutePath());
        return f;
    }

    /** A bundled SuiteSparse graph by name, which must exist. */
    static Path suiteSparse(String name) {
        return file("suitesparse/" + name);
    }

    /** Every bundled SuiteSparse file, sorted by name; each must exist. */
    static List<Path> allSuiteSparse() {
        return listed("suitesparse/", ".mtx").stream().map(Datasets::file).toList();
    }

    /** The LDBC example datasets' {@code .properties} files, by name. */
    static List<String> ldbcExamples() {
        return listed("ldbc/", ".properties").stream().map(n -> file(n).getFileName().toString()).toList();
    }

    /** The square SuiteSparse graphs (all but the rectangular lp_afiro), by name. */
    static List<String> squareSuiteSparse() {
        return allSuiteSparse().stream().map(p -> p.getFileName().toString()).filter(n -> !n.equals("lp_afiro.mtx"))
                .toList();
    }

    /** The options that read a bundled SuiteSparse graph: two copies were written 0-based by mistake. */
    static List<String> indexBase(String name) {
        return name.equals("lesmis.mtx") || name.equals("netscience.mtx") ? List.of("--index-base", "0") : List.of();
    }

    /** The files {@code SHA256SUMS} lists under {@code prefix} with names ending in {@code suffix}, sorted. */
    private static List<String> listed(String prefix, String suffix) {
        try {
            return Files.readAllLines(dir().resolve("SHA256SUMS")).stream()
                    .map(line -> line.substring(line.indexOf("  ") + 2))
                    .filter(name -> name.startsWith(prefix) && name.endsWith(suffix))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
