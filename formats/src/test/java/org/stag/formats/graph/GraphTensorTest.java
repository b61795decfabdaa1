package org.stag.formats.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.BadInputException;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/** {@link GraphTensor}: what is built, what is shared, what is adopted, and what is refused. */
class GraphTensorTest {
    /** A random graph of {@code n} vertices and about {@code m} edges, fixed by {@code seed}. */
    static Graph random(long seed, int n, int m, boolean directed, boolean weighted) {
        Random rnd = new Random(seed);
        int[] src = new int[m];
        int[] dst = new int[m];
        double[] w = weighted ? new double[m] : null;
        for (int k = 0; k < m; k++) {
            src[k] = rnd.nextInt(n);
            dst[k] = rnd.nextInt(n);
            if (w != null) {
                w[k] = 1 + rnd.nextInt(9);
            }
        }
        EdgeList e = new EdgeList("random-" + seed, n, n, src, dst, w, m,
                directed ? Symmetry.GENERAL : Symmetry.SYMMETRIC, weighted ? ValueKind.REAL : ValueKind.PATTERN,
                VertexIds.offset(0), null);
        return GraphBuilder.build(e, DuplicatePolicy.MIN, 1);
    }

    @Test
    void denseCompressedAdoptsTheLoadersArrays() {
        Graph g = random(1, 50, 300, true, true);
        GraphTensor t = GraphTensor.of(g, GraphTensor.format("dense,compressed"), 2);
        Tensor w = t.w();
        CompressedLevel rows = (CompressedLevel) w.level(1);
        assertSame(g.rowPtr(), rows.pos());
        assertSame(g.colIdx(), rows.crd());
        assertSame(g.weights(), ((DoubleValues) w.values()).array());
        Tensor a = t.a();
        assertSame(w.level(0), a.level(0), "A and W share their levels");
        assertSame(w.level(1), a.level(1));
        assertEquals(Double.POSITIVE_INFINITY, w.values().fillAsDouble());
        assertFalse(a.values().fillAsBoolean());
        assertTrue(a.values().isConstant(), "A reads the constant true: no array");
        // Counted once: offsets and columns, and the adopted weights; A's constant costs nothing.
        int m = g.numEdges();
        assertEquals(4L * (g.numVertices() + 1) + 4L * m + 8L * m, t.memoryBytes());
    }

    @Test
    void anUndirectedGraphIsItsOwnTranspose() {
        GraphTensor t = GraphTensor.of(random(2, 40, 200, false, false), GraphTensor.format("dense,ctree"), 1);
        assertSame(t.a(), t.at());
        assertFalse(t.holdsInEdges());
    }

    @ParameterizedTest
    @ValueSource(strings = {"dense,compressed", "dense,ctree", "bst,ctree", "dense,hashed", "dense,compressed;order=1,0"})
    void theInEdgesAreTheTransposeAndBuiltOnlyWhenAsked(String format) {
        Graph g = random(3, 300, 4000, true, false);
        GraphTensor t = GraphTensor.of(g, GraphTensor.format(format), 3);
        t.a();
        long outOnly = t.memoryBytes();
        assertFalse(t.holdsInEdges(), "nothing asked for AT yet");
        Tensor at = t.at();
        assertNotSame(t.a(), at);
        assertTrue(t.holdsInEdges());
        assertTrue(t.memoryBytes() > outOnly, "the in-structure is counted");
        int[] ptr = g.rowPtr();
        int[] col = g.colIdx();
        long stored = 0;
        for (int r = 0; r < g.numVertices(); r++) {
            for (int p = ptr[r]; p < ptr[r + 1]; p++) {
                assertTrue(at.getAsBoolean(col[p], r), "AT[" + col[p] + "][" + r + "]");
            }
        }
        var c = at.cursor();
        while (c.next()) {
            if (!c.isFill()) {
                stored++;
                assertTrue(t.a().getAsBoolean(c.coordinate(1), c.coordinate(0)));
            }
        }
        assertEquals(g.numEdges(), stored);
        t.check();
    }

