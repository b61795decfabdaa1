package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code tc} from the command line: {@code run} prints one {@code triangles COUNT} line (or writes it with
 * {@code -o}, in every output format), {@code compare} checks it against JGraphT and the hand-written count,
 * {@code bench} times it beside them, and what cannot take one number refuses in one line.
 */
class TriangleCountCliTest {
    static final String KARATE = Path.of("..", "data", "karate.mtx").toString();
    static final String CA_GRQC = Path.of("..", "data", "ca-GrQc.mtx").toString();

    @TempDir
    Path dir;

    @Test
    void runPrintsTheCount() {
        CliRunner r = CliRunner.run("run", "tc", "--graph", CA_GRQC, "--threads", "2");
        assertEquals(0, r.code(), r.err());
        assertEquals("triangles 48260\n", r.out());
        assertTrue(r.err().contains("output triangles -> stdout"), r.err());
        assertTrue(r.err().lines().noneMatch(l -> l.startsWith("source")), "tc takes no source: " + r.err());
    }

    @Test
    void runWritesTheCountToAFileInEveryFormat() throws IOException {
        Map<String, String> expected = Map.of("text", "triangles 45\n", "tsv", "triangles\t45\n",
                "csv", "output,value\ntriangles,45\n", "json", "{\"output\":\"triangles\",\"value\":45}\n");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Path out = dir.resolve("tc." + e.getKey());
            CliRunner r = CliRunner.run("run", "tc", "--graph", KARATE, "-o", out.toString(), "--output-format",
                    e.getKey());
            assertEquals(0, r.code(), r.err());
            assertEquals("", r.out());
            assertEquals(e.getValue(), Files.readString(out), e.getKey());
        }
    }

    /** A directed input is symmetrised: the triangle 1-2-3 counts once whichever way its edges point. */
    @Test
    void aDirectedGraphIsSymmetrised() throws IOException {
        Path g = dir.resolve("d.el");
        Files.writeString(g, "1 2\n2 3\n3 1\n1 3\n3 4\n4 4\n");
        CliRunner r = CliRunner.run("run", "tc", "--graph", g.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("triangles 1\n", r.out());
    }

    @ParameterizedTest
    @CsvSource({"karate.mtx, jgrapht, 45", "karate.mtx, handwritten, 45", "ca-GrQc.mtx, jgrapht, 48260",
        "ca-GrQc.mtx, handwritten, 48260"})
    void compareAgreesWithBothReferences(String graph, String reference, long count) {
        CliRunner r = CliRunner.run("compare", "tc", "--graph", Path.of("..", "data", graph).toString(), "--threads",
                "2", "--reference", reference);
        assertEquals(0, r.code(), r.err());
        Map<String, String> kv = new CliRunner(r.code(), r.err(), "").keyValues();
        assertEquals("yes", kv.get("agree"), r.err());
        assertEquals("exact: triangles " + count + " matches", kv.get("check"));
        assertEquals(reference, kv.get("reference"));
    }

    @Test
    void compareChoosesJGraphTByDefault() {
        CliRunner r = CliRunner.run("compare", "tc", "--graph", KARATE);
        assertEquals(0, r.code(), r.err());
        assertEquals("jgrapht", new CliRunner(r.code(), r.err(), "").keyValues().get("reference"));
    }

    /** A program of one's own compared as tc must give the count in an output called triangles. */
    @Test
    void aProgramComparedAsTcNeedsItsOutput() throws IOException {
        Path mine = dir.resolve("mine.stag");
        Files.writeString(mine, Files.readString(Path.of("..", "algorithms", "src", "main", "resources", "org", "stag",
                "algorithms", "tc.stag")));
        CliRunner ok = CliRunner.run("compare", mine.toString(), "--as", "tc", "--graph", KARATE);
        assertEquals(0, ok.code(), ok.err());
        Path other = dir.resolve("other.stag");
        Files.writeString(other, "N int\nA bool[N][compressed[N]]\n\nLet Main() -> (count long)\n"
                + "    count = A[i][j] | j:(+, 0L), i:(+, 0L)\nEnd\n");
        CliRunner bad = CliRunner.run("compare", other.toString(), "--as", "tc", "--graph", KARATE);
        assertEquals(2, bad.code(), bad.err());
        assertEquals(1, bad.err().lines().count(), bad.err());
        assertTrue(bad.err().contains("other.stag") && bad.err().contains("Main has no scalar output 'triangles',"
                + " which tc gives"), bad.err());
    }

    @Test
    void benchTimesAndChecksItBesideBothReferences() throws IOException {
        Path out = dir.resolve("results");
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "tc", "--formats",
                "dense,compressed;dense,ctree", "--threads", "1", "--repeat", "2", "--reference", "handwritten,jgrapht",
                "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        List<String> rows = Files.readAllLines(out.resolve("bench.csv"));
        assertEquals(1 + 4, rows.size(), String.join("\n", rows));
        for (String row : rows.subList(1, rows.size())) {
            assertTrue(row.contains(",ok,"), row);
        }
    }

    @Test
    void whatWritesOneValuePerVertexRefusesInOneLine() {
        String[][] cases = {
            {"--run: tc gives one number, and stag stream writes one value per vertex only", "stream", "--graph", KARATE,
                "--updates", KARATE, "--run", "tc"},
            {"tc gives one number; --output-format parquet writes one value per vertex only", "run", "tc", "--graph",
                KARATE, "--spark", "local[2]", "--output-format", "parquet", "-o", "out.parquet"},
            {"--source: tc does not take it", "run", "tc", "--graph", KARATE, "--source", "1"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(Arrays.asList(c).subList(1, c.length));
            CliRunner r = CliRunner.run(args.toArray(String[]::new));
            assertEquals(2, r.code(), String.join(" ", c) + ": " + r.err());
            assertEquals("", r.out(), r.out());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("stag: ") && r.err().contains(c[0]), c[0] + " not in: " + r.err());
        }
    }
}
