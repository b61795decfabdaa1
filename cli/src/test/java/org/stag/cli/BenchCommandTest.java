package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.stag.algorithms.catalog.Algorithm;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.stag.cli.bench.BenchChart;
import org.stag.cli.bench.BenchResults;
import org.stag.cli.bench.ChartModel;

/**
 * {@code stag bench} in-process on the bundled karate graph with both references and no peer, R = 2: the table,
 * CSV, JSON and PNG agree with each other and the chart draws the CSV's numbers.
 */
class BenchCommandTest {
    private static final String KARATE = Datasets.suiteSparse("karate.mtx").toString();
    private static final List<String> ALGORITHMS = List.of("pagerank", "bfs", "sssp", "wcc", "bc");
    private static final List<String> COLUMNS = List.of("stag dense,compressed", "stag dense,ctree", "handwritten",
            "jgrapht");

    /** The CSV gives ms to six decimals (1 ns); its values are the JSON's rounded to that, half up or down. */
    private static final double CSV_ROUNDING = 0.6e-6;

    @TempDir
    static Path dir;

    private static CliRunner run;
    private static Path out;

    @BeforeAll
    static void bench() {
        out = dir.resolve("results");
        run = CliRunner.run("bench", "--graph", KARATE, "--algorithms", String.join(",", ALGORITHMS), "--formats",
                "dense,compressed;dense,ctree", "--threads", "1", "--repeat", "2", "--reference", "handwritten,jgrapht",
                "--out", out.toString());
    }

