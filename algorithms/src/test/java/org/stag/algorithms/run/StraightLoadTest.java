package org.stag.algorithms.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stag.algorithms.TestGraph;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.catalog.Setting;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.level.VbyteLevel;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.RowBlocks;
import org.stag.loaders.VertexOrder;
import org.stag.loaders.VertexIds;
import org.stag.loaders.VertexRelabel;
import org.stag.loaders.binary.BinaryGraphWriter;

/**
 * A {@code .stagb} loaded straight into {@code dense,vbyte} ({@link LoadedGraph#load(Path, LoadOptions, Format)}) runs
 * every shipped program as the graph loaded whole does: exactly for integral results (BFS, WCC, CDLP, ...), within 1e-9
 * relative for the others; directed (its in-edges transposed from the encoded out-edges) and undirected, with and
 * without an ids section (the graph stored in degree order), with one block and with 64-bit positions forced by a
 * lowered block limit. The straight load holds no column array.
 */
class StraightLoadTest {
    private static final Format VBYTE = FormatParser.parse("dense,vbyte");
    /** Entries per block in the blocked runs: a few rows per block on the test graphs. */
    private static final long LIMIT = 53;

    @TempDir
    static Path dir;

    static List<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Algorithm a : Algorithm.values()) {
            for (boolean directed : new boolean[] {true, false}) {
                for (VertexOrder order : new VertexOrder[] {VertexOrder.NONE, VertexOrder.DEGREE}) {
                    out.add(Arguments.of(a, directed, order));
                }
            }
        }
        return out;
    }

    /**
     * The test graph as a {@code .stagb} with ids 0..n-1, in {@code order}: no ids section in the natural order, one
     * in degree order.
     */
    private static Path file(TestGraph t, VertexOrder order, String name) throws IOException {
        Graph s = AlgorithmRunnerTest.graph(t);
        Graph g = new Graph(s.source(), s.numRows(), s.numCols(), s.rowPtr(), s.colIdx(), s.weights(), s.symmetry(),
                s.valueKind(), VertexIds.offset(0), 0);
        if (order != VertexOrder.NONE) {
            g = VertexRelabel.toOrder(g, order);
        }
        Path p = dir.resolve(name + ".stagb");
        BinaryGraphWriter.write(g, p, 1);
        return p;
    }

    @ParameterizedTest(name = "{0} directed={1} order={2}")
    @MethodSource("cases")
    void straightEqualsWhole(Algorithm a, boolean directed, VertexOrder order) throws IOException {
        boolean weighted = a == Algorithm.SSSP;
        TestGraph t = TestGraph.random(directed ? 271 : 314, 90, 400, directed, weighted);
        Path p = file(t, order, a.id() + "-" + directed + "-" + order);
        RunSettings s = new RunSettings().format("dense,vbyte");
        if (a.takes(Setting.SOURCE)) {
            s.source(3L);
        }
        Graph whole = LoadedGraph.load(p, LoadOptions.defaults()).graph();
        assertEquals(order != VertexOrder.NONE, !whole.ids().isOffset(), "an ids section");
        for (long limit : new long[] {0, LIMIT}) {
            long old = limit > 0 ? RowBlocks.setLimit(limit) : RowBlocks.limit();
            try {
                LoadedGraph straight = LoadedGraph.load(p, LoadOptions.defaults(), VBYTE);
                assertNotNull(straight.straight());
                assertFalse(straight.graph().holdsEdges());
                VbyteLevel level = (VbyteLevel) straight.straight().a().level(1);
                assertEquals(limit > 0, level.blockCount() > 1, level.toString());
                for (int threads : new int[] {1, 2}) {
                    s.threads(threads);
                    AlgorithmRunner.Result w = WidePositionsTest.RUNNER.prepare(a, whole, s).run();
                    AlgorithmRunner.Result r = WidePositionsTest.RUNNER.prepare(a.program(), a, straight.straight(), s)
                            .run();
                    same(a.id() + " directed=" + directed + " " + order + " limit=" + limit + " threads=" + threads, w, r);
                }
            } finally {
                RowBlocks.setLimit(old);
            }
        }
    }

    /** Equal results: integral ones exactly, real ones within 1e-9 relative, sets of edges and numbers exactly. */
    private static void same(String what, AlgorithmRunner.Result w, AlgorithmRunner.Result r) {
        if (w.scalar() != null) {
            assertEquals(w.scalar().text(), r.scalar().text(), what);
            return;
        }
        if (w.edges() != null) {
            assertNull(w.edges().difference(r.edges()), what);
            assertEquals(w.edges().size(), r.edges().size(), what);
            return;
        }
        assertEquals(w.values().size(), r.values().size(), what);
        for (int v = 0; v < w.values().size(); v++) {
            if (w.values().integral()) {
                assertEquals(w.values().text(v), r.values().text(v), what + " vertex " + v);
            } else {
                double x = w.values().asDouble(v);
                double y = r.values().asDouble(v);
                assertTrue(x == y || Math.abs(x - y) <= 1e-9 * Math.abs(x), what + " vertex " + v + ": " + x + " vs " + y);
            }
        }
    }

    @Test
    void theStraightLoadHoldsNoColumnArrayAndRefusesWhatNeedsOne() throws IOException {
        TestGraph t = TestGraph.random(9, 60, 300, false, true);
        Path p = file(t, VertexOrder.DEGREE, "held");
        LoadedGraph straight = LoadedGraph.load(p, LoadOptions.defaults(), VBYTE);
        Graph g = straight.graph();
        assertFalse(g.holdsEdges());
        assertEquals(0, g.memoryBytes(), "a straight load keeps no arrays in the graph");
        Graph whole = LoadedGraph.load(p, LoadOptions.defaults()).graph();
        assertEquals(whole.numEntries(), g.numEntries());
        assertEquals(whole.selfLoops(), g.selfLoops());
        assertEquals(whole.maxDegree(), g.maxDegree());
        for (int v = 0; v < whole.numVertices(); v++) {
            assertEquals(whole.degree(v), g.degree(v), "degree of " + v);
            assertEquals(whole.ids().external(v), g.ids().external(v), "id of " + v);
        }
        BadInputException e = assertThrows(BadInputException.class, g::colIdx);
        assertTrue(e.getMessage().contains("held only in the dense,vbyte structure"), e.getMessage());
        assertThrows(BadInputException.class, g::rowPtr);
        assertThrows(BadInputException.class, g::blocks);
        // Another format cannot be built from a graph that holds no edges.
        BadInputException other = assertThrows(BadInputException.class,
                () -> GraphTensor.of(g, Format.csr(), 1).a());
        assertTrue(other.getMessage().contains("load it with another --format"), other.getMessage());
        GraphTensor tensors = straight.straight();
        assertTrue(tensors.a().level(1) instanceof VbyteLevel);
        // Read back, it is the graph loaded whole.
        Graph back = tensors.toGraph();
        assertEquals(java.util.Arrays.toString(whole.rowPtr()), java.util.Arrays.toString(back.rowPtr()));
        assertEquals(java.util.Arrays.toString(whole.colIdx()), java.util.Arrays.toString(back.colIdx()));
    }

    @Test
    void unweightedReadsAWeightedFileAsAPatternAndOptionsThatChangeItAreRefused() throws IOException {
        TestGraph t = TestGraph.random(11, 50, 200, true, true);
        Path p = file(t, VertexOrder.NONE, "weighted");
        LoadedGraph pattern = LoadedGraph.load(p, LoadOptions.defaults().withWeighted(false), VBYTE);
        assertFalse(pattern.graph().weighted());
        assertFalse(pattern.straight().weighted());
        BadInputException e = assertThrows(BadInputException.class,
                () -> LoadedGraph.load(p, LoadOptions.defaults().withDirected(false), VBYTE));
        assertTrue(e.getMessage().contains("--undirected cannot change that"), e.getMessage());
    }

    @Test
    void ssspRefusesANegativeWeightNamingTheEdge() throws IOException {
        TestGraph t = TestGraph.random(12, 40, 150, true, true);
        Graph g = AlgorithmRunnerTest.graph(t);
        double[] w = g.weights().clone();
        w[5] = -2.5;
        Graph neg = new Graph(g.source(), g.numRows(), g.numCols(), g.rowPtr(), g.colIdx(), w, g.symmetry(),
                g.valueKind(), g.ids(), 0);
        Path p = dir.resolve("negative.stagb");
        BinaryGraphWriter.write(neg, p, 1);
        LoadedGraph straight = LoadedGraph.load(p, LoadOptions.defaults(), VBYTE);
        RunSettings s = new RunSettings().format("dense,vbyte").source(t.ids()[1]);
        BadInputException e = assertThrows(BadInputException.class, () -> WidePositionsTest.RUNNER.prepare(
                Algorithm.SSSP.program(), Algorithm.SSSP, straight.straight(), s));
        assertTrue(e.getMessage().contains("negative weight on edge") && e.getMessage().contains("negative.stagb"),
                e.getMessage());
    }

    @Test
    void aSymmetricFileNotStoredBothWaysIsRefusedAsTheWholeLoadRefusesIt() throws IOException {
        Graph g = new Graph("asym", 3, 3, new int[] {0, 1, 2, 2}, new int[] {1, 2}, null,
                org.stag.loaders.Symmetry.SYMMETRIC, org.stag.loaders.ValueKind.PATTERN, VertexIds.offset(0), 0);
        Path p = dir.resolve("asym.stagb");
        BinaryGraphWriter.write(g, p, 1);
        BadInputException whole = assertThrows(BadInputException.class, () -> LoadedGraph.load(p, LoadOptions.defaults()));
        BadInputException straight = assertThrows(BadInputException.class,
                () -> LoadedGraph.load(p, LoadOptions.defaults(), VBYTE));
        assertTrue(whole.getMessage().contains("both directions"), whole.getMessage());
        assertTrue(straight.getMessage().contains("both directions") && straight.getMessage().contains("asym.stagb"),
                straight.getMessage());
    }
}
