package org.stag.algorithms.jgrapht;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.GraphType;
import org.jgrapht.graph.DefaultDirectedWeightedGraph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.DefaultUndirectedGraph;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.DirectedPseudograph;
import org.jgrapht.graph.GraphDelegator;
import org.jgrapht.graph.DefaultGraphType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.TestData;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphSnapshot;
import org.stag.formats.graph.GraphTensor;

/**
 * The read-only view's contract (type, counts, refusals) and the import of JGraphT graphs: import then view gives
 * the JGraphT graph back, and a view imported gives the stag graph's own CSR arrays back.
 */
class JGraphTViewTest {
    static java.util.stream.Stream<String> graphs() {
        return TestData.squareSuiteSparse().stream();
    }

    @Test
    void typeIsHonest() {
        GraphType t = JGraphTView.of(GraphTensor.of(TestData.suiteSparseGraph("west0067.mtx"),
                GraphTensor.format("dense,compressed"), 1)).getType();
        assertTrue(t.isDirected() && t.isWeighted() && t.isAllowingSelfLoops() && !t.isAllowingMultipleEdges());
        assertFalse(t.isModifiable());
        GraphType u = JGraphTView.of(DynamicGraph.of(TestData.suiteSparseGraph("karate.mtx"),
                GraphTensor.format("dense,ctree"), 1)).getType();
        assertTrue(u.isUndirected() && !u.isWeighted() && u.isModifiable() && !u.isAllowingMultipleEdges());
    }

