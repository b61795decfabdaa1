package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stag bench --peer gap=DIR} against a TEST DOUBLE of GAP's {@code bfs} binary: a shell script that
 * records its arguments, {@code OMP_NUM_THREADS} and input file, and prints GAP-style output. GAP itself is not
 * needed (the README says how to run the real one).
 */
class BenchGapPeerTest {
    private static final String KARATE = Datasets.suiteSparse("karate.mtx").toString();

    @TempDir
    Path dir;

    /** Writes the test double {@code DIR/bfs}, which prints {@code output} and exits with {@code status}. */
    private Path fakeGap(String output, int status) throws IOException {
        return fakeGap("bfs", output, status);
    }

    /** Writes the test double {@code DIR/KERNEL}, which prints {@code output} and exits with {@code status}. */
    private Path fakeGap(String kernel, String output, int status) throws IOException {
        Path gap = Files.createDirectories(dir.resolve("fake-gapbs"));
        Path bfs = gap.resolve(kernel);
        Files.writeString(bfs, "#!/bin/sh\n"
                + "# TEST DOUBLE of GAP's " + kernel + " (not GAP): records what it was given, prints GAP-style output.\n"
                + "d=$(dirname \"$0\")\n"
                + "printf '%s\\n' \"$@\" > \"$d/args.txt\"\n"
                + "echo \"$OMP_NUM_THREADS\" > \"$d/threads.txt\"\n"
                + "cp \"$2\" \"$d/input.el\"\n"
                + "cat <<'OUT'\n" + output + "OUT\n"
                + "exit " + status + "\n");
        Files.setPosixFilePermissions(bfs, PosixFilePermissions.fromString("rwxr-xr-x"));
        return gap;
    }

    @Test
    void runsGapsBinaryWithStagsSourceAndThreadsAndReadsItsTrials() throws IOException {
        Path gap = fakeGap("""
                Read Time:           0.00011
                Graph has 34 nodes and 78 undirected edges for degree: 2
                Trial Time:          0.00150
                Trial Time:          0.00250
                Average Time:        0.00200
                """, 0);
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--threads", "2", "--repeat", "2",
                "--reference", "none", "--source", "34", "--peer", "gap=" + gap, "--baseline", "gap");
        assertEquals(0, r.code(), r.err());
        List<String> args = Files.readAllLines(gap.resolve("args.txt"));
        // karate.mtx numbers vertices from 1: vertex 34 is GAP's (0-based, stag's internal) 33.
        assertEquals(List.of("-f", args.get(1), "-s", "-r", "33", "-n", "2"), args);
        assertTrue(args.get(1).endsWith("graph.el"), args.get(1));
        assertEquals(List.of("2"), Files.readAllLines(gap.resolve("threads.txt")));
        assertTrue(Files.notExists(Path.of(args.get(1))), "the temporary edge list is deleted afterwards");
        List<String> edges = Files.readAllLines(gap.resolve("input.el"));
        assertEquals(78, edges.size(), "each undirected edge once, for -s");
        assertTrue(edges.contains("0 1") && edges.contains("32 33"), edges.toString());
        String row = r.out().lines().filter(l -> l.startsWith("| karate.mtx | bfs")).findFirst().orElseThrow();
        assertTrue(row.endsWith("| 2.00 / 1.50 (1.00×) |"), row);
        assertTrue(r.out().contains("| graph | algorithm | threads | stag dense,compressed | gap |"), r.out());
    }

    @Test
    void gapOutputThatCannotBeReadFailsTheCellWithOneLine() throws IOException {
        Path gap = fakeGap("Read Time: 0.1\nkilled by the OOM killer\n", 0);
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--threads", "1", "--repeat", "1",
                "--reference", "none", "--peer", "gap=" + gap);
        assertEquals(1, r.code(), r.err());
        assertEquals("karate.mtx: " + ConsistentOptionsTest.KARATE_SOURCE + "\n"
                + "stag: bench: gap bfs on karate.mtx (1 threads) failed: gap bfs printed no 'Average Time:' line;"
                + " its last line: killed by the OOM killer", r.err().strip());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("| karate.mtx | bfs") && l.endsWith("| **FAILED** |")),
                r.out());
    }

    @Test
    void gapExitingWithAnErrorFailsTheCellWithOneLine() throws IOException {
        Path gap = fakeGap("Couldn't open file graph.el\n", 255);
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--threads", "1", "--repeat", "1",
                "--reference", "none", "--peer", "gap=" + gap);
        assertEquals(1, r.code(), r.err());
        assertEquals("karate.mtx: " + ConsistentOptionsTest.KARATE_SOURCE + "\n"
                + "stag: bench: gap bfs on karate.mtx (1 threads) failed: gap bfs exited with status 255; its last"
                + " line: Couldn't open file graph.el", r.err().strip());
    }

    @Test
    void algorithmsGapLacksAreNotAvailable() throws IOException {
        Path gap = fakeGap("Trial Time: 0.001\nAverage Time: 0.001\n", 0);
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "lcc", "--threads", "1", "--repeat", "1",
                "--reference", "none", "--peer", "gap=" + gap);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("- gap, lcc on karate.mtx: GAP has no lcc"), r.out());
        assertTrue(Files.notExists(gap.resolve("args.txt")), "GAP was not run");
    }

    /** A directed weighted graph: GAP's sssp gets a .wel with the weights, no -s, and stag's delta. */
    @Test
    void ssspGetsTheWeightsAndDelta() throws IOException {
        Path g = dir.resolve("w.wel");
        Files.writeString(g, "1 2 2\n2 3 4\n1 3 9\n3 1 1\n");
        Path gap = fakeGap("sssp", "Trial Time: 0.00100\nAverage Time: 0.00100\n", 0);
        CliRunner r = CliRunner.run("bench", "--graph", g.toString(), "--algorithms", "sssp", "--threads", "1",
                "--repeat", "1", "--reference", "handwritten", "--peer", "gap=" + gap);
        assertEquals(0, r.code(), r.err());
        List<String> args = Files.readAllLines(gap.resolve("args.txt"));
        // Mean weight 4: delta 4. An edge list numbers from 0 (vertex 0 has no edges here), as GAP does: vertex 1,
        // the one with the most out-edges, is GAP's 1.
        assertEquals(List.of("-f", args.get(1), "-r", "1", "-d", "4", "-n", "1"), args);
        assertEquals(List.of("1 2 2", "1 3 9", "2 3 4", "3 1 1"), Files.readAllLines(gap.resolve("input.el")));
    }

    /** GAP's weights are ints: a graph with fractional weights is not run by GAP's sssp, and says why. */
    @Test
    void fractionalWeightsAreNotForGap() throws IOException {
        Path g = dir.resolve("f.wel");
        Files.writeString(g, "1 2 0.5\n2 3 1\n");
        Path gap = fakeGap("sssp", "Trial Time: 0.00100\nAverage Time: 0.00100\n", 0);
        CliRunner r = CliRunner.run("bench", "--graph", g.toString(), "--algorithms", "sssp", "--threads", "1",
                "--repeat", "1", "--reference", "none", "--peer", "gap=" + gap);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("- gap, sssp on f.wel: GAP's sssp takes whole non-negative weights; edge 1 -> 2"
                + " weighs 0.5"), r.out());
        assertTrue(Files.notExists(gap.resolve("args.txt")), "GAP was not run");
    }
}
