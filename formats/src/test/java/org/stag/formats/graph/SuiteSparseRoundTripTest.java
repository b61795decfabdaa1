package org.stag.formats.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.formats.TestData;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.io.GraphWriter;

/** Every square bundled SuiteSparse graph, built as a {@link GraphTensor} in every graph format and read back, is the same graph. */
class SuiteSparseRoundTripTest {
    /**
     * CSR, (dense, F) for every dynamic F, every dynamic level over C-trees, BSTs over every F, and a few
     * general tensor formats (hashed rows, doubly compressed, CSC, a dynamic level under a compressed one).
     */
    static List<String> formats() {
        List<String> out = new ArrayList<>(GraphTensor.shippedFormats());
        out.addAll(List.of("dense,hashed", "compressed,compressed", "dense,compressed;order=1,0", "compressed,list"));
        String inner = BuiltinFormats.isKnown("ctree") ? "ctree" : "list";
        String outer = BuiltinFormats.isKnown("bst") ? "bst" : "list";
        for (String f : BuiltinFormats.names()) {
            out.add(f + "," + inner);
            out.add(outer + "," + f);
        }
        return out.stream().distinct().toList();
    }

    /** Every square bundled SuiteSparse graph (all but the rectangular lp_afiro) in every format. */
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Path p : TestData.suiteSparse()) {
            if (!p.getFileName().toString().equals("lp_afiro.mtx")) {
                for (String f : formats()) {
                    out.add(Arguments.of(p.getFileName().toString(), f));
                }
            }
        }
        return out.stream();
    }

    private static byte[] mtx(Graph g) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (org.stag.loaders.text.ByteSink out = org.stag.loaders.text.ByteSink.wrap(bytes)) {
            GraphWriter.writeMatrixMarket(g, out);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("cases")
    void sameEdgesBack(String name, String format) {
        Path p = TestData.file("suitesparse/" + name);
        Graph g = GraphLoader.load(p, LoadOptions.defaults().withIndexBase(TestData.zeroBased(p) ? 0 : 1));
        assertTrue(g.isSquare(), name + " is not square");
        byte[] direct = mtx(g);
        for (int threads : new int[] {1, 2}) {
            GraphTensor m = GraphTensor.of(g, GraphTensor.format(format), threads);
            Graph back = m.toGraph();
            m.buildAll().check();
            // Written back with the source's symmetry, value kind and declared type, the file is the same byte
            // for byte (the formats hold doubles: these files have no integer beyond 2^53, so no exact column).
            Graph written = new Graph(g.source(), back.numRows(), back.numCols(), back.rowPtr(), back.colIdx(),
                    back.weights(), g.symmetry(), g.valueKind(), g.ids(), 0).withValues(null, g.valueType());
            assertArrayEquals(direct, mtx(written), "the .mtx written back differs");
            assertEquals(g.numEdges(), back.numEdges());
            assertArrayEquals(g.rowPtr(), back.rowPtr());
            assertArrayEquals(Arrays.copyOf(g.colIdx(), g.numEdges()), Arrays.copyOf(back.colIdx(), back.numEdges()));
            if (g.weighted()) {
                assertArrayEquals(Arrays.copyOf(g.weights(), g.numEdges()), Arrays.copyOf(back.weights(), back.numEdges()));
            }
        }
    }
}
