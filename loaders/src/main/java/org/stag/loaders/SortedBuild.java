package org.stag.loaders;

import java.util.Arrays;

/**
 * Builds a directed edge list whose entries are already in CSR order, sorted by source and then strictly by
 * target (GAP's converter, {@code stag convert} and many tools write files so): the targets are the column
 * array as they stand and the row offsets come from where the source changes, so the scatter and the row
 * sorts of the general build are skipped. Strictly increasing pairs have no duplicates, so the result is
 * exactly the general build's under every policy. Time: one read of the two id arrays and one write of the
 * offsets, on all threads; no other allocation than the offsets (and a trimmed copy of the targets when
 * the parser's arrays are longer than the entries).
 */
final class SortedBuild {
    private SortedBuild() {
    }

    /** The graph of {@code edges}, read as directed, or {@code null} when its entries are not in CSR order. */
    static Graph build(EdgeList edges, int threads) {
        int m = edges.size();
        int n = edges.rowBound();
        int[] src = edges.src();
        int[] dst = edges.dst();
        if (m == 0 || !inOrder(src, dst, m, n, threads)) {
            return null;
        }
        double[] w = edges.weights();
        long copies = (dst.length == m ? 0 : 4L * m) + (w == null || w.length == m ? 0 : 8L * m);
        MemoryBudget.require(edges.source(), 0, 4L * (n + 1) + copies,
                MemoryBudget.describe(edges.numRows(), edges.numCols(), m));
        int[] rowPtr = new int[n + 1];
        int blocks = Math.max(1, Math.min(threads, m / 65536 + 1));
        int[] bounds = Parallel.split(m, blocks);
        // Row r starts at the first entry whose source is at least r: each block sets the offsets of the rows
        // from just after its previous entry's source up to each source it meets, so every row is set once.
        Parallel.forEachBlock(threads, blocks, b -> {
            int prev = bounds[b] == 0 ? -1 : src[bounds[b] - 1];
            for (int k = bounds[b], end = bounds[b + 1]; k < end; k++) {
                int s = src[k];
                while (prev < s) {
                    rowPtr[++prev] = k;
                }
            }
        });
        for (int r = src[m - 1] + 1; r <= n; r++) {
            rowPtr[r] = m;
        }
        int[] col = dst.length == m ? dst : Arrays.copyOf(dst, m);
        double[] val = w == null || w.length == m ? w : Arrays.copyOf(w, m);
        return new Graph(edges.source(), edges.numRows(), edges.numCols(), rowPtr, col, val, edges.symmetry(),
                edges.valueKind(), edges.ids(), 0, 0);
    }

    /** Whether every source is in {@code [0, n)} and the pairs increase strictly (source, then target). */
    static boolean inOrder(int[] src, int[] dst, int m, int n, int threads) {
        int blocks = Math.max(1, Math.min(threads, m / 65536 + 1));
        int[] bounds = Parallel.split(m, blocks);
        boolean[] ok = new boolean[blocks];
        Parallel.forEachBlock(threads, blocks, b -> {
            int from = Math.max(1, bounds[b]);
            int end = bounds[b + 1];
            boolean good = src[0] >= 0 && src[m - 1] < n;
            for (int k = from; k < end && good; k++) {
                int s0 = src[k - 1];
                int s1 = src[k];
                good = s0 < s1 || s0 == s1 && dst[k - 1] < dst[k];
            }
            ok[b] = good;
        });
        for (boolean b : ok) {
            if (!b) {
                return false;
            }
        }
        return true;
    }
}
