package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.algorithms.run.RandomSources;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * {@code stag bench --peer gap=DIR} against TEST DOUBLES of GAP's binaries: shell scripts that log their arguments
 * (one line per call), {@code OMP_NUM_THREADS} and input, and print GAP-style {@code Trial Time:} lines. GAP itself
 * is not needed (the README says how to run the real one).
 */
class BenchGapPeerTest {
    private static final String KARATE = Datasets.suiteSparse("karate.mtx").toString();

    @TempDir
    Path dir;

    /**
     * Writes the test double {@code DIR/KERNEL} (in directory {@code fake-gapbs}): logs {@code KERNEL ARGS} to
     * {@code calls.txt}, prints {@code -n} trials of 9 ms (1 ms when {@code -d 32}, for the sweep) or {@code output}
     * when given, and exits with {@code status}.
     */
    private Path fakeGap(String kernel, String output, int status) throws IOException {
        Path gap = Files.createDirectories(dir.resolve("fake-gapbs"));
        Path bin = gap.resolve(kernel);
        String print = output != null ? "cat <<'OUT'\n" + output + "OUT\n" : """
                n=1; delta=1; prev=
                for a in "$@"; do
                    case $prev in -n) n=$a ;; -d) delta=$a ;; esac
                    prev=$a
                done
                i=0
                while [ $i -lt $n ]; do
                    if [ "$delta" = 32 ]; then echo 'Trial Time:          0.00100'; else echo 'Trial Time:          0.00900'; fi
                    i=$((i + 1))
                done
                echo 'Average Time:        0.00500'
                """;
        Files.writeString(bin, "#!/bin/sh\n"
                + "# TEST DOUBLE of GAP's " + kernel + " (not GAP): logs what it was given, prints GAP-style output.\n"
                + "d=$(dirname \"$0\")\n"
                + "echo \"$(basename \"$0\") $*\" >> \"$d/calls.txt\"\n"
                + "echo \"$OMP_NUM_THREADS\" > \"$d/threads.txt\"\n"
                + "cp \"$2\" \"$d/input.el\"\n"
                + print
                + "exit " + status + "\n");
        Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwxr-xr-x"));
        return gap;
    }

    private Path fakeGap(String... kernels) throws IOException {
        Path gap = null;
        for (String k : kernels) {
            gap = fakeGap(k, null, 0);
        }
        return gap;
    }

