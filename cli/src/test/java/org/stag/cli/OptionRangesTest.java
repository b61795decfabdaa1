package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every numeric option out of its range, and every output that names an input, is a usage error: exit
 * status 2, one line on stderr naming the option and the value, then {@code (see 'stag COMMAND --help')},
 * nothing on stdout, and nothing written.
 */
class OptionRangesTest {
    static final String KARATE = Path.of("..", "data", "karate.mtx").toString();

    static Stream<Arguments> outOfRange() {
        return Stream.of(
                Arguments.of(List.of("run", "pagerank", "--graph", KARATE, "--threads", "0"),
                        "--threads must be between 1 and 1024, got 0"),
                Arguments.of(List.of("run", "pagerank", "--graph", KARATE, "--threads", "-3"),
                        "--threads must be between 1 and 1024, got -3"),
                Arguments.of(List.of("run", "pagerank", "--graph", KARATE, "--threads", "100000"),
                        "--threads must be between 1 and 1024, got 100000"),
                Arguments.of(List.of("compare", "pagerank", "--graph", KARATE, "--threads", "0"),
                        "--threads must be between 1 and 1024, got 0"),
                Arguments.of(List.of("info", KARATE, "--threads", "1025"), "--threads must be between 1 and 1024, got 1025"),
                Arguments.of(List.of("convert", KARATE, "x.el", "--threads", "0"), "--threads must be between 1 and 1024, got 0"),
                Arguments.of(List.of("generate", "kron", "--scale", "4", "-o", "x.el", "--threads", "0"),
                        "--threads must be between 1 and 1024, got 0"),
                Arguments.of(List.of("run", "pagerank", "--graph", KARATE, "--damping", "2"),
                        "--damping must be strictly between 0 and 1, got 2"),
                Arguments.of(List.of("run", "pagerank", "--graph", KARATE, "--damping", "0"),
                        "--damping must be strictly between 0 and 1, got 0"),
                Arguments.of(List.of("run", "pagerank", "--graph", KARATE, "--damping", "1"),
                        "--damping must be strictly between 0 and 1, got 1"),
                Arguments.of(List.of("run", "pagerank", "--graph", KARATE, "--damping", "NaN"),
                        "--damping must be strictly between 0 and 1, got NaN"),
                Arguments.of(List.of("compare", "pagerank", "--graph", KARATE, "--damping", "-0.5"),
                        "--damping must be strictly between 0 and 1, got -0.5"),
                Arguments.of(List.of("run", "pagerank", "--graph", KARATE, "--iterations", "0"),
                        "--iterations must be at least 1, got 0"),
                Arguments.of(List.of("run", "cdlp", "--graph", KARATE, "--iterations", "-1"),
                        "--iterations must be at least 1, got -1"),
                Arguments.of(List.of("run", "wcc", "--graph", KARATE, "--max-iterations", "0"),
                        "--max-iterations must be at least 1, got 0"),
                Arguments.of(List.of("run", "bc", "--graph", KARATE, "--sources", "1,1"),
                        "--sources '1,1': vertex 1 is given twice"),
                Arguments.of(List.of("compare", "bc", "--graph", KARATE, "--sources", "3, 5,3", "--reference", "handwritten"),
                        "--sources '3, 5,3': vertex 3 is given twice"),
                Arguments.of(List.of("run", "bc", "--graph", KARATE, "--sources", "1,,2"),
                        "--sources '1,,2': an empty id (two commas, or one at an end)"),
                Arguments.of(List.of("run", "bc", "--graph", KARATE, "--sources", "1,"),
                        "--sources '1,': an empty id (two commas, or one at an end)"),
                Arguments.of(List.of("run", "bc", "--graph", KARATE, "--sources", "1,x"), "--sources '1,x': 'x' is not a vertex id"),
                Arguments.of(List.of("run", "bfs", "--graph", KARATE, "--source", "1x"),
                        "invalid value for option '--source': '1x' is not a long"),
                Arguments.of(List.of("run", "pagerank", "--graph", KARATE, "--iterations", "ten"),
                        "invalid value for option '--iterations': 'ten' is not an int"),
                Arguments.of(List.of("run", "ktruss", "--graph", KARATE, "--k", "0"), "--k must be at least 2, got 0"),
                Arguments.of(List.of("compare", "ktruss", "--graph", KARATE, "--k", "1"), "--k must be at least 2, got 1"),
                Arguments.of(List.of("run", "ktruss", "--graph", KARATE, "--k", "3.5"),
                        "invalid value for option '--k': '3.5' is not an int"),
                Arguments.of(List.of("run", "mis", "--graph", KARATE, "--seed", "one"),
                        "invalid value for option '--seed': 'one' is not a long"),
                Arguments.of(List.of("info", KARATE, "--index-base", "2"), "--index-base must be 0 or 1, got 2"),
                Arguments.of(List.of("generate", "kron", "--scale", "0", "-o", "x.el"),
                        "scale must be in 1..30 (2^scale vertices), got 0"),
                Arguments.of(List.of("generate", "urand", "--scale", "31", "-o", "x.el"),
                        "scale must be in 1..30 (2^scale vertices), got 31"),
                Arguments.of(List.of("generate", "kron", "--scale", "4", "--degree", "0", "-o", "x.el"),
                        "degree must be a positive number, got 0.0"),
                Arguments.of(List.of("generate", "kron", "--scale", "4", "--degree", "-2", "-o", "x.el"),
                        "degree must be a positive number, got -2.0"),
                Arguments.of(List.of("generate", "grid", "--scale", "4", "--degree", "5", "-o", "x.el"), "degree"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("outOfRange")
    void isAUsageError(List<String> args, String message) {
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        String line = r.err().strip();
        assertTrue(line.startsWith("stag: "), line);
        assertTrue(line.contains(message), message + " not in: " + line);
        assertTrue(line.endsWith("(see 'stag " + args.get(0) + " --help')"), line);
    }

    @Test
    void edgeValuesAreAccepted() {
        CliRunner r = CliRunner.run("run", "pagerank", "--graph", KARATE, "--threads", "1", "--iterations", "1",
                "--damping", "0.999", "--max-iterations", "1");
        assertEquals(0, r.code(), r.err());
        r = CliRunner.run("run", "bc", "--graph", KARATE, "--sources", " 1, 34 ");
        assertEquals(0, r.code(), r.err());
    }

    @TempDir
    Path dir;

    private Path karateCopy() throws IOException {
        Path g = dir.resolve("g.mtx");
        Files.copy(Path.of(KARATE), g);
        return g;
    }

    private void refused(Path input, String... args) throws IOException {
        byte[] before = Files.readAllBytes(input);
        CliRunner r = CliRunner.run(args);
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("is the input"), r.err());
        assertTrue(r.err().strip().endsWith("--help')"), r.err());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(input)), "the input is untouched");
    }

