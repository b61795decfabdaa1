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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code mis} and {@code ktruss} from the command line: {@code stag compare} with their hand-written references
 * agrees on bundled graphs, {@code run} writes {@code vertex 1|0} lines and {@code source target} lines,
 * {@code bench} times and checks both, and every way to ask them wrongly is one line with exit status 2.
 */
class MisKTrussCliTest {
    static final String KARATE = Path.of("..", "data", "karate.mtx").toString();

    @TempDir
    Path dir;

    private static CliRunner compare(String algorithm, String name, String... more) {
        List<String> args = new ArrayList<>(List.of("compare", algorithm, "--graph", Datasets.suiteSparse(name).toString(),
                "--threads", "2", "--reference", "handwritten"));
        args.addAll(Datasets.indexBase(name));
        args.addAll(Arrays.asList(more));
        return CliRunner.run(args.toArray(String[]::new));
    }

    private static Map<String, String> agrees(CliRunner r, String what) {
        assertEquals(0, r.code(), what + ": " + r.err() + r.out());
        Map<String, String> kv = new CliRunner(r.code(), r.err(), "").keyValues();
        assertEquals("yes", kv.get("agree"), what + ": " + r.err());
        return kv;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"karate.mtx", "jazz.mtx", "ca-GrQc.mtx", "netscience.mtx"})
    void misAgreesWithTheHandwrittenLuby(String name) {
        Map<String, String> kv = agrees(compare("mis", name), "mis " + name);
        assertEquals("seed=1", kv.get("parameters"));
        assertTrue(kv.get("check").matches("exact: \\d+ vertices match"), kv.get("check"));
        assertEquals("seed=-77", agrees(compare("mis", name, "--seed", "-77"), "mis --seed -77").get("parameters"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"karate.mtx", "jazz.mtx", "ca-GrQc.mtx", "netscience.mtx"})
    void ktrussAgreesWithTheHandwrittenPeeling(String name) {
        Map<String, String> kv = agrees(compare("ktruss", name), "ktruss " + name);
        assertEquals("k=3", kv.get("parameters"));
        assertTrue(kv.get("check").matches("exact: \\d+ edges match"), kv.get("check"));
        assertEquals("k=5", agrees(compare("ktruss", name, "--k", "5"), "ktruss --k 5").get("parameters"));
    }

    @Test
    void misWritesOneAndZeroTheSameInEveryFormatAndThreadCount() {
        CliRunner r = CliRunner.run("run", "mis", "--graph", KARATE);
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(34, lines.size());
        for (int v = 0; v < 34; v++) {
            assertTrue(lines.get(v).equals((v + 1) + " 0") || lines.get(v).equals((v + 1) + " 1"), lines.get(v));
        }
        CliRunner other = CliRunner.run("run", "mis", "--graph", KARATE, "--format", "dense,ctree", "--threads", "1",
                "--seed", "1");
        assertEquals(r.out(), other.out());
        assertTrue(r.err().contains("output member -> stdout"), r.err());
    }

    @Test
    void ktrussWritesEachEdgeOnceInEveryOutputFormat() {
        CliRunner r = CliRunner.run("run", "ktruss", "--graph", KARATE, "--k", "4");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(25, lines.size());
        for (String line : lines) {
            String[] uv = line.split(" ");
            assertTrue(Long.parseLong(uv[0]) < Long.parseLong(uv[1]), line);
        }
        assertTrue(r.err().contains("output truss (25 edges) -> stdout"), r.err());
        CliRunner csv = CliRunner.run("run", "ktruss", "--graph", KARATE, "--k", "4", "--output-format", "csv");
        assertEquals("source,target\n" + r.out().replace(' ', ','), csv.out());
        CliRunner tsv = CliRunner.run("run", "ktruss", "--graph", KARATE, "--k", "4", "--output-format", "tsv");
        assertEquals(r.out().replace(' ', '\t'), tsv.out());
        CliRunner json = CliRunner.run("run", "ktruss", "--graph", KARATE, "--k", "4", "--output-format", "json");
        assertTrue(json.out().startsWith("{\"output\":\"truss\",\"edges\":[[" + lines.get(0).replace(' ', ',') + "],\n"),
                json.out());
        assertEquals(78, CliRunner.run("run", "ktruss", "--graph", KARATE, "--k", "2").out().lines().count(),
                "k=2: every edge of karate");
    }

    @Test
    void benchTimesAndChecksBoth() throws IOException {
        Path out = dir.resolve("results");
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "mis,ktruss", "--formats",
                "dense,compressed;dense,ctree", "--threads", "1", "--repeat", "1", "--reference", "handwritten,jgrapht",
                "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        List<String> rows = Files.readAllLines(out.resolve("bench.csv"));
        assertEquals(1 + 2 * 4, rows.size(), String.join("\n", rows));
        for (String row : rows.subList(1, rows.size())) {
            String status = row.contains(",jgrapht,") ? "not_available" : "ok";
            assertTrue(row.contains("," + status + ","), row);
        }
    }

    @Test
    void badRequestsAreOneLineAndStatusTwo() {
        String[][] cases = {
            {"--seed: wcc does not take it", "run", "wcc", "--graph", KARATE, "--seed", "3"},
            {"--k: mis does not take it (mis takes --seed)", "run", "mis", "--graph", KARATE, "--k", "3"},
            {"--param k and --k both set k", "run", "ktruss", "--graph", KARATE, "--k", "3", "--param", "k=4"},
            {"JGraphT has no ktruss", "compare", "ktruss", "--graph", KARATE, "--reference", "jgrapht"},
            {"--run: ktruss gives a set of edges", "stream", "--graph", KARATE, "--updates", KARATE, "--run", "ktruss"},
            {"ktruss gives a set of edges; --output-format parquet", "run", "ktruss", "--graph", KARATE, "--spark",
                "local[2]", "--output-format", "parquet", "-o", "out.parquet"},
        };
        for (String[] c : cases) {
            CliRunner r = CliRunner.run(Arrays.copyOfRange(c, 1, c.length));
            assertEquals(2, r.code(), String.join(" ", c) + ": " + r.err());
            assertEquals("", r.out(), r.out());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("stag: ") && r.err().contains(c[0]), c[0] + " not in: " + r.err());
        }
    }
}
