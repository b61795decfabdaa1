package org.stag.algorithms.jgrapht;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jgrapht.Graph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.TestData;

/**
 * JGraphT's own algorithms give on a stag view ({@link JGraphTView}, in {@code dense,compressed}, {@code dense,ctree}
 * and {@code dense,blist-unsorted}) exactly what they give on JGraphT's copy of the same graph
 * ({@link JGraphTGraphs}: {@code DefaultDirectedGraph}, {@code DefaultUndirectedGraph} or their weighted forms),
 * on the bundled graphs: shortest paths, connectivity, clustering, scoring and cycles. The view lists vertices and
 * rows in the copy's order, so even ties and floating-point sums come out the same: results compare with
 * {@code equals}. Where JGraphT refuses a graph (shortest paths meeting a negative weight, coreness a self-loop),
 * both refuse it alike; on every other graph the algorithm must run.
 */
class JGraphTViewAgreementTest {
    /** Betweenness, closeness and Bellman-Ford (O(nm)) run on the graphs with fewer vertices than this. */
    static final int SMALL = 500;
    /**
     * Biconnectivity and clustering run on the graphs with fewer vertices than this: JGraphT's biconnectivity
     * recurses once per vertex of a path and overflows the stack of a test thread beyond it.
     */
    static final int MEDIUM = 1200;

    static Stream<String> graphs() {
        return TestData.squareSuiteSparse().stream();
    }

    static Stream<String> smallGraphs() {
        return TestData.squareSuiteSparseBelow(SMALL).stream();
    }

    static Stream<String> mediumGraphs() {
        return TestData.squareSuiteSparseBelow(MEDIUM).stream();
    }

    static Stream<String> undirectedGraphs() {
        return graphs().filter(n -> !ViewFixtures.of(n).csr.directed());
    }

    static Stream<String> mediumUndirectedGraphs() {
        return mediumGraphs().filter(n -> !ViewFixtures.of(n).csr.directed());
    }

    static Stream<String> directedGraphs() {
        return graphs().filter(n -> ViewFixtures.of(n).csr.directed());
    }

    private static void agree(String name, Function<Graph<Integer, ?>, Object> algorithm, boolean mustRun) {
        ViewFixtures f = ViewFixtures.of(name);
        Object expected = ViewAlgorithms.outcome(algorithm, f.copy);
        if (mustRun && String.valueOf(expected).startsWith("threw ")) {
            algorithm.apply(f.copy);
        }
        for (Map.Entry<String, Graph<Integer, Long>> view : f.views.entrySet()) {
            Object actual = ViewAlgorithms.outcome(algorithm, view.getValue());
            assertEquals(expected, actual, () -> name + " viewed in " + view.getKey() + ": expected "
                    + ViewAlgorithms.summary(expected) + " but got " + ViewAlgorithms.summary(actual));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void bfsShortestPaths(String name) {
        agree(name, ViewAlgorithms::bfs, true);
    }

    /** Refused alike on the graphs with negative weights, which Dijkstra meets; computed on all others. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void dijkstra(String name) {
        agree(name, ViewAlgorithms::dijkstra, !ViewFixtures.of(name).negativeWeights);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("smallGraphs")
    void bellmanFord(String name) {
        agree(name, ViewAlgorithms::bellmanFord, !ViewFixtures.of(name).negativeWeights);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void connectedComponents(String name) {
        agree(name, ViewAlgorithms::connectedSets, true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("directedGraphs")
    void stronglyConnectedComponents(String name) {
        agree(name, ViewAlgorithms::stronglyConnectedSets, true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mediumUndirectedGraphs")
    void biconnectivity(String name) {
        agree(name, ViewAlgorithms::biconnectivity, true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mediumGraphs")
    void clusteringCoefficient(String name) {
        boolean global = ViewFixtures.of(name).csr.n() <= 128 && !ViewFixtures.of(name).csr.directed();
        agree(name, g -> ViewAlgorithms.clustering(g, global), true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mediumUndirectedGraphs")
    void labelPropagation(String name) {
        agree(name, ViewAlgorithms::labelPropagation, true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void pageRank(String name) {
        agree(name, ViewAlgorithms::pageRank, true);
    }

    /** JGraphT's coreness refuses self-loops: refused alike on the graphs that have them. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("undirectedGraphs")
    void coreness(String name) {
        agree(name, ViewAlgorithms::coreness, !ViewFixtures.of(name).selfLoops);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("smallGraphs")
    void betweenness(String name) {
        agree(name, ViewAlgorithms::betweenness, !ViewFixtures.of(name).negativeWeights);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("smallGraphs")
    void closeness(String name) {
        agree(name, ViewAlgorithms::closeness, !ViewFixtures.of(name).negativeWeights);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("directedGraphs")
    void cycleDetector(String name) {
        agree(name, ViewAlgorithms::cycles, true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("directedGraphs")
    void tarjanSimpleCycles(String name) {
        agree(name, ViewAlgorithms::simpleCycles, true);
    }
}
