package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --output-format text|tsv|csv|json} for the results of {@code run} and {@code eval}, and
 * {@code --summary json}: the same values in every format, JSON that parses (strictly), and non-finite
 * values as JSON null.
 */
class OutputFormatsTest {
    static final String KARATE = OptionRangesTest.KARATE;

    @TempDir
    Path dir;

    private static CliRunner ok(String... args) {
        CliRunner r = CliRunner.run(args);
        assertEquals(0, r.code(), r.err());
        return r;
    }

    /** The text output's lines as {vertex, value}. */
    private static List<String[]> text(String out) {
        return out.lines().map(l -> l.split(" ")).toList();
    }

    @Test
    void tsvAndCsvHoldTheTextValues() {
        List<String[]> text = text(ok("run", "bfs", "--graph", KARATE, "--source", "1").out());
        assertEquals(34, text.size());
        List<String> tsv = ok("run", "bfs", "--graph", KARATE, "--source", "1", "--output-format", "tsv").out().lines().toList();
        List<String> csv = ok("run", "bfs", "--graph", KARATE, "--source", "1", "--output-format", "CSV").out().lines().toList();
        assertEquals(34, tsv.size());
        assertEquals(35, csv.size());
        assertEquals("vertex,depth", csv.get(0));
        for (int k = 0; k < 34; k++) {
            assertEquals(text.get(k)[0] + "\t" + text.get(k)[1], tsv.get(k));
            assertEquals(text.get(k)[0] + "," + text.get(k)[1], csv.get(k + 1));
        }
    }

    @Test
    void jsonHoldsTheTextValues() {
        List<String[]> text = text(ok("run", "pagerank", "--graph", KARATE).out());
        Map<?, ?> json = (Map<?, ?>) MiniJson.parse(ok("run", "pagerank", "--graph", KARATE, "--output-format", "json").out());
        assertEquals("rank", json.get("output"));
        List<?> values = (List<?>) json.get("values");
        assertEquals(34, values.size());
        for (int k = 0; k < 34; k++) {
            List<?> pair = (List<?>) values.get(k);
            assertEquals(Long.parseLong(text.get(k)[0]), pair.get(0));
            assertEquals(Double.parseDouble(text.get(k)[1]), (Double) pair.get(1));
        }
    }

    @Test
    void unreachableVerticesAreInfinityInTextAndNullInJson() throws IOException {
        Path g = dir.resolve("g.wel");
        Files.writeString(g, "0 1 2.5\n1 2 1\n3 3 1\n");
        String out = ok("run", "sssp", "--graph", g.toString(), "--source", "0").out();
        assertEquals(List.of("0 0.0", "1 2.5", "2 3.5", "3 Infinity"), out.lines().toList());
        Path file = dir.resolve("d.json");
        ok("run", "sssp", "--graph", g.toString(), "--source", "0", "--output-format", "json", "-o", file.toString());
        Map<?, ?> json = (Map<?, ?>) MiniJson.parse(Files.readString(file));
        List<?> values = (List<?>) json.get("values");
        assertEquals(List.of(0L, 0.0), values.get(0));
        assertEquals(List.of(2L, 3.5), values.get(2));
        assertEquals(3L, ((List<?>) values.get(3)).get(0));
        assertNull(((List<?>) values.get(3)).get(1));
        assertEquals(List.of("vertex,dist", "0,0.0", "1,2.5", "2,3.5", "3,Infinity"),
                ok("run", "sssp", "--graph", g.toString(), "--source", "0", "--output-format", "csv").out().lines().toList());
    }