    /** One CSV line as a map from the header's names; the CSV's only quoted fields hold commas, no quotes. */
    private static List<Map<String, String>> csv() throws IOException {
        List<String> lines = Files.readAllLines(out.resolve("bench.csv"));
        assertEquals(BenchResults.CSV_HEADER, lines.get(0));
        String[] names = lines.get(0).split(",");
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> fields = new ArrayList<>();
            StringBuilder f = new StringBuilder();
            boolean quoted = false;
            for (char ch : line.toCharArray()) {
                if (ch == '"') {
                    quoted = !quoted;
                } else if (ch == ',' && !quoted) {
                    fields.add(f.toString());
                    f.setLength(0);
                } else {
                    f.append(ch);
                }
            }
            fields.add(f.toString());
            assertEquals(names.length, fields.size(), line);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < names.length; i++) {
                row.put(names[i], fields.get(i));
            }
            rows.add(row);
        }
        return rows;
    }

    @Test
    void writesTheTableCsvJsonAndPng() throws IOException {
        assertEquals(0, run.code(), run.err());
        String md = run.out();
        // The one line on stderr: the source chosen, as every command prints it.
        assertEquals("karate.mtx: " + ConsistentOptionsTest.KARATE_SOURCE, run.err().strip());
        assertEquals(md, Files.readString(out.resolve("bench.md")));
        // The default source is the vertex with the most edges: karate's 34 (17 edges; vertex 1 has 16).
        assertTrue(md.startsWith("karate.mtx: 34 vertices, 156 stored edges, undirected, source 34  \n"), md);
        assertTrue(md.contains("| graph | algorithm | threads | stag dense,compressed | stag dense,ctree | handwritten"
                + " | jgrapht |\n"), md);
        for (String a : ALGORITHMS) {
            String label = a.equals("pagerank") ? "pagerank (per iteration)" : a;
            assertTrue(md.contains("| karate.mtx | " + label + " | 1 | "), md);
        }
        assertTrue(md.contains("| karate.mtx | bfs | 1 | ") && md.lines().filter(l -> l.startsWith("| karate.mtx | bfs"))
                .findFirst().orElseThrow().contains("(1.00×)"), md);

        List<Map<String, String>> rows = csv();
        assertEquals(ALGORITHMS.size() * COLUMNS.size(), rows.size());
        for (Map<String, String> r : rows) {
            boolean jgraphtBc = r.get("implementation").equals("jgrapht") && r.get("algorithm").equals("bc");
            assertEquals(jgraphtBc ? "not_available" : "ok", r.get("status"), r.toString());
            if (!jgraphtBc) {
                double median = Double.parseDouble(r.get("median_ms"));
                double min = Double.parseDouble(r.get("min_ms"));
                assertTrue(min > 0 && min <= median, r.toString());
                assertEquals("2", r.get("runs"));
                assertEquals(r.get("algorithm").equals("pagerank") ? "iteration" : "run", r.get("unit"));
            }
            if (r.get("implementation").equals("stag dense,compressed")) {
                assertEquals("1.0000", r.get("ratio"));
            }
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) MiniJson.parse(Files.readString(out.resolve("bench.json")));
        assertEquals(2L, json.get("repeat"));
        assertEquals("stag dense,compressed", json.get("baseline"));
        assertEquals(COLUMNS, json.get("columns"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> cells = (List<Map<String, Object>>) json.get("cells");
        assertEquals(rows.size(), cells.size());
        for (int i = 0; i < cells.size(); i++) {
            Map<String, Object> c = cells.get(i);
            Map<String, String> r = rows.get(i);
            assertEquals(r.get("implementation"), c.get("implementation"));
            assertEquals(r.get("algorithm"), c.get("algorithm"));
            assertEquals(r.get("status"), c.get("status"));
            if (r.get("status").equals("ok")) {
                assertEquals(Double.parseDouble(r.get("median_ms")), ((Number) c.get("median_ms")).doubleValue(), CSV_ROUNDING);
                assertEquals(2, ((List<?>) c.get("runs_ms")).size());
            } else {
                assertNull(c.get("median_ms"));
            }
        }

        BufferedImage png = ImageIO.read(out.resolve("bench.png").toFile());
        assertNotNull(png, "bench.png is no image ImageIO reads");
        assertEquals(BenchChart.WIDTH, png.getWidth());
        assertEquals(BenchChart.HEIGHT, png.getHeight());
    }

    /** The chart's data (as bench.json records it and as XChart is given it) is the CSV's medians. */
    @Test
    void theChartDrawsTheCsvsMedians() throws IOException {
        assertEquals(0, run.code(), run.err());
        List<Map<String, String>> rows = csv();
        @SuppressWarnings("unchecked")
        Map<String, Object> chart = (Map<String, Object>) ((Map<String, Object>) MiniJson.parse(
                Files.readString(out.resolve("bench.json")))).get("chart");
        assertEquals(ALGORITHMS, chart.get("categories"));
        @SuppressWarnings("unchecked")
        Map<String, List<Object>> series = (Map<String, List<Object>>) chart.get("series");
        assertEquals(COLUMNS, new ArrayList<>(series.keySet()));
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        Map<String, List<Double>> model = new java.util.LinkedHashMap<>();
        for (String column : COLUMNS) {
            List<Double> values = new ArrayList<>();
            for (int k = 0; k < ALGORITHMS.size(); k++) {
                String algorithm = ALGORITHMS.get(k);
                Map<String, String> row = rows.stream().filter(r -> r.get("implementation").equals(column)
                        && r.get("algorithm").equals(algorithm)).findFirst().orElseThrow();
                Object v = series.get(column).get(k);
                if (row.get("median_ms").isEmpty()) {
                    assertNull(v, column + " " + algorithm);
                    values.add(null);
                } else {
                    double csvMedian = Double.parseDouble(row.get("median_ms"));
                    assertEquals(csvMedian, ((Number) v).doubleValue(), CSV_ROUNDING, column + " " + algorithm);
                    values.add(((Number) v).doubleValue());
                    lo = Math.min(lo, csvMedian);
                    hi = Math.max(hi, csvMedian);
                }
            }
            model.put(column, values);
        }
        assertEquals(hi / lo > 10, chart.get("logarithmic"));

        // What XChart is given: every series with the model's values, category by category.
        ChartModel m = new ChartModel("t", "ms", ALGORITHMS, model, hi / lo > 10);
        CategoryChart xchart = BenchChart.chart(m);
        assertEquals(COLUMNS, new ArrayList<>(xchart.getSeriesMap().keySet()));
        for (String column : COLUMNS) {
            CategorySeries s = xchart.getSeriesMap().get(column);
            assertEquals(ALGORITHMS, new ArrayList<>(s.getXData()));
            List<Double> given = new ArrayList<>();
            s.getYData().forEach(n -> given.add(n == null ? null : n.doubleValue()));
            assertEquals(model.get(column), given, column);
        }
        assertEquals(hi / lo > 10, xchart.getStyler().isYAxisLogarithmic());
    }

    /** A log axis when the medians span more than 10x, a linear one otherwise; no series for a column never timed. */
    @Test
    void chartScaleFollowsTheSpread() {
        Map<String, List<Double>> wide = new java.util.LinkedHashMap<>();
        wide.put("a", java.util.Arrays.asList(1.0, 50.0));
        wide.put("never", java.util.Arrays.asList(null, null));
        CategoryChart c = BenchChart.chart(new ChartModel("t", "ms", List.of("x", "y"), wide, true));
        assertTrue(c.getStyler().isYAxisLogarithmic());
        assertEquals(List.of("a"), new ArrayList<>(c.getSeriesMap().keySet()));
        BufferedImage img = BenchChart.render(new ChartModel("t", "ms", List.of("x", "y"), wide, true));
        assertEquals(BenchChart.WIDTH, img.getWidth());
        assertFalse(BenchChart.chart(new ChartModel("t", "ms", List.of("x", "y"), wide, false)).getStyler()
                .isYAxisLogarithmic());
    }

    /** A program that computes something else: the references disagree with it, are not timed, and the status is 1. */
    @Test
    void aCellThatDisagreesIsNotTimedAndFails() throws IOException {
        Path wrong = dir.resolve("wrong-wcc.stag");
        String wcc = new String(org.stag.algorithms.catalog.Algorithm.WCC.text());
        Files.writeString(wrong, wcc.replace("component[i] = ifelse(L[i] == -1, gid, MIN(id[MAX(L[i], 0)], smallest[MAX(L[i], 0)]))", "component[i] = id[i]"));
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "wcc", "--threads", "1", "--repeat", "1",
                "--program", "wcc=" + wrong);
        assertEquals(1, r.code(), r.err());
        String row = r.out().lines().filter(l -> l.startsWith("| karate.mtx | wcc")).findFirst().orElseThrow();
        assertTrue(row.endsWith("| **FAILED** | **FAILED** |"), row);
        List<String> errLines = r.err().lines().toList();
        assertEquals(2, errLines.size(), r.err());
        assertTrue(errLines.get(0).startsWith("stag: bench: handwritten wcc on karate.mtx (1 threads) failed: differs"
                + " from stag at "), r.err());
    }

    @Test
    void badOptionsAreUsageErrors() throws IOException {
        Path emptyGap = Files.createDirectories(dir.resolve("gap-without-binaries"));
        String[][] cases = {
            {"--algorithms", "pagerank,bfz", "--algorithms 'pagerank,bfz': unknown algorithm 'bfz' (expected "
                    + String.join(", ", Algorithm.names()) + ")"},
            {"--algorithms", "", "--algorithms '': an empty list"},
            {"--algorithms", "bfs,,wcc", "--algorithms 'bfs,,wcc': an empty name (two separators, or one at an end)"},
            {"--algorithms", "bfs,bfs", "--algorithms 'bfs,bfs': 'bfs' is given twice"},
            {"--repeat", "0", "--repeat must be at least 1, got 0"},
            {"--threads", "0", "--threads must be between 1 and 1024, got 0"},
            {"--threads", "1,two", "--threads '1,two': 'two' is not a whole number"},
            {"--formats", "dense,compressed;dense", "--formats: 'dense' is not a graph format of two levels (e.g."
                    + " dense,compressed)"},
            {"--reference", "jgrapht,networkx", "--reference 'jgrapht,networkx': unknown reference 'networkx' (expected"
                    + " handwritten, jgrapht or none)"},
            {"--baseline", "gap", "--baseline 'gap' is not a column (expected one of stag dense,compressed, handwritten,"
                    + " jgrapht)"},
            {"--peer", "aspen=/tmp", "--peer 'aspen=/tmp': expected gap=DIR, the directory of a gapbs checkout built"
                    + " with make"},
            {"--peer", "gap=" + dir.resolve("no-such-dir"), "--peer gap=" + dir.resolve("no-such-dir") + ": no such"
                    + " directory (a gapbs checkout built with make)"},
            {"--peer", "gap=" + emptyGap, "--peer gap=" + emptyGap + ": no executable pr there (run make in " + emptyGap
                    + ")"},
            {"--program", "bfz=x.stag", "--program bfz=x.stag: unknown algorithm 'bfz' (expected "
                    + String.join(", ", Algorithm.names()) + ")"},
            {"--program", "lcc=x.stag", "--program lcc=x.stag: lcc is not among --algorithms " + HelpText.benchDefault()},
            {"--iterations", "0", "--iterations must be at least 1, got 0"},
            {"--out", KARATE, "--out " + KARATE + " is a file, not a directory"},
        };
        for (String[] c : cases) {
            CliRunner r = CliRunner.run("bench", "--graph", KARATE, c[0], c[1]);
            assertEquals(2, r.code(), String.join(" ", c) + ": " + r.err());
            assertEquals("stag: " + c[2] + " (see 'stag bench --help')", r.err().strip(), String.join(" ", c));
            assertEquals("", r.out());
        }
    }

    /** Bad input found while running: one line naming it, exit status 2. */
    @Test
    void aSourceThatIsNoVertexAndAnOutDirThatCannotBeMadeAreBadInput() throws IOException {
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--source", "99");
        assertEquals(2, r.code(), r.err());
        assertEquals("stag: --source 99 is not a vertex of karate.mtx", r.err().strip());

        Path file = Files.writeString(dir.resolve("a-file"), "x");
        r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--threads", "1", "--repeat", "1",
                "--reference", "none", "--source", "1", "--out", file.resolve("sub").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("stag: --out " + file.resolve("sub") + ": cannot create the directory ("),
                r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());

        r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--program", "bfs=" + dir.resolve("none.stag"));
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: ") && r.err().contains("none.stag"), r.err());
    }

    @Test
    void aMissingGraphIsBadInput() {
        CliRunner r = CliRunner.run("bench", "--graph", dir.resolve("missing.mtx").toString(), "--repeat", "1");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("stag: "), r.err());
    }

    /** --progress on a pipe: one line per step (loading, checking, every timed run), all on stderr. */
    @Test
    void progressIsOneLinePerStepOnAPipe() {
        CliRunner r = CliRunner.run("bench", "--graph", KARATE, "--algorithms", "bfs", "--threads", "1", "--repeat", "2",
                "--reference", "handwritten", "--progress");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("stag: bench: loading karate.mtx",
                "karate.mtx: " + ConsistentOptionsTest.KARATE_SOURCE,
                "stag: bench: checking karate.mtx bfs threads=1 stag dense,compressed",
                "stag: bench: checking karate.mtx bfs threads=1 handwritten",
                "stag: bench: round 1/2: karate.mtx bfs threads=1 stag dense,compressed",
                "stag: bench: round 1/2: karate.mtx bfs threads=1 handwritten",
                "stag: bench: round 2/2: karate.mtx bfs threads=1 stag dense,compressed",
                "stag: bench: round 2/2: karate.mtx bfs threads=1 handwritten"), r.err().lines().toList());
        assertTrue(r.out().startsWith("karate.mtx: "), r.out());
    }
}
