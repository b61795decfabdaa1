package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code stag stream} in-process: every result it writes equals {@code stag run} on the same edges loaded from
 * scratch, its per-batch counts equal a model's, and every rule of bad input and faults (issue 12, item 6)
 * holds: one line {@code stag: FILE:LINE: cause} and exit 2, the batches before applied and their results
 * written, the bad batch not applied.
 */
class StreamCommandTest {
    static final Path KARATE = Path.of("..", "data", "karate.mtx");
    private static final Pattern BATCH = Pattern.compile("batch version=(\\d+) updates=(\\d+) inserted=(\\d+) updated=(\\d+)"
            + " deleted=(\\d+) missing=(\\d+) vertices=(\\d+) edges=(\\d+) apply-ms=[0-9.]+ updates/s=\\d+");
    private static final Pattern RUN = Pattern.compile("run version=(\\d+) algorithm=(\\w+) mode=(full|incremental)"
            + " ms=[0-9.]+ file=(\\S+)( \\(.+\\))?");

    @TempDir
    Path dir;

    /**
     * A random stream on karate in 1-based ids: inserts (some of edges already there: weight updates), deletes
     * of present edges, deletes of absent ones, and re-inserts of deleted ones.
     */
    static List<String> randomUpdates(int count, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> lines = new ArrayList<>();
        List<String> deleted = new ArrayList<>();
        List<String> present = new ArrayList<>();
        boolean sizeLine = true;
        for (String l : Files.readAllLines(KARATE)) {
            if (l.startsWith("%") || l.isBlank()) {
                continue;
            }
            if (!sizeLine) {
                present.add(l.trim());
            }
            sizeLine = false;
        }
        for (int i = 0; i < count; i++) {
            double p = r.nextDouble();
            if (p < 0.15 && !present.isEmpty()) {
                String e = present.remove(r.nextInt(present.size()));
                deleted.add(e);
                lines.add("- " + e);
            } else if (p < 0.2) {
                lines.add("- " + (1 + r.nextInt(34)) + " " + (1 + r.nextInt(34)));
            } else if (p < 0.3 && !deleted.isEmpty()) {
                String e = deleted.remove(r.nextInt(deleted.size()));
                present.add(e);
                lines.add("+ " + e);
            } else {
                int u = 1 + r.nextInt(34);
                int v = 1 + r.nextInt(34);
                lines.add((r.nextBoolean() ? "+ " : "") + u + " " + v);
            }
        }
        return lines;
    }

    /** {@code stag run ALGO} on the model's graph now, as written to a file. */
    private List<String> fromScratch(StreamModel m, String algorithm, String... options) throws IOException {
        Path g = Files.createTempFile(dir, "g", ".mtx");
        m.writeMtx(g);
        Path out = Files.createTempFile(dir, algorithm, ".txt");
        List<String> args = new ArrayList<>(List.of("run", algorithm, "--graph", g.toString(), "-o", out.toString()));
        args.addAll(List.of(options));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        return Files.readAllLines(out);
    }

    private static List<Matcher> matches(Pattern p, String text) {
        List<Matcher> out = new ArrayList<>();
        for (String line : text.lines().toList()) {
            Matcher m = p.matcher(line);
            if (m.matches()) {
                out.add(m);
            }
        }
        return out;
    }

