package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the command line says about how an input was read: mirrored pairs of an undirected edge list,
 * non-finite values, summed duplicates (one warning line), SSSP's refusal of NaN and infinite weights, and
 * the memory a declared size would need.
 */
class InputSemanticsCliTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void infoCountsMirroredPairsOfAnUndirectedEdgeList() throws IOException {
        // Both directions of 0-1 and 1-2, one direction of 2-3: three undirected edges, two written twice.
        Path g = write("g.wel", "0 1 2.5\n1 0 2.5\n1 2 1\n2 1 1\n2 3 4\n");
        CliRunner r = CliRunner.run("info", g.toString(), "--undirected");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        Map<String, String> kv = r.keyValues();
        assertEquals("6", kv.get("edges"));
        assertEquals("2", kv.get("mirrored-pairs"));
        assertEquals("0", kv.get("duplicates"));
        // SSSP sees each weight once (2.5, not 5).
        CliRunner s = CliRunner.run("run", "sssp", "--graph", g.toString(), "--undirected", "--source", "0");
        assertEquals(0, s.code(), s.err());
        assertTrue(s.out().startsWith("0 0.0\n1 2.5\n2 3.5\n3 7.5\n"), s.out());
        // Read directed, the pairs are two edges each and nothing is counted.
        Map<String, String> directed = CliRunner.run("info", g.toString()).keyValues();
        assertEquals("5", directed.get("edges"));
        assertEquals(null, directed.get("mirrored-pairs"));
    }

    @Test
    void conflictingMirrorsAreOneLineUnlessAPolicyIsGiven() throws IOException {
        Path g = write("g.wel", "# a\n0 1 2.5\n1 0 3\n");
        CliRunner r = CliRunner.run("info", g.toString(), "--undirected");
        assertEquals(2, r.code());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: " + g + ":3: edge 1 0 has weight 3.0 here and 2.5 on line 2 (its mirror)"), r.err());
        CliRunner sum = CliRunner.run("info", g.toString(), "--undirected", "--duplicates", "sum");
        assertEquals(0, sum.code(), sum.err());
        assertEquals("1", sum.keyValues().get("mirrored-pairs"));
        assertEquals("", sum.err());
    }

    @Test
    void summedDuplicatesPrintOneWarningLine() throws IOException {
        Path g = write("g.wel", "0 1 1\n0 1 2\n0 1 3\n1 2 1\n1 2 1\n");
        CliRunner r = CliRunner.run("info", g.toString());
        assertEquals(0, r.code());
        assertEquals("stag: warning: " + g + ": 3 duplicate edges summed (--duplicates sum)\n", r.err());
        assertEquals("3", r.keyValues().get("duplicates"));
        // run prints it once too, before its summary.
        CliRunner run = CliRunner.run("run", "bfs", "--graph", g.toString(), "--source", "0");
        assertEquals(0, run.code(), run.err());
        assertEquals(1, run.err().lines().filter(l -> l.startsWith("stag: warning:")).count(), run.err());
        // Other policies and unweighted graphs keep values as they are: no warning.
        assertEquals("", CliRunner.run("info", g.toString(), "--duplicates", "min").err());
        Path el = write("g.el", "0 1\n0 1\n");
        CliRunner p = CliRunner.run("info", el.toString());
        assertEquals("", p.err());
        assertEquals("1", p.keyValues().get("duplicates"));
    }

    @Test
    void nanAndInfinityAreCountedAndRefusedBySssp() throws IOException {
        Path g = write("g.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 4\n1 2 1.5\n2 3 NaN\n3 1 -inf\n1 3 2\n");
        CliRunner r = CliRunner.run("info", g.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("2", r.keyValues().get("non-finite-values"));
        CliRunner s = CliRunner.run("run", "sssp", "--graph", g.toString(), "--source", "1");
        assertEquals(2, s.code());
        assertEquals("stag: sssp: non-finite weight NaN on edge 2 -> 3 of " + g
                + "; shortest paths need finite non-negative weights\n", s.err());
        Path inf = write("inf.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 +Infinity\n");
        CliRunner t = CliRunner.run("compare", "sssp", "--graph", inf.toString(), "--source", "1");
        assertEquals(2, t.code(), t.err());
        assertEquals("stag: sssp: non-finite weight Infinity on edge 1 -> 2 of " + inf
                + "; shortest paths need finite non-negative weights\n", t.err());
        // Other algorithms run: BFS ignores weights.
        assertEquals(0, CliRunner.run("run", "bfs", "--graph", g.toString(), "--source", "1").code());
    }

    @Test
    void aSizeThatCannotFitIsRefusedWithTheFigure() throws IOException {
        // About 150 GB of entries and rows: more than any test machine gives the JVM.
        Path g = write("g.mtx", "%%MatrixMarket matrix coordinate real general\n2000000000 2000000000 2000000000\n1 2 1.0\n");
        CliRunner r = CliRunner.run("info", g.toString());
        assertEquals(2, r.code());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().matches("stag: \\Q" + g + "\\E:2: needs about \\d+ GB for 2000000000 vertices and 2000000000 entries "
                + "\\(the heap limit is [0-9.]+ [MG]B\\); give more with STAG_JAVA_OPTS=-Xmx\\d+g\n"), r.err());
    }
}
