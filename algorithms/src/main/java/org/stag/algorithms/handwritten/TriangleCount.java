package org.stag.algorithms.handwritten;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import org.stag.algorithms.graph.Csr;

/**
 * Triangle counting as GAP's {@code tc} counts: on the undirected graph (a directed graph's edges taken in both
 * directions), without self-loops or duplicate edges, each triangle once.
 *
 * <p>GAP's {@code Hybrid}: when the graph is dense and skewed enough ({@link #worthRelabelling}, GAP's
 * {@code WorthRelabelling}: average degree at least 10 and the sampled mean degree above 1.3 times the sampled
 * median), the vertices are renumbered by decreasing degree first. Then the ordered count: for every vertex
 * {@code u} and neighbour {@code v < u}, the neighbours {@code w < v} of {@code u} are merged against {@code v}'s
 * sorted row, and each common one is a triangle {@code w < v < u}. Rows are sorted, so both loops stop at the
 * bound. The renumbering does not change the count; it makes the rows that are read prefixes of the
 * low-degree vertices' rows. This is the independent reference of {@code tc.stag}, which orients edges by
 * degree instead of renumbering.
 */
public final class TriangleCount {
    private TriangleCount() {
    }

    /**
     * The number of triangles.
     *
     * @param threads worker threads, at least 1
     */
    public static long run(Csr g, int threads) {
        VertexBlocks.checkThreads(threads);
        int[][] rows = undirected(g);
        int[] ptr = rows[0];
        int[] idx = rows[1];
        if (worthRelabelling(ptr)) {
            int[][] r = relabelByDegree(ptr, idx);
            ptr = r[0];
            idx = r[1];
        }
        return orderedCount(ptr, idx, threads);
    }

    /** The ordered count over sorted, de-duplicated, symmetric rows without self-loops. */
    static long orderedCount(int[] ptr, int[] idx, int threads) {
        int n = ptr.length - 1;
        AtomicLongArray parts = new AtomicLongArray(VertexBlocks.count(n));
        VertexBlocks.forEach(threads, n, b -> {
            long total = 0;
            for (int u = VertexBlocks.start(b), end = VertexBlocks.end(b, n); u < end; u++) {
                for (int p = ptr[u]; p < ptr[u + 1]; p++) {
                    int v = idx[p];
                    if (v > u) {
                        break;
                    }
                    int it = ptr[v];
                    for (int q = ptr[u]; q < ptr[u + 1]; q++) {
                        int w = idx[q];
                        if (w > v) {
                            break;
                        }
                        while (idx[it] < w) {
                            it++;
                        }
                        if (idx[it] == w) {
                            total++;
                        }
                    }
                }
            }
            parts.set(b, total);
        });
        long sum = 0;
        for (int b = 0; b < parts.length(); b++) {
            sum += parts.get(b);
        }
        return sum;
    }

    /** GAP's heuristic: average degree at least 10 and a sampled mean degree above 1.3 times the median. */
    static boolean worthRelabelling(int[] ptr) {
        int n = ptr.length - 1;
        if (n == 0 || (long) ptr[n] / n < 10) {
            return false;
        }
        SplittableRandom random = new SplittableRandom(27491095);
        int samples = Math.min(1000, n);
        long[] degrees = new long[samples];
        long total = 0;
        for (int s = 0; s < samples; s++) {
            int v = random.nextInt(n);
            degrees[s] = ptr[v + 1] - ptr[v];
            total += degrees[s];
        }
        Arrays.sort(degrees);
        return (double) total / samples / 1.3 > degrees[samples / 2];
    }

    /**
     * The undirected rows: each vertex's out- and (directed) in-neighbours, sorted, without duplicates or
     * itself, as {ptr, idx}.
     */
    static int[][] undirected(Csr g) {
        int n = g.n();
        int[] outPtr = g.outPtr();
        int[] outIdx = g.outIdx();
        int[] inPtr = g.directed() ? g.inPtr() : null;
        int[] inIdx = g.directed() ? g.inIdx() : null;
        int[] ptr = new int[n + 1];
        int[] idx = new int[g.directed() ? 2 * g.m() : g.m()];
        int k = 0;
        for (int v = 0; v < n; v++) {
            ptr[v] = k;
            int i = outPtr[v];
            int j = inPtr == null ? 0 : inPtr[v];
            int iEnd = outPtr[v + 1];
            int jEnd = inPtr == null ? 0 : inPtr[v + 1];
            int last = -1;
            while (i < iEnd || j < jEnd) {
                int x = j >= jEnd || (i < iEnd && outIdx[i] <= inIdx[j]) ? outIdx[i++] : inIdx[j++];
                if (x != v && x != last) {
                    idx[k++] = x;
                    last = x;
                }
            }
        }
        ptr[n] = k;
        return new int[][] {ptr, Arrays.copyOf(idx, k)};
    }

    /** Renumbers the vertices by decreasing degree (ties by increasing id); rows re-sorted in the new ids. */
    static int[][] relabelByDegree(int[] ptr, int[] idx) {
        int n = ptr.length - 1;
        long[] keys = new long[n];
        for (int v = 0; v < n; v++) {
            keys[v] = ((long) (Integer.MAX_VALUE - (ptr[v + 1] - ptr[v])) << 32) | v;
        }
        Arrays.parallelSort(keys);
        int[] newId = new int[n];
        int[] newPtr = new int[n + 1];
        for (int r = 0; r < n; r++) {
            int v = (int) keys[r];
            newId[v] = r;
            newPtr[r + 1] = newPtr[r] + ptr[v + 1] - ptr[v];
        }
        int[] newIdx = new int[idx.length];
        for (int r = 0; r < n; r++) {
            int v = (int) keys[r];
            int at = newPtr[r];
            for (int p = ptr[v]; p < ptr[v + 1]; p++) {
                newIdx[at++] = newId[idx[p]];
            }
            Arrays.sort(newIdx, newPtr[r], newPtr[r + 1]);
        }
        return new int[][] {newPtr, newIdx};
    }
}