    /** The summary's {@code key value} lines. */
    static Map<String, String> keyValues(String text) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int sp = line.indexOf(' ');
            if (sp > 0) {
                m.put(line.substring(0, sp), line.substring(sp + 1));
            }
        }
        return m;
    }

    private static String[] args(String... a) {
        return a;
    }

    @ParameterizedTest
    @ValueSource(strings = {"--incremental", "--from-scratch"})
    void everyResultEqualsARunFromScratchOnTheSameEdges(String mode) throws IOException {
        List<String> lines = randomUpdates(120, 7);
        Path updates = dir.resolve("u.txt");
        Files.write(updates, lines);
        Path out = dir.resolve("out");
        CliRunner r = CliRunner.run("stream", "--graph", KARATE.toString(), "--updates", updates.toString(),
                "--batch-size", "10", "--run", "wcc,bfs", "--source", "1", "--every", "2", "--if-busy", "queue",
                "--output-dir", out.toString(), "--threads", "2", mode);
        assertEquals(0, r.code(), r.err());
        List<Matcher> batches = matches(BATCH, r.out());
        List<Matcher> runs = matches(RUN, r.out());
        assertEquals(12, batches.size(), r.out());
        assertEquals(12, runs.size(), r.out());   // versions 2, 4, ..., 12, two algorithms each
        assertEquals(24, r.out().lines().count(), r.out());
        StreamModel model = StreamModel.of(KARATE, false, false);
        for (int v = 1; v <= 12; v++) {
            StreamModel.Counts c = model.apply(lines.subList(10 * (v - 1), 10 * v));
            Matcher b = batches.get(v - 1);
            assertEquals(List.of(v, 10, c.inserted(), c.updated(), c.deleted(), c.missing(), 34L, model.storedEdges()),
                    List.of(Integer.parseInt(b.group(1)), Integer.parseInt(b.group(2)), Long.parseLong(b.group(3)),
                            Long.parseLong(b.group(4)), Long.parseLong(b.group(5)), Long.parseLong(b.group(6)),
                            Long.parseLong(b.group(7)), Long.parseLong(b.group(8))), b.group());
            if (v % 2 == 0) {
                assertEquals(fromScratch(model, "wcc"), Files.readAllLines(out.resolve("wcc-v" + v + ".txt")), "wcc v" + v);
                assertEquals(fromScratch(model, "bfs", "--source", "1"), Files.readAllLines(out.resolve("bfs-v" + v + ".txt")),
                        "bfs v" + v);
            } else {
                assertFalse(Files.exists(out.resolve("wcc-v" + v + ".txt")));
            }
        }
        Map<String, String> summary = keyValues(r.err());
        assertEquals("12", summary.get("version"));
        assertEquals("120", summary.get("updates"));
        assertEquals("12", summary.get("runs"));
        assertEquals("end-of-input", summary.get("ended"));
        assertTrue(summary.get("apply-ms").matches("p50=[0-9.]+ p90=[0-9.]+ p99=[0-9.]+ max=[0-9.]+"), summary.get("apply-ms"));
        assertTrue(summary.get("run-ms-wcc").matches("p50=[0-9.]+ p90=[0-9.]+ p99=[0-9.]+ max=[0-9.]+"), r.err());
    }

    /**
     * A directed weighted graph that grows (ids beyond its vertices add vertices): every version's sssp and bfs
     * equal runs from scratch, and the vertex count follows the ids named.
     */
    @ParameterizedTest
    @ValueSource(strings = {"--incremental", "--from-scratch"})
    void aDirectedWeightedGraphThatGrowsGivesTheResultsOfRunsFromScratch(String mode) throws IOException {
        Path g = dir.resolve("d.mtx");
        Files.write(g, List.of("%%MatrixMarket matrix coordinate real general", "6 6 6", "1 2 1", "2 3 2", "3 4 1", "4 5 4",
                "5 6 1", "6 1 2"));
        SplittableRandom rnd = new SplittableRandom(17);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int top = 6 + i / 8;   // new vertices now and then
            int u = 1 + rnd.nextInt(top);
            int v = 1 + rnd.nextInt(top);
            lines.add(rnd.nextInt(5) == 0 ? "- " + u + " " + v : "+ " + u + " " + v + " " + (1 + rnd.nextInt(9)));
        }
        Path updates = dir.resolve("u.txt");
        Files.write(updates, lines);
        Path out = dir.resolve("out");
        CliRunner r = CliRunner.run("stream", "--graph", g.toString(), "--updates", updates.toString(), "--batch-size", "8",
                "--run", "sssp,bfs", "--source", "1", "--if-busy", "queue", "--output-dir", out.toString(), mode);
        assertEquals(0, r.code(), r.err());
        StreamModel model = StreamModel.of(g, true, true);
        List<Matcher> batches = matches(BATCH, r.out());
        assertEquals(5, batches.size(), r.out());
        for (int v = 1; v <= 5; v++) {
            StreamModel.Counts c = model.apply(lines.subList(8 * (v - 1), 8 * v));
            Matcher b = batches.get(v - 1);
            assertEquals(c.inserted() + " " + c.updated() + " " + c.deleted() + " " + c.missing() + " " + model.vertices()
                    + " " + model.storedEdges(), b.group(3) + " " + b.group(4) + " " + b.group(5) + " " + b.group(6) + " "
                    + b.group(7) + " " + b.group(8), b.group());
            assertEquals(fromScratch(model, "sssp", "--source", "1"), Files.readAllLines(out.resolve("sssp-v" + v + ".txt")),
                    "sssp v" + v);
            assertEquals(fromScratch(model, "bfs", "--source", "1"), Files.readAllLines(out.resolve("bfs-v" + v + ".txt")),
                    "bfs v" + v);
        }
        assertTrue(model.vertices() > 6);
    }

    /**
     * Insert-only batches: after the first (full) run every run of wcc, bfs and sssp is incremental, and each
     * equals a run from scratch.
     */
    @Test
    void insertOnlyBatchesAreRunIncrementally() throws IOException {
        SplittableRandom rnd = new SplittableRandom(23);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            lines.add("+ " + (1 + rnd.nextInt(34)) + " " + (1 + rnd.nextInt(34)));
        }
        Path updates = dir.resolve("u.txt");
        Files.write(updates, lines);
        Path out = dir.resolve("out");
        CliRunner r = CliRunner.run("stream", "--graph", KARATE.toString(), "--updates", updates.toString(), "--batch-size", "10",
                "--run", "wcc,bfs,sssp", "--source", "1", "--if-busy", "queue", "--output-dir", out.toString());
        assertEquals(0, r.code(), r.err());
        List<Matcher> runs = matches(RUN, r.out());
        assertEquals(9, runs.size(), r.out());
        for (Matcher m : runs) {
            assertEquals(m.group(1).equals("1") ? "full" : "incremental", m.group(3), m.group());
        }
        assertEquals("6", keyValues(r.err()).get("incremental-runs"), r.err());
        StreamModel model = StreamModel.of(KARATE, false, false);
        for (int v = 1; v <= 3; v++) {
            model.apply(lines.subList(10 * (v - 1), 10 * v));
            assertEquals(fromScratch(model, "wcc"), Files.readAllLines(out.resolve("wcc-v" + v + ".txt")), "wcc v" + v);
            assertEquals(fromScratch(model, "bfs", "--source", "1"), Files.readAllLines(out.resolve("bfs-v" + v + ".txt")));
            assertEquals(fromScratch(model, "sssp", "--source", "1"), Files.readAllLines(out.resolve("sssp-v" + v + ".txt")));
        }
    }

    /** The last version is run at the end of the input even when it is not an M-th one; skip runs the newest. */
    @Test
    void theLastVersionIsRunAtTheEnd() throws IOException {
        List<String> lines = randomUpdates(25, 3);
        Path updates = dir.resolve("u.txt");
        Files.write(updates, lines);
        CliRunner r = CliRunner.run("stream", "--graph", KARATE.toString(), "--updates", updates.toString(),
                "--batch-size", "10", "--run", "wcc", "--every", "2", "--output-dir", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(3, matches(BATCH, r.out()).size(), r.out());
        StreamModel model = StreamModel.of(KARATE, false, false);
        model.apply(lines);
        assertEquals(fromScratch(model, "wcc"), Files.readAllLines(dir.resolve("wcc-v3.txt")));
        // Under skip a run takes the newest version when it starts: version 2's run may have been of version 3.
        long runs = Long.parseLong(keyValues(r.err()).get("runs"));
        assertTrue(runs == 1 || runs == 2, r.err());
    }

    /**
     * Must show 3: the line after three complete batches is malformed. Exit 2, one stderr line naming the file
     * and line, results of versions 1-3 written and no later one; with the line fixed, the same results for
     * 1-3, and a final result equal to a run from scratch on the final edges.
     */
    @Test
    void aBadLineAfterThreeBatchesLeavesThemAppliedAndTheirResultsWritten() throws IOException {
        List<String> lines = randomUpdates(40, 11);
        List<String> broken = new ArrayList<>(lines);
        broken.set(30, "+ 4 x7");
        Path bad = dir.resolve("bad.txt");
        Files.write(bad, broken);
        Path out1 = dir.resolve("failed");
        CliRunner r = streamWccEveryBatch(bad, 10, out1);
        assertEquals(2, r.code(), r.err());
        assertEquals(List.of("stag: " + bad + ":31: bad target vertex 'x7' (expected a non-negative integer)"), r.err().lines().toList());
        assertEquals(3, matches(BATCH, r.out()).size(), r.out());
        for (int v = 1; v <= 3; v++) {
            assertTrue(Files.exists(out1.resolve("wcc-v" + v + ".txt")), "v" + v);
        }
        assertFalse(Files.exists(out1.resolve("wcc-v4.txt")));

        Path fixed = dir.resolve("fixed.txt");
        Files.write(fixed, lines);
        Path out2 = dir.resolve("fixed");
        CliRunner ok = streamWccEveryBatch(fixed, 10, out2);
        assertEquals(0, ok.code(), ok.err());
        for (int v = 1; v <= 3; v++) {
            assertEquals(Files.readAllLines(out1.resolve("wcc-v" + v + ".txt")), Files.readAllLines(out2.resolve("wcc-v" + v + ".txt")));
        }
        StreamModel model = StreamModel.of(KARATE, false, false);
        model.apply(lines);
        assertEquals(fromScratch(model, "wcc"), Files.readAllLines(out2.resolve("wcc-v4.txt")));
    }

    /**
     * The same with batches large enough that the reading thread fills later batches into the arrays of the
     * ones applied ({@code UpdateBatchReader.recycle}) while it parses ahead: a bad line after three batches of
     * 4096 gives exit 2, one stderr line, versions 1-3 applied (their batch lines) and their results written;
     * every batch line and every result of the run with the line fixed equals a run from scratch of its version.
     */
    @Test
    void aBadLineAfterThreeRecycledBatchesLeavesThemAppliedAndTheirResultsWritten() throws IOException {
        int k = 4096;
        List<String> lines = randomUpdates(5 * k + 17, 13);
        List<String> broken = new ArrayList<>(lines);
        broken.set(3 * k + 100, "- 4");
        Path bad = dir.resolve("bad.txt");
        Files.write(bad, broken);
        Path out1 = dir.resolve("failed");
        CliRunner r = streamWccEveryBatch(bad, k, out1);
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: " + bad + ":" + (3 * k + 101) + ": "), r.err());
        assertEquals(3, matches(BATCH, r.out()).size(), r.out());
        assertFalse(Files.exists(out1.resolve("wcc-v4.txt")));

        Path fixed = dir.resolve("fixed.txt");
        Files.write(fixed, lines);
        Path out2 = dir.resolve("fixed");
        CliRunner ok = streamWccEveryBatch(fixed, k, out2);
        assertEquals(0, ok.code(), ok.err());
        assertEquals(6, matches(BATCH, ok.out()).size(), ok.out());
        StreamModel model = StreamModel.of(KARATE, false, false);
        for (int v = 1; v <= 6; v++) {
            model.apply(lines.subList((v - 1) * k, Math.min(lines.size(), v * k)));
            List<String> want = fromScratch(model, "wcc");
            assertEquals(want, Files.readAllLines(out2.resolve("wcc-v" + v + ".txt")), "v" + v);
            if (v <= 3) {
                assertEquals(want, Files.readAllLines(out1.resolve("wcc-v" + v + ".txt")), "failed run, v" + v);
            }
        }
    }

    /** {@code stag stream} of {@code updates} into karate in batches of {@code k}, WCC after every batch into {@code out}. */
    private static CliRunner streamWccEveryBatch(Path updates, int k, Path out) {
        return CliRunner.run("stream", "--graph", KARATE.toString(), "--updates", updates.toString(), "--batch-size",
                Integer.toString(k), "--run", "wcc", "--every", "1", "--if-busy", "queue", "--output-dir", out.toString());
    }

    /** Deletes of absent edges, and of edges of a vertex never seen, are counted as missing: no error. */
    @Test
    void deletesOfAbsentEdgesAndUnknownVerticesAreMissing() throws IOException {
        Path updates = dir.resolve("u.txt");
        // 1-2 is an edge of karate, 1-3 too; 5-6 is not; 40 and 41 are no vertices of it.
        Files.write(updates, List.of("- 1 2", "- 5 6", "- 40 41", "- 1 2", "- 3 1"));
        CliRunner r = CliRunner.run("stream", "--graph", KARATE.toString(), "--updates", updates.toString());
        assertEquals(0, r.code(), r.err());
        Matcher b = matches(BATCH, r.out()).get(0);
        assertEquals("2", b.group(5), b.group());   // 1-2 (once: the batch's last word on it) and 3-1
        assertEquals("2", b.group(6), b.group());   // 5-6 and 40-41
        assertEquals("41", b.group(7), b.group());  // a new id adds a vertex, even in a delete
        assertEquals(Long.toString(156 - 4), b.group(8), b.group());
    }

    private Path weightedGraph() throws IOException {
        Path g = dir.resolve("w.mtx");
        Files.write(g, List.of("%%MatrixMarket matrix coordinate real general", "4 4 4", "1 2 1.5", "2 3 2", "3 4 1", "4 1 3"));
        return g;
    }

    /** With sssp running, a negative weight is refused at its line; the batch before stays, with its result. */
    @Test
    void aNegativeWeightIsRefusedWhileSsspRuns() throws IOException {
        Path updates = dir.resolve("u.txt");
        Files.write(updates, List.of("+ 1 3 2", "- 2 3", "+ 3 2 1", "+ 2 4 -1", "+ 1 4 1"));
        CliRunner r = CliRunner.run("stream", "--graph", weightedGraph().toString(), "--updates", updates.toString(),
                "--batch-size", "3", "--run", "sssp", "--source", "1", "--output-dir", dir.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(List.of("stag: " + updates + ":4: negative weight -1: sssp runs on this stream and needs weights"
                + " of at least 0"), r.err().lines().toList());
        assertEquals(1, matches(BATCH, r.out()).size(), r.out());
        assertEquals(List.of("1 0.0", "2 1.5", "3 2.0", "4 3.0"), Files.readAllLines(dir.resolve("sssp-v1.txt")));
        assertFalse(Files.exists(dir.resolve("sssp-v2.txt")));
    }

    /** Without sssp a negative weight is an ordinary weight. */
    @Test
    void aNegativeWeightIsAnOrdinaryWeightWithoutSssp() throws IOException {
        Path updates = dir.resolve("u.txt");
        Files.write(updates, List.of("+ 2 4 -1", "+ 1 4 -2.5"));
        CliRunner r = CliRunner.run("stream", "--graph", weightedGraph().toString(), "--updates", updates.toString(),
                "--run", "wcc", "--output-dir", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("2", matches(BATCH, r.out()).get(0).group(3));
    }

    /** The graph refuses a batch that adds a vertex to a graph with ids of its own (LDBC): one line, nothing applied. */
    @Test
    void aBatchTheGraphRefusesIsOneLineAndNotApplied() throws IOException {
        Path updates = dir.resolve("u.txt");
        Files.write(updates, List.of("- 1 2", "+ 1 999999"));
        CliRunner r = CliRunner.run("stream", "--graph", Path.of("..", "data", "example-directed.properties").toString(),
                "--updates", updates.toString(), "--run", "wcc", "--output-dir", dir.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: " + updates + ":2: "), r.err());
        assertTrue(r.err().contains("cannot grow"), r.err());
        assertEquals("", r.out());
    }

    /** A run that fails (here: BFS's loop bound, one level) stops the stream with one line and exit 2. */
    @Test
    void aFailingRunStopsTheStream() throws IOException {
        Path updates = dir.resolve("u.txt");
        Files.write(updates, randomUpdates(30, 5));
        CliRunner r = CliRunner.run("stream", "--graph", KARATE.toString(), "--updates", updates.toString(), "--batch-size", "10",
                "--run", "bfs", "--source", "1", "--max-iterations", "1", "--output-dir", dir.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: ") && r.err().contains("1 iteration"), r.err());
        assertFalse(Files.exists(dir.resolve("wcc-v1.txt")));
    }

    @Test
    void aMissingUpdatesFileIsOneLine() {
        Path none = dir.resolve("none.txt");
        CliRunner r = CliRunner.run("stream", "--graph", KARATE.toString(), "--updates", none.toString(), "--run", "wcc",
                "--output-dir", dir.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(List.of("stag: " + none + ": no such file"), r.err().lines().toList());
        assertEquals("", r.out());
    }

    @Test
    void anOutputDirectoryThatCannotBeMadeIsOneLine() throws IOException {
        Path file = dir.resolve("plain");
        Files.writeString(file, "x");
        Path updates = dir.resolve("u.txt");
        Files.write(updates, List.of("1 2"));
        CliRunner r = CliRunner.run("stream", "--graph", KARATE.toString(), "--updates", updates.toString(), "--run", "wcc",
                "--output-dir", file.resolve("sub").toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(List.of("stag: " + file.resolve("sub") + ": cannot create the output directory: not a directory"),
                r.err().lines().toList());
    }

    /** A result that cannot be written (a directory in the way) stops the stream: one line, exit 2. */
    @Test
    void aResultThatCannotBeWrittenIsOneLine() throws IOException {
        Path out = dir.resolve("out");
        Files.createDirectories(out.resolve("wcc-v1.txt"));
        Path updates = dir.resolve("u.txt");
        Files.write(updates, List.of("1 2", "- 1 2", "5 9"));
        CliRunner r = CliRunner.run("stream", "--graph", KARATE.toString(), "--updates", updates.toString(), "--batch-size", "1",
                "--run", "wcc", "--if-busy", "queue", "--output-dir", out.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(List.of("stag: " + out.resolve("wcc-v1.txt") + ": cannot write: is a directory"), r.err().lines().toList());
    }

    @Test
    void theSummaryIsOneJsonObjectWithSummaryJson() throws IOException {
        Path updates = dir.resolve("u.txt");
        Files.write(updates, List.of("1 2", "- 1 2", "5 9"));
        CliRunner r = CliRunner.run("stream", "--graph", KARATE.toString(), "--updates", updates.toString(), "--summary", "json");
        assertEquals(0, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) MiniJson.parse(r.err().strip());
        assertEquals(3L, ((Number) json.get("updates")).longValue());
        assertEquals(1L, ((Number) json.get("version")).longValue());
        assertTrue(json.get("apply-ms") instanceof Map<?, ?>, r.err());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--batch-size 0|--batch-size must be at least 1, got 0",
        "--run wcc --every 0|--every must be at least 1, got 0",
        "--flush-ms -1|--flush-ms must be at least 0, got -1",
        "--run wcc,pagerankk|--run: unknown algorithm 'pagerankk' (expected pagerank, bfs, sssp, wcc, cdlp, lcc, bc, kcore, scc, ppr)",
        "--run wcc,wcc|--run: wcc is given twice",
        "--every 2|--every needs algorithms to run (--run ALGO)",
        "--run wcc --run-threads 0|--run-threads must be at least 1, got 0",
        "--run-threads 2|--run-threads needs algorithms to run (--run ALGO)",
        "--run wcc --incremental --from-scratch|--incremental and --from-scratch exclude each other",
        "--run wcc --source 1|--source: no algorithm of --run takes it",
        "--iterations 3|--iterations: no algorithm of --run takes it (there is none)",
        "--format dense,compressed|--format dense,compressed: format dense,compressed takes no batch updates: its last level is not dynamic (formats that do: dense,F and O,I with dynamic F, e.g. dense,ctree or bst,ctree)",
        "--if-busy never|invalid value for option '--if-busy': expected one of [SKIP, QUEUE] (case-insensitive) but was 'never'",
        "--run bfs|bfs.stag needs a source vertex: give --source ID (in the numbering of ../data/karate.mtx)",
    })
    void badOptionsAreOneLineAndExitTwo(String options, String message) throws IOException {
        Path updates = dir.resolve("u.txt");
        Files.write(updates, List.of("1 2"));
        List<String> a = new ArrayList<>(List.of("stream", "--graph", KARATE.toString(), "--updates", updates.toString(),
                "--output-dir", dir.resolve("o").toString()));
        a.addAll(List.of(options.split(" ")));
        CliRunner r = CliRunner.run(a.toArray(String[]::new));
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: " + message), r.err());
        assertEquals("", r.out());
    }

    /** Runs take half of --threads (at least 1) unless --run-threads says: ingest keeps most of the cores. */
    @ParameterizedTest
    @CsvSource({"1,,1", "2,,1", "3,,1", "8,,4", "2,2,2", "4,3,3"})
    void runsTakeHalfTheThreadsUnlessTold(int threads, Integer runThreads, int expected) {
        StreamCommand c = new StreamCommand();
        List<String> a = new ArrayList<>(List.of("--graph", KARATE.toString(), "--updates", "u.txt", "--run", "wcc",
                "--threads", Integer.toString(threads)));
        if (runThreads != null) {
            a.addAll(List.of("--run-threads", runThreads.toString()));
        }
        new picocli.CommandLine(c).parseArgs(a.toArray(String[]::new));
        assertEquals(expected, c.runThreads());
    }

    @Test
    void bothFromStandardInputIsAUsageError() {
        CliRunner r = CliRunner.run(args("stream", "--graph", "-", "--updates", "-"));
        assertEquals(2, r.code(), r.err());
        assertEquals(List.of("stag: --graph and --updates cannot both read standard input (see 'stag stream --help')"),
                r.err().lines().toList());
    }
}
