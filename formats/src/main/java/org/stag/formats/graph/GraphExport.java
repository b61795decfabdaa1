package org.stag.formats.graph;

import java.util.Arrays;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/** {@link GraphTensor#toGraph}: a graph tensor read back as a sorted CSR loader graph. */
final class GraphExport {
    private GraphExport() {
    }

    /**
     * The edges of {@code t} (the graph's pattern, or its weights when it has them) as a sorted CSR graph with the
     * source's symmetry, value kind and vertex ids.
     */
    static Graph toGraph(GraphTensor g, Tensor t, int threads) {
        Graph graph = g.graph();
        if (t.level(1) instanceof org.stag.formats.level.BlockedLevel b) {
            // 64-bit positions: the blocks are the graph's rows as they are.
            return new Graph(graph.source(), b.parentSize(), b.dimension(), b.rows(), graph.symmetry(), graph.valueKind(),
                    graph.ids(), graph.duplicates());
        }
        if (t.level(1).entries() > org.stag.formats.level.Level.MAX_SIZE) {
            throw new UnsupportedOperationException(graph.source() + ": a graph of " + t.level(1).entries()
                    + " entries is read back from dense,compressed only; convert it in that format");
        }
        boolean weighted = graph.weighted();
        int n = g.numVertices();
        int cap = 16;
        int[] src = new int[cap];
        int[] dst = new int[cap];
        double[] w = weighted ? new double[cap] : null;
        int m = 0;
        TensorCursor c = t.cursor();
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            if (m == src.length) {
                cap *= 2;
                src = Arrays.copyOf(src, cap);
                dst = Arrays.copyOf(dst, cap);
                if (w != null) {
                    w = Arrays.copyOf(w, cap);
                }
            }
            src[m] = c.coordinate(0);
            dst[m] = c.coordinate(1);
            if (w != null) {
                w[m] = c.doubleValue();
            }
            m++;
        }
        // Unordered levels and transposed formats walk out of row order: the builder sorts.
        EdgeList e = new EdgeList(g.format().toString(), n, n, src, dst, w, m, Symmetry.GENERAL,
                weighted ? ValueKind.REAL : ValueKind.PATTERN, VertexIds.offset(0), null);
        Graph b = GraphBuilder.build(e, DuplicatePolicy.ERROR, threads);
        return new Graph(graph.source(), b.numRows(), b.numCols(), b.rowPtr(), b.colIdx(), b.weights(),
                graph.symmetry(), graph.valueKind(), graph.ids(), graph.duplicates());
    }
}
