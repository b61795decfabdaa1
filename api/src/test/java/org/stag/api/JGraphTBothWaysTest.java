package org.stag.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.jgrapht.DynamicGraphView;

/**
 * The facade's JGraphT views and import: JGraphT's own algorithms on a view of a stag graph give what stag's runs
 * give, a graph imported from JGraphT runs as the same graph loaded from a file, and edges added through the
 * mutable view of a dynamic graph become its next version.
 */
class JGraphTBothWaysTest {
    static final Path KARATE = StagGraphTest.KARATE;

    @Test
    void jgraphtOnTheViewAgreesWithStagRuns() {
        StagGraph g = StagGraph.load(KARATE);
        for (String format : List.of("dense,compressed", "dense,ctree")) {
            Graph<Integer, Long> view = g.asJGraphT(format);
            assertEquals(34, view.vertexSet().size(), format);
            assertEquals(78, view.edgeSet().size(), format);   // undirected: each pair once
            long[] depths = g.run("bfs").source(1).execute().longs();
            DijkstraShortestPath<Integer, Long> paths = new DijkstraShortestPath<>(view);
            for (int v = 0; v < 34; v++) {
                assertEquals(depths[v], (long) paths.getPath(0, v).getLength(), format + " vertex " + v);
            }
            assertEquals(1, new ConnectivityInspector<>(view).connectedSets().size());
            assertThrows(UnsupportedOperationException.class, () -> view.addEdge(0, 5));
        }
    }

    @Test
    void aGraphImportedFromJGraphTRunsAsTheSameGraph() {
        Graph<String, DefaultEdge> j = new DefaultDirectedGraph<>(DefaultEdge.class);
        for (String v : List.of("a", "b", "c", "d", "e")) {
            j.addVertex(v);
        }
        j.addEdge("a", "b");
        j.addEdge("b", "c");
        j.addEdge("c", "a");
        j.addEdge("d", "e");
        StagGraph g = StagGraph.fromJGraphT(j);
        assertEquals(5, g.numVertices());
        assertEquals(4, g.numEdges());
        assertTrue(g.directed());
        // a, b, c one component (labelled by its smallest number, 0); d and e another (3).
        assertEquals(List.of(0L, 0L, 0L, 3L, 3L), box(g.run("wcc").execute().longs()));
        // Back to JGraphT through the view: the same edges, by number.
        Set<String> edges = new HashSet<>();
        Graph<Integer, Long> view = g.asJGraphT();
        view.edgeSet().forEach(e -> edges.add(view.getEdgeSource(e) + "->" + view.getEdgeTarget(e)));
        assertEquals(Set.of("0->1", "1->2", "2->0", "3->4"), edges);
    }

    @Test
    void edgesAddedThroughTheDynamicViewAreTheNextVersion() {
        StagDynamicGraph d = StagGraph.load(KARATE).dynamic();
        long before = d.numEdges();
        long version = d.version();
        try (DynamicGraphView view = d.asJGraphT()) {
            view.addEdge(0, 9);     // karate's 1 and 10: not neighbours
            assertEquals(before, d.numEdges(), "nothing applied before the flush");
            view.flush();
            assertEquals(before + 2, d.numEdges(), "one undirected edge, stored both ways");
            assertEquals(version + 1, d.version());
            assertTrue(view.containsEdge(9, 0));
        }
        try (Snapshot s = d.snapshot()) {
            assertTrue(s.asJGraphT().containsEdge(0, 9));
            assertEquals(1L, s.run("bfs").source(1).execute().longs()[9]);
        }
    }

    @Test
    void aMultigraphIsRefusedInOneLine() {
        Graph<Integer, DefaultEdge> multi = new org.jgrapht.graph.DirectedMultigraph<>(DefaultEdge.class);
        multi.addVertex(0);
        multi.addVertex(1);
        multi.addEdge(0, 1);
        multi.addEdge(0, 1);
        StagException e = assertThrows(StagException.class, () -> StagGraph.fromJGraphT(multi));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    private static List<Long> box(long[] a) {
        return java.util.Arrays.stream(a).boxed().toList();
    }
}
