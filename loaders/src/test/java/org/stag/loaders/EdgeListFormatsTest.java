package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.io.GraphLoader;

/** SNAP, GAP and LDBC inputs. */
class EdgeListFormatsTest {
    @TempDir
    Path dir;

    @Test
    void snapCommentsTabsAndDirection() throws IOException {
        Path p = dir.resolve("g.txt");
        Files.writeString(p, "# Directed graph (each unordered pair of nodes is saved once)\n# Nodes: 4 Edges: 3\n"
                + "# FromNodeId\tToNodeId\n0\t1\n1\t2\n\n3 0\n");
        Graph d = GraphLoader.load(p, LoadOptions.defaults());
        assertEquals(4, d.numVertices());
        assertEquals(3, d.numEdges());
        assertTrue(d.directed());
        assertNull(d.weights());
        Graph u = GraphLoader.load(p, LoadOptions.defaults().withDirected(false));
        assertEquals(6, u.numEdges());
        assertFalse(u.directed());
    }

    @Test
    void gapWeightedEdgeListsKeepIntegerWeights() throws IOException {
        Path p = dir.resolve("g.wel");
        Files.writeString(p, "0 1 7\n1 2 255\n2 0 1\n");
        Graph g = GraphLoader.load(p, LoadOptions.defaults());
        assertEquals(ValueKind.INTEGER, g.valueKind());
        assertEquals(7.0, g.weightAt(0));
        Path r = dir.resolve("r.wel");
        Files.writeString(r, "0 1 0.25\n");
        assertEquals(ValueKind.REAL, GraphLoader.load(r, LoadOptions.defaults()).valueKind());
    }

    @Test
    void aThirdColumnNeedsWeighted() throws IOException {
        Path p = dir.resolve("g.el");
        Files.writeString(p, "0 1 3\n");
        BadInputException e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, LoadOptions.defaults()));
        assertTrue(e.reason().contains("--weighted"), e.reason());
        assertEquals(3.0, GraphLoader.load(p, LoadOptions.defaults().withWeighted(true)).weightAt(0));
    }

    @Test
    void ldbcMapsArbitraryIdsAndBack() throws IOException {
        Files.writeString(dir.resolve("g.v"), "9000000000000\n-5\n42\n");
        Files.writeString(dir.resolve("g.e"), "42 9000000000000 0.5\n-5 42 1.5\n");
        Files.writeString(dir.resolve("g.properties"), "graph.g.directed = false\ngraph.g.edge-properties.names = weight\n");
        Graph g = GraphLoader.load(dir.resolve("g.properties"), LoadOptions.defaults());
        assertEquals(3, g.numVertices());
        assertEquals(4, g.numEdges());
        assertFalse(g.directed());
        assertEquals(9000000000000L, g.ids().external(0));
        assertEquals(-5L, g.ids().external(1));
        assertEquals(2, g.ids().internal(42, 3));
        // 42 (internal 2) -> 9000000000000 (internal 0), weight 0.5, both ways.
        assertEquals(0, g.colIdx()[g.rowPtr()[2]]);
        assertEquals(0.5, g.weightAt(g.rowPtr()[2]));
        // Any of the three files names the graph.
        assertEquals(4, GraphLoader.load(dir.resolve("g.e"), LoadOptions.defaults()).numEdges());
    }

    @Test
    void ldbcWithoutPropertiesFollowsTheOptions() throws IOException {
        Files.writeString(dir.resolve("h.v"), "1\n2\n3\n");
        Files.writeString(dir.resolve("h.e"), "1 2\n2 3\n");
        Graph g = GraphLoader.load(dir.resolve("h.v"), LoadOptions.defaults());
        assertTrue(g.directed());
        assertEquals(2, g.numEdges());
        assertEquals(3, g.numVertices());
    }
}