    @Test
    void anOutputThatIsTheInputGraphIsRefused() throws IOException {
        Path g = karateCopy();
        refused(g, "run", "pagerank", "--graph", g.toString(), "-o", g.toString());
        // Another spelling of the same file, and a symbolic link to it.
        refused(g, "run", "pagerank", "--graph", g.toString(), "-o", dir.resolve(".").resolve("g.mtx").toString());
        Path link = Files.createSymbolicLink(dir.resolve("link.mtx"), g);
        refused(g, "run", "pagerank", "--graph", g.toString(), "--output", link.toString());
        refused(g, "convert", g.toString(), link.toString());
        refused(g, "convert", g.toString(), g.toString());
    }

    @Test
    void anOutputThatIsAnLdbcFileOrTheProgramIsRefused() throws IOException {
        for (String ext : List.of(".properties", ".v", ".e")) {
            Files.copy(Path.of("..", "data", "example-directed" + ext), dir.resolve("example-directed" + ext));
        }
        Path props = dir.resolve("example-directed.properties");
        refused(dir.resolve("example-directed.e"), "run", "wcc", "--graph", props.toString(), "-o",
                dir.resolve("example-directed.e").toString());
        Path program = dir.resolve("p.stag");
        Files.copy(Path.of("..", "algorithms", "src", "main", "resources", "org", "stag", "algorithms", "wcc.stag"), program);
        Path g = karateCopy();
        refused(program, "run", program.toString(), "--graph", g.toString(), "-o", program.toString());
    }

    @Test
    void anEvalOutputThatIsAnInputIsRefused() throws IOException {
        Path g = karateCopy();
        Path program = dir.resolve("degree.stag");
        Files.writeString(program, String.join("\n", "N int", "A double[N][compressed[N]]",
                "Let Main() -> (d double[N])", "    d[i] = A[i][j] | j:(+, 0.0)", "End", ""));
        refused(g, "eval", program.toString(), "--input", "A=" + g, "-o", g.toString());
        refused(g, "eval", program.toString(), "--input", "A=" + g + ":dense,compressed", "-o", g.toString());
        refused(program, "eval", program.toString(), "--input", "A=" + g, "-o", program.toString());
    }

    @Test
    void anOutputBesideTheInputIsWritten() throws IOException {
        Path g = karateCopy();
        Path out = dir.resolve("ranks.txt");
        Files.writeString(out, "old");
        CliRunner r = CliRunner.run(new ArrayList<>(List.of("run", "pagerank", "--graph", g.toString(), "-o",
                out.toString())).toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        assertEquals(34, Files.readAllLines(out).size());
    }
}