    @Test
    void theParallelTransposeEqualsTheSequentialOne() {
        Graph g = random(4, 1000, 20000, true, true);
        CsrTranspose one = CsrTranspose.of(1000, 1000, g.rowPtr(), g.colIdx(), g.weights(), 1);
        for (int threads : new int[] {2, 3, 8, 64}) {
            CsrTranspose many = CsrTranspose.of(1000, 1000, g.rowPtr(), g.colIdx(), g.weights(), threads);
            assertTrue(java.util.Arrays.equals(one.rowPtr(), many.rowPtr()), threads + " threads");
            assertTrue(java.util.Arrays.equals(one.col(), many.col()), threads + " threads");
            assertTrue(java.util.Arrays.equals(one.vals(), many.vals()), threads + " threads");
        }
        // Every in-row is sorted and holds the right weight.
        for (int c = 0; c < 1000; c++) {
            for (int q = one.rowPtr()[c]; q < one.rowPtr()[c + 1]; q++) {
                assertTrue(q == one.rowPtr()[c] || one.col()[q - 1] < one.col()[q]);
                int r = one.col()[q];
                int p = java.util.Arrays.binarySearch(g.colIdx(), g.rowPtr()[r], g.rowPtr()[r + 1], c);
                assertEquals(g.weights()[p], one.vals()[q]);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dense,compressed", "dense,list", "dense,dense", "compressed,compressed"})
    void weightsReadBackAsLoadedAndUnweightedEdgesWeighOne(String format) {
        for (boolean weighted : new boolean[] {true, false}) {
            Graph g = random(5, 60, 500, true, weighted);
            GraphTensor t = GraphTensor.of(g, GraphTensor.format(format), 2);
            Tensor w = t.w();
            for (int r = 0; r < 60; r++) {
                for (int p = g.rowPtr()[r]; p < g.rowPtr()[r + 1]; p++) {
                    assertEquals(weighted ? g.weights()[p] : 1.0, w.getAsDouble(r, g.colIdx()[p]));
                }
            }
            assertEquals(Double.POSITIVE_INFINITY, w.values().fillAsDouble());
            assertTrue(t.buildNanos() > 0);
        }
    }

    @Test
    void badFormatsAndGraphsAreRefused() {
        BadInputException one = assertThrows(BadInputException.class, () -> GraphTensor.format("dense"));
        assertEquals("--format 'dense': a graph format has two levels (e.g. dense,compressed), not 1", one.getMessage());
        BadInputException unknown = assertThrows(BadInputException.class, () -> GraphTensor.format("dense,nosuch"));
        assertTrue(unknown.getMessage().startsWith("--format 'dense,nosuch', column 7: "), unknown.getMessage());
        Graph rect = new Graph("rect", 2, 3, new int[] {0, 1, 2}, new int[] {2, 0}, null, Symmetry.GENERAL,
                ValueKind.PATTERN, VertexIds.offset(0), 0);
        Format csr = GraphTensor.format("dense,compressed");
        assertThrows(BadInputException.class, () -> GraphTensor.of(rect, csr, 1));
        Graph g = random(6, 5, 5, true, false);
        assertThrows(IllegalArgumentException.class, () -> GraphTensor.of(g, csr, 0));
        assertThrows(IllegalArgumentException.class, () -> GraphTensor.of(g, FormatParser.parse("dense"), 1));
    }

    @Test
    void fromCsrRefusesArraysThatDoNotFit() {
        Format csr = Format.csr();
        int[] ptr = {0, 1, 3};
        int[] col = {1, 0, 1};
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.fromCsr(FormatParser.parse("dense"), 2, 2, ptr, col, null, ValueMode.POSITION, 1));
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.fromCsr(csr, 3, 2, ptr, col, null, ValueMode.POSITION, 1));
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.fromCsr(csr, 2, 2, ptr, new int[] {1, 0}, null, ValueMode.POSITION, 1));
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.fromCsr(csr, 2, 2, ptr, col, new double[2], ValueMode.DOUBLE, 1));
        assertThrows(IllegalArgumentException.class,
                () -> Tensor.fromCsr(csr, 2, 2, new int[] {1, 1, 3}, col, null, ValueMode.POSITION, 1));
        // A column out of range or out of order is refused before any array is adopted.
        for (int[] bad : new int[][] {{1, 0, 7}, {1, 1, 0}, {-1, 0, 1}}) {
            assertThrows(IllegalArgumentException.class, () -> Tensor.fromCsr(csr, 2, 2, ptr, bad, null,
                    ValueMode.POSITION, 1));
        }
    }

    @Test
    void withValuesSharesTheLevelsAndRefusesAWrongSize() {
        Tensor a = Tensor.fromCsr(Format.csr(), 2, 2, new int[] {0, 1, 3}, new int[] {1, 0, 1}, null,
                ValueMode.POSITION, 1);
        Tensor w = a.withValues(Values.ofDoubles(new double[] {2, 3, 4}, Double.POSITIVE_INFINITY));
        assertSame(a.level(1), w.level(1));
        assertEquals(3.0, w.getAsDouble(1, 0));
        assertEquals(Double.POSITIVE_INFINITY, w.getAsDouble(0, 0));
        assertThrows(IllegalArgumentException.class, () -> a.withValues(Values.ofDoubles(new double[2])));
    }

    @Test
    void batchesChangeTheStructureEveryViewReads() {
        Graph g = random(7, 30, 100, false, true);
        GraphTensor t = GraphTensor.of(g, GraphTensor.format("dense,ctree"), 2);
        Tensor a = t.a();
        Tensor w = t.w();
        int u = 0;
        int v = 0;
        while (a.getAsBoolean(u, v) || u == v) {
            v++;
            if (v == 30) {
                u++;
                v = 0;
            }
        }
        long m = t.numEdges();
        var s = t.insertBatch(new int[] {u, 5}, new int[] {v, 5}, new double[] {2.5, 4.0}, 2, 2, BatchGrowth.FIXED);
        // (u, v) both ways; the self-loop (5, 5) once, or only its weight set when it was stored already.
        assertEquals(m + s.inserted(), t.numEdges());
        assertTrue(s.inserted() >= 2);
        assertTrue(a.getAsBoolean(u, v) && a.getAsBoolean(v, u) && a.getAsBoolean(5, 5));
        assertEquals(2.5, w.getAsDouble(v, u));
        assertEquals(4.0, w.getAsDouble(5, 5));
        assertSame(a, t.at());
        var d = t.deleteBatch(new int[] {v}, new int[] {u}, 1, 2);
        assertEquals(2, d.deleted());
        assertFalse(a.getAsBoolean(u, v) || a.getAsBoolean(v, u));
        assertEquals(Double.POSITIVE_INFINITY, w.getAsDouble(u, v));
        assertEquals(2, t.version());
        t.check();
    }

    @Test
    void aDirectedGraphUpdatesItsInEdgesToo() {
        Graph g = random(8, 30, 100, true, false);
        GraphTensor t = GraphTensor.of(g, GraphTensor.format("bst,ctree"), 2);
        t.insertBatch(new int[] {3}, new int[] {29}, null, 1, 1, BatchGrowth.FIXED);
        assertTrue(t.holdsInEdges(), "the first batch builds the in-structure, so both stay in step");
        assertTrue(t.a().getAsBoolean(3, 29));
        assertTrue(t.at().getAsBoolean(29, 3));
        t.deleteBatch(new int[] {3}, new int[] {29}, 1, 1);
        assertFalse(t.at().getAsBoolean(29, 3));
        t.check();
    }

    @Test
    void aDirectedGraphWithEveryMirrorSharesItsStructureUntilABatch() {
        Graph u = random(12, 40, 150, false, false);
        Graph g = new Graph("mirrored", 40, 40, u.rowPtr(), u.colIdx(), null, Symmetry.GENERAL, ValueKind.PATTERN,
                VertexIds.offset(0), 0);
        GraphTensor t = GraphTensor.of(g, GraphTensor.format("dense,ctree"), 2);
        assertSame(t.a(), t.at(), "AT = A when every edge has its mirror");
        assertFalse(t.holdsInEdges());
        int v = 1;
        while (t.a().getAsBoolean(0, v)) {
            v++;
        }
        t.insertBatch(new int[] {0}, new int[] {v}, null, 1, 1, BatchGrowth.FIXED);
        assertTrue(t.holdsInEdges(), "a directed batch separates the in-edges");
        assertTrue(t.a().getAsBoolean(0, v));
        assertFalse(t.a().getAsBoolean(v, 0));
        assertTrue(t.at().getAsBoolean(v, 0));
        assertFalse(t.at().getAsBoolean(0, v));
        t.check();
    }

    @Test
    void aBatchMayAddVerticesOnlyWhenAskedAndWhenTheirIdsFollow() {
        Graph g = random(9, 10, 30, true, false);
        GraphTensor t = GraphTensor.of(g, GraphTensor.format("dense,list"), 1);
        IllegalArgumentException fixed = assertThrows(IllegalArgumentException.class,
                () -> t.insertBatch(new int[] {0}, new int[] {12}, null, 1, 1, BatchGrowth.FIXED));
        assertTrue(fixed.getMessage().contains("outside"), fixed.getMessage());
        assertEquals(0, t.version());
        t.insertBatch(new int[] {0}, new int[] {12}, null, 1, 1, BatchGrowth.ADD_VERTICES);
        assertEquals(13, t.numVertices());
        assertEquals(13, t.a().dimension(0));
        assertEquals(13, t.a().dimension(1));
        assertEquals(13, t.at().dimension(0));
        assertEquals(12, t.id().getAsLong(12));
        assertTrue(t.at().getAsBoolean(12, 0));
        Graph explicit = new Graph("ldbc", 2, 2, new int[] {0, 1, 1}, new int[] {1}, null, Symmetry.GENERAL,
                ValueKind.PATTERN, VertexIds.explicit(new long[] {100, 200}), 0);
        GraphTensor e = GraphTensor.of(explicit, GraphTensor.format("dense,list"), 1);
        IllegalArgumentException ids = assertThrows(IllegalArgumentException.class,
                () -> e.insertBatch(new int[] {0}, new int[] {2}, null, 1, 1, BatchGrowth.ADD_VERTICES));
        assertTrue(ids.getMessage().contains("ids of their own"), ids.getMessage());
        assertEquals(0, e.version());
    }

    @Test
    void aRefusedBatchChangesNothing() {
        Graph g = random(10, 20, 60, false, true);
        GraphTensor t = GraphTensor.of(g, GraphTensor.format("dense,ctree"), 1);
        Graph before = t.toGraph();
        assertThrows(IllegalArgumentException.class, () -> t.insertBatch(new int[] {0, 1}, new int[] {1, 2},
                new double[] {1.0, Double.NaN}, 2, 1, BatchGrowth.FIXED));
        assertThrows(IllegalArgumentException.class, () -> t.insertBatch(new int[] {0, -1}, new int[] {1, 2}, null, 2,
                1, BatchGrowth.ADD_VERTICES));
        assertThrows(IllegalArgumentException.class, () -> t.deleteBatch(new int[] {0, 1}, new int[] {1, 20}, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> t.insertBatch(new int[] {0}, new int[] {1}, null, 3, 1,
                BatchGrowth.FIXED));
        assertEquals(0, t.version());
        Graph after = t.toGraph();
        assertTrue(java.util.Arrays.equals(before.rowPtr(), after.rowPtr()));
        assertTrue(java.util.Arrays.equals(before.colIdx(), after.colIdx()));
        assertTrue(java.util.Arrays.equals(before.weights(), after.weights()));
    }

    @Test
    void nonFiniteWeightsStayOutOfTheStructure() {
        Graph g = new Graph("nan", 3, 3, new int[] {0, 1, 2, 2}, new int[] {1, 2}, new double[] {1.5, Double.NaN},
                Symmetry.GENERAL, ValueKind.REAL, VertexIds.offset(0), 0);
        for (String f : new String[] {"dense,compressed", "dense,ctree"}) {
            GraphTensor t = GraphTensor.of(g, GraphTensor.format(f), 1);
            assertTrue(t.a().getAsBoolean(1, 2), f);
            assertEquals(1.5, t.w().getAsDouble(0, 1), f);
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> t.insertBatch(new int[] {0}, new int[] {2}, null, 1, 1, BatchGrowth.FIXED));
            assertTrue(e.getMessage().contains("NaN or infinite weights"), e.getMessage());
            assertEquals(0, t.version());
        }
    }

    @Test
    void aFormatWithoutDynamicLastLevelTakesNoBatches() {
        for (String f : new String[] {"dense,compressed", "dense,hashed"}) {
            GraphTensor t = GraphTensor.of(random(11, 10, 30, false, false), GraphTensor.format(f), 1);
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> t.insertBatch(new int[] {0}, new int[] {1}, null, 1, 1, BatchGrowth.FIXED));
            assertTrue(e.getMessage().startsWith("format " + f + " takes no batch updates"), e.getMessage());
            assertThrows(UnsupportedOperationException.class, () -> t.deleteBatch(new int[] {0}, new int[] {1}, 1, 1));
            assertEquals(0, t.version());
        }
    }

    @Test
    void conversionsAreCountedByOrder() {
        Tensor m = Tensor.fromCsr(Format.csr(), 2, 2, new int[] {0, 1, 3}, new int[] {1, 0, 1}, null,
                ValueMode.POSITION, 1);
        Tensor v = GraphTensor.denseVector(Values.ofInts(new int[] {0, 3, 0}));
        long all = Tensor.conversionCount();
        long matrices = Tensor.matrixConversionCount();
        m.convert(FormatParser.parse("dense,list"));
        v.convert(FormatParser.parse("compressed"));
        // Other tests may convert at the same time: the counters grow by at least what this one did.
        assertTrue(Tensor.conversionCount() - all >= 2);
        assertTrue(Tensor.matrixConversionCount() - matrices >= 1);
    }
}
