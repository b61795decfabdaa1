package org.stag.loaders;

import java.util.Arrays;

/**
 * A graph in memory stored in another vertex order: the same graph with the same external ids, its rows and columns
 * renumbered. The new CSR is built beside the old one, so the graph is held twice while it runs. Graphs in row blocks
 * (past 2^31 entries) are not relabelled here; the generator writes those in degree order directly.
 */
public final class VertexRelabel {
    private VertexRelabel() {
    }

    /**
     * {@code g} stored in {@code order}: {@link VertexOrder#DEGREE} by decreasing out-degree (ties by external id
     * when the ids are dense, by the input's order for arbitrary ids); {@link VertexOrder#NONE} back in the order of the ids when they are a permutation of a
     * dense range (else {@code g} itself).
     *
     * @throws IllegalArgumentException for a graph that is not square or is held in row blocks
     */
    public static Graph toOrder(Graph g, VertexOrder order) {
        if (!g.isSquare()) {
            throw new IllegalArgumentException("only a graph (a square matrix) can be stored in another vertex order, "
                    + g.source() + " is " + g.numRows() + " x " + g.numCols());
        }
        if (g.wide()) {
            throw new IllegalArgumentException(g.source() + " holds " + g.numEntries() + " entries, past what one array"
                    + " holds; write it in degree order with stag generate --order degree instead");
        }
        int n = g.numRows();
        VertexIds ids = g.ids();
        if (order == VertexOrder.NONE) {
            if (!ids.isPermutation()) {
                return g;
            }
            int[] newToOld = new int[n];
            for (int k = 0; k < n; k++) {
                newToOld[k] = ids.writeOrder(k);
            }
            return relabel(g, newToOld, VertexIds.offset(ids.base()));
        }
        int[] rowPtr = g.rowPtr();
        int[] degree = new int[n];
        for (int v = 0; v < n; v++) {
            degree[v] = rowPtr[v + 1] - rowPtr[v];
        }
        // Ties by external id: walk the vertices in the order of their ids, so the stable sort keeps it.
        int[] byId = new int[n];
        for (int k = 0; k < n; k++) {
            byId[k] = ids.isPermutation() || ids.isOffset() ? ids.writeOrder(k) : k;
        }
        int[] sortedDegrees = new int[n];
        for (int k = 0; k < n; k++) {
            sortedDegrees[k] = degree[byId[k]];
        }
        int[] order2 = VertexOrder.byDecreasingDegree(sortedDegrees);
        int[] newToOld = new int[n];
        for (int i = 0; i < n; i++) {
            newToOld[i] = byId[order2[i]];
        }
        return relabel(g, newToOld, idsOf(ids, newToOld));
    }

    /** The ids of the relabelled graph: vertex {@code i} keeps old vertex {@code newToOld[i]}'s external id. */
    private static VertexIds idsOf(VertexIds ids, int[] newToOld) {
        int n = newToOld.length;
        if (ids.isOffset() || ids.isPermutation()) {
            int[] ext = new int[n];
            for (int i = 0; i < n; i++) {
                ext[i] = (int) (ids.external(newToOld[i]) - ids.base());
            }
            return VertexIds.permutation(ids.base(), ext).withOrder(VertexOrder.DEGREE);
        }
        long[] ext = new long[n];
        for (int i = 0; i < n; i++) {
            ext[i] = ids.external(newToOld[i]);
        }
        return VertexIds.explicit(ext).withOrder(VertexOrder.DEGREE);
    }

    /** Row {@code i} of the result is old row {@code newToOld[i]}, its columns renamed and sorted. */
    private static Graph relabel(Graph g, int[] newToOld, VertexIds newIds) {
        int n = newToOld.length;
        int[] rank = VertexOrder.inverse(newToOld);
        int[] rowPtr = g.rowPtr();
        int[] col = g.colIdx();
        double[] w = g.weights();
        long[] exact = g.exactValues();
        int[] newPtr = new int[n + 1];
        for (int i = 0; i < n; i++) {
            newPtr[i + 1] = newPtr[i] + rowPtr[newToOld[i] + 1] - rowPtr[newToOld[i]];
        }
        int m = newPtr[n];
        int[] newCol = new int[m];
        double[] newW = w == null ? null : new double[m];
        long[] newExact = exact == null ? null : new long[m];
        long[] key = new long[Math.max(1, g.maxDegree())];
        for (int i = 0; i < n; i++) {
            int from = rowPtr[newToOld[i]];
            int len = rowPtr[newToOld[i] + 1] - from;
            for (int k = 0; k < len; k++) {
                key[k] = (long) rank[col[from + k]] << 32 | k;   // the entry's position rides along with its column
            }
            Arrays.sort(key, 0, len);
            for (int k = 0; k < len; k++) {
                int at = newPtr[i] + k;
                int src = from + (int) key[k];
                newCol[at] = (int) (key[k] >>> 32);
                if (newW != null) {
                    newW[at] = w[src];
                }
                if (newExact != null) {
                    newExact[at] = exact[src];
                }
            }
        }
        return new Graph(g.source(), n, n, newPtr, newCol, newW, g.symmetry(), g.valueKind(), newIds, g.duplicates(),
                g.mirroredPairs(), newExact, g.valueType());
    }
}
