package org.stag.loaders.binary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.loaders.BadInputException;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.GraphFileFormat;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.GraphGenerator;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.io.GraphWriter;

/** Writing a graph as {@code .stagb} and loading it back gives the same graph, on one thread and on several. */
class BinaryGraphFileTest {
    @TempDir
    Path dir;

    /** The graphs bundled in the repository's {@code data} folder. */
    static Stream<Path> bundled() {
        return Stream.of("karate.mtx", "ca-GrQc.mtx", "example-directed.properties").map(n -> Path.of("..", "data", n));
    }

    @ParameterizedTest
    @MethodSource("bundled")
    void bundledGraphsRoundTrip(Path file) throws IOException {
        assertTrue(Files.exists(file), "bundled graph missing: " + file.toAbsolutePath());
        assertRoundTrip(GraphLoader.load(file, LoadOptions.defaults()));
    }

    static Stream<Arguments> generated() {
        List<Arguments> out = new ArrayList<>();
        for (String gen : new String[] {"kron", "urand", "grid"}) {
            for (boolean weighted : new boolean[] {false, true}) {
                for (boolean directed : new boolean[] {false, true}) {
                    out.add(Arguments.of(gen, weighted, directed));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} weighted={1} directed={2}")
    @MethodSource("generated")
    void generatedGraphsRoundTrip(String gen, boolean weighted, boolean directed) throws IOException {
        GeneratorOptions o = new GeneratorOptions(10, gen.equals("grid") ? 4 : 8, 7, 2, weighted, directed);
        EdgeList e = GraphGenerator.byName(gen).generate(o);
        assertRoundTrip(GraphBuilder.build(e, DuplicatePolicy.SUM, 2));
    }

    @Test
    void explicitIdsRealValuesAndSkewSymmetryRoundTrip() throws IOException {
        long[] ids = {900_000_000_000L, -5, 42, 7};
        Graph g = new Graph("t", 4, 4, new int[] {0, 2, 3, 3, 4}, new int[] {1, 3, 0, 1}, new double[] {0.5, -2.25, 1e-300, 3},
                Symmetry.GENERAL, ValueKind.REAL, VertexIds.explicit(ids), 3);
        Graph back = assertRoundTrip(g);
        assertEquals(42, back.ids().external(2));
        assertEquals(3, back.ids().internal(7, 4));
        assertEquals(3, back.duplicates());
        Graph skew = new Graph("s", 3, 3, new int[] {0, 1, 2, 2}, new int[] {1, 0, 0}, new double[] {4, -4, 0},
                Symmetry.SKEW_SYMMETRIC, ValueKind.INTEGER, VertexIds.offset(1), 0);
        assertRoundTrip(skew);
    }

    @Test
    void rectangularAndEmptyMatricesRoundTrip() throws IOException {
        assertRoundTrip(new Graph("r", 2, 5, new int[] {0, 2, 3}, new int[] {0, 4, 2}, null, Symmetry.GENERAL,
                ValueKind.PATTERN, VertexIds.offset(1), 0));
        assertRoundTrip(new Graph("e", 3, 3, new int[] {0, 0, 0, 0}, new int[0], null, Symmetry.GENERAL,
                ValueKind.PATTERN, VertexIds.offset(0), 0));
    }

    @Test
    void largeSectionsSpanSeveralReadBlocks() throws IOException {
        // More entries than one read block holds, so checksums of several blocks are combined.
        EdgeList e = GraphGenerator.byName("urand").generate(new GeneratorOptions(17, 24, 3, 2, true, true));
        Graph g = GraphBuilder.build(e, DuplicatePolicy.SUM, 2);
        assertTrue(8L * g.numEdges() > 2L * SectionIo.READ_BLOCK, "graph too small for the test: " + g.numEdges());
        assertRoundTrip(g);
    }

    @Test
    void fileIsRecognisedByNameAndOptionsThatWouldChangeItAreRefused() throws IOException {
        Graph g = GraphLoader.load(Path.of("..", "data", "karate.mtx"), LoadOptions.defaults());
        Path p = dir.resolve("k.stagb");
        GraphWriter.write(g, p);
        assertEquals(GraphFileFormat.BINARY, GraphFileFormat.of(p));
        assertEquals(GraphFileFormat.BINARY, GraphLoader.loadDescribed(p, LoadOptions.defaults()).format());
        Path renamed = dir.resolve("k.data");
        Files.copy(p, renamed);
        Graph viaOption = GraphLoader.load(renamed, LoadOptions.defaults().withFormat(GraphFileFormat.BINARY));
        assertArrayEquals(g.colIdx(), viaOption.colIdx());
        BadInputException e = assertThrows(BadInputException.class,
                () -> GraphLoader.load(p, LoadOptions.defaults().withDirected(true)));
        assertEquals(p + ": the binary file holds an undirected graph; --directed cannot change that "
                + "(convert the text file again with it)", e.getMessage());
        e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, LoadOptions.defaults().withWeighted(true)));
        assertTrue(e.getMessage().contains("--weighted cannot add weights"), e.getMessage());
        e = assertThrows(BadInputException.class, () -> GraphLoader.load(p, LoadOptions.defaults().withIndexBase(0)));
        assertTrue(e.getMessage().contains("--index-base applies to Matrix Market files only"), e.getMessage());
        e = assertThrows(BadInputException.class, () -> GraphWriter.write(g, dir.resolve("k.stagb.gz")));
        assertTrue(e.getMessage().endsWith("a binary graph file is not compressed; name it .stagb"), e.getMessage());
    }

    @Test
    void unweightedOptionDropsTheWeights() throws IOException {
        EdgeList e = GraphGenerator.byName("kron").generate(new GeneratorOptions(6, 4, 1, 1, true, true));
        Graph g = GraphBuilder.build(e, DuplicatePolicy.SUM, 1);
        Path p = dir.resolve("w.stagb");
        GraphWriter.write(g, p);
        Graph back = GraphLoader.load(p, LoadOptions.defaults().withWeighted(false));
        assertFalse(back.weighted());
        assertEquals(ValueKind.PATTERN, back.valueKind());
        assertArrayEquals(g.colIdx(), back.colIdx());
    }

    @Test
    void readReturnsTheEntriesAMatrixMarketFileWouldHold() throws IOException {
        Graph g = GraphLoader.load(Path.of("..", "data", "karate.mtx"), LoadOptions.defaults());
        Path p = dir.resolve("k.stagb");
        GraphWriter.write(g, p);
        EdgeList entries = GraphLoader.read(p, LoadOptions.defaults());
        assertEquals(Symmetry.SYMMETRIC, entries.symmetry());
        assertEquals(78, entries.size());
        Graph rebuilt = GraphBuilder.build(entries, DuplicatePolicy.ERROR, 1);
        assertArrayEquals(g.rowPtr(), rebuilt.rowPtr());
        assertArrayEquals(g.colIdx(), rebuilt.colIdx());
    }

    @Test
    void crcCombineEqualsTheChecksumOfTheWhole() {
        byte[] data = new byte[100_003];
        new java.util.Random(5).nextBytes(data);
        for (int cut : new int[] {0, 1, 17, 4096, 50_000, 100_002, 100_003}) {
            java.util.zip.CRC32C a = new java.util.zip.CRC32C();
            a.update(data, 0, cut);
            java.util.zip.CRC32C b = new java.util.zip.CRC32C();
            b.update(data, cut, data.length - cut);
            java.util.zip.CRC32C whole = new java.util.zip.CRC32C();
            whole.update(data);
            assertEquals((int) whole.getValue(), Crc32cCombine.combine((int) a.getValue(), (int) b.getValue(), data.length - cut),
                    "cut at " + cut);
        }
    }

    @Test
    void layoutIsAsDocumented() throws IOException {
        Graph g = new Graph("t", 3, 3, new int[] {0, 1, 1, 2}, new int[] {2, 0}, new double[] {1.5, 2.5},
                Symmetry.GENERAL, ValueKind.REAL, VertexIds.offset(0), 0);
        Path p = dir.resolve("t.stagb");
        GraphWriter.write(g, p);
        byte[] b = Files.readAllBytes(p);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        assertArrayEquals(new byte[] {(byte) 0x89, 'S', 'T', 'A', 'G', 'B', '\r', '\n'}, Arrays.copyOf(b, 8));
        assertEquals(2, bb.getInt(8));
        assertEquals(0, bb.get(12));
        assertEquals(2, bb.get(13));
        assertEquals(3, bb.getLong(16));
        assertEquals(2, bb.getLong(32));
        // 128 header + 16 row pointers + 8 columns + 16 weights
        assertEquals(168, b.length);
        assertEquals(168, bb.getLong(56));
        assertEquals(2, bb.getInt(128 + 12));
        assertEquals(2, bb.getInt(144));
        assertEquals(0, bb.getInt(148));
        assertEquals(1.5, bb.getDouble(152));
        assertEquals(2.5, bb.getDouble(160));
    }

    private Graph assertRoundTrip(Graph g) throws IOException {
        Path p = dir.resolve("g.stagb");
        GraphWriter.write(g, p);
        for (int threads : new int[] {1, 3}) {
            Graph back = BinaryGraphReader.read(p, "g.stagb", threads);
            assertEquals(g.numRows(), back.numRows());
            assertEquals(g.numCols(), back.numCols());
            assertArrayEquals(Arrays.copyOf(g.rowPtr(), g.numRows() + 1), back.rowPtr());
            assertArrayEquals(Arrays.copyOf(g.colIdx(), g.numEdges()), back.colIdx());
            if (g.weighted()) {
                assertArrayEquals(Arrays.copyOf(g.weights(), g.numEdges()), back.weights());
            } else {
                assertFalse(back.weighted());
            }
            assertEquals(g.symmetry(), back.symmetry());
            assertEquals(g.valueKind(), back.valueKind());
            assertEquals(g.duplicates(), back.duplicates());
            assertEquals(g.ids().isOffset(), back.ids().isOffset());
            for (int v = 0; v < g.numRows(); v++) {
                assertEquals(g.ids().external(v), back.ids().external(v));
            }
        }
        return GraphLoader.load(p, LoadOptions.defaults());
    }
}
