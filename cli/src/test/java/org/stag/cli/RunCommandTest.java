package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.stag.algorithms.catalog.Algorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Bfs;
import org.stag.algorithms.handwritten.PageRank;
import org.stag.algorithms.ldbc.LdbcOutput;
import org.stag.algorithms.ldbc.LdbcValidation;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * {@code stag run}: the result on stdout or in a file in the input's numbering, the summary on stderr, the
 * settings (source, iterations, damping, parameters, sources), user programs with the same bindings, and
 * bad input: each exits with status 2 and one clear line (program errors add the source line and a caret).
 */
class RunCommandTest {
    @TempDir
    Path dir;

    static final String KARATE = Path.of("..", "data", "karate.mtx").toString();
    static final String GRQC = Path.of("..", "data", "ca-GrQc.mtx").toString();
    static final String LDBC = Path.of("..", "data", "example-directed.properties").toString();

    Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    static Map<String, String> summary(CliRunner r) {
        return new CliRunner(r.code(), r.err(), "").keyValues();
    }

    static Csr karate() {
        return Csr.of(GraphLoader.load(Path.of(KARATE), LoadOptions.defaults()));
    }

    /** The {@code vertex value} lines of stdout as reals by vertex. */
    static LdbcOutput.Doubles doubles(Path file) {
        return LdbcOutput.readDoubles(file);
    }

    @Test
    void pageRankOnTheBundledGraphWritesOneLinePerVertexAndASummary() throws IOException {
        CliRunner r = CliRunner.run("run", "pagerank", "--graph", GRQC);
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(5242, lines.size());
        assertTrue(lines.get(0).startsWith("1 "), lines.get(0));
        Map<String, String> s = summary(r);
        assertEquals("pagerank.stag", s.get("program"));
        assertEquals("5242", s.get("vertices"));
        assertEquals("28980", s.get("edges"));
        assertEquals("dense,compressed", s.get("format"));
        assertEquals("iterations=10 damping=0.85", s.get("parameters"));
        assertEquals("10", s.get("iterations"));
        for (String key : List.of("load-seconds", "build-seconds", "compile-seconds", "run-seconds")) {
            assertTrue(Double.parseDouble(s.get(key)) >= 0, key);
        }
        // The values are the hand-written PageRank's.
        Path out = write("pr.txt", r.out());
        Csr g = Csr.of(GraphLoader.load(Path.of(GRQC), LoadOptions.defaults()));
        LdbcValidation.Result v = LdbcValidation.epsilon(LdbcOutput.Doubles.of(g.ids(), PageRank.run(g, 10, 0.85, 1)),
                doubles(out), 1e-9);
        assertTrue(v.ok(), v.message());
    }

    @Test
    void outputFileIterationsDampingAndThreads() throws IOException {
        Path one = dir.resolve("one.txt");
        Path two = dir.resolve("two.txt");
        CliRunner r = CliRunner.run("run", "pagerank", "--graph", KARATE, "--iterations", "3", "--damping", "0.5",
                "--threads", "1", "-o", one.toString(), "--format", "dense,ctree");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals("iterations=3 damping=0.5", summary(r).get("parameters"));
        assertEquals("output rank -> " + one, r.err().lines().filter(l -> l.startsWith("output ")).findFirst().orElseThrow());
        r = CliRunner.run("run", "pagerank", "--graph", KARATE, "--param", "iterations=3", "--param", "damping=0.5",
                "--threads", "2", "-o", two.toString());
        assertEquals(0, r.code(), r.err());
        Csr g = karate();
        LdbcOutput.Doubles expected = LdbcOutput.Doubles.of(g.ids(), PageRank.run(g, 3, 0.5, 1));
        assertTrue(LdbcValidation.epsilon(expected, doubles(one), 1e-9).ok());
        assertTrue(LdbcValidation.epsilon(expected, doubles(two), 1e-9).ok());
    }

    @Test
    void bfsFromASourceInTheInputsNumberingWritesUnreachableAsTheLargestLong() throws IOException {
        // karate is connected: every depth is finite; the LDBC example has unreachable vertices.
        CliRunner r = CliRunner.run("run", "bfs", "--graph", KARATE, "--source", "34");
        assertEquals(0, r.code(), r.err());
        Csr g = karate();
        long[] depths = Bfs.depths(g, 33, true, 1);
        Path out = write("bfs.txt", r.out());
        assertTrue(LdbcValidation.exact(LdbcOutput.Longs.of(g.ids(), depths), LdbcOutput.readLongs(out)).ok());
        assertEquals("source=34 alpha=15 beta=18", summary(r).get("parameters"));
        r = CliRunner.run("run", "bfs", "--graph", LDBC);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\n2 9223372036854775807\n"), r.out());
        r = CliRunner.run("run", "sssp", "--graph", LDBC);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\n2 Infinity\n"), r.out());
    }

