package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stag info} on every file of the loaders' malformed-input corpus exits with status 2 and prints
 * exactly one line, {@code stag: FILE:LINE: cause}, to stderr and nothing to stdout; usage errors do the
 * same; {@code --help} on every command prints its usage to stdout and exits 0.
 */
class MalformedInputCliTest {
    /** The corpus, seen from the cli module's directory (surefire's working directory). */
    static final Path CORPUS = Path.of("..", "loaders", "src", "test", "resources", "malformed");

    /** One line of {@code cases.tsv}: see the comment at its top. */
    record Case(String path, long line, String fragment, List<String> options, String errorFile) {
        @Override
        public String toString() {
            return path + (options.isEmpty() ? "" : " " + String.join(" ", options));
        }
    }

    /**
     * Whether the file named in the error is compared by location rather than by spelling: when the
     * error is in a sibling of the file given, and for LDBC graphs, whose reader names every file by
     * its absolute path (LdbcGraphFiles.locate resolves siblings against {@code toAbsolutePath()}).
     */
    static boolean comparedByLocation(Case c) {
        return c.errorFile() != null || c.path().startsWith("ldbc-");
    }

    static List<Case> cases() {
        List<String> lines;
        try {
            lines = Files.readAllLines(CORPUS.resolve("cases.tsv"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the corpus manifest (working directory "
                    + Path.of("").toAbsolutePath() + ")", e);
        }
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i);
            if (text.isBlank() || text.startsWith("#")) {
                continue;
            }
            String[] f = text.split("\t", -1);
            if (f.length < 3 || f.length > 5) {
                throw new IllegalStateException("cases.tsv:" + (i + 1) + ": expected 3 to 5 tab-separated fields, found " + f.length);
            }
            List<String> options = f.length > 3 && !f[3].isBlank() ? List.of(f[3].trim().split("\\s+")) : List.of();
            String errorFile = f.length > 4 && !f[4].isBlank() ? f[4].trim() : null;
            cases.add(new Case(f[0], Long.parseLong(f[1]), f[2], options, errorFile));
        }
        return cases;
    }

    /** What one run printed and returned. */
    record Run(int code, String out, String err) {
        /** The lines written to stderr. */
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    static Run stag(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            code = Stag.run(args, o, e);
        }
        return new Run(code, out.toString(), err.toString());
    }

    /** Exit status 2, nothing on stdout, one clean line on stderr; returns that line. */
    static String assertOneLineFailure(Run r, String what) {
        assertEquals(Stag.BAD_INPUT, r.code(), () -> what + ": exit status; stderr: " + r.err());
        assertEquals("", r.out(), () -> what + ": stdout must be empty");
        List<String> lines = r.errLines();
        assertEquals(1, lines.size(), () -> what + ": stderr must be exactly one line, was:\n" + r.err());
        assertTrue(r.err().endsWith("\n"), () -> what + ": stderr must end with a newline");
        String line = lines.get(0);
        assertTrue(line.startsWith("stag: "), () -> what + ": " + line);
        assertFalse(line.contains("Exception"), () -> what + ": an exception name leaks into the message: " + line);
        assertFalse(line.contains("\tat ") || line.contains("\r"), () -> what + ": " + line);
        return line;
    }

    // ---------------------------------------------------------------------------------------------
    // The corpus.

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void infoRefusesWithOneLine(Case c) {
        List<String> args = new ArrayList<>();
        args.add("info");
        args.addAll(c.options());
        String path = CORPUS.resolve(c.path()).toString();
        args.add(path);
        Run r = stag(args.toArray(String[]::new));
        String line = assertOneLineFailure(r, c.toString());
        // stag: FILE:LINE: cause, or stag: FILE: cause when no line applies.
        String location = c.line() > 0 ? ":" + c.line() + ": " : ": ";
        Path expectedFile = c.errorFile() == null ? Path.of(path) : CORPUS.resolve(c.errorFile());
        String fileName = expectedFile.getFileName().toString();
        int at = line.indexOf(fileName + location);
        assertTrue(at >= 0, () -> "'" + fileName + location + "' not in: " + line);
        String named = line.substring("stag: ".length(), at + fileName.length());
        if (!comparedByLocation(c)) {
            assertEquals(path, named, "the file as it was given");
        } else {
            assertEquals(expectedFile.toAbsolutePath().normalize(), Path.of(named).toAbsolutePath().normalize(), line);
        }
        String cause = line.substring(at + fileName.length() + location.length());
        assertTrue(cause.contains(c.fragment()), () -> "'" + c.fragment() + "' not in: " + line);
    }

