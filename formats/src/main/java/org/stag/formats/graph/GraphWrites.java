package org.stag.formats.graph;

import java.util.Arrays;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.UpdateStats;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.tensor.Tensor;

/**
 * The write path of a {@link GraphTensor}: edge batches into the structures of both directions (an undirected
 * graph's one structure takes each edge both ways, a directed graph's out- and in-structures take it apart), and
 * the stored weights a {@link DynamicGraph} classifies a batch by.
 */
final class GraphWrites {
    private GraphWrites() {
    }

    /** {@link GraphTensor#insertBatch}. */
    static UpdateStats insert(GraphTensor g, int[] src, int[] dst, double[] w, int count, int threads, BatchGrowth growth) {
        g.refuseIfFrozen();
        if (growth == BatchGrowth.ADD_VERTICES && !g.graph().ids().isOffset()) {
            throw new IllegalArgumentException("the vertices of " + g.graph().source() + " have ids of their own, so a"
                    + " batch cannot add vertices (BatchGrowth.ADD_VERTICES); the batch was refused whole");
        }
        Tensor out = g.outBatchable();
        UpdateStats s;
        if (!g.directed()) {
            Mirrored b = Mirrored.of(src, dst, w, count);
            s = out.insertBatch(b.rows, b.cols, b.weights, b.size, threads, growth);
        } else {
            Tensor in = g.inBatchable();
            s = out.insertBatch(src, dst, w, count, threads, growth);
            // The same coordinates swapped: accepted, since the out-structure accepted them.
            in.insertBatch(dst, src, w, count, threads, growth);
        }
        g.batchApplied(s.inserted() - s.deleted());
        return s;
    }

    /** {@link GraphTensor#deleteBatch}. */
    static UpdateStats delete(GraphTensor g, int[] src, int[] dst, int count, int threads) {
        Tensor out = g.outBatchable();
        UpdateStats s;
        if (!g.directed()) {
            Mirrored b = Mirrored.of(src, dst, null, count);
            s = out.deleteBatch(b.rows, b.cols, b.size, threads);
        } else {
            Tensor in = g.inBatchable();
            s = out.deleteBatch(src, dst, count, threads);
            in.deleteBatch(dst, src, count, threads);
        }
        g.batchApplied(s.inserted() - s.deleted());
        return s;
    }

    /**
     * The weights of edges as stored (1.0 in a pattern; NaN where an edge is not stored or a vertex is not in the
     * graph): row {@code rows[i]} with the columns {@code cols[start[i], start[i + 1])} (rows distinct, columns
     * sorted and distinct within a row), weights to {@code out} at the columns' indices; read from the
     * out-structure on {@code threads} threads, each row's columns in one pass over its structure. Safe once
     * {@link #prepareLookups} ran, while no batch is applied.
     */
    static void storedWeights(GraphTensor g, int[] rows, int[] start, int count, int[] cols, double[] out, int threads) {
        Tensor t = g.outStructure();
        int n = g.numVertices();
        DynamicLevel top = t.level(0) instanceof DynamicLevel d ? d : null;
        int[] parents = new int[count];
        for (int i = 0; i < count; i++) {
            int r = rows[i];
            parents[i] = r >= n ? -1 : top == null ? r : top.positionOf(r);
        }
        ((DynamicLevel) t.level(1)).values(parents, start, count, cols, out, threads);
    }

    /** Makes what {@link #storedWeights} builds on first use (a row level's directory) before threads share it. */
    static void prepareLookups(GraphTensor g) {
        Tensor t = g.outStructure();
        if (t.level(0) instanceof DynamicLevel rows) {
            rows.positionOf(0);
        }
    }

    /** An undirected batch with each edge in both directions: the given entries first, then their mirrors. */
    private record Mirrored(int[] rows, int[] cols, double[] weights, int size) {
        static Mirrored of(int[] src, int[] dst, double[] w, int count) {
            if (count < 0 || count > src.length || count > dst.length || (w != null && count > w.length)) {
                // Not mirrored: the tensor's own check refuses the batch and names the problem.
                return new Mirrored(src, dst, w, count);
            }
            int[] rows = Arrays.copyOf(src, 2 * count);
            int[] cols = Arrays.copyOf(dst, 2 * count);
            System.arraycopy(dst, 0, rows, count, count);
            System.arraycopy(src, 0, cols, count, count);
            double[] weights = null;
            if (w != null) {
                weights = Arrays.copyOf(w, 2 * count);
                System.arraycopy(w, 0, weights, count, count);
            }
            return new Mirrored(rows, cols, weights, 2 * count);
        }
    }
}