    @Test
    void explainPrintsTheKernelsToStderr() {
        CliRunner r = CliRunner.run("run", "wcc", "--graph", KARATE, "--explain", "--format", "dense,blist");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().lines().anyMatch(l -> l.strip().startsWith("kernel Spread: ")), r.err());
        assertTrue(r.err().contains("dense,blist"), r.err());
    }

    @Test
    void betweennessFromASampleOfSources() {
        CliRunner all = CliRunner.run("run", "bc", "--graph", KARATE);
        assertEquals(0, all.code(), all.err());
        assertEquals("K=34 directed=false threshold=1", summary(all).get("parameters"));
        CliRunner some = CliRunner.run("run", "bc", "--graph", KARATE, "--sources", "1, 34");
        assertEquals(0, some.code(), some.err());
        assertEquals("K=2 directed=false threshold=1", summary(some).get("parameters"));
        assertFalse(all.out().equals(some.out()));
    }

    @Test
    void aUserProgramGetsTheSameBindings() throws IOException {
        // Out-degree, in-degree, the input's ids and a parameter: checks A, AT, id and --param.
        Path p = write("deg.stag", """
                N int
                scale long = 1
                A bool[N][compressed[N]]
                AT bool[N][compressed[N]]
                id long[N]

                Let Main() -> (r long[N], total int)
                    out_deg int[N]
                    in_deg int[N]
                    out_deg[i] = A[i][j] | j:(+, 0)
                    in_deg[i] = AT[i][j] | j:(+, 0)
                    r[i] = scale * (1000 * id[i] + out_deg[i]) + in_deg[i] - out_deg[i]
                    total = out_deg[i] | i:(+, 0)
                End
                """);
        CliRunner r = CliRunner.run("run", p.toString(), "--graph", KARATE, "--param", "scale=2", "--format", "bst,ctree");
        assertEquals(0, r.code(), r.err());
        Graph g = GraphLoader.load(Path.of(KARATE), LoadOptions.defaults());
        List<String> lines = r.out().lines().toList();
        assertEquals(34, lines.size());
        for (int v = 0; v < 34; v++) {
            long id = v + 1;
            assertEquals(id + " " + 2 * (1000 * id + g.degree(v)), lines.get(v));
        }
        assertTrue(r.err().contains("\nresult total 156\n"), r.err());
        assertEquals(p.toString(), summary(r).get("program"));
    }

    // ---- bad input: exit status 2 and one clear line ----

    private static void badInput(CliRunner r, String line) {
        assertEquals(2, r.code(), r.err());
        assertEquals(line, r.err().lines().findFirst().orElse(""), r.err());
        assertEquals("", r.out());
    }

    @Test
    void unknownAlgorithm() {
        badInput(CliRunner.run("run", "pagerrank", "--graph", KARATE),
                "stag: unknown algorithm 'pagerrank' (expected " + String.join(", ", Algorithm.names())
                        + ", or a FILE.stag program)");
        assertEquals(1, CliRunner.run("run", "pagerrank", "--graph", KARATE).err().strip().lines().count());
    }

    @Test
    void sourceThatIsNotAVertex() {
        badInput(CliRunner.run("run", "bfs", "--graph", KARATE, "--source", "99"),
                "stag: source 99 is not a vertex of " + KARATE);
        badInput(CliRunner.run("run", "bfs", "--graph", KARATE, "--source", "0"),
                "stag: source 0 is not a vertex of " + KARATE);
        badInput(CliRunner.run("run", "bc", "--graph", KARATE, "--sources", "1,35"),
                "stag: source 35 is not a vertex of " + KARATE);
        // LDBC ids are arbitrary; the graph is named as given, not by its edge file.
        badInput(CliRunner.run("run", "sssp", "--graph", LDBC, "--source", "11"),
                "stag: source 11 is not a vertex of " + LDBC);
    }

    @Test
    void settingsTheProgramDoesNotTake() {
        badInput(CliRunner.run("run", "lcc", "--graph", KARATE, "--iterations", "3"),
                "stag: --iterations: lcc does not take it (lcc takes none of --source, --sources, --iterations, --damping, --seed, --k)");
        badInput(CliRunner.run("run", "wcc", "--graph", KARATE, "--source", "3"),
                "stag: --source: wcc does not take it (wcc takes none of --source, --sources, --iterations, --damping, --seed, --k)");
        badInput(CliRunner.run("run", "pagerank", "--graph", KARATE, "--param", "N=3"),
                "stag: --param N: it is the number of vertices of the graph");
        badInput(CliRunner.run("run", "pagerank", "--graph", KARATE, "--param", "iterations=3", "--iterations", "4"),
                "stag: --param iterations and --iterations both set iterations");
        CliRunner r = CliRunner.run("run", "pagerank", "--graph", KARATE, "--param", "alpha=3");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("stag: pagerank.stag: unknown parameter 'alpha'; the program's parameters are"),
                r.err());
        badInput(CliRunner.run("run", "pagerank", "--graph", KARATE, "--format", "dense"),
                "stag: --format 'dense': a graph format has two levels (e.g. dense,compressed), not 1");
    }

    @Test
    void negativeWeightsForSssp() throws IOException {
        Path g = write("neg.wel", "0 1 2.5\n1 2 -1.5\n2 0 1\n");
        badInput(CliRunner.run("run", "sssp", "--graph", g.toString(), "--source", "0"),
                "stag: sssp: negative weight -1.5 on edge 1 -> 2 of " + g + "; shortest paths need finite non-negative"
                        + " weights");
    }

    @Test
    void formatRuleOnATensorThatIsNotALoopArgument() throws IOException {
        String program = """
                N int
                A bool[N][compressed[N]]

                Let Expand(f bool[list[N]], size int) -> (g bool[list[N]], size_out int)
                    g[j] = A[k][j] && f[k] | k:(OR, false)
                    size_out = g[j] | j:(+, 0)
                End

                Let Main() -> (f bool[list[N]])
                    f0 bool[list[N]]
                    f0[j] = j == 0
                    FormatRule RULE list -> bitmap @ #2 > N / 20
                    f, _ = Expand*(f0, 1) | #2 == 0
                End
                """;
        Path scalar = write("scalar.stag", program.replace("RULE", "#2"));
        CliRunner r = CliRunner.run("run", scalar.toString(), "--graph", KARATE);
        badInput(r, "stag: " + scalar + ":12:16: #2 is '1', a scalar; a FormatRule converts a tensor argument");
        assertEquals(3, r.err().lines().count(), r.err());
        assertTrue(r.err().lines().toList().get(2).strip().equals("^"), r.err());
        Path outside = write("outside.stag", program.replace("RULE", "#3"));
        badInput(CliRunner.run("run", outside.toString(), "--graph", KARATE),
                "stag: " + outside + ":12:16: #3 is out of range: the star call has 2 arguments");
        Path notAbove = write("notabove.stag", program.replace("RULE", "#1").replace("f, _ = Expand*(f0, 1) | #2 == 0",
                "f, _ = Expand(f0, 1)"));
        r = CliRunner.run("run", notAbove.toString(), "--graph", KARATE);
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("stag: " + notAbove + ":12:"), r.err());
        assertTrue(r.err().contains("a FormatRule must be directly above a star call"), r.err());
    }

    @Test
    void syntaxErrorInAProgram() throws IOException {
        Path p = write("broken.stag", "N int\nA bool[N][compressed[N]]\nLet Main() -> (d int[N])\n"
                + "    d[i] = A[i][j] | j:(+ 0)\nEnd\n");
        CliRunner r = CliRunner.run("run", p.toString(), "--graph", KARATE);
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("stag: " + p + ":4:"), r.err());
        assertEquals(3, r.err().lines().count(), r.err());
        assertEquals("", r.out());
        badInput(CliRunner.run("run", dir.resolve("missing.stag").toString(), "--graph", KARATE),
                "stag: " + dir.resolve("missing.stag") + ": no such file");
    }

    @Test
    void inputsAndOutputsOutsideTheConvention() throws IOException {
        Path p = write("x.stag", "N int\nx double[N]\nLet Main() -> (y double[N])\n    y[i] = x[i]\nEnd\n");
        badInput(CliRunner.run("run", p.toString(), "--graph", KARATE),
                "stag: " + p + ":2: input tensor 'x': stag run binds only A (the out-edge pattern), AT (the in-edge"
                        + " pattern), W (the edge weights), id (the input's vertex ids), sources (the internal ids of"
                        + " the sources)");
        p = write("a.stag", "N int\nA double[N][compressed[N]]\nLet Main() -> (y double[N])\n"
                + "    y[i] = A[i][j] | j:(+, 0.0)\nEnd\n");
        badInput(CliRunner.run("run", p.toString(), "--graph", KARATE),
                "stag: " + p + ":2: input tensor 'A' is declared double[N][compressed[N]], but stag run binds A as"
                        + " bool[N][N], the out-edge pattern");
        p = write("s.stag", "N int\nA bool[N][compressed[N]]\nLet Main() -> (m int)\n"
                + "    m = A[i][j] | i:(+, 0), j:(+, 0)\nEnd\n");
        badInput(CliRunner.run("run", p.toString(), "--graph", KARATE),
                "stag: " + p + ":3: Main has no per-vertex output (a tensor of one dimension), only m (int); stag run"
                        + " writes one value per vertex");
    }

    @Test
    void aGraphThatIsNotSquare() {
        Path afiro = Datasets.suiteSparse("lp_afiro.mtx");
        CliRunner r = CliRunner.run("run", "wcc", "--graph", afiro.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("not square: 27 x 51"), r.err());
    }
}
