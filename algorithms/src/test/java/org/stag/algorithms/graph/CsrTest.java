package org.stag.algorithms.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.TestGraph;
import org.stag.loaders.BadInputException;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/** The in-edges are the transpose of the out-edges, sorted, with weights carried along. */
class CsrTest {
    @Test
    void transposeOfADirectedGraph() {
        for (long seed = 1; seed <= 20; seed++) {
            TestGraph t = TestGraph.random(seed, 50, 300, true, true);
            Csr g = t.csr();
            List<String> out = new ArrayList<>();
            List<String> in = new ArrayList<>();
            for (int u = 0; u < g.n(); u++) {
                for (int p = g.outPtr()[u]; p < g.outPtr()[u + 1]; p++) {
                    out.add(u + ">" + g.outIdx()[p] + ":" + g.outWeights()[p]);
                }
            }
            for (int v = 0; v < g.n(); v++) {
                for (int p = g.inPtr()[v]; p < g.inPtr()[v + 1]; p++) {
                    in.add(g.inIdx()[p] + ">" + v + ":" + g.inWeights()[p]);
                    if (p > g.inPtr()[v]) {
                        assertTrue(g.inIdx()[p - 1] < g.inIdx()[p], "in-row " + v + " not sorted");
                    }
                    assertTrue(g.hasEdge(g.inIdx()[p], v));
                }
            }
            out.sort(null);
            in.sort(null);
            assertEquals(out, in);
            assertEquals(t.arcs(), g.m());
        }
    }

    @Test
    void undirectedGraphIsItsOwnTranspose() {
        Csr g = TestGraph.random(3, 40, 100, false, true).csr();
        assertFalse(g.directed());
        assertSame(g.outIdx(), g.inIdx());
        assertSame(g.outWeights(), g.inWeights());
        for (int v = 0; v < g.n(); v++) {
            assertEquals(g.outDegree(v), g.inDegree(v));
        }
    }

    @Test
    void skewSymmetricWeightsAreTransposed() {
        EdgeList skew = new EdgeList("skew", 3, 3, new int[] {1, 2}, new int[] {0, 0}, new double[] {3.0, 4.0}, 2,
                Symmetry.SKEW_SYMMETRIC, ValueKind.REAL, VertexIds.offset(1), null);
        Csr g = Csr.of(GraphBuilder.build(skew, DuplicatePolicy.SUM, 1));
        assertFalse(g.directed());
        // out-row 0: 0->1 (-3), 0->2 (-4); in-row 0: 1->0 (3), 2->0 (4)
        assertArrayEquals(new double[] {-3.0, -4.0}, Arrays.copyOfRange(g.outWeights(), 0, 2));
        assertArrayEquals(new double[] {3.0, 4.0}, Arrays.copyOfRange(g.inWeights(), g.inPtr()[0], g.inPtr()[1]));
    }

    @Test
    void idsAndRectangularInput() {
        Csr g = TestGraph.of(3, true, new int[][] {{0, 2}}, null, new long[] {-5, 70, 1L << 40}).csr();
        assertEquals(1L << 40, g.external(2));
        assertEquals(1, g.internal(70));
        assertThrows(IllegalArgumentException.class, () -> g.internal(71));
        assertFalse(g.weighted());
        EdgeList rect = new EdgeList("rect", 2, 3, new int[] {0}, new int[] {2}, null, 1, Symmetry.GENERAL,
                ValueKind.PATTERN, VertexIds.offset(1), null);
        assertThrows(BadInputException.class, () -> Csr.of(GraphBuilder.build(rect, DuplicatePolicy.SUM, 1)));
    }
}
