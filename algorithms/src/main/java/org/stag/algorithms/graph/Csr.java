package org.stag.algorithms.graph;

import java.util.Objects;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.VertexIds;

/**
 * An immutable view of a square {@link Graph} with both its out-edges (the graph's own CSR arrays, shared,
 * not copied) and its in-edges (the transpose, built by a counting sort the first time it is asked for, then
 * kept), so that algorithms that pull along in-edges need no rebuild and those that do not pay nothing.
 *
 * <p>Row {@code v} of the out-arrays lists the targets of the edges {@code v -> w}; row {@code v} of the
 * in-arrays lists the sources of the edges {@code u -> v}. Both are sorted ascending, without duplicates.
 * An undirected graph is stored mirrored (each edge in both directions, a self-loop once), so it is its own
 * transpose: when its weights are symmetric as well, the in-arrays are the out-arrays. Weight arrays are
 * {@code null} for an unweighted graph, where every edge weighs 1.
 *
 * <p>The arrays are exposed for speed; callers must not modify them.
 */
public final class Csr {
    private final int n;
    private final int[] outPtr;
    private final int[] outIdx;
    private final double[] outWeights;
    /** The in-edges, once built; volatile so that a thread sees all three arrays or none. */
    private volatile In in;
    private final boolean directed;
    private final VertexIds ids;
    private final String source;

    /** The transpose's arrays. */
    private record In(int[] ptr, int[] idx, double[] weights) {
    }

    private Csr(int n, int[] outPtr, int[] outIdx, double[] outWeights, In in, boolean directed, VertexIds ids,
                String source) {
        this.n = n;
        this.outPtr = outPtr;
        this.outIdx = outIdx;
        this.outWeights = outWeights;
        this.in = in;
        this.directed = directed;
        this.ids = ids;
        this.source = source;
    }

    /**
     * The view of {@code g}; its transpose is built when first asked for, unless {@code g} is undirected with
     * symmetric weights (then the in-arrays are the out-arrays).
     *
     * @throws org.stag.loaders.BadInputException when {@code g} is not square
     */
    public static Csr of(Graph g) {
        Objects.requireNonNull(g).requireSquare();
        int[] outPtr = g.rowPtr();
        int[] outIdx = g.colIdx();
        double[] outW = g.weights();
        if (g.symmetry() == Symmetry.SYMMETRIC) {
            return new Csr(g.numVertices(), outPtr, outIdx, outW, new In(outPtr, outIdx, outW), false, g.ids(),
                    g.source());
        }
        return new Csr(g.numVertices(), outPtr, outIdx, outW, null, g.directed(), g.ids(), g.source());
    }

    private In in() {
        In i = in;
        if (i == null) {
            synchronized (this) {
                i = in;
                if (i == null) {
                    i = transpose();
                    in = i;
                }
            }
        }
        return i;
    }

    private In transpose() {
        int m = outPtr[n];
        double[] outW = outWeights;
        // Counting sort by target; scanning rows in order leaves each in-row sorted by source.
        int[] inPtr = new int[n + 1];
        for (int p = 0; p < m; p++) {
            inPtr[outIdx[p] + 1]++;
        }
        for (int v = 0; v < n; v++) {
            inPtr[v + 1] += inPtr[v];
        }
        int[] cursor = new int[n];
        System.arraycopy(inPtr, 0, cursor, 0, n);
        int[] inIdx = new int[m];
        double[] inW = outW == null ? null : new double[m];
        for (int u = 0; u < n; u++) {
            for (int p = outPtr[u], end = outPtr[u + 1]; p < end; p++) {
                int q = cursor[outIdx[p]]++;
                inIdx[q] = u;
                if (inW != null) {
                    inW[q] = outW[p];
                }
            }
        }
        return new In(inPtr, inIdx, inW);
    }

    /** Number of vertices. */
    public int n() {
        return n;
    }

    /** Number of stored directed edges (an undirected edge counts twice, a self-loop once). */
    public int m() {
        return outPtr[n];
    }

    /** Whether the graph is directed; an undirected graph stores every edge in both directions. */
    public boolean directed() {
        return directed;
    }

    /** Whether edges carry weights; when not, every edge weighs 1. */
    public boolean weighted() {
        return outWeights != null;
    }

    /** Maps internal ids {@code 0..n-1} to the input's vertex ids. */
    public VertexIds ids() {
        return ids;
    }

    /** The file (or generator) the graph came from, for messages. */
    public String source() {
        return source;
    }

    /** Out-row offsets, length {@code n + 1}. */
    public int[] outPtr() {
        return outPtr;
    }

    /** Targets of out-edges, row by row. */
    public int[] outIdx() {
        return outIdx;
    }

    /** Weights aligned with {@link #outIdx()}, or {@code null} when unweighted. */
    public double[] outWeights() {
        return outWeights;
    }

    /** In-row offsets, length {@code n + 1}. */
    public int[] inPtr() {
        return in().ptr();
    }

    /** Sources of in-edges, row by row. */
    public int[] inIdx() {
        return in().idx();
    }

    /** Weights aligned with {@link #inIdx()}, or {@code null} when unweighted. */
    public double[] inWeights() {
        return in().weights();
    }

    /** Out-degree of {@code v}. */
    public int outDegree(int v) {
        return outPtr[v + 1] - outPtr[v];
    }

    /** In-degree of {@code v}. */
    public int inDegree(int v) {
        int[] ptr = in().ptr();
        return ptr[v + 1] - ptr[v];
    }

    /** Whether the edge {@code u -> w} exists (binary search in {@code u}'s sorted out-row). */
    public boolean hasEdge(int u, int w) {
        int lo = outPtr[u];
        int hi = outPtr[u + 1] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = outIdx[mid];
            if (c < w) {
                lo = mid + 1;
            } else if (c > w) {
                hi = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** The input's id of internal vertex {@code v}. */
    public long external(int v) {
        return ids.external(v);
    }

    /**
     * The internal id of the input's vertex {@code id}.
     *
     * @throws IllegalArgumentException when the graph has no such vertex
     */
    public int internal(long id) {
        int v = ids.internal(id, n);
        if (v < 0) {
            throw new IllegalArgumentException("no vertex " + id + " in " + source);
        }
        return v;
    }
}
