package org.stag.algorithms.jgrapht;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.jgrapht.Graph;
import org.jgrapht.alg.scoring.BetweennessCentrality;
import org.jgrapht.alg.scoring.PageRank;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.TestData;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Betweenness;
import org.stag.algorithms.ldbc.LdbcAlgorithm;
import org.stag.algorithms.ldbc.LdbcValidation;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * What the adapters build, and the JGraphT behaviours the adapters work around: these tests fail if JGraphT
 * stops behaving as {@link JGraphTReference} says.
 */
class JGraphTGraphsTest {
    /** 0 - 1 - 2 undirected, with a self-loop at 1. */
    private static Csr pathWithLoop() {
        return TestGraph.of(3, false, new int[][] {{0, 1}, {1, 2}, {1, 1}}, null, null).csr();
    }

    @Test
    void buildsOneEdgePerStoredEntryOrMirroredPair() {
        Csr g = pathWithLoop();
        assertEquals(5, g.m()); // 0-1 and 1-2 twice, the loop once
        Graph<Integer, DefaultEdge> undirected = JGraphTGraphs.unweighted(g);
        assertEquals(3, undirected.edgeSet().size());
        assertFalse(undirected.getType().isDirected());
        Graph<Integer, DefaultEdge> directed = JGraphTGraphs.directed(g);
        assertEquals(5, directed.edgeSet().size());
        Csr d = TestGraph.of(3, true, new int[][] {{0, 1}, {1, 0}, {1, 1}}, null, null).csr();
        assertEquals(3, JGraphTGraphs.unweighted(d).edgeSet().size());
        assertTrue(JGraphTGraphs.unweighted(d).getType().isDirected());
    }

    @Test
    void undirectedSelfLoopCountsTwiceInJGraphTDegree() {
        Csr g = pathWithLoop();
        Graph<Integer, DefaultEdge> undirected = JGraphTGraphs.unweighted(g);
        assertEquals(4, undirected.degreeOf(1));
        assertEquals(4, undirected.outDegreeOf(1));
        assertEquals(3, undirected.edgesOf(1).size());
        assertEquals(3, g.outDegree(1));
        Graph<Integer, DefaultEdge> directed = JGraphTGraphs.directed(g);
        assertEquals(3, directed.outDegreeOf(1));
        assertEquals(3, directed.inDegreeOf(1));
    }

    @Test
    void pageRankOnJGraphTsUndirectedGraphDiffersWhereThereAreSelfLoops() {
        // 1138_bus stores its diagonal: on JGraphT's undirected graph PageRank divides by degrees that count
        // each loop twice, so it is not LDBC's PageRank; on the directed form it is.
        Csr g = TestData.suiteSparse("1138_bus.mtx");
        double[] ours = org.stag.algorithms.handwritten.PageRank.run(g, 10, 0.85, 1);
        Map<Integer, Double> onUndirected = new PageRank<>(JGraphTGraphs.unweighted(g), 0.85, 10, Double.MIN_VALUE).getScores();
        boolean differs = false;
        for (int v = 0; v < g.n(); v++) {
            differs |= !LdbcValidation.close(onUndirected.get(v), ours[v], 1e-6);
        }
        assertTrue(differs);
        double[] adapted = JGraphTReference.pageRank(g, 10, 0.85);
        for (int v = 0; v < g.n(); v++) {
            assertTrue(LdbcValidation.close(adapted[v], ours[v], LdbcAlgorithm.PAGERANK_EPSILON), "vertex " + v);
        }
    }

    @Test
    void jgraphtRefusesZeroTolerance() {
        Graph<Integer, DefaultEdge> g = JGraphTGraphs.directed(pathWithLoop());
        assertThrows(IllegalArgumentException.class, () -> new PageRank<>(g, 0.85, 10, 0.0));
        assertThrows(IllegalArgumentException.class, () -> JGraphTReference.pageRank(pathWithLoop(), 0, 0.85));
    }

    @Test
    void jgraphtHalvesBetweennessOnUndirectedGraphs() {
        // A path 0 - 1 - 2: the pair {0, 2} goes through 1. Undirected value 1; ordered pairs give 2.
        Csr g = TestGraph.of(3, false, new int[][] {{0, 1}, {1, 2}}, null, null).csr();
        assertEquals(1.0, new BetweennessCentrality<>(JGraphTGraphs.unweighted(g), false).getVertexScore(1));
        assertEquals(2.0, new BetweennessCentrality<>(JGraphTGraphs.directed(g), false).getVertexScore(1));
        assertEquals(1.0, JGraphTReference.betweenness(g)[1]);
        assertEquals(1.0, Betweenness.run(g, 1)[1]);
    }

    @Test
    void weightsAreKeptAndSkewSymmetricWeightsRefused() {
        Csr g = TestGraph.of(3, false, new int[][] {{0, 1}, {1, 2}}, new double[] {0.5, 2.0}, null).csr();
        Graph<Integer, DefaultWeightedEdge> w = JGraphTGraphs.weighted(g);
        assertEquals(0.5, w.getEdgeWeight(w.getEdge(1, 0)));
        assertEquals(2.0, w.getEdgeWeight(w.getEdge(1, 2)));
        EdgeList skew = new EdgeList("skew", 2, 2, new int[] {1}, new int[] {0}, new double[] {3.0}, 1,
                Symmetry.SKEW_SYMMETRIC, ValueKind.REAL, VertexIds.offset(1), null);
        Csr s = Csr.of(GraphBuilder.build(skew, DuplicatePolicy.SUM, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JGraphTGraphs.weighted(s));
        assertTrue(e.getMessage().contains("edge 1 - 2"), e.getMessage());
    }
}
