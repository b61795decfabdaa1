package org.stag.algorithms;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.stag.algorithms.graph.Csr;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphLoader;
import org.stag.loaders.LoadOptions;

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

    /** The LDBC example datasets' {@code .properties} files, sorted by name. */
    public static List<Path> ldbcExamples() {
        return list(datasets().resolve("ldbc"), ".properties");
    }

    /** The names of the square SuiteSparse graphs (every shared one except the rectangular lp_afiro). */
    public static List<String> squareSuiteSparse() {
        return list(datasets().resolve("suitesparse"), ".mtx").stream()
                .map(p -> p.getFileName().toString())
                .filter(n -> !n.equals("lp_afiro.mtx"))
                .toList();
    }

    /** Loads a shared SuiteSparse graph, 0-based where the shared copy was written so by mistake. */
    public static Csr suiteSparse(String name) {
        boolean zeroBased = name.equals("lesmis.mtx") || name.equals("netscience.mtx");
        Graph g = GraphLoader.load(datasets().resolve("suitesparse").resolve(name),
                LoadOptions.defaults().withIndexBase(zeroBased ? 0 : 1));
        return Csr.of(g);
    }

    private static List<Path> list(Path dir, String suffix) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
