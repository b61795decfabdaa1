package org.stag.algorithms.jgrapht;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.algorithms.TestData;
import org.stag.algorithms.graph.Csr;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphTensor;

/**
 * The mutable view of a {@link DynamicGraph} against a JGraphT model graph: random sequences of
 * {@code addEdge}, {@code removeEdge} and {@code setEdgeWeight}, flushed explicitly or by reads, leave the view,
 * and the graph under it, equal to the model; updates are batched until a read or a flush.
 */
class DynamicGraphViewTest {
    @ParameterizedTest(name = "{0} in {1}")
    @CsvSource(delimiter = '|', value = {"karate.mtx | dense,ctree", "west0067.mtx | dense,blist-unsorted",
            "lesmis.mtx | dense,rbtree", "ldbc-directed-example.mtx | dense,list"})
    void randomUpdatesMatchTheModel(String name, String format) {
        org.stag.loaders.Graph g = TestData.suiteSparseGraph(name);
        Csr csr = Csr.of(g);
        Graph<Integer, DefaultWeightedEdge> model = JGraphTGraphs.weighted(csr);
        DynamicGraph dynamic = DynamicGraph.of(g, GraphTensor.format(format), 1);
        try (DynamicGraphView view = JGraphTView.of(dynamic)) {
            Random rnd = new Random(name.hashCode());
            int n = csr.n();
            for (int step = 0; step < 3000; step++) {
                int u = rnd.nextInt(n);
                int v = rnd.nextInt(n);
                int op = rnd.nextInt(10);
                if (op < 4) {
                    DefaultWeightedEdge e = model.addEdge(u, v);
                    Long mine = view.addEdge(u, v);
                    assertEquals(e == null, mine == null, "addEdge " + u + " " + v);
                } else if (op < 7) {
                    assertEquals(model.removeEdge(u, v) == null, view.removeEdge(u, v) == null, "removeEdge " + u + " " + v);
                } else if (op < 8 && csr.weighted() && model.containsEdge(u, v)) {
                    double w = rnd.nextInt(100) / 4.0;
                    model.setEdgeWeight(model.getEdge(u, v), w);
                    view.setEdgeWeight(view.getEdge(u, v), w);
                } else if (op < 9) {
                    assertEquals(model.containsEdge(u, v), view.containsEdge(u, v), "containsEdge " + u + " " + v);
                    if (csr.weighted() && model.containsEdge(u, v)) {
                        assertEquals(model.getEdgeWeight(model.getEdge(u, v)), view.getEdgeWeight(view.getEdge(u, v)));
                    }
                } else if (rnd.nextBoolean()) {
                    view.flush();
                    assertEquals(0, view.pendingUpdates());
                } else {
                    assertEquals(model.outDegreeOf(u), view.outDegreeOf(u), "outDegreeOf " + u);
                    assertEquals(0, view.pendingUpdates(), "a read applies the pending updates");
                }
                if (step % 500 == 499) {
                    assertSame(model, view, csr.weighted());
                }
            }
            assertSame(model, view, csr.weighted());
            assertEquals(model.edgeSet().size() * (csr.directed() ? 1L : 2L) - (csr.directed() ? 0 : loops(model)),
                    dynamic.numEdges(), "the graph under the view holds the model's edges");
        }
    }

    private static long loops(Graph<Integer, DefaultWeightedEdge> model) {
        return model.vertexSet().stream().filter(v -> model.containsEdge(v, v)).count();
    }

    /** Same vertices, and per vertex the same out- and in-neighbours (with weights), degrees and edge counts. */
    private static void assertSame(Graph<Integer, DefaultWeightedEdge> model, Graph<Integer, Long> view,
            boolean weighted) {
        assertEquals(model.vertexSet(), view.vertexSet());
        assertEquals(model.edgeSet().size(), view.edgeSet().size());
        for (int v : model.vertexSet()) {
            assertEquals(ends(model, model.outgoingEdgesOf(v), v, weighted), ends(view, view.outgoingEdgesOf(v), v, weighted),
                    "out-edges of " + v);
            assertEquals(ends(model, model.incomingEdgesOf(v), v, weighted), ends(view, view.incomingEdgesOf(v), v, weighted),
                    "in-edges of " + v);
            assertEquals(model.degreeOf(v), view.degreeOf(v), "degree of " + v);
            assertEquals(model.inDegreeOf(v), view.inDegreeOf(v), "in-degree of " + v);
        }
        List<List<Object>> all = new ArrayList<>();
        for (Long e : view.edgeSet()) {
            all.add(List.of(view.getEdgeSource(e), view.getEdgeTarget(e)));
            assertTrue(model.containsEdge(view.getEdgeSource(e), view.getEdgeTarget(e)), "edge " + e);
        }
        assertEquals(model.edgeSet().size(), all.size());
    }

