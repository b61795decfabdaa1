package org.stag.algorithms.handwritten;

import org.stag.algorithms.graph.Csr;

/**
 * Local clustering coefficient with LDBC Graphalytics semantics.
 *
 * <p>The neighbours {@code N(v)} of a vertex are its in- and out-neighbours together, without {@code v}
 * itself. With {@code d = |N(v)|},
 * <pre>
 *   lcc(v) = |{(u, w) : u, w in N(v), u != w, edge u -> w exists}| / (d (d - 1))
 * </pre>
 * and {@code lcc(v) = 0} when {@code d < 2}. Pairs are ordered, so in a directed graph the edges
 * {@code u -> w} and {@code w -> u} count separately; an undirected graph is stored mirrored and the same
 * formula counts each undirected edge among the neighbours twice, which gives the usual undirected
 * coefficient.
 *
 * <p>The neighbour set is merged into a sorted buffer of its block; each neighbour's out-row is intersected
 * with it by a linear merge or, when one list is much shorter, by binary search. Vertices are independent,
 * so the result does not depend on the thread count.
 */
public final class Lcc {
    private Lcc() {
    }

    /**
     * The coefficient of every vertex, by internal id.
     *
     * @param threads worker threads, at least 1
     */
    public static double[] run(Csr g, int threads) {
        VertexBlocks.checkThreads(threads);
        int n = g.n();
        double[] lcc = new double[n];
        boolean directed = g.directed();
        int[] outPtr = g.outPtr();
        int[] outIdx = g.outIdx();
        int[] inPtr = g.inPtr();
        int[] inIdx = g.inIdx();
        VertexBlocks.forEach(threads, n, b -> {
            int[] nbrs = new int[NeighbourBuffers.widestRow(g, b, directed)];
            for (int v = VertexBlocks.start(b), end = VertexBlocks.end(b, n); v < end; v++) {
                int d = directed
                        ? union(outIdx, outPtr[v], outPtr[v + 1], inIdx, inPtr[v], inPtr[v + 1], v, nbrs)
                        : without(outIdx, outPtr[v], outPtr[v + 1], v, nbrs);
                if (d < 2) {
                    lcc[v] = 0.0;
                    continue;
                }
                long links = 0;
                for (int i = 0; i < d; i++) {
                    int u = nbrs[i];
                    links += common(outIdx, outPtr[u], outPtr[u + 1], nbrs, d, u);
                }
                lcc[v] = (double) links / ((double) d * (d - 1));
            }
        });
        return lcc;
    }

    /** Copies {@code a[from..to)} without {@code skip} into {@code dst}; returns the count. */
    private static int without(int[] a, int from, int to, int skip, int[] dst) {
        int k = 0;
        for (int p = from; p < to; p++) {
            if (a[p] != skip) {
                dst[k++] = a[p];
            }
        }
        return k;
    }

    /** The sorted union of two sorted rows without {@code skip}, into {@code dst}; returns its size. */
    private static int union(int[] a, int i, int iEnd, int[] b, int j, int jEnd, int skip, int[] dst) {
        int k = 0;
        while (i < iEnd || j < jEnd) {
            int x;
            if (j >= jEnd || (i < iEnd && a[i] < b[j])) {
                x = a[i++];
            } else if (i >= iEnd || b[j] < a[i]) {
                x = b[j++];
            } else {
                x = a[i++];
                j++;
            }
            if (x != skip) {
                dst[k++] = x;
            }
        }
        return k;
    }

    /** How many of {@code row[from..to)}, other than {@code skip}, occur in the sorted {@code set[0..size)}. */
    private static int common(int[] row, int from, int to, int[] set, int size, int skip) {
        int len = to - from;
        int count = 0;
        if (len * 8L < size) {
            for (int p = from; p < to; p++) {
                int w = row[p];
                if (w != skip && contains(set, size, w)) {
                    count++;
                }
            }
        } else if (size * 8L < len) {
            for (int i = 0; i < size; i++) {
                int w = set[i];
                if (w != skip && containsRange(row, from, to, w)) {
                    count++;
                }
            }
        } else {
            int i = from;
            int j = 0;
            while (i < to && j < size) {
                int x = row[i];
                int y = set[j];
                if (x < y) {
                    i++;
                } else if (y < x) {
                    j++;
                } else {
                    if (x != skip) {
                        count++;
                    }
                    i++;
                    j++;
                }
            }
        }
        return count;
    }

    private static boolean contains(int[] sorted, int size, int key) {
        return containsRange(sorted, 0, size, key);
    }

    private static boolean containsRange(int[] sorted, int from, int to, int key) {
        int lo = from;
        int hi = to - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = sorted[mid];
            if (c < key) {
                lo = mid + 1;
            } else if (c > key) {
                hi = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }
}
