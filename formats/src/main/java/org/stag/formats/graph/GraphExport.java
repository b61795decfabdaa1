package org.stag.formats.graph;

import java.util.Arrays;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.VertexIds;

/** {@link GraphTensor#toGraph}: a graph tensor read back as a sorted CSR loader graph. */
final class GraphExport {
    private GraphExport() {
    }

    /**
     * The edges of pattern {@code a} as a sorted CSR graph with the source's symmetry, value kind, declared type
     * and vertex ids; each edge's weight from {@code w} and its exact integer from {@code exact} (either null when
     * there is none). The three are one format over one set of edges, so their cursors walk the same coordinates;
     * {@code a} alone tells an edge from a coordinate nobody gave (a dense last level yields every position), so
     * no weight, not even W's fill {@code inf}, is taken for an absent edge.
     */
    static Graph toGraph(GraphTensor g, Tensor a, Tensor w, Tensor exact, int threads) {
        Graph graph = g.graph();
        if (a.level(1) instanceof org.stag.formats.level.BlockedLevel b) {
            // 64-bit positions: the blocks are the graph's rows as they are.
            return new Graph(graph.source(), b.parentSize(), b.dimension(), b.rows(), graph.symmetry(), graph.valueKind(),
                    graph.ids(), graph.duplicates());
        }
        if (a.level(1).entries() > org.stag.formats.level.Level.MAX_SIZE) {
            throw new UnsupportedOperationException(graph.source() + ": a graph of " + a.level(1).entries()
                    + " entries is read back from dense,compressed only; convert it in that format");
        }
        int n = g.numVertices();
        int cap = 16;
        int[] src = new int[cap];
        int[] dst = new int[cap];
        double[] wv = w != null ? new double[cap] : null;
        long[] ev = exact != null ? new long[cap] : null;
        int m = 0;
        TensorCursor c = a.cursor();
        TensorCursor cw = w != null ? w.cursor() : null;
        TensorCursor ce = exact != null ? exact.cursor() : null;
        while (c.next()) {
            int r = c.coordinate(0);
            int k = c.coordinate(1);
            double weight = cw != null ? step(cw, r, k).doubleValue() : 0;
            long value = ce != null ? step(ce, r, k).longValue() : 0;
            if (!c.booleanValue()) {
                continue;
            }
            if (m == src.length) {
                cap *= 2;
                src = Arrays.copyOf(src, cap);
                dst = Arrays.copyOf(dst, cap);
                wv = wv != null ? Arrays.copyOf(wv, cap) : null;
                ev = ev != null ? Arrays.copyOf(ev, cap) : null;
            }
            src[m] = r;
            dst[m] = k;
            if (wv != null) {
                wv[m] = weight;
            }
            if (ev != null) {
                ev[m] = value;
            }
            m++;
        }
        // Unordered levels and transposed formats walk out of row order: the builder sorts.
        EdgeList e = new EdgeList(g.format().toString(), n, n, src, dst, wv, m, Symmetry.GENERAL, graph.valueKind(),
                VertexIds.offset(0), null).withValues(ev, graph.valueType());
        Graph b = GraphBuilder.build(e, DuplicatePolicy.ERROR, threads);
        return new Graph(graph.source(), b.numRows(), b.numCols(), b.rowPtr(), b.colIdx(), b.weights(),
                graph.symmetry(), graph.valueKind(), graph.ids(), graph.duplicates(), graph.mirroredPairs(),
                b.exactValues(), graph.valueType());
    }

    /** Moves {@code c} to its next component, which must be at {@code (r, k)}, as the pattern's is. */
    private static TensorCursor step(TensorCursor c, int r, int k) {
        if (!c.next() || c.coordinate(0) != r || c.coordinate(1) != k) {
            throw new IllegalStateException("the weights of a graph tensor do not walk its pattern's coordinates at ("
                    + r + ", " + k + ")");
        }
        return c;
    }
}
