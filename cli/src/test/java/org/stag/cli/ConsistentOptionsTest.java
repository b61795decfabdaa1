package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 32's consistent options: one rule for a setting an algorithm does not take in every command, the default
 * source everywhere (printed), compare's reference chosen from the descriptor, {@code -V}, {@code info --summary json}.
 */
class ConsistentOptionsTest {
    static final String KARATE = Path.of("..", "data", "karate.mtx").toString();
    /** Karate's vertex 34 has 17 neighbours, the most (vertex 1 has 16). */
    static final String KARATE_SOURCE = "source: 34 (most out-edges, 17)";
    static final String WCC_TAKES_NONE = "(wcc takes none of --source, --sources, --iterations, --damping, --seed, --k)";

    @TempDir
    Path dir;

    private static void refused(CliRunner r, String line) {
        assertEquals(2, r.code(), r.err());
        assertEquals(line, r.err().strip());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void aSettingTheAlgorithmDoesNotTakeIsRefusedAlikeByRunAndCompare() {
        String line = "stag: --source: wcc does not take it " + WCC_TAKES_NONE;
        refused(CliRunner.run("run", "wcc", "--graph", KARATE, "--source", "1"), line);
        refused(CliRunner.run("compare", "wcc", "--graph", KARATE, "--source", "1"), line);
        refused(CliRunner.run("run", "bfs", "--graph", KARATE, "--iterations", "3"),
                "stag: --iterations: bfs does not take it (bfs takes --source)");
        refused(CliRunner.run("compare", "pagerank", "--graph", KARATE, "--sources", "1,2"),
                "stag: --sources: pagerank does not take it (pagerank takes --iterations, --damping)");
    }

    @Test
    void severalAlgorithmsRefuseASettingOnlyWhenNoneTakesIt() throws IOException {
        refused(CliRunner.run("bench", "--graph", KARATE, "--algorithms", "pagerank,wcc", "--source", "3"),
                "stag: --source: no algorithm of --algorithms takes it (pagerank takes --iterations, --damping; wcc"
                        + " takes none)");
        refused(CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs,wcc", "--iterations", "3"),
                "stag: --iterations: no algorithm of --algorithms takes it (bfs takes --source; wcc takes none)");
        Path updates = Files.writeString(dir.resolve("u.txt"), "1 2\n");
        refused(CliRunner.run("stream", "--graph", KARATE, "--updates", updates.toString(), "--run", "wcc",
                "--source", "1", "--output-dir", dir.toString()), "stag: --source: wcc does not take it " + WCC_TAKES_NONE);
        // Taken by one of them: it goes to that one, and the others run without it.
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs,wcc", "--source", "3",
                "--repeat", "1", "--reference", "none");
        assertEquals(0, r.code(), r.err());
        r = CliRunner.run("stream", "--graph", KARATE, "--updates", updates.toString(), "--run", "bfs,wcc",
                "--source", "3", "--output-dir", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(dir.resolve("bfs-v1.txt")).startsWith("1 1\n"), "bfs from 3 reaches 1 in 1 step");
    }

    @Test
    void runAndCompareStartAtTheVertexWithTheMostOutEdgesAndSaySo() {
        CliRunner chosen = CliRunner.run("run", "bfs", "--graph", KARATE);
        assertEquals(0, chosen.code(), chosen.err());
        assertEquals(KARATE_SOURCE, chosen.err().lines().findFirst().orElseThrow());
        CliRunner given = CliRunner.run("run", "bfs", "--graph", KARATE, "--source", "34");
        assertEquals(given.out(), chosen.out());
        assertTrue(given.err().lines().noneMatch(l -> l.startsWith("source:")), given.err());

        CliRunner c = CliRunner.run("compare", "sssp", "--graph", KARATE);
        assertEquals(0, c.code(), c.err());
        assertTrue(c.err().lines().anyMatch(KARATE_SOURCE::equals), c.err());
        assertTrue(c.err().contains("source=34"), c.err());
    }

    @Test
    void streamAndBenchStartAtTheSameVertex() throws IOException {
        Path updates = Files.writeString(dir.resolve("u.txt"), "1 2\n- 1 2\n");
        CliRunner s = CliRunner.run("stream", "--graph", KARATE, "--updates", updates.toString(), "--run", "bfs,sssp",
                "--batch-size", "1", "--output-dir", dir.toString());
        assertEquals(0, s.code(), s.err());
        assertEquals(1, s.err().lines().filter(KARATE_SOURCE::equals).count(), s.err());
        CliRunner run = CliRunner.run("run", "bfs", "--graph", KARATE, "--source", "34");
        assertEquals(run.out(), Files.readString(dir.resolve("bfs-v2.txt")));

        CliRunner b = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--repeat", "1",
                "--reference", "none");
        assertEquals(0, b.code(), b.err());
        assertTrue(b.err().lines().anyMatch(("karate.mtx: " + KARATE_SOURCE)::equals), b.err());
    }

    @Test
    void aGraphWithoutEdgesHasNoDefaultSource() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.mtx"), "%%MatrixMarket matrix coordinate pattern general\n3 3 0\n");
        refused(CliRunner.run("run", "bfs", "--graph", empty.toString()),
                "stag: " + empty + " has no edges, so it has no default source: give --source ID");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cdlp", "lcc", "bc --sources 1,2", "bfs", "pagerank"})
    void compareChoosesAReferenceThatCanRunTheAlgorithm(String what) {
        List<String> args = new java.util.ArrayList<>(List.of("compare"));
        args.addAll(List.of(what.split(" ")));
        args.addAll(List.of("--graph", KARATE));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        Map<String, String> kv = new CliRunner(r.code(), r.err(), "").keyValues();
        assertEquals("yes", kv.get("agree"), r.err());
        boolean jgrapht = what.equals("bfs") || what.equals("pagerank");
        assertEquals(jgrapht ? "jgrapht" : "handwritten", kv.get("reference"), r.err());
    }

    @Test
    void versionIsThePomsVersion() throws IOException {
        Matcher m = Pattern.compile("<artifactId>stag-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Path.of("..", "pom.xml")));
        assertTrue(m.find());
        for (String flag : List.of("-V", "--version")) {
            CliRunner r = CliRunner.run(flag);
            assertEquals(0, r.code(), r.err());
            assertEquals("stag " + m.group(1), r.out().lines().findFirst().orElseThrow());
        }
    }

    @Test
    void infoSummaryJsonHoldsWhatTheTextHolds() {
        CliRunner text = CliRunner.run("info", KARATE);
        CliRunner json = CliRunner.run("info", KARATE, "--summary", "json");
        assertEquals(0, json.code(), json.err());
        assertEquals(1, json.out().strip().lines().count(), json.out());
        @SuppressWarnings("unchecked")
        Map<String, Object> parsed = (Map<String, Object>) MiniJson.parse(json.out());
        Map<String, String> kv = new LinkedHashMap<>(text.keyValues());
        assertEquals(kv.keySet(), parsed.keySet());
        for (String key : List.of("file", "format", "vertices", "edges", "directed", "max-degree", "avg-degree")) {
            assertEquals(kv.get(key), String.valueOf(parsed.get(key)), key);
        }
        assertEquals(34L, ((Number) parsed.get("vertices")).longValue());
        assertEquals(Boolean.FALSE, parsed.get("directed"));
        refused(CliRunner.run("info", KARATE, "--summary", "yaml"), "stag: invalid value for option '--summary':"
                + " expected one of [TEXT, JSON] (case-insensitive) but was 'yaml' (see 'stag info --help')");
    }
}
