package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code stag generate updates}: what it writes and says, and one line with exit 2 for every bad request. */
class GenerateUpdatesCommandTest {
    @TempDir
    Path dir;

    private static final String KARATE = Path.of("..", "data", "karate.mtx").toString();

    @ParameterizedTest
    @CsvSource({"rmat,100,100", "uniform,100,100", "window,20,60"})
    void writesTheStreamAndOneSummaryLine(String kind, int count, int lines) throws IOException {
        Path out = dir.resolve(kind + ".txt.gz");
        Path again = dir.resolve(kind + "-again.txt.gz");
        CliRunner r = CliRunner.run("generate", "updates", "--graph", KARATE, "--kind", kind, "--count", String.valueOf(count),
                "--seed", "4", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        List<String> err = r.err().lines().toList();
        assertEquals(1, err.size(), r.err());
        assertTrue(err.get(0).startsWith("stag: wrote " + out + ": " + lines + " updates ("), err.get(0));
        assertTrue(err.get(0).contains(" for " + KARATE + " (34 vertices)"), err.get(0));
        CliRunner r2 = CliRunner.run("generate", "updates", "--graph", KARATE, "--kind", kind, "--count", String.valueOf(count),
                "--seed", "4", "--threads", "1", "-o", again.toString());
        assertEquals(0, r2.code(), r2.err());
        assertArrayEquals(Files.readAllBytes(out), Files.readAllBytes(again));
        String text = new String(new java.util.zip.GZIPInputStream(Files.newInputStream(out)).readAllBytes());
        assertEquals(lines, text.lines().count());
        assertTrue(text.lines().allMatch(l -> l.matches("[+-] [0-9]+ [0-9]+")), text);
    }

    @Test
    void aWeightedEdgeListGetsWeightsAndItsOwnIds() throws IOException {
        Path wel = dir.resolve("g.wel");
        Files.writeString(wel, "0 1 2\n1 2 3\n2 3 4\n3 0 5\n");
        Path out = dir.resolve("u.txt");
        CliRunner r = CliRunner.run("generate", "updates", "--graph", wel.toString(), "--kind", "uniform", "--count", "50",
                "--delete-fraction", "0", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        for (String l : Files.readAllLines(out)) {
            String[] f = l.split(" ");
            assertEquals("+", f[0]);
            assertTrue(Integer.parseInt(f[1]) < 4 && Integer.parseInt(f[2]) < 4, l);
            int w = Integer.parseInt(f[3]);
            assertTrue(w >= 1 && w <= 255, l);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--kind rmat --count 5|generate updates needs --graph, --kind and --count",
        "--graph G --count 5|generate updates needs --graph, --kind and --count",
        "--graph G --kind rmat|generate updates needs --graph, --kind and --count",
        "--graph G --kind zipf --count 5|unknown update kind 'zipf' (expected rmat, uniform or window)",
        "--graph G --kind rmat --count 0|--count must be at least 1, got 0",
        "--graph G --kind rmat --count 5 --delete-fraction 1.5|--delete-fraction must be in [0, 1], got 1.5",
        "--graph G --kind rmat --count 5 --delete-fraction -0.1|--delete-fraction must be in [0, 1], got -0.1",
        "--graph G --kind window --count 5 --delete-fraction 0.1|--delete-fraction does not apply to window (it deletes one old edge per insert)",
        "--graph G --kind window --count 78|window: --count must be below the graph's 78 edges, got 78",
        "--graph G --kind rmat --count 5 --scale 3|--scale and --degree are for generating a graph, not updates",
        "--graph G --kind rmat --count 5 --directed --undirected|--directed and --undirected exclude each other",
        "--graph G --kind rmat --count x|invalid value for option '--count': 'x' is not a long",
    })
    void badRequestsAreOneLineAndExitTwo(String args, String message) {
        Path out = dir.resolve("never.txt");
        String[] a = ("generate updates " + args.replace("G", KARATE) + " -o " + out).split(" ");
        CliRunner r = CliRunner.run(a);
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: " + message), r.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void graphOptionsAreRefusedForAGraphAndAMissingGraphIsOneLine() {
        Path out = dir.resolve("g.el");
        CliRunner r = CliRunner.run("generate", "kron", "--scale", "4", "--count", "5", "-o", out.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("stag: --graph, --kind, --count, --delete-fraction and --undirected are for 'generate updates'"), r.err());
        CliRunner s = CliRunner.run("generate", "kron", "-o", out.toString());
        assertEquals(2, s.code());
        assertTrue(s.err().startsWith("stag: --scale is required for a graph"), s.err());
        Path none = dir.resolve("none.mtx");
        CliRunner m = CliRunner.run("generate", "updates", "--graph", none.toString(), "--kind", "rmat", "--count", "5",
                "-o", out.toString());
        assertEquals(2, m.code());
        assertEquals("stag: " + none + ": no such file\n", m.err());
    }

    @Test
    void aMalformedGraphIsReportedWithItsLine() throws IOException {
        Path bad = dir.resolve("bad.el");
        Files.writeString(bad, "0 1\n1 x\n");
        CliRunner r = CliRunner.run("generate", "updates", "--graph", bad.toString(), "--kind", "rmat", "--count", "5",
                "-o", dir.resolve("u.txt").toString());
        assertEquals(2, r.code());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: " + bad + ":2: "), r.err());
    }
}
