package org.stag.algorithms.run;

import org.stag.algorithms.handwritten.Sssp;
import org.stag.loaders.BadInputException;
import org.stag.loaders.EdgeFacts;
import org.stag.loaders.Graph;
import org.stag.loaders.RowBlocks;

/**
 * SSSP's weight check and default delta for a graph held in row blocks (more entries than an array holds), where
 * the hand-written {@code Csr} view does not reach: the same rules as {@code Sssp.checkWeights} and
 * {@code Sssp.defaultDelta}, block by block; for a graph whose edges are held only in the structure it was loaded
 * into, from the facts its load gathered ({@link EdgeFacts}).
 */
final class WideWeights {
    private WideWeights() {
    }

    /**
     * The largest weight (0 when unweighted) and the default delta (the mean weight, at least the largest over the
     * ring), after checking every weight is finite and non-negative.
     */
    record Facts(double maxWeight, double delta) {
    }

    /**
     * The weights' facts SSSP needs, after checking every weight is finite and non-negative.
     *
     * @throws BadInputException naming the first bad edge
     */
    static Facts checked(Graph g) {
        if (!g.holdsEdges()) {
            return held(g, g.heldFacts());
        }
        RowBlocks rows = g.blocks();
        if (!rows.weighted()) {
            return new Facts(0.0, 1.0);
        }
        double max = 0;
        double sum = 0;
        for (int b = 0; b < rows.blockCount(); b++) {
            int[] ptr = rows.ptr(b);
            int[] col = rows.col(b);
            double[] w = rows.weights(b);
            for (int l = 0; l + 1 < ptr.length; l++) {
                for (int p = ptr[l]; p < ptr[l + 1]; p++) {
                    double x = w[p];
                    if (!(x >= 0.0) || Double.isInfinite(x)) {
                        int u = rows.firstRow(b) + l;
                        throw new BadInputException("sssp: " + (x < 0 ? "negative" : "non-finite") + " weight " + x
                                + " on edge " + g.ids().external(u) + " -> " + g.ids().external(col[p]) + " of "
                                + g.source() + "; shortest paths need finite non-negative weights");
                    }
                    max = Math.max(max, x);
                    sum += x;
                }
            }
        }
        return new Facts(max, Sssp.deltaOf(max, sum, rows.entries(), () -> {
            double mean = 0.0;
            for (int b = 0; b < rows.blockCount(); b++) {
                double[] w = rows.weights(b);
                for (int p = 0, end = (int) (rows.first(b + 1) - rows.first(b)); p < end; p++) {
                    mean += w[p] / rows.entries();
                }
            }
            return mean;
        }));
    }

    /** {@link #checked} of a graph whose edges are held elsewhere, from the facts gathered as its file was read. */
    private static Facts held(Graph g, EdgeFacts f) {
        if (!g.weighted()) {
            return new Facts(0.0, 1.0);
        }
        int[] bad = f.firstNegative();
        if (bad != null) {
            throw new BadInputException("sssp: negative weight on edge " + g.ids().external(bad[0]) + " -> "
                    + g.ids().external(bad[1]) + " of " + g.source() + "; shortest paths need finite non-negative weights");
        }
        return new Facts(f.maxWeight(), Sssp.deltaOf(f.maxWeight(), f.weightSum(), f.entries(), f::weightMean));
    }
}
