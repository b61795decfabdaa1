package org.stag.algorithms.handwritten;

import java.util.Arrays;
import org.stag.algorithms.graph.Csr;

/**
 * Community detection by label propagation with LDBC Graphalytics semantics (deterministic, synchronous
 * variant of Raghavan et al.).
 *
 * <p>Every vertex starts with its own id <em>in the input's numbering</em> ({@code Csr.ids()}), not its
 * internal id: ties are broken by the smallest label, so the numbering decides results. Each of a fixed
 * number of rounds computes every vertex's new label from the previous round's labels: the most frequent
 * label among its neighbours, the smallest of those when several are equally frequent. For a directed graph
 * both in- and out-neighbours count, so a neighbour joined by edges in both directions counts twice. For an
 * undirected graph each neighbour counts once (LDBC counts it as in- and out-neighbour, which doubles every
 * frequency and changes nothing). A vertex without neighbours keeps its label. A self-loop makes a vertex its
 * own neighbour, as the definition reads; LDBC graphs have none.
 *
 * <p>Each vertex sorts its neighbours' labels in a buffer of its block, as wide as the block's widest row
 * (together at most the number of stored edges, twice for directed graphs); vertices are independent, so the
 * result does not depend on the thread count.
 */
public final class Cdlp {
    private Cdlp() {
    }

    /**
     * The labels after {@code iterations} rounds, by internal id.
     *
     * @param iterations rounds to run, at least 0
     * @param threads    worker threads, at least 1
     */
    public static long[] run(Csr g, int iterations, int threads) {
        if (iterations < 0) {
            throw new IllegalArgumentException("iterations must be at least 0, got " + iterations);
        }
        VertexBlocks.checkThreads(threads);
        int n = g.n();
        long[] labels = new long[n];
        for (int v = 0; v < n; v++) {
            labels[v] = g.external(v);
        }
        if (iterations == 0 || n == 0) {
            return labels;
        }
        long[] next = new long[n];
        long[][] scratch = new long[VertexBlocks.count(n)][];
        int[] outPtr = g.outPtr();
        int[] outIdx = g.outIdx();
        int[] inPtr = g.inPtr();
        int[] inIdx = g.inIdx();
        boolean directed = g.directed();
        for (int it = 0; it < iterations; it++) {
            long[] cur = labels;
            long[] out = next;
            VertexBlocks.forEach(threads, n, b -> {
                long[] buf = scratch[b];
                if (buf == null) {
                    buf = new long[NeighbourBuffers.widestRow(g, b, directed)];
                    scratch[b] = buf;
                }
                for (int v = VertexBlocks.start(b), end = VertexBlocks.end(b, n); v < end; v++) {
                    int k = 0;
                    for (int p = outPtr[v], stop = outPtr[v + 1]; p < stop; p++) {
                        buf[k++] = cur[outIdx[p]];
                    }
                    if (directed) {
                        for (int p = inPtr[v], stop = inPtr[v + 1]; p < stop; p++) {
                            buf[k++] = cur[inIdx[p]];
                        }
                    }
                    out[v] = k == 0 ? cur[v] : mostFrequent(buf, k);
                }
            });
            next = labels;
            labels = out;
        }
        return labels;
    }

    /** The most frequent of {@code buf[0..k)}, the smallest among equally frequent; sorts the buffer. */
    static long mostFrequent(long[] buf, int k) {
        Arrays.sort(buf, 0, k);
        long best = buf[0];
        int bestCount = 0;
        int i = 0;
        while (i < k) {
            long x = buf[i];
            int j = i + 1;
            while (j < k && buf[j] == x) {
                j++;
            }
            if (j - i > bestCount) {
                best = x;
                bestCount = j - i;
            }
            i = j;
        }
        return best;
    }
}
