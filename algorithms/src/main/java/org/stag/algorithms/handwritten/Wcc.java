package org.stag.algorithms.handwritten;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.stag.algorithms.graph.Csr;

/**
 * Weakly connected components: edges are followed in both directions, so two vertices share a component
 * when an undirected path joins them.
 *
 * <p>The label of a vertex is the smallest <em>internal</em> id (0-based, the position in the graph's
 * vertex order) in its component, not an id of the input; LDBC validates WCC up to relabelling, and
 * {@code LdbcOutput} writes any labels as they are.
 *
 * <p>Concurrent union-find: every edge unites the roots of its ends by linking the larger root under the
 * smaller with a compare-and-set, and finds halve paths as they go. Since links always point to smaller ids,
 * the root of each tree is the smallest id in it, so the labels do not depend on the thread count or the
 * order of the unions. An undirected graph stores each edge twice; only one direction is used.
 */
public final class Wcc {
    private static final VarHandle PARENT = MethodHandles.arrayElementVarHandle(int[].class);

    private Wcc() {
    }

    /**
     * The component label of every vertex, by internal id.
     *
     * @param threads worker threads, at least 1
     */
    public static int[] run(Csr g, int threads) {
        VertexBlocks.checkThreads(threads);
        int n = g.n();
        int[] parent = new int[n];
        for (int v = 0; v < n; v++) {
            parent[v] = v;
        }
        int[] outPtr = g.outPtr();
        int[] outIdx = g.outIdx();
        boolean bothStored = !g.directed();
        boolean shared = threads > 1;
        VertexBlocks.forEach(threads, n, b -> {
            for (int u = VertexBlocks.start(b), end = VertexBlocks.end(b, n); u < end; u++) {
                for (int p = outPtr[u], stop = outPtr[u + 1]; p < stop; p++) {
                    int v = outIdx[p];
                    if (bothStored && v >= u) {
                        break; // rows are sorted: the rest are mirrors of edges seen from the other end
                    }
                    union(parent, u, v, shared);
                }
            }
        });
        VertexBlocks.forEach(threads, n, b -> {
            for (int v = VertexBlocks.start(b), end = VertexBlocks.end(b, n); v < end; v++) {
                parent[v] = find(parent, v);
            }
        });
        return parent;
    }

    private static void union(int[] parent, int u, int v, boolean shared) {
        while (true) {
            int ru = find(parent, u);
            int rv = find(parent, v);
            if (ru == rv) {
                return;
            }
            int high = Math.max(ru, rv);
            int low = Math.min(ru, rv);
            if (!shared) {
                parent[high] = low;
                return;
            }
            if (PARENT.compareAndSet(parent, high, high, low)) {
                return;
            }
        }
    }

    /**
     * The root of {@code x}, halving the path: each visited vertex is pointed at its grandparent, which is
     * also an ancestor, so concurrent finds and links keep every pointer aimed at a smaller ancestor.
     */
    private static int find(int[] parent, int x) {
        while (true) {
            int p = parent[x];
            if (p == x) {
                return x;
            }
            int gp = parent[p];
            if (gp == p) {
                return p;
            }
            parent[x] = gp;
            x = gp;
        }
    }
}
