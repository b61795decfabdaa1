package org.stag.algorithms;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.stag.algorithms.graph.Csr;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

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

    /** The LDBC example datasets' {@code .properties} files, sorted by name; each must exist. */
    public static List<Path> ldbcExamples() {
        return listed("ldbc/", ".properties").stream().map(TestData::file).toList();
    }

    /** The names of the square SuiteSparse graphs (every bundled one except the rectangular lp_afiro). */
    public static List<String> squareSuiteSparse() {
        return listed("suitesparse/", ".mtx").stream()
                .map(n -> n.substring("suitesparse/".length()))
                .filter(n -> !n.equals("lp_afiro.mtx"))
                .toList();
    }

    /** The square SuiteSparse graphs with fewer than {@code n} vertices, by name. */
    public static List<String> squareSuiteSparseBelow(int n) {
        return squareSuiteSparse().stream().filter(name -> suiteSparse(name).n() < n).toList();
    }

    /** Loads a bundled SuiteSparse graph, 0-based where the copy was written so by mistake. */
    public static Csr suiteSparse(String name) {
        return Csr.of(suiteSparseGraph(name));
    }

    /** Loads a bundled SuiteSparse graph as the loader gives it, 0-based where the copy was written so by mistake. */
    public static Graph suiteSparseGraph(String name) {
        boolean zeroBased = name.equals("lesmis.mtx") || name.equals("netscience.mtx");
        return GraphLoader.load(file("suitesparse/" + name), LoadOptions.defaults().withIndexBase(zeroBased ? 0 : 1));
    }

    /** The files {@code SHA256SUMS} lists under {@code prefix} with names ending in {@code suffix}, sorted. */
    private static List<String> listed(String prefix, String suffix) {
        try {
            return Files.readAllLines(datasets().resolve("SHA256SUMS")).stream()
                    .map(line -> line.substring(line.indexOf("  ") + 2))
                    .filter(name -> name.startsWith(prefix) && name.endsWith(suffix))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
