package org.stag.loaders.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.RowBlocks;
import org.stag.loaders.binary.BinaryGraphReader;

/**
 * A kron or urand graph written straight into a {@code .stagb} file in bounded memory ({@link GraphFileBuild}) is the
 * graph the in-memory generator and builder give (the same entries, weights, duplicate count), whatever the range
 * budget (one pass per range) and the threads, and in version 3 (int64 row pointers) when its entries pass the block
 * limit, read back into row blocks.
 */
class GraphFileBuildTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} scale {1} degree {2} directed={3} weighted={4} budget {5} threads {6}")
    @CsvSource({
        "kron, 10, 16, false, false, 100000000, 1",
        "kron, 10, 16, false, false, 3000, 2",
        "kron, 9, 8, true, false, 1000, 2",
        "kron, 9, 8, false, true, 1500, 2",
        "kron, 8, 4, true, true, 500, 1",
        "urand, 10, 8, false, false, 2000, 2",
        "urand, 9, 5, true, true, 700, 2",
        "urand, 9, 5, false, true, 100000000, 1",
    })
    void sameGraphAsTheInMemoryBuild(String kind, int scale, double degree, boolean directed, boolean weighted,
                                     long budget, int threads) throws IOException {
        GraphGenerator g = GraphGenerator.byName(kind);
        GeneratorOptions o = new GeneratorOptions(scale, degree, 7, threads, weighted, directed);
        Graph expected = GraphBuilder.build(g.generate(o), DuplicatePolicy.FIRST, threads);
        Path file = dir.resolve(kind + ".stagb");
        GraphFileBuild.Written w = GraphFileBuild.write(GraphFileBuild.blocksOf(g, o), o, file, budget);
        assertTrue(budget > 1_000_000 ? w.passes() == 2 : w.passes() > 2, "passes: " + w.passes());
        Graph got = BinaryGraphReader.read(file, file.toString(), 2);
        assertSame(expected, got);
        assertEquals(expected.numEntries(), w.entries());
        assertEquals(expected.duplicates(), w.duplicates());
        assertEquals(expected.symmetry(), got.symmetry());
        assertEquals(expected.valueKind(), got.valueKind());
        // Past the block limit: version 2, read into row blocks, the same rows.
        long old = RowBlocks.setLimit(Math.max(1, expected.numEntries() / 7));
        try {
            Path wide = dir.resolve(kind + "-wide.stagb");
            GraphFileBuild.write(GraphFileBuild.blocksOf(g, o), o, wide, budget);
            Graph blocks = BinaryGraphReader.read(wide, wide.toString(), 2);
            assertTrue(blocks.wide() && blocks.blocks().blockCount() > 1);
            for (int r = 0; r < expected.numRows(); r++) {
                assertEquals(expected.degree(r), blocks.degree(r), "row " + r);
                assertEquals(expected.rowPtr()[r], blocks.blocks().rowStart(r), "row " + r);
            }
        } finally {
            RowBlocks.setLimit(old);
        }
    }

    static void assertSame(Graph expected, Graph got) {
        assertEquals(expected.numRows(), got.numRows());
        assertArrayEquals(expected.rowPtr(), got.rowPtr());
        assertArrayEquals(java.util.Arrays.copyOf(expected.colIdx(), expected.numEdges()),
                java.util.Arrays.copyOf(got.colIdx(), got.numEdges()));
        if (expected.weighted()) {
            assertArrayEquals(java.util.Arrays.copyOf(expected.weights(), expected.numEdges()),
                    java.util.Arrays.copyOf(got.weights(), got.numEdges()));
        }
    }
}
