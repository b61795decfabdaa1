package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user sees around the results: compare's summary on stderr and compare on programs ({@code --as}),
 * the line convert and generate print, I/O errors named by their cause, {@code --max-iterations},
 * progress lines only when asked (tests are not terminals), and help that fits 80 columns.
 */
class CommandPolishTest {
    static final String KARATE = OptionRangesTest.KARATE;
    static final Path WCC = Path.of("..", "algorithms", "src", "main", "resources", "org", "stag", "algorithms", "wcc.stag");

    @TempDir
    Path dir;

    private static void usageError(CliRunner r, String message) {
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().strip().startsWith("stag: " + message), r.err());
    }

    @Test
    void compareWritesItsSummaryToStderr() {
        CliRunner r = CliRunner.run("compare", "bfs", "--graph", KARATE, "--source", "1");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out());
        Map<String, String> kv = new CliRunner(0, r.err(), "").keyValues();
        assertEquals("yes", kv.get("agree"));
        assertEquals("bfs", kv.get("algorithm"));
    }

    @Test
    void compareRunsAProgramAsTheAlgorithmItsNameOrAsSays() throws IOException {
        Path named = dir.resolve("wcc.stag");
        Files.copy(WCC, named);
        CliRunner r = CliRunner.run("compare", named.toString(), "--graph", KARATE);
        assertEquals(0, r.code(), r.err());
        Map<String, String> kv = new CliRunner(0, r.err(), "").keyValues();
        assertEquals("wcc", kv.get("algorithm"));
        assertEquals(named.toString(), kv.get("program"));
        assertEquals("yes", kv.get("agree"));

        Path mine = dir.resolve("components.stag");
        Files.copy(WCC, mine);
        usageError(CliRunner.run("compare", mine.toString(), "--graph", KARATE),
                "say which algorithm " + mine + " computes with --as ALGORITHM (expected pagerank, bfs, sssp, wcc, cdlp,"
                        + " lcc, bc, kcore, scc, ppr), so that the reference can run it");
        r = CliRunner.run("compare", mine.toString(), "--as", "wcc", "--graph", KARATE, "--reference", "handwritten");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("\nagree yes\n"), r.err());
        usageError(CliRunner.run("compare", mine.toString(), "--as", "components", "--graph", KARATE),
                "--as 'components': unknown algorithm");
        usageError(CliRunner.run("compare", "wcc", "--as", "bfs", "--graph", KARATE),
                "--as bfs contradicts wcc; --as is for a .stag program");
    }

    /** A program computing something other than what --as says is caught by the comparison: exit status 1. */
    @Test
    void compareCatchesAProgramThatComputesSomethingElse() throws IOException {
        Path wrong = dir.resolve("wrong.stag");
        Files.writeString(wrong, Files.readString(WCC).replace("component[i] = ifelse(L[i] == -1, gid, MIN(id[MAX(L[i], 0)], smallest[MAX(L[i], 0)]))", "component[i] = id[i]"));
        CliRunner r = CliRunner.run("compare", wrong.toString(), "--as", "wcc", "--graph", KARATE);
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("\nagree no\n"), r.err());
    }

    @Test
    void convertAndGenerateSayWhatTheyWrote() {
        Path k = dir.resolve("k.el");
        CliRunner g = CliRunner.run("generate", "kron", "--scale", "6", "--degree", "4", "-o", k.toString());
        assertEquals(0, g.code(), g.err());
        assertTrue(g.err().strip().matches("stag: wrote " + java.util.regex.Pattern.quote(k.toString())
                + ": 64 vertices, \\d+ edges, 0\\.0 MB in \\d+\\.\\d s"), g.err());
        Path m = dir.resolve("karate.mtx");
        CliRunner c = CliRunner.run("convert", KARATE, m.toString());
        assertEquals(0, c.code(), c.err());
        assertEquals(1, c.err().lines().count(), c.err());
        assertTrue(c.err().strip().matches("stag: wrote " + java.util.regex.Pattern.quote(m.toString())
                + ": 34 vertices, 156 edges, 0\\.0 MB in \\d+\\.\\d s"), c.err());
    }

    @Test
    void ioErrorsNameTheirCause() throws IOException {
        Path missing = dir.resolve("no").resolve("r.txt");
        assertEquals("stag: " + missing + ": cannot write: no such file or directory",
                CliRunner.run("run", "wcc", "--graph", KARATE, "-o", missing.toString()).err().strip());
        assertEquals("stag: " + dir + ": cannot write: is a directory",
                CliRunner.run("run", "wcc", "--graph", KARATE, "-o", dir.toString()).err().strip());
        Path full = Files.createSymbolicLink(dir.resolve("full.el"), Path.of("/dev/full"));
        CliRunner r = CliRunner.run("run", "wcc", "--graph", KARATE, "-o", full.toString());
        assertEquals(2, r.code());
        assertEquals("stag: " + full + ": cannot write: disk full (no space left on device)", r.err().strip());
        r = CliRunner.run("convert", KARATE, full.toString());
        assertEquals(2, r.code());
        assertEquals("stag: " + full + ": cannot write: disk full (no space left on device)", r.err().strip());
        Path degree = dir.resolve("degree.stag");
        Files.writeString(degree, String.join("\n", "N int", "A double[N][compressed[N]]",
                "Let Main() -> (d double[N])", "    d[i] = A[i][j] | j:(+, 0.0)", "End", ""));
        r = CliRunner.run("eval", degree.toString(), "--input", "A=" + KARATE, "-o", full.toString());
        assertEquals(2, r.code());
        assertEquals("stag: " + full + ": cannot write: disk full (no space left on device)", r.err().strip());
        r = CliRunner.run("convert", KARATE, missing.resolveSibling("k.el").toString());
        assertEquals("stag: " + missing.resolveSibling("k.el") + ": cannot write: no such file or directory",
                r.err().strip());
        Path sub = Files.createDirectory(dir.resolve("d.el"));
        r = CliRunner.run("info", sub.toString());
        assertEquals(2, r.code());
        assertEquals("stag: " + sub + ": cannot read: is a directory", r.err().strip());
    }

    @Test
    void aLoopThatNeverStopsFailsAtMaxIterations() throws IOException {
        Path never = dir.resolve("never.stag");
        Files.writeString(never, ExitStatusTest.NEVER);
        CliRunner r = CliRunner.run("run", never.toString(), "--graph", KARATE, "--max-iterations", "50");
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals("stag: " + never + ":9:5: star call 'r, _ = Step*' did not meet its stop condition '#2 < 0'"
                + " after 50 iterations (the limit; raise it with --max-iterations)", r.err().strip());
        // A shipped algorithm whose loop needs more iterations than allowed: BFS on karate needs 5.
        r = CliRunner.run("run", "bfs", "--graph", KARATE, "--source", "1", "--max-iterations", "2");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().strip().matches("stag: bfs\\.stag:\\d+:\\d+: star call '_, depth, _, _, _, _, _ = Step\\*' did not"
                + " meet its stop condition '#4 == 0' after 2 iterations \\(the limit; raise it with --max-iterations\\)"),
                r.err());
        assertEquals(0, CliRunner.run("run", "bfs", "--graph", KARATE, "--source", "1", "--max-iterations", "6").code());
    }

    @Test
    void helpStatesTheIterationLimit() {
        for (String command : List.of("run", "compare")) {
            String help = CliRunner.run(command, "--help").out().replaceAll("\\s+", " ");
            assertTrue(help.contains("--max-iterations=N Fail a loop that has not met its stop condition after N"
                    + " iterations"), help);
            assertTrue(help.contains("default: 1000000"), help);
        }
    }

    @Test
    void progressOnlyWhenAsked() {
        CliRunner quiet = CliRunner.run("info", KARATE);
        assertFalse(quiet.err().contains("\r"), quiet.err());
        assertEquals("", quiet.err());
        CliRunner shown = CliRunner.run("info", KARATE, "--progress");
        assertEquals(0, shown.code(), shown.err());
        assertTrue(shown.err().startsWith("\rstag: reading karate.mtx: 0.0 MB of 0.0 MB (100%)"), shown.err());
        assertTrue(shown.err().endsWith("\r"), "the line is cleared: " + shown.err());
        assertEquals(quiet.out().replaceAll("(load|parse|graph-build)-seconds .*", ""), shown.out().replaceAll("(load|parse|graph-build)-seconds .*", ""));
        CliRunner loop = CliRunner.run("run", "wcc", "--graph", KARATE, "--progress");
        assertTrue(loop.err().contains("\rstag: line 66, Link*: iteration 1"), loop.err());
        assertEquals("", CliRunner.run("info", KARATE, "--no-progress").err());
    }

    @Test
    void helpFitsEightyColumnsAndCommandsAreSummedUpInOneLine() {
        for (String command : List.of("", "info", "convert", "generate", "compile", "eval", "run", "compare")) {
            String[] args = command.isEmpty() ? new String[] {"--help"} : new String[] {command, "--help"};
            CliRunner r = CliRunner.run(args);
            assertEquals(0, r.code());
            for (String line : r.out().lines().toList()) {
                assertTrue(line.length() <= 80, command + ": " + line.length() + " columns: " + line);
                assertFalse(line.endsWith(" .") || line.endsWith("(e."), command + ": a word split: " + line);
            }
        }
        String top = CliRunner.run("--help").out();
        String list = top.substring(top.indexOf("Commands:"), top.indexOf("Exit status"));
        for (String line : list.lines().skip(1).filter(l -> !l.isBlank()).toList()) {
            assertTrue(line.matches(" {2}\\w+ +\\S.*\\.$"), "one line, one sentence: " + line);
        }
        assertTrue(top.contains("3 out of memory"), top);
    }
}
