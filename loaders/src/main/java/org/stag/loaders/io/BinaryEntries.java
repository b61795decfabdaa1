package org.stag.loaders.io;

import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;

/**
 * The entries of a built graph as an {@link EdgeList}, for callers of {@link GraphLoader#read} on a binary
 * file: a symmetric graph gives its lower triangle (as a Matrix Market file would store it), so that building
 * it again gives the same graph.
 */
final class BinaryEntries {
    private BinaryEntries() {
    }

    static EdgeList of(Graph g) {
        Symmetry sym = g.symmetry();
        int n = g.numRows();
        int[] rowPtr = g.rowPtr();
        int[] col = g.colIdx();
        double[] w = g.weights();
        int kept = 0;
        for (int r = 0; r < n; r++) {
            for (int p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
                if (keep(sym, r, col[p])) {
                    kept++;
                }
            }
        }
        int[] src = new int[kept];
        int[] dst = new int[kept];
        double[] val = w == null ? null : new double[kept];
        long[] exact = g.exactValues();
        long[] keptExact = exact == null ? null : new long[kept];
        int k = 0;
        for (int r = 0; r < n; r++) {
            for (int p = rowPtr[r]; p < rowPtr[r + 1]; p++) {
                if (keep(sym, r, col[p])) {
                    src[k] = r;
                    dst[k] = col[p];
                    if (val != null) {
                        val[k] = w[p];
                    }
                    if (keptExact != null) {
                        keptExact[k] = exact[p];
                    }
                    k++;
                }
            }
        }
        return new EdgeList(g.source(), n, g.numCols(), src, dst, val, kept, sym, g.valueKind(), g.ids(), null)
                .withValues(keptExact, g.valueType());
    }

    private static boolean keep(Symmetry sym, int r, int c) {
        return switch (sym) {
            case GENERAL -> true;
            case SYMMETRIC -> c <= r;
            case SKEW_SYMMETRIC -> c < r;
        };
    }
}
