package org.stag.formats.graph;

import java.util.Arrays;
import org.stag.formats.dynamic.StoredGraph;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * A graph held as a general order-2 {@link Tensor}, for formats that are not updatable matrices (e.g.
 * {@code dense,hashed}, {@code compressed,compressed}, {@code dense,bitmap}). Weighted graphs use NaN as
 * the fill value and pattern graphs {@code false}, so every stored edge — even one of weight 0 — reads
 * back as an edge.
 */
public final class TensorGraph implements StoredGraph {
    private final Tensor tensor;
    private final boolean weighted;
    private final int threads;

    private TensorGraph(Tensor tensor, boolean weighted, int threads) {
        this.tensor = tensor;
        this.weighted = weighted;
        this.threads = threads;
    }

    /** Builds {@code g} in {@code format}. */
    public static TensorGraph build(Format format, Graph g, int threads) {
        int m = g.numEdges();
        int[] rows = new int[m];
        int[] cols = Arrays.copyOf(g.colIdx(), m);
        for (int r = 0; r < g.numRows(); r++) {
            Arrays.fill(rows, g.rowPtr()[r], g.rowPtr()[r + 1], r);
        }
        Values values;
        if (g.weighted()) {
            values = Values.ofDoubles(Arrays.copyOf(g.weights(), m), Double.NaN);
        } else {
            boolean[] present = new boolean[m];
            Arrays.fill(present, true);
            values = Values.ofBools(present, false);
        }
        Tensor t = Tensor.build(format, new int[] {g.numRows(), g.numCols()}, new int[][] {rows, cols}, values);
        return new TensorGraph(t, g.weighted(), threads);
    }

    /** The tensor. */
    public Tensor tensor() {
        return tensor;
    }

    @Override
    public int numRows() {
        return tensor.dimension(0);
    }

    @Override
    public int numCols() {
        return tensor.dimension(1);
    }

    @Override
    public long numEdges() {
        long n = 0;
        TensorCursor c = tensor.cursor();
        while (c.next()) {
            if (!c.isFill()) {
                n++;
            }
        }
        return n;
    }

    @Override
    public Graph toGraph() {
        int cap = 16;
        int[] src = new int[cap];
        int[] dst = new int[cap];
        double[] w = weighted ? new double[cap] : null;
        int n = 0;
        TensorCursor c = tensor.cursor();
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            if (n == src.length) {
                cap = cap * 2;
                src = Arrays.copyOf(src, cap);
                dst = Arrays.copyOf(dst, cap);
                if (w != null) {
                    w = Arrays.copyOf(w, cap);
                }
            }
            src[n] = c.coordinate(0);
            dst[n] = c.coordinate(1);
            if (w != null) {
                w[n] = c.doubleValue();
            }
            n++;
        }
        // The cursor walks in level order, which is column-major for a transposed format: let the builder sort.
        EdgeList e = new EdgeList(tensor.format().toString(), numRows(), numCols(), src, dst, w, n, Symmetry.GENERAL,
                weighted ? ValueKind.REAL : ValueKind.PATTERN, VertexIds.offset(0), null);
        return GraphBuilder.build(e, DuplicatePolicy.ERROR, threads);
    }

    @Override
    public long memoryBytes() {
        return tensor.memoryBytes();
    }

    @Override
    public void check() {
        tensor.check();
    }
}
