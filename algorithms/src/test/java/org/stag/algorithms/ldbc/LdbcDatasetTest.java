package org.stag.algorithms.ldbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.algorithms.TestData;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;

/** Parameters and expected-output paths come from the {@code .properties} file. */
class LdbcDatasetTest {
    @TempDir
    Path dir;

    @Test
    void readsTheDirectedExample() {
        LdbcDataset d = LdbcDataset.open(TestData.file("ldbc/example-directed.properties"));
        assertEquals("example-directed", d.name());
        assertTrue(d.directed());
        assertTrue(d.weighted());
        assertEquals(1, d.bfsSource());
        assertEquals(1, d.ssspSource());
        assertEquals("weight", d.ssspWeightProperty());
        assertEquals(2, d.cdlpMaxIterations());
        assertEquals(2, d.prIterations());
        assertEquals(0.85, d.prDampingFactor());
        assertEquals(List.of(LdbcAlgorithm.BFS, LdbcAlgorithm.CDLP, LdbcAlgorithm.LCC, LdbcAlgorithm.PR,
                LdbcAlgorithm.SSSP, LdbcAlgorithm.WCC), d.algorithms());
        assertEquals(d.propertiesFile().resolveSibling("example-directed-SSSP"), d.expectedOutput(LdbcAlgorithm.SSSP));
        for (LdbcAlgorithm a : LdbcAlgorithm.values()) {
            assertTrue(d.hasExpectedOutput(a), a.toString());
        }
        Graph g = d.load(LoadOptions.defaults());
        assertEquals(10, g.numVertices());
        assertEquals(17, g.numEdges());
        assertTrue(g.directed());
    }

    @Test
    void readsTheUndirectedExample() {
        LdbcDataset d = LdbcDataset.open(TestData.file("ldbc/example-undirected.properties"));
        assertFalse(d.directed());
        assertEquals(2, d.bfsSource());
        Graph g = d.load(LoadOptions.defaults());
        assertEquals(9, g.numVertices());
        assertEquals(24, g.numEdges());
        assertEquals(2, g.ids().external(0));
    }

    @Test
    void missingParametersAreNamed() throws IOException {
        Files.write(dir.resolve("g.v"), List.of("5", "6"));
        Files.write(dir.resolve("g.e"), List.of("5 6"));
        Files.write(dir.resolve("g.properties"), List.of("graph.g.directed = false", "graph.g.algorithms = bfs, wcc"));
        LdbcDataset d = LdbcDataset.open(dir.resolve("g.properties"));
        assertFalse(d.directed());
        assertFalse(d.weighted());
        assertEquals(List.of(LdbcAlgorithm.BFS, LdbcAlgorithm.WCC), d.algorithms());
        assertNull(d.ssspWeightProperty());
        BadInputException e = assertThrows(BadInputException.class, d::bfsSource);
        assertTrue(e.getMessage().contains("graph.g.bfs.source-vertex"), e.getMessage());
        assertThrows(BadInputException.class, d::prDampingFactor);
        assertFalse(d.hasExpectedOutput(LdbcAlgorithm.BFS));
        Files.write(dir.resolve("g.properties"), List.of("graph.g.algorithms = bfs, tc"));
        BadInputException unknown = assertThrows(BadInputException.class, () -> LdbcDataset.open(dir.resolve("g.properties")).algorithms());
        assertTrue(unknown.getMessage().contains("tc"), unknown.getMessage());
    }
}