    @Test
    void summaryJsonIsOneObjectOnStderr() {
        CliRunner r = ok("run", "pagerank", "--graph", KARATE, "--summary", "json", "--iterations", "3");
        assertEquals(34, r.out().lines().count());
        assertEquals(1, r.err().lines().count(), r.err());
        Map<?, ?> s = (Map<?, ?>) MiniJson.parse(r.err());
        assertEquals("pagerank.stag", s.get("program"));
        assertEquals(34L, s.get("vertices"));
        assertEquals(156L, s.get("edges"));
        assertEquals(Map.of("iterations", 3L, "damping", 0.85), s.get("parameters"));
        assertEquals(3L, s.get("iterations"));
        assertTrue(s.get("run-seconds") instanceof Double, String.valueOf(s.get("run-seconds")));
        assertEquals("rank -> stdout", s.get("output"));
        assertEquals(Map.of(), s.get("results"));
    }

    @Test
    void compareSummaryJson() {
        CliRunner r = ok("compare", "wcc", "--graph", KARATE, "--summary", "json");
        assertEquals("", r.out());
        Map<?, ?> s = (Map<?, ?>) MiniJson.parse(r.err());
        assertEquals("wcc", s.get("algorithm"));
        assertEquals("yes", s.get("agree"));
        assertEquals(Map.of(), s.get("parameters"));
        assertTrue(s.get("jgrapht-seconds") instanceof Double, String.valueOf(s));
    }

    private Path degreeProgram() throws IOException {
        Path p = dir.resolve("degree.stag");
        Files.writeString(p, String.join("\n", "N int", "A double[N][compressed[N]]",
                "Let Main() -> (d double[N])", "    d[i] = A[i][j] | j:(+, 0.0)", "End", ""));
        return p;
    }

    @Test
    void evalResultsInEveryFormat() throws IOException {
        String p = degreeProgram().toString();
        String a = "A=" + KARATE;
        List<String> mm = ok("eval", p, "--input", a).out().lines().filter(l -> !l.startsWith("%")).toList();
        assertEquals("34 1 34", mm.get(0));
        List<String> entries = mm.subList(1, mm.size()); // "i 1 value"
        List<String> tsv = ok("eval", p, "--input", a, "--output-format", "tsv").out().lines().toList();
        List<String> csv = ok("eval", p, "--input", a, "--output-format", "csv").out().lines().toList();
        Map<?, ?> json = (Map<?, ?>) MiniJson.parse(ok("eval", p, "--input", a, "--output-format", "json").out());
        assertEquals("index,d", csv.get(0));
        assertEquals("d", json.get("output"));
        assertEquals("double[N]", json.get("type"));
        assertEquals(List.of(34L), json.get("dimensions"));
        List<?> items = (List<?>) json.get("entries");
        assertEquals(34, entries.size());
        assertEquals(34, tsv.size());
        assertEquals(34, items.size());
        for (int k = 0; k < 34; k++) {
            String[] e = entries.get(k).split(" ");
            assertEquals(e[0] + "\t" + e[2], tsv.get(k));
            assertEquals(e[0] + "," + e[2], csv.get(k + 1));
            assertEquals(List.of(Long.parseLong(e[0]), Double.parseDouble(e[2])), items.get(k));
        }
    }

    @Test
    void evalScalarInJson() throws IOException {
        Path p = dir.resolve("sum.stag");
        Files.writeString(p, String.join("\n", "N int", "A double[N][compressed[N]]",
                "Let Main() -> (s double)", "    s = A[i][j] | i:(+, 0.0), j:(+, 0.0)", "End", ""));
        Map<?, ?> json = (Map<?, ?>) MiniJson.parse(ok("eval", p.toString(), "--input", "A=" + KARATE,
                "--output-format", "json").out());
        assertEquals(Map.of("output", "s", "type", "double", "value", 156.0), json);
    }

    @Test
    void jsonStringsAreEscaped() {
        assertEquals("\"a\\\"b\\\\c\\nd\\u0001\"", Json.string("a\"b\\c\nd\u0001"));
        assertEquals("a\"b\\c\nd\u0001", MiniJson.parse(Json.string("a\"b\\c\nd\u0001")));
        assertEquals("null", Json.number(Double.NaN));
        assertEquals("null", Json.value(Double.NEGATIVE_INFINITY));
    }
}
