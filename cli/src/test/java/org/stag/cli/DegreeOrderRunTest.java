package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Output;

/**
 * A graph stored in degree order ({@code convert --order degree}, {@code generate --order degree}) is the same graph
 * with the same ids: every shipped program writes, on the bundled graphs and a small generated kron, what it writes
 * on the graph in the natural order (byte for byte; PageRank, BC and PPR, whose sums run in the storage order, to 1e-9
 * relative), {@code --source} names an external id, {@code compare} passes, and converting back to text gives the
 * natural file.
 */
class DegreeOrderRunTest {
    /** Programs whose real-valued sums run in the storage order, so their last bits may differ. */
    private static final Set<String> ROUNDED = Set.of("bc", "ppr", "pagerank");

    @TempDir
    static Path dir;

    @BeforeAll
    static void graphs() {
        for (String g : List.of("karate", "ca-GrQc")) {
            String in = Path.of("..", "data", g + ".mtx").toString();
            assertEquals(0, CliRunner.run("convert", in, dir.resolve(g + "-none.stagb").toString()).code());
            CliRunner r = CliRunner.run("convert", "--order", "degree", in, dir.resolve(g + "-degree.stagb").toString());
            assertEquals(0, r.code(), r.err());
        }
        for (String o : List.of("none", "degree")) {
            CliRunner r = CliRunner.run("generate", "kron", "--scale", "9", "--degree", "8", "--weighted", "--order", o,
                    "-o", dir.resolve("kron-" + o + ".stagb").toString());
            assertEquals(0, r.code(), r.err());
        }
    }

    static List<String> algorithms() {
        return Algorithm.names();
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void everyProgramWritesTheNaturalOrdersOutput(String algorithm) throws IOException {
        for (String g : List.of("karate", "ca-GrQc", "kron")) {
            Path a = dir.resolve(algorithm + "-" + g + "-none.txt");
            Path b = dir.resolve(algorithm + "-" + g + "-degree.txt");
            CliRunner ra = CliRunner.run("run", algorithm, "--graph", dir.resolve(g + "-none.stagb").toString(), "-o", a.toString());
            CliRunner rb = CliRunner.run("run", algorithm, "--graph", dir.resolve(g + "-degree.stagb").toString(), "-o", b.toString());
            assertEquals(0, ra.code(), ra.err());
            assertEquals(0, rb.code(), rb.err());
            List<String> la = Files.readAllLines(a);
            List<String> lb = Files.readAllLines(b);
            // A per-vertex or edge result has many lines; one number for the whole graph (tc) has one.
            boolean scalar = Algorithm.byName(algorithm).orElseThrow().descriptor().output().shape() == Output.Shape.SCALAR;
            assertTrue(scalar ? la.size() == 1 : la.size() > 10, algorithm + " on " + g + ": " + la.size() + " lines");
            ResultLines.assertSame(algorithm + " on " + g, la, lb, ROUNDED.contains(algorithm));
        }
    }

    @Test
    void sourceIsAnExternalIdAndJsonFollowsTheIds() throws IOException {
        for (String fmt : List.of("text", "json", "csv")) {
            Path a = dir.resolve("sssp-none." + fmt);
            Path b = dir.resolve("sssp-degree." + fmt);
            assertEquals(0, CliRunner.run("run", "sssp", "--source", "17", "--output-format", fmt, "--graph",
                    dir.resolve("kron-none.stagb").toString(), "-o", a.toString()).code());
            assertEquals(0, CliRunner.run("run", "sssp", "--source", "17", "--output-format", fmt, "--graph",
                    dir.resolve("kron-degree.stagb").toString(), "-o", b.toString()).code());
            assertEquals(Files.readAllLines(a), Files.readAllLines(b), fmt);
        }
    }

    @Test
    void compareChecksADegreeOrderedFile() {
        for (String alg : List.of("bfs", "wcc", "pagerank")) {
            CliRunner r = CliRunner.run("compare", alg, "--graph", dir.resolve("ca-GrQc-degree.stagb").toString());
            assertEquals(0, r.code(), alg + ": " + r.out() + r.err());
        }
    }

    @Test
    void convertingBackToTextGivesTheNaturalFile() throws IOException {
        Path a = dir.resolve("back-none.mtx");
        Path b = dir.resolve("back-degree.mtx");
        assertEquals(0, CliRunner.run("convert", dir.resolve("ca-GrQc-none.stagb").toString(), a.toString()).code());
        assertEquals(0, CliRunner.run("convert", dir.resolve("ca-GrQc-degree.stagb").toString(), b.toString()).code());
        assertEquals(Files.readAllLines(a), Files.readAllLines(b));
        Path c = dir.resolve("back.stagb");
        assertEquals(0, CliRunner.run("convert", "--order", "none", dir.resolve("kron-degree.stagb").toString(),
                c.toString()).code());
        assertEquals(CliRunner.run("info", dir.resolve("kron-none.stagb").toString()).keyValues().get("edges"),
                CliRunner.run("info", c.toString()).keyValues().get("edges"));
        assertTrue(Files.readAllBytes(c).length > 0);
    }

    @Test
    void streamUpdatesNameExternalIds() throws IOException {
        Path updates = dir.resolve("u.txt");
        Files.writeString(updates, "+ 1 34\n+ 2 30\n- 1 2\n");
        for (String o : List.of("none", "degree")) {
            CliRunner r = CliRunner.run("stream", "--graph", dir.resolve("karate-" + o + ".stagb").toString(), "--updates",
                    updates.toString(), "--run", "bfs,wcc", "--every", "1", "--output-dir", dir.resolve("out-" + o).toString());
            assertEquals(0, r.code(), r.err());
        }
        for (String f : List.of("bfs-v1.txt", "wcc-v1.txt")) {
            List<String> a = Files.readAllLines(dir.resolve("out-none").resolve(f));
            assertEquals(34, a.size());
            assertEquals(a, Files.readAllLines(dir.resolve("out-degree").resolve(f)), f);
        }
    }

    @Test
    void convertOrderErrorsAreOneLineAndExitTwo() {
        String in = Path.of("..", "data", "karate.mtx").toString();
        CliRunner bogus = CliRunner.run("convert", "--order", "bogus", in, dir.resolve("x.stagb").toString());
        assertEquals(2, bogus.code());
        assertEquals(1, bogus.err().strip().lines().count(), bogus.err());
        assertTrue(bogus.err().contains("--order: unknown vertex order 'bogus' (expected none or degree)"), bogus.err());
        CliRunner text = CliRunner.run("convert", "--order", "degree", in, dir.resolve("x.el").toString());
        assertEquals(2, text.code());
        assertTrue(text.err().contains("--order degree needs a .stagb OUT"), text.err());
    }
}
