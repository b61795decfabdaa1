package org.stag.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.stag.algorithms.catalog.Algorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * {@code stag compare} agrees with JGraphT for pagerank, bfs, sssp (Dijkstra) and wcc on every square bundled
 * SuiteSparse graph, and for bc from every source on those under {@value #BETWEENNESS_BELOW} vertices (stag's
 * and JGraphT's betweenness from every source take 20-50 s together on each larger graph); SSSP on a graph
 * with a negative weight is refused with exit status 2. Betweenness is also compared from a sample of
 * sources with the hand-written {@code Betweenness} on every square graph (JGraphT cannot sample), which
 * checks {@code --sources}.
 */
class CompareCommandTest {
    /** Betweenness from every source is compared on the graphs with fewer vertices than this. */
    static final int BETWEENNESS_BELOW = 1100;

    /** Each graph is loaded once for the class, to pick sources. */
    private static final Map<String, Graph> LOADED = new ConcurrentHashMap<>();

    static List<String> graphs() {
        return Datasets.squareSuiteSparse();
    }

    static List<String> smallerGraphs() {
        return graphs().stream().filter(name -> load(name).numVertices() < BETWEENNESS_BELOW).toList();
    }

    static Graph load(String name) {
        return LOADED.computeIfAbsent(name, n -> GraphLoader.load(Datasets.suiteSparse(n),
                LoadOptions.defaults().withIndexBase(Datasets.indexBase(n).isEmpty() ? 1 : 0)));
    }

    /** {@code stag compare ALGORITHM --graph NAME} with the graph's index base and {@code more}. */
    static CliRunner compare(String algorithm, String name, String... more) {
        List<String> args = new ArrayList<>(List.of("compare", algorithm, "--graph",
                Datasets.suiteSparse(name).toString(), "--threads", "2"));
        args.addAll(Datasets.indexBase(name));
        args.addAll(Arrays.asList(more));
        return CliRunner.run(args.toArray(String[]::new));
    }

    static Map<String, String> agrees(CliRunner r, String what) {
        assertEquals(0, r.code(), what + ": " + r.err() + r.out());
        Map<String, String> kv = new CliRunner(r.code(), r.err(), "").keyValues(); // the summary is on stderr
        assertEquals("yes", kv.get("agree"), what + ": " + r.err());
        return kv;
    }

    /** Sources in the input's numbering: the first vertex, the one of largest out-degree, and the last. */
    static List<Long> sources(Graph g) {
        int hub = 0;
        for (int v = 1; v < g.numVertices(); v++) {
            if (g.degree(v) > g.degree(hub)) {
                hub = v;
            }
        }
        return List.of(g.ids().external(0), g.ids().external(hub), g.ids().external(g.numVertices() - 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void pageRank(String name) {
        Map<String, String> kv = agrees(compare("pagerank", name, "--reference", "jgrapht"), "pagerank");
        assertEquals("iterations=10 damping=0.85", kv.get("parameters"));
        for (String key : List.of("stag-compile-seconds", "stag-run-seconds", "jgrapht-seconds", "jgrapht-graph-seconds",
                "ratio")) {
            assertTrue(kv.containsKey(key), key + " in " + kv);
        }
        agrees(compare("pagerank", name, "--iterations", "25", "--damping", "0.7"), "pagerank, 25 iterations");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void bfs(String name) {
        for (long s : sources(load(name))) {
            agrees(compare("bfs", name, "--source", Long.toString(s), "--format", "dense,ctree"), "bfs from " + s);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void sssp(String name) {
        Graph g = load(name);
        boolean negative = g.weights() != null && Arrays.stream(g.weights()).anyMatch(w -> w < 0);
        for (long s : sources(g)) {
            CliRunner r = compare("sssp", name, "--source", Long.toString(s));
            if (negative) {
                assertEquals(2, r.code(), r.err());
                assertTrue(r.err().startsWith("stag: sssp: negative weight "), r.err());
                assertEquals(1, r.err().strip().lines().count(), r.err());
            } else {
                agrees(r, "sssp from " + s);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void wcc(String name) {
        agrees(compare("wcc", name, "--format", "bst,ctree"), "wcc");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("smallerGraphs")
    void betweennessFromEverySource(String name) {
        agrees(compare("bc", name), "bc from every source");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void betweennessFromSampledSources(String name) {
        Graph g = load(name);
        List<Long> sample = new ArrayList<>(sources(g));
        for (int v = 1; v <= 6; v++) {
            sample.add(g.ids().external(v * (g.numVertices() / 7)));
        }
        // Each source once: a repeated --sources id is refused.
        String ids = sample.stream().distinct().map(String::valueOf).collect(Collectors.joining(","));
        agrees(compare("bc", name, "--sources", ids, "--reference", "handwritten"), "bc from " + ids);
    }

    @Test
    void cdlpAndLccAgainstTheHandWrittenCode() {
        for (String name : List.of("karate.mtx", "jazz.mtx", "cage8.mtx")) {
            agrees(compare("cdlp", name, "--reference", "handwritten"), "cdlp on " + name);
            agrees(compare("lcc", name, "--reference", "handwritten", "--format", "dense,hashed"), "lcc on " + name);
        }
    }

    @Test
    void jgraphtNamedHasNoCdlpAndCannotSampleBetweenness() {
        CliRunner r = compare("cdlp", "karate.mtx", "--reference", "jgrapht");
        assertEquals(2, r.code());
        assertEquals("stag: JGraphT has no cdlp with LDBC's semantics; compare cdlp with --reference handwritten",
                r.err().strip());
        r = compare("bc", "karate.mtx", "--sources", "1,2", "--reference", "jgrapht");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("stag: JGraphT computes betweenness from all sources only"), r.err());
    }

    @Test
    void unknownReferenceAndAlgorithmAreBadInput() {
        CliRunner r = compare("bfs", "karate.mtx", "--source", "1", "--reference", "nothing");
        assertEquals(2, r.code());
        assertEquals("stag: unknown reference 'nothing' (expected jgrapht or handwritten)", r.err().strip());
        r = compare("pagerrank", "karate.mtx");
        assertEquals(2, r.code());
        assertEquals("stag: unknown algorithm 'pagerrank' (expected " + String.join(", ", Algorithm.names()) + ", or a"
                + " FILE.stag program)",
                r.err().strip());
    }
}
