package org.stag.formats;

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
public final class TestData {
    private TestData() {
    }

    /** The datasets folder: {@code -Dstag.datasets}, else {@code ../datasets} from the module's folder. */
    public static Path datasets() {
        String configured = System.getProperty("stag.datasets", "");
        Path p = configured.isBlank() ? Path.of("..", "datasets") : Path.of(configured);
        assertTrue(Files.isRegularFile(p.resolve("SHA256SUMS")), () -> "the bundled datasets are missing: no "
                + p.resolve("SHA256SUMS").toAbsolutePath() + " (the repository's datasets/, or -Dstag.datasets=DIR)");
        return p;
    }

    /** A bundled file by its path under the datasets folder, which must exist. */
    public static Path file(String relative) {
        Path f = datasets().resolve(relative);
        assertTrue(Files.isRegularFile(f), () -> "bundled dataset file missing: " + f.toAbsolutePath());
        return f;
    }

    /** Every Matrix Market file listed under {@code suitesparse/}, sorted by name; each must exist. */
    public static List<Path> suiteSparse() {
        try {
            return Files.readAllLines(datasets().resolve("SHA256SUMS")).stream()
                    .map(line -> line.substring(line.indexOf("  ") + 2))
                    .filter(name -> name.startsWith("suitesparse/") && name.endsWith(".mtx"))
                    .sorted().map(TestData::file).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The bundled files written 0-based by mistake (they need {@code --index-base 0}). */
    public static boolean zeroBased(Path mtx) {
        String n = mtx.getFileName().toString();
        return n.equals("lesmis.mtx") || n.equals("netscience.mtx");
    }
}