    // ---------------------------------------------------------------------------------------------
    // Usage errors.

    /** A small valid graph, so that only the option under test can be wrong. */
    static Path validGraph(Path dir) throws IOException {
        Path p = dir.resolve("ok.mtx");
        Files.writeString(p, "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n", StandardCharsets.US_ASCII);
        return p;
    }

    static Stream<Arguments> usageErrors() {
        return Stream.of(
                Arguments.of("no command", List.of(), "missing command"),
                Arguments.of("unknown subcommand", List.of("frobnicate"), "unknown command 'frobnicate' (expected info, convert, generate, compile, eval, run, compare, stream, bench, fetch, help)"),
                Arguments.of("misspelt subcommand", List.of("inf", "GRAPH"), "unknown command 'inf'"),
                Arguments.of("unknown option", List.of("info", "--bogus", "GRAPH"), "--bogus"),
                Arguments.of("missing GRAPH", List.of("info"), "GRAPH"),
                Arguments.of("--duplicates bogus", List.of("info", "--duplicates", "bogus", "GRAPH"), "unknown duplicate policy 'bogus'"),
                Arguments.of("--threads 0", List.of("info", "--threads", "0", "GRAPH"), "--threads must be between 1 and 1024, got 0"),
                Arguments.of("--threads x", List.of("info", "--threads", "x", "GRAPH"), "'x'"),
                Arguments.of("--index-base 7", List.of("info", "--index-base", "7", "GRAPH"), "--index-base must be 0 or 1, got 7"),
                Arguments.of("--directed --undirected", List.of("info", "--directed", "--undirected", "GRAPH"),
                        "--directed and --undirected exclude each other"),
                Arguments.of("--weighted --unweighted", List.of("info", "--weighted", "--unweighted", "GRAPH"),
                        "--weighted and --unweighted exclude each other"),
                Arguments.of("--input-format bogus", List.of("info", "--input-format", "bogus", "GRAPH"), "unknown input format 'bogus'"),
                Arguments.of("convert without OUT", List.of("convert", "GRAPH"), "OUT"),
                Arguments.of("generate scale 0", List.of("generate", "kron", "--scale", "0", "-o", "OUT"), "scale must be in 1..30"),
                Arguments.of("generate unknown kind", List.of("generate", "blob", "--scale", "3", "-o", "OUT"), "unknown generator 'blob'"),
                Arguments.of("generate grid degree 5", List.of("generate", "grid", "--scale", "3", "--degree", "5", "-o", "OUT"), "grid degree"),
                Arguments.of("generate without --scale", List.of("generate", "kron", "-o", "OUT"), "--scale"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("usageErrors")
    void usageErrorsExitTwoWithOneLine(String what, List<String> args, String fragment, @TempDir Path dir) throws IOException {
        Path graph = validGraph(dir);
        Path output = dir.resolve("out.el");
        String[] argv = args.stream()
                .map(a -> a.equals("GRAPH") ? graph.toString() : a.equals("OUT") ? output.toString() : a)
                .toArray(String[]::new);
        String line = assertOneLineFailure(stag(argv), what);
        assertTrue(line.contains(fragment), () -> "'" + fragment + "' not in: " + line);
        assertFalse(Files.exists(output), what + ": the output file was written");
    }

    @Test
    void validGraphIsAccepted(@TempDir Path dir) throws IOException {
        // The usage-error tests rely on this graph being fine.
        Run r = stag("info", validGraph(dir).toString());
        assertEquals(Stag.OK, r.code(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("edges 2"), r.out());
    }

    // ---------------------------------------------------------------------------------------------
    // Help.

    @ParameterizedTest(name = "stag {0} --help")
    @ValueSource(strings = {"", "info", "convert", "generate", "compile", "eval"})
    void helpPrintsUsageToStdout(String command) {
        String[] argv = command.isEmpty() ? new String[] {"--help"} : new String[] {command, "--help"};
        Run r = stag(argv);
        assertEquals(Stag.OK, r.code(), r.err());
        assertEquals("", r.err(), "nothing on stderr");
        String usage = "Usage: stag" + (command.isEmpty() ? "" : " " + command);
        assertTrue(r.out().startsWith(usage), () -> "stdout does not start with '" + usage + "':\n" + r.out());
        assertTrue(r.out().contains("--help"), r.out());
    }
}
