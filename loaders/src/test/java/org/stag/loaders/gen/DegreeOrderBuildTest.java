package org.stag.loaders.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.RowBlocks;
import org.stag.loaders.VertexIds;
import org.stag.loaders.VertexOrder;
import org.stag.loaders.binary.BinaryGraphReader;

/**
 * A generated graph stored in degree order ({@link VertexOrder#DEGREE}) is the graph the natural build gives, with
 * the same ids: read back, every internal vertex's external id and its neighbours' external ids (and weights) are the
 * natural graph's, the rows come by decreasing generated degree (ties by id), and the ids load as a permutation.
 */
class DegreeOrderBuildTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} scale {1} degree {2} directed={3} weighted={4} budget {5} threads {6}")
    @CsvSource({
        "kron, 10, 16, false, false, 100000000, 2",
        "kron, 10, 16, false, false, 3000, 2",
        "kron, 9, 8, true, false, 1000, 1",
        "kron, 9, 8, false, true, 1500, 2",
        "urand, 10, 8, false, false, 2000, 2",
        "urand, 9, 5, true, true, 700, 2",
    })
    void sameGraphSameIdsInDegreeOrder(String kind, int scale, double degree, boolean directed, boolean weighted,
                                       long budget, int threads) throws IOException {
        GraphGenerator g = GraphGenerator.byName(kind);
        GeneratorOptions o = new GeneratorOptions(scale, degree, 11, threads, weighted, directed);
        EdgeList edges = g.generate(o);
        Graph natural = GraphBuilder.build(edges, DuplicatePolicy.FIRST, threads);
        Path file = dir.resolve(kind + "-degree.stagb");
        GraphFileBuild.Written w = GraphFileBuild.write(GraphFileBuild.blocksOf(g, o), o, file, budget, VertexOrder.DEGREE);
        Graph got = BinaryGraphReader.read(file, file.toString(), 2);
        assertEquals(natural.numEntries(), w.entries());
        assertEquals(natural.duplicates(), w.duplicates());
        VertexIds ids = got.ids();
        assertTrue(ids.isPermutation());
        assertEquals(0, ids.base());
        assertEquals(8L * natural.numRows(), ids.memoryBytes());
        int[] generated = generatedDegrees(edges, natural.numRows(), !directed);
        for (int v = 0; v < got.numRows(); v++) {
            int ext = (int) ids.external(v);
            assertEquals(v, ids.internal(ext, got.numRows()));
            assertEquals(externalRow(natural, ext, v2 -> v2), externalRow(got, v, u -> (int) ids.external(u)), "vertex " + ext);
            if (v > 0) {
                int prev = (int) ids.external(v - 1);
                assertTrue(generated[prev] > generated[ext] || generated[prev] == generated[ext] && prev < ext,
                        "order at " + v);
            }
        }
        assertFalse(natural.ids().isPermutation());
    }

    @Test
    void orderNoneWritesTheFileItWroteBefore() throws IOException {
        GraphGenerator g = GraphGenerator.byName("kron");
        GeneratorOptions o = new GeneratorOptions(9, 8, 3, 2, true, false);
        Path a = dir.resolve("a.stagb");
        Path b = dir.resolve("b.stagb");
        GraphFileBuild.write(GraphFileBuild.blocksOf(g, o), o, a, 1000);
        GraphFileBuild.write(GraphFileBuild.blocksOf(g, o), o, b, 1000, VertexOrder.NONE);
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        assertTrue(BinaryGraphReader.read(a, a.toString(), 1).ids().isOffset());
    }

    @Test
    void wideFileInDegreeOrderKeepsItsIds() throws IOException {
        GraphGenerator g = GraphGenerator.byName("urand");
        GeneratorOptions o = new GeneratorOptions(9, 6, 5, 2, false, false);
        Graph natural = GraphBuilder.build(g.generate(o), DuplicatePolicy.FIRST, 2);
        long old = RowBlocks.setLimit(Math.max(1, natural.numEntries() / 5));
        try {
            Path file = dir.resolve("wide.stagb");
            GraphFileBuild.write(GraphFileBuild.blocksOf(g, o), o, file, 100000, VertexOrder.DEGREE);
            Graph got = BinaryGraphReader.read(file, file.toString(), 2);
            assertTrue(got.wide() && got.ids().isPermutation());
            for (int v = 0; v < got.numRows(); v++) {
                assertEquals(natural.degree((int) got.ids().external(v)), got.degree(v), "vertex " + v);
            }
        } finally {
            RowBlocks.setLimit(old);
        }
    }

    /** Each generated edge counted at its source (and its target when undirected, a self-loop once). */
    private static int[] generatedDegrees(EdgeList edges, int n, boolean both) {
        int[] d = new int[n];
        for (int k = 0; k < edges.size(); k++) {
            d[edges.src()[k]]++;
            if (both && edges.dst()[k] != edges.src()[k]) {
                d[edges.dst()[k]]++;
            }
        }
        return d;
    }

    /** Row {@code v}'s entries as sorted "externalColumn:weight" strings. */
    private static List<String> externalRow(Graph g, int v, java.util.function.IntUnaryOperator ext) {
        List<String> row = new ArrayList<>();
        for (int p = g.rowPtr()[v]; p < g.rowPtr()[v + 1]; p++) {
            row.add(ext.applyAsInt(g.colIdx()[p]) + ":" + (g.weighted() ? g.weights()[p] : 1));
        }
        row.sort(null);
        return row;
    }
}