    /** The other ends (and weights) of {@code v}'s edges, sorted. */
    private static <E> List<List<Object>> ends(Graph<Integer, E> g, Iterable<E> edges, int v, boolean weighted) {
        List<List<Object>> out = new ArrayList<>();
        for (E e : edges) {
            int s = g.getEdgeSource(e);
            int t = g.getEdgeTarget(e);
            out.add(List.of(s == v ? t : s, weighted ? g.getEdgeWeight(e) : 1.0));
        }
        out.sort((a, b) -> Integer.compare((Integer) a.get(0), (Integer) b.get(0)));
        return out;
    }

    @Test
    void updatesWaitForAFlushOrARead() {
        DynamicGraph dynamic = DynamicGraph.of(TestData.suiteSparseGraph("karate.mtx"), GraphTensor.format("dense,ctree"), 1);
        try (DynamicGraphView view = JGraphTView.of(dynamic)) {
            long version = dynamic.version();
            assertNull(view.addEdge(0, 1), "karate has 0 - 1");
            assertNotNull(view.addEdge(0, 9));
            assertNotNull(view.removeEdge(0, 1));
            assertTrue(view.containsEdge(9, 0), "an undirected edge either way, before the flush");
            assertEquals(2, view.pendingUpdates());
            assertEquals(version, dynamic.version(), "nothing applied yet");
            assertEquals(version + 1, view.flush());
            assertEquals(0, view.pendingUpdates());
            assertNotNull(view.addEdge(5, 20));
            assertEquals(version + 1, dynamic.version());
            assertTrue(view.edgesOf(20).contains(Edges.undirected(5, 20)), "the read applied the pending update");
            assertEquals(version + 2, dynamic.version());
            assertEquals(version + 2, view.flush(), "nothing pending: no new version");
        }
    }

    @Test
    void batchesAppliedToTheGraphDirectlyAreSeen() {
        DynamicGraph dynamic = DynamicGraph.of(TestData.suiteSparseGraph("karate.mtx"), GraphTensor.format("dense,ctree"), 1);
        try (DynamicGraphView view = JGraphTView.of(dynamic)) {
            int before = view.degreeOf(3);
            try (DynamicGraphView other = JGraphTView.of(dynamic)) {
                Long e = other.outgoingEdgesOf(3).iterator().next();
                assertNotNull(other.removeEdge(other.getEdgeSource(e), other.getEdgeTarget(e)));
            }
            assertEquals(before - 1, view.degreeOf(3));
        }
    }

    @Test
    void refusesWhatAStagGraphCannotHold() {
        DynamicGraph weighted = DynamicGraph.of(TestData.suiteSparseGraph("west0067.mtx"), GraphTensor.format("dense,ctree"), 1);
        try (DynamicGraphView view = JGraphTView.of(weighted)) {
            Long e = view.edgeSet().iterator().next();
            assertThrows(IllegalArgumentException.class, () -> view.setEdgeWeight(e, Double.POSITIVE_INFINITY));
            assertThrows(IllegalArgumentException.class, () -> view.setEdgeWeight(Edges.of(0, 0), 1.0), "no such edge");
            assertThrows(IllegalArgumentException.class, () -> view.addEdge(0, 67), "no vertex 67");
            assertThrows(IllegalArgumentException.class, () -> view.addEdge(0, 1, Edges.of(1, 0)), "not the edge 0 -> 1");
            assertThrows(IllegalArgumentException.class, () -> view.getEdgeWeight(Edges.of(0, 0)));
            assertThrows(UnsupportedOperationException.class, view::addVertex);
            assertThrows(UnsupportedOperationException.class, () -> view.addVertex(67));
            assertThrows(UnsupportedOperationException.class, () -> view.removeVertex(0));
        }
        DynamicGraph pattern = DynamicGraph.of(TestData.suiteSparseGraph("karate.mtx"), GraphTensor.format("dense,ctree"), 1);
        try (DynamicGraphView view = JGraphTView.of(pattern)) {
            UnsupportedOperationException u = assertThrows(UnsupportedOperationException.class,
                    () -> view.setEdgeWeight(view.getEdge(0, 1), 2.0));
            assertTrue(u.getMessage().contains("unweighted"), u.getMessage());
            assertEquals(1.0, view.getEdgeWeight(view.getEdge(0, 1)));
        }
    }
}