    /** The calls logged, with the input's path shortened to its file name. */
    private List<String> calls(Path gap) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(gap.resolve("calls.txt"))) {
            out.add(line.replaceAll("-f \\S*/", "-f "));
        }
        return out;
    }

    @Test
    void oneFixedSourceRunsGapFromItWithStagsThreadsAndReadsItsTrials() throws IOException {
        Path gap = fakeGap("bfs", """
                Read Time:           0.00011
                Graph has 34 nodes and 78 undirected edges for degree: 2
                Trial Time:          0.00150
                Trial Time:          0.00250
                Average Time:        0.00200
                """, 0);
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--threads", "2", "--repeat", "2",
                "--reference", "none", "--source", "34", "--peer", "gap=" + gap, "--baseline", "gap");
        assertEquals(0, r.code(), r.err());
        // karate.mtx numbers vertices from 1: vertex 34 is GAP's (0-based, stag's internal) 33.
        assertEquals(List.of("bfs -f graph.el -s -r 33 -n 2"), calls(gap));
        assertEquals(List.of("2"), Files.readAllLines(gap.resolve("threads.txt")));
        List<String> edges = Files.readAllLines(gap.resolve("input.el"));
        assertEquals(78, edges.size(), "each undirected edge once, for -s");
        assertTrue(edges.contains("0 1") && edges.contains("32 33"), edges.toString());
        String row = r.out().lines().filter(l -> l.startsWith("| karate.mtx | bfs")).findFirst().orElseThrow();
        assertTrue(row.endsWith("| 2.00 / 1.50 (1.00×) |"), row);
        assertTrue(r.out().contains("| graph | algorithm | threads | stag dense,compressed | gap |"), r.out());
        assertTrue(r.out().contains("karate.mtx, GAP ran: `bfs -f graph.el -s -r S -n 2` (bench.mk; S: each of the 1"
                + " sources)"), r.out());
        assertTrue(r.out().contains("karate.mtx, GAP's kind of graph: none that bench.mk names"), r.out());
    }

    /** GAP's pr takes stag's iteration count ({@code -i}) and no tolerance stop ({@code -t 0}); a trial is per iteration. */
    @Test
    void pagerankRunsGapsPrWithStagsIterations() throws IOException {
        Path gap = fakeGap("pr");
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "pagerank", "--threads", "1",
                "--repeat", "2", "--reference", "none", "--iterations", "7", "--peer", "gap=" + gap);
        assertEquals(0, r.code(), r.err());
        List<String> calls = calls(gap);
        assertEquals(1, calls.size(), calls.toString());
        assertTrue(calls.get(0).startsWith("pr -f graph.el -s "), calls.toString());
        assertTrue(calls.get(0).endsWith("-i 7 -t 0 -n 2"), calls.toString());
        String row = r.out().lines().filter(l -> l.startsWith("| karate.mtx | pagerank")).findFirst().orElseThrow();
        assertTrue(row.endsWith("| 1.29 / 1.29 (%s) |".formatted(row.substring(row.lastIndexOf('(') + 1,
                row.lastIndexOf(')')))), "GAP's 9 ms trial over 7 iterations: " + row);
    }

    /** With a peer, 8 random sources with out-edges by default, the same for stag and GAP, each passed with -r. */
    @Test
    void bothSidesRunFromTheSameRandomSources() throws IOException {
        Path gap = fakeGap("bfs", "bc");
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs,bc", "--threads", "1",
                "--repeat", "2", "--reference", "handwritten", "--peer", "gap=" + gap);
        assertEquals(0, r.code(), r.err());
        Graph g = GraphLoader.load(Path.of(KARATE), LoadOptions.defaults());
        int[] expected = RandomSources.pick(g.rowPtr(), 8, RandomSources.DEFAULT_SEED);
        List<String> want = new ArrayList<>();
        for (int s : expected) {
            want.add("bfs -f graph.el -s -r " + s + " -n 2");
        }
        for (int s : expected) {
            want.add("bc -f graph.el -s -r " + s + " -i 1 -n 2");
        }
        assertEquals(want, calls(gap));
        StringBuilder ids = new StringBuilder();
        for (int s : expected) {
            ids.append(ids.length() == 0 ? "" : ",").append(s + 1);   // karate numbers from 1
        }
        assertTrue(r.out().contains("karate.mtx: 34 vertices, 156 stored edges, undirected, 8 sources " + ids
                + " (random with out-edges, seed 27491095"), r.out());
        // 2 rounds from each of the 8 sources: every cell holds 16 runs, GAP's 16 trials.
        assertTrue(r.out().contains("bc -f graph.el -s -r S -i 1 -n 2` (bench.mk; S: each of the 8 sources)"), r.out());
        assertTrue(r.out().contains("Each cell: median / min of 2 runs from each source (all sources together) in ms"),
                r.out());
        String bfs = r.out().lines().filter(l -> l.startsWith("| karate.mtx | bfs")).findFirst().orElseThrow();
        assertTrue(bfs.matches(".*\\| 9\\.00 / 9\\.00 \\([0-9.]+×\\) \\|$"), bfs);   // GAP: 16 trials of 9 ms
        assertEquals("", r.err().strip(), "no default source is chosen");
    }

    @Test
    void sourcesAndSeedChooseOthersReproducibly() throws IOException {
        Path gap = fakeGap("bfs");
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--threads", "1", "--repeat", "1",
                "--reference", "none", "--peer", "gap=" + gap, "--sources", "3", "--seed", "5");
        assertEquals(0, r.code(), r.err());
        int[] expected = RandomSources.pick(GraphLoader.load(Path.of(KARATE), LoadOptions.defaults()).rowPtr(), 3, 5);
        List<String> calls = calls(gap);
        assertEquals(3, calls.size(), calls.toString());
        for (int i = 0; i < 3; i++) {
            assertEquals("bfs -f graph.el -s -r " + expected[i] + " -n 1", calls.get(i));
        }
        Files.delete(gap.resolve("calls.txt"));
        CliRunner again = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--threads", "1",
                "--repeat", "1", "--reference", "none", "--peer", "gap=" + gap, "--sources", "3", "--seed", "5");
        assertEquals(0, again.code(), again.err());
        assertEquals(calls, calls(gap));
        assertTrue(Arrays.stream(expected).distinct().count() == 3);
    }

    /** A graph bench.mk would call kron: sssp -d2, and stag's sssp runs with delta 2 too. */
    @Test
    void ssspOnAKronGraphTakesBenchMksDeltaOnBothSides() throws IOException {
        Path g = dir.resolve("kron-small.wel");
        Files.writeString(g, "0 1 3\n1 2 4\n0 2 9\n2 0 1\n2 3 2\n");
        Path gap = fakeGap("sssp");
        CliRunner r = CliRunner.run("bench", "--graph", g.toString(), "--algorithms", "sssp", "--threads", "1",
                "--repeat", "1", "--reference", "handwritten", "--peer", "gap=" + gap, "--sources", "2");
        assertEquals(0, r.code(), r.err());
        for (String call : calls(gap)) {
            assertTrue(call.matches("sssp -f graph\\.wel -r [0-2] -d 2 -n 1"), call);
        }
        assertEquals(List.of("0 1 3", "0 2 9", "1 2 4", "2 0 1", "2 3 2"), Files.readAllLines(gap.resolve("input.el")));
        assertTrue(r.out().contains("(bench.mk's -d2 for kron; S: each of the 2 sources; stag's sssp delta 2)"), r.out());
        assertTrue(r.out().contains("kron-small.wel, GAP's kind of graph: kron (from the file's name)"), r.out());
    }

    /** A graph of no known kind: GAP's sssp is swept over bench.mk-like deltas and the fastest (here 32) is used. */
    @Test
    void ssspOnAGraphOfUnknownKindTakesGapsFastestDelta() throws IOException {
        Path g = dir.resolve("w.wel");
        Files.writeString(g, "1 2 2\n2 3 4\n1 3 9\n3 1 1\n");
        Path gap = fakeGap("sssp");
        CliRunner r = CliRunner.run("bench", "--graph", g.toString(), "--algorithms", "sssp", "--threads", "1",
                "--repeat", "2", "--reference", "handwritten", "--peer", "gap=" + gap, "--sources", "1", "--seed", "3");
        assertEquals(0, r.code(), r.err());
        List<String> calls = calls(gap);
        String source = calls.get(0).replaceAll(".* -r (\\d+) .*", "$1");
        List<String> want = new ArrayList<>();
        for (String d : List.of("1", "2", "8", "32", "128", "512", "2048", "50000")) {
            want.add("sssp -f graph.wel -r " + source + " -d " + d + " -n 1");
        }
        want.add("sssp -f graph.wel -r " + source + " -d 32 -n 2");
        assertEquals(want, calls);
        assertTrue(r.out().contains("GAP's fastest of -d 1,2,8,32,128,512,2048,50000 from the first source"), r.out());
        assertTrue(r.out().contains("stag's sssp delta 32)"), r.out());
        String row = r.out().lines().filter(l -> l.startsWith("| w.wel | sssp")).findFirst().orElseThrow();
        assertTrue(row.endsWith("| 1.00 / 1.00 |") || row.contains("| 1.00 / 1.00 ("), row);
    }

    @Test
    void peerArgsReplaceBenchMksAndStagFollowsTheirDelta() throws IOException {
        Path g = dir.resolve("kron-small.wel");
        Files.writeString(g, "0 1 3\n1 2 4\n0 2 9\n2 0 1\n");
        Path gap = fakeGap("sssp");
        CliRunner r = CliRunner.run("bench", "--graph", g.toString(), "--algorithms", "sssp", "--threads", "1",
                "--repeat", "1", "--reference", "handwritten", "--peer", "gap=" + gap, "--source", "0",
                "--peer-args", "sssp=-d 4 -l");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("sssp -f graph.wel -r 0 -d 4 -l -n 1"), calls(gap));
        assertTrue(r.out().contains("(--peer-args; S: each of the 1 sources; stag's sssp delta 4)"), r.out());
    }

    /** GAP's tc on the symmetrised graph, with no source: on karate (undirected) and a directed graph alike. */
    @Test
    void tcRunsGapsTcOnTheSymmetricGraph() throws IOException {
        Path gap = fakeGap("tc");
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "tc", "--threads", "1", "--repeat", "3",
                "--reference", "handwritten,jgrapht", "--peer", "gap=" + gap);
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("tc -f graph.el -s -n 3"), calls(gap));
        String row = r.out().lines().filter(l -> l.startsWith("| karate.mtx | tc")).findFirst().orElseThrow();
        assertTrue(!row.contains("FAILED") && row.contains("9.00 / 9.00"), row);
        Path directed = dir.resolve("d.el");
        Files.writeString(directed, "0 1\n1 2\n2 0\n2 3\n");
        Files.delete(gap.resolve("calls.txt"));
        CliRunner d = CliRunner.run("bench", "--graph", directed.toString(), "--algorithms", "tc", "--threads", "1",
                "--repeat", "1", "--reference", "handwritten", "--peer", "gap=" + gap);
        assertEquals(0, d.code(), d.err());
        assertEquals(List.of("tc -f graph.el -s -n 1"), calls(gap));
        assertEquals(List.of("0 1", "1 2", "2 0", "2 3"), Files.readAllLines(gap.resolve("input.el")));
    }

    @Test
    void gapOutputThatCannotBeReadFailsTheCellWithOneLine() throws IOException {
        Path gap = fakeGap("bfs", "Read Time: 0.1\nkilled by the OOM killer\n", 0);
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--threads", "1", "--repeat", "1",
                "--reference", "none", "--peer", "gap=" + gap);
        assertEquals(1, r.code(), r.err());
        assertEquals("stag: bench: gap bfs on karate.mtx (1 threads) failed: gap bfs printed no 'Average Time:' line;"
                + " its last line: killed by the OOM killer", r.err().strip());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("| karate.mtx | bfs") && l.endsWith("| **FAILED** |")),
                r.out());
    }

    @Test
    void gapExitingWithAnErrorFailsTheCellWithOneLine() throws IOException {
        Path gap = fakeGap("bfs", "Couldn't open file graph.el\n", 255);
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--threads", "1", "--repeat", "1",
                "--reference", "none", "--peer", "gap=" + gap);
        assertEquals(1, r.code(), r.err());
        assertEquals("stag: bench: gap bfs on karate.mtx (1 threads) failed: gap bfs exited with status 255; its last"
                + " line: Couldn't open file graph.el", r.err().strip());
    }

    @Test
    void algorithmsGapLacksAreNotAvailable() throws IOException {
        Path gap = fakeGap("bfs");
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "lcc", "--threads", "1", "--repeat", "1",
                "--reference", "none", "--peer", "gap=" + gap);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("- gap, lcc on karate.mtx: GAP has no lcc"), r.out());
        assertTrue(Files.notExists(gap.resolve("calls.txt")), "GAP was not run");
    }

    /** GAP's weights are ints: a graph with fractional weights is not run by GAP's sssp, and says why. */
    @Test
    void fractionalWeightsAreNotForGap() throws IOException {
        Path g = dir.resolve("f.wel");
        Files.writeString(g, "1 2 0.5\n2 3 1\n");
        Path gap = fakeGap("sssp");
        CliRunner r = CliRunner.run("bench", "--graph", g.toString(), "--algorithms", "sssp", "--threads", "1",
                "--repeat", "1", "--reference", "none", "--peer", "gap=" + gap);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("- gap, sssp on f.wel: GAP's sssp takes whole non-negative weights; edge 1 -> 2"
                + " weighs 0.5"), r.out());
        assertTrue(Files.notExists(gap.resolve("calls.txt")), "GAP was not run");
    }

    /** Bad peer options: one line, exit 2, nothing run. */
    @Test
    void badPeerOptionsAreOneLineAndExit2() throws IOException {
        Path gap = fakeGap("bfs", "sssp");
        String[][] cases = {
            {"--peer-args needs --peer gap=DIR", "--peer-args", "bfs=-x"},
            {"--peer-args 'sssp -d 4': expected KERNEL=ARGS, e.g. sssp='-d 4'", "--peer", "gap=" + gap, "--peer-args",
                "sssp -d 4"},
            {"--peer-args 'tc=-x': 'tc' is not a GAP kernel of this run (expected bfs, sssp)", "--peer", "gap=" + gap,
                "--peer-args", "tc=-x"},
            {"--peer-args 'bfs=-r 3': -r is the harness's (input -f, -s, sources -r, trials -n: use --graph, --sources,"
                + " --source, --repeat)", "--peer", "gap=" + gap, "--peer-args", "bfs=-r 3"},
            {"--sources must be at least 1, got 0", "--sources", "0"},
            {"--sources 2 and --source 1: give one fixed source or a number of random ones", "--sources", "2",
                "--source", "1"},
            {"--seed draws random sources: give --sources K or --peer", "--seed", "4"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("bench", "--graph", KARATE, "--algorithms", "bfs,sssp",
                    "--threads", "1", "--repeat", "1", "--reference", "none"));
            args.addAll(Arrays.asList(c).subList(1, c.length));
            CliRunner r = CliRunner.run(args.toArray(String[]::new));
            assertEquals(2, r.code(), c[0] + ": " + r.err());
            assertEquals("stag: " + c[0] + " (see 'stag bench --help')", r.err().strip(), r.err());
        }
        assertTrue(Files.notExists(gap.resolve("calls.txt")), "GAP was not run");
    }
}