    @Test
    void staticViewIsReadOnly() {
        Graph<Integer, Long> view = JGraphTView.of(GraphTensor.of(TestData.suiteSparseGraph("karate.mtx"),
                GraphTensor.format("dense,compressed"), 1));
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> view.addEdge(0, 9));
        assertTrue(e.getMessage().contains("read-only") && e.getMessage().contains("DynamicGraph"), e.getMessage());
        assertThrows(UnsupportedOperationException.class, () -> view.removeEdge(0, 1));
        assertThrows(UnsupportedOperationException.class, () -> view.removeEdge(view.getEdge(0, 1)));
        assertThrows(UnsupportedOperationException.class, () -> view.addEdge(0, 9, Edges.of(0, 9)));
        assertThrows(UnsupportedOperationException.class, () -> view.setEdgeWeight(view.getEdge(0, 1), 2));
        assertThrows(UnsupportedOperationException.class, () -> view.edgeSet().clear());
        assertThrows(UnsupportedOperationException.class, () -> view.vertexSet().add(99));
        assertThrows(IllegalArgumentException.class, () -> view.outgoingEdgesOf(34));
        assertNull(view.getEdge(0, 99));
        assertNull(view.getAllEdges(0, 99));
        assertEquals(Set.of(), view.getAllEdges(0, 9));
        assertEquals(78, view.edgeSet().size(), "karate's 78 undirected edges");
    }

    @Test
    void snapshotViewReadsOneVersion() {
        DynamicGraph dynamic = DynamicGraph.of(TestData.suiteSparseGraph("karate.mtx"), GraphTensor.format("dense,ctree"), 1);
        try (GraphSnapshot s = dynamic.snapshot(); DynamicGraphView live = JGraphTView.of(dynamic)) {
            Graph<Integer, Long> old = JGraphTView.of(s);
            live.addEdge(0, 9);
            live.flush();
            assertTrue(live.containsEdge(0, 9));
            assertFalse(old.containsEdge(0, 9));
            assertEquals(78, old.edgeSet().size());
            assertEquals(79, live.edgeSet().size());
            assertThrows(UnsupportedOperationException.class, () -> old.addEdge(0, 9));
        }
    }

    @Test
    void otherFormatsAreRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JGraphTView.of(
                GraphTensor.of(TestData.suiteSparseGraph("karate.mtx"), GraphTensor.format("dense,hashed"), 1)));
        assertTrue(e.getMessage().contains("dense,hashed") && e.getMessage().contains("dense,compressed"), e.getMessage());
    }

    @Test
    void importsAnyVerticesWithWeights() {
        Graph<String, DefaultWeightedEdge> g = new DefaultDirectedWeightedGraph<>(DefaultWeightedEdge.class);
        for (String v : new String[] {"b", "a", "c", "d"}) {
            g.addVertex(v);
        }
        g.setEdgeWeight(g.addEdge("a", "b"), 2.5);
        g.setEdgeWeight(g.addEdge("b", "a"), -1);
        g.setEdgeWeight(g.addEdge("c", "c"), 7);
        g.setEdgeWeight(g.addEdge("d", "a"), 0.25);
        JGraphTImport.Imported<String> in = JGraphTImport.toStag(g, 1);
        assertEquals(4, in.graph().numVertices());
        assertEquals("b", in.vertex(0), "numbered in vertexSet order");
        Graph<Integer, Long> view = JGraphTView.of(GraphTensor.of(in.graph(), GraphTensor.format("dense,compressed"), 1));
        assertEquals(g.edgeSet().size(), view.edgeSet().size());
        for (DefaultWeightedEdge e : g.edgeSet()) {
            Long mine = view.getEdge(in.id(g.getEdgeSource(e)), in.id(g.getEdgeTarget(e)));
            assertEquals(g.getEdgeWeight(e), view.getEdgeWeight(mine));
        }
        assertEquals(g.inDegreeOf("a"), view.inDegreeOf(in.id("a")));
        assertThrows(IllegalArgumentException.class, () -> in.id("z"));
    }

    @Test
    void importsUndirectedPatternsWithSelfLoops() {
        Graph<Integer, DefaultEdge> g = new DefaultUndirectedGraph<>(DefaultEdge.class);
        for (int v = 0; v < 5; v++) {
            g.addVertex(4 - v);
        }
        g.addEdge(0, 1);
        g.addEdge(3, 1);
        g.addEdge(2, 2);
        JGraphTImport.Imported<Integer> in = JGraphTImport.toStag(g, 1);
        assertEquals(3, in.id(3), "Integer vertices 0..N-1 keep their ids");
        assertFalse(in.graph().directed());
        assertFalse(in.graph().weighted());
        Graph<Integer, Long> view = JGraphTView.of(GraphTensor.of(in.graph(), GraphTensor.format("dense,compressed"), 1));
        assertEquals(3, view.edgeSet().size());
        for (int v = 0; v < 5; v++) {
            assertEquals(g.degreeOf(v), view.degreeOf(v), "degree of " + v + " (a self-loop twice)");
            assertEquals(g.edgesOf(v).size(), view.edgesOf(v).size());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("graphs")
    void viewImportedIsTheGraph(String name) {
        org.stag.loaders.Graph g = TestData.suiteSparseGraph(name);
        for (String format : ViewFixtures.FORMATS) {
            Graph<Integer, Long> view = format.equals("dense,compressed")
                    ? JGraphTView.of(GraphTensor.of(g, GraphTensor.format(format), 1))
                    : JGraphTView.of(DynamicGraph.of(g, GraphTensor.format(format), 1));
            org.stag.loaders.Graph back = JGraphTImport.toStag(view, 2).graph();
            assertEquals(g.directed(), back.directed(), format);
            assertArrayEquals(g.rowPtr(), back.rowPtr(), format);
            assertArrayEquals(java.util.Arrays.copyOf(g.colIdx(), g.rowPtr()[g.numVertices()]),
                    java.util.Arrays.copyOf(back.colIdx(), back.rowPtr()[back.numVertices()]), format);
            if (g.weighted()) {
                int m = g.rowPtr()[g.numVertices()];
                assertArrayEquals(java.util.Arrays.copyOf(g.weights(), m), java.util.Arrays.copyOf(back.weights(), m), format);
            }
        }
    }

    @Test
    void refusesMultipleAndMixedEdges() {
        Graph<Integer, DefaultEdge> multi = new DirectedPseudograph<>(DefaultEdge.class);
        multi.addVertex(0);
        multi.addVertex(1);
        multi.addEdge(0, 1);
        multi.addEdge(0, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JGraphTImport.toStag(multi, 1));
        assertTrue(e.getMessage().contains("multiple edges"), e.getMessage());
        Graph<Integer, DefaultEdge> mixed = new GraphDelegator<>(new DefaultUndirectedGraph<>(DefaultEdge.class)) {
            private static final long serialVersionUID = 1L;

            @Override
            public GraphType getType() {
                return new DefaultGraphType.Builder().mixed().build();
            }
        };
        e = assertThrows(IllegalArgumentException.class, () -> JGraphTImport.toStag(mixed, 1));
        assertTrue(e.getMessage().contains("mixed"), e.getMessage());
    }
}
