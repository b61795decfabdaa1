package org.stag.loaders;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.io.GraphWriter;

/** Every shared SuiteSparse graph written and read back is the same graph; writing is a fixed point. */
class RoundTripTest {
    @TempDir
    Path dir;

    static List<Path> files() {
        return TestData.suiteSparse();
    }

    /** The square graphs: an edge list has no separate row and column counts. */
    static List<Path> squareFiles() {
        return files().stream().filter(p -> !p.getFileName().toString().equals("lp_afiro.mtx")).toList();
    }

    private static LoadOptions optionsFor(Path p) {
        return LoadOptions.defaults().withIndexBase(TestData.zeroBased(p) ? 0 : 1);
    }

    @ParameterizedTest
    @MethodSource("files")
    void matrixMarketRoundTripIsExact(Path file) throws IOException {
        Graph g = GraphLoader.load(file, optionsFor(file));
        for (String name : new String[] {"out.mtx", "out.mtx.gz"}) {
            Path out = dir.resolve(name);
            GraphWriter.write(g, out);
            Graph back = GraphLoader.load(out, LoadOptions.defaults());
            assertSameGraph(g, back);
            assertEquals(g.symmetry(), back.symmetry());
            assertEquals(g.valueKind(), back.valueKind());
        }
        Path first = dir.resolve("a.mtx");
        Path second = dir.resolve("b.mtx");
        GraphWriter.write(g, first);
        GraphWriter.write(GraphLoader.load(first, LoadOptions.defaults()), second);
        assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));
    }

    @ParameterizedTest
    @MethodSource("squareFiles")
    void edgeListRoundTripIsExactUpToTrailingIsolatedVertices(Path file) throws IOException {
        Graph g = GraphLoader.load(file, optionsFor(file));
        assertTrue(g.isSquare(), file + " is not square");
        Path wel = dir.resolve("out.wel");
        GraphWriter.write(g, wel);
        Graph back = GraphLoader.load(wel, LoadOptions.defaults().withDirected(g.directed()));
        // A GAP edge list has no vertex count: vertices after the last one with an edge are not recorded.
        int n = lastVertexWithEdge(g) + 1;
        assertEquals(n, back.numVertices());
        assertArrayEquals(Arrays.copyOf(g.rowPtr(), n + 1), back.rowPtr());
        assertArrayEquals(Arrays.copyOf(g.colIdx(), g.numEdges()), Arrays.copyOf(back.colIdx(), back.numEdges()));
        double[] w = g.weights() == null ? new double[g.numEdges()] : Arrays.copyOf(g.weights(), g.numEdges());
        if (g.weights() == null) {
            Arrays.fill(w, 1.0);
        }
        assertArrayEquals(w, Arrays.copyOf(back.weights(), back.numEdges()));

        Path el = dir.resolve("out.el");
        GraphWriter.write(g, el);
        Graph pattern = GraphLoader.load(el, LoadOptions.defaults().withDirected(g.directed()));
        assertArrayEquals(Arrays.copyOf(g.colIdx(), g.numEdges()), Arrays.copyOf(pattern.colIdx(), pattern.numEdges()));
    }

    private static int lastVertexWithEdge(Graph g) {
        int last = -1;
        for (int v = 0; v < g.numVertices(); v++) {
            if (g.degree(v) > 0) {
                last = Math.max(last, v);
                last = Math.max(last, g.colIdx()[g.rowPtr()[v + 1] - 1]);
            }
        }
        return last;
    }

    static void assertSameGraph(Graph a, Graph b) {
        assertEquals(a.numRows(), b.numRows());
        assertEquals(a.numCols(), b.numCols());
        assertArrayEquals(a.rowPtr(), b.rowPtr());
        assertArrayEquals(Arrays.copyOf(a.colIdx(), a.numEdges()), Arrays.copyOf(b.colIdx(), b.numEdges()));
        if (a.weights() == null) {
            assertEquals(null, b.weights());
        } else {
            assertArrayEquals(Arrays.copyOf(a.weights(), a.numEdges()), Arrays.copyOf(b.weights(), b.numEdges()));
        }
    }
}
