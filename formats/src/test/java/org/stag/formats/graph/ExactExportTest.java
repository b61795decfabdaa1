package org.stag.formats.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.tensor.FormatParser;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * {@link GraphTensor#toGraph} (what {@code stag convert --format F} writes) gives back every edge with its exact
 * value: an edge whose weight is W's fill ({@code inf}) is an edge, and int64 values beyond {@code 2^53} keep
 * their 64 bits.
 */
class ExactExportTest {
    /** Defect 2: duplicates {@code 1e308 + 1e308} sum to {@code +inf}; the edge must stay. */
    @ParameterizedTest
    @ValueSource(strings = {"dense,compressed", "dense,dense", "dense,bitmap", "dense,hashed", "compressed,compressed",
        "dense,ctree", "dense,bst", "bst,ctree"})
    void anEdgeWhoseDuplicatesSumToInfinityIsKept(String format) {
        EdgeList e = new EdgeList("x.mtx", 3, 3, new int[] {0, 0, 1}, new int[] {1, 1, 2},
                new double[] {1e308, 1e308, -0.0}, 3, Symmetry.GENERAL, ValueKind.REAL, VertexIds.offset(1), null);
        Graph g = GraphBuilder.build(e, DuplicatePolicy.SUM, 1);
        assertEquals(2, g.numEdges());
        Graph back = GraphTensor.of(g, FormatParser.parse(format), 1).toGraph();
        assertEquals(2, back.numEdges(), format);
        assertArrayEquals(new int[] {1, 2}, back.colIdx(), format);
        assertEquals(Double.POSITIVE_INFINITY, back.weights()[0], format);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(back.weights()[1]), format);
    }

    /** int64 values beyond 2^53 come back as the same 64 bits, with the declared type. */
    @ParameterizedTest
    @ValueSource(strings = {"dense,compressed", "dense,dense", "dense,hashed", "compressed,compressed", "dense,ctree",
        "dense,list", "bst,ctree"})
    void int64ExtremesComeBackExactly(String format) {
        long[] values = {Long.MAX_VALUE, Long.MIN_VALUE, (1L << 53) + 1, 0};
        double[] nearest = new double[values.length];
        for (int k = 0; k < values.length; k++) {
            nearest[k] = values[k];
        }
        EdgeList e = new EdgeList("x.mtx", 4, 4, new int[] {0, 1, 2, 3}, new int[] {1, 2, 3, 0}, nearest, 4,
                Symmetry.GENERAL, ValueKind.INTEGER, VertexIds.offset(1), null).withValues(values, GraphBlasType.INT64);
        Graph g = GraphBuilder.build(e, DuplicatePolicy.SUM, 1);
        Graph back = GraphTensor.of(g, FormatParser.parse(format), 1).toGraph();
        assertArrayEquals(values, back.exactValues(), format);
        assertSame(GraphBlasType.INT64, back.valueType(), format);
        assertEquals(ValueKind.INTEGER, back.valueKind(), format);
    }

    /** Batches carry doubles: a graph holding integers beyond 2^53 refuses them, in one line, and keeps its values. */
    @ParameterizedTest
    @ValueSource(strings = {"dense,ctree", "dense,bst"})
    void aGraphWithExactIntegersRefusesBatches(String format) {
        long[] values = {Long.MAX_VALUE, 7};
        EdgeList e = new EdgeList("x.mtx", 3, 3, new int[] {0, 1}, new int[] {1, 2}, new double[] {Long.MAX_VALUE, 7}, 2,
                Symmetry.GENERAL, ValueKind.INTEGER, VertexIds.offset(1), null).withValues(values, null);
        GraphTensor t = GraphTensor.of(GraphBuilder.build(e, DuplicatePolicy.SUM, 1), FormatParser.parse(format), 1);
        UnsupportedOperationException x = assertThrows(UnsupportedOperationException.class,
                () -> t.insertBatch(new int[] {2}, new int[] {0}, new double[] {1}, 1, 1, BatchGrowth.FIXED));
        assertTrue(x.getMessage().contains("beyond 2^53"), x.getMessage());
        assertArrayEquals(values, t.toGraph().exactValues());
    }

    /** A graph whose doubles are its values keeps no exact column, as loaded. */
    @ParameterizedTest
    @ValueSource(strings = {"dense,compressed", "dense,dense"})
    void smallIntegersNeedNoExactColumn(String format) {
        EdgeList e = new EdgeList("x.mtx", 2, 2, new int[] {0}, new int[] {1}, new double[] {3}, 1,
                Symmetry.GENERAL, ValueKind.INTEGER, VertexIds.offset(1), null);
        Graph back = GraphTensor.of(GraphBuilder.build(e, DuplicatePolicy.SUM, 1), FormatParser.parse(format), 1).toGraph();
        assertNull(back.exactValues());
        assertEquals(3.0, back.weights()[0]);
    }
}
