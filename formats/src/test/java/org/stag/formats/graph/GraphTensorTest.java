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
