package org.stag.algorithms.handwritten;

import org.stag.algorithms.graph.Csr;

/**
 * A maximal independent set by Luby's algorithm with the priorities of {@code mis.stag}, written from the
 * definition and not from the program: the reference {@code stag compare} checks the program against, set for set.
 *
 * <p>The graph is taken as undirected and simple (an edge in either direction joins two vertices; self-loops
 * are ignored). Round {@code r} gives every undecided vertex {@code v} the priority
 * {@code hash64(hash64(seed, r), id(v))} ({@code id}: the input's vertex id, {@code hash64} as docs/language.md
 * defines it); an undecided vertex whose (priority, internal id) is larger than every undecided neighbour's
 * joins the set, and then its undecided neighbours leave. The rounds are synchronous: all decisions of a round
 * read the statuses before it, so the set depends on nothing but the seed and the graph.
 */
public final class Mis {
    private static final byte UNDECIDED = 0;
    private static final byte IN = 1;
    private static final byte OUT = 2;

    private Mis() {
    }

    /**
     * 1 for the vertices in the set, 0 for the others, by internal id.
     *
     * @param threads worker threads, at least 1
     */
    public static long[] run(Csr g, long seed, int threads) {
        VertexBlocks.checkThreads(threads);
        int n = g.n();
        byte[] status = new byte[n];
        long[] priority = new long[n];
        boolean[] joins = new boolean[n];
        int undecided = n;
        for (long round = 0; undecided > 0; round++) {
            long roundKey = hash64(seed, round);
            for (int v = 0; v < n; v++) {
                priority[v] = status[v] == UNDECIDED ? hash64(roundKey, g.external(v)) : 0;
            }
            VertexBlocks.forEach(threads, n, b -> {
                for (int v = VertexBlocks.start(b), end = VertexBlocks.end(b, n); v < end; v++) {
                    joins[v] = status[v] == UNDECIDED && isLocalMaximum(g, status, priority, v);
                }
            });
            for (int v = 0; v < n; v++) {
                if (joins[v]) {
                    status[v] = IN;
                    undecided--;
                }
            }
            for (int v = 0; v < n; v++) {
                if (joins[v]) {
                    undecided -= leave(g.outPtr(), g.outIdx(), status, v) + leave(g.inPtr(), g.inIdx(), status, v);
                }
            }
        }
        long[] member = new long[n];
        for (int v = 0; v < n; v++) {
            member[v] = status[v] == IN ? 1 : 0;
        }
        return member;
    }

    /** Whether no undecided neighbour of {@code v}, out or in, ranks above it. */
    private static boolean isLocalMaximum(Csr g, byte[] status, long[] priority, int v) {
        return beatsAll(g.outPtr(), g.outIdx(), status, priority, v) && beatsAll(g.inPtr(), g.inIdx(), status, priority, v);
    }

    private static boolean beatsAll(int[] ptr, int[] idx, byte[] status, long[] priority, int v) {
        for (int p = ptr[v]; p < ptr[v + 1]; p++) {
            int u = idx[p];
            if (u != v && status[u] == UNDECIDED
                    && (priority[u] > priority[v] || priority[u] == priority[v] && u > v)) {
                return false;
            }
        }
        return true;
    }

    /** Marks the undecided neighbours of {@code v} in one direction as out of the set; how many it marked. */
    private static int leave(int[] ptr, int[] idx, byte[] status, int v) {
        int marked = 0;
        for (int p = ptr[v]; p < ptr[v + 1]; p++) {
            int u = idx[p];
            if (status[u] == UNDECIDED) {
                status[u] = OUT;
                marked++;
            }
        }
        return marked;
    }

    /**
     * splitmix64's output function on the state {@code mix(x) + y} advanced by one step, as {@code hash64(x, y)}
     * of the language: <em>Steele, Lea and Flood, "Fast splittable pseudorandom number generators"</em> (2014).
     */
    static long hash64(long x, long y) {
        long state = finalizer(x) + y;
        return finalizer(state + 0x9E3779B97F4A7C15L);
    }

    private static long finalizer(long z) {
        long h = z;
        h = (h ^ h >>> 30) * 0xBF58476D1CE4E5B9L;
        h = (h ^ h >>> 27) * 0x94D049BB133111EBL;
        return h ^ h >>> 31;
    }
}
