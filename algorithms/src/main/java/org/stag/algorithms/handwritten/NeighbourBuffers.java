package org.stag.algorithms.handwritten;

import org.stag.algorithms.graph.Csr;

/** Sizes of per-block scratch buffers that hold one vertex's neighbour list at a time. */
final class NeighbourBuffers {
    private NeighbourBuffers() {
    }

    /**
     * The largest out-degree (plus in-degree when {@code withIn}) of a vertex in block {@code b}. Summed over
     * blocks this is at most the number of stored edges (twice that with in-edges), so keeping one buffer
     * per block costs no more than the graph.
     */
    static int widestRow(Csr g, int b, boolean withIn) {
        int max = 0;
        for (int v = VertexBlocks.start(b), end = VertexBlocks.end(b, g.n()); v < end; v++) {
            max = Math.max(max, g.outDegree(v) + (withIn ? g.inDegree(v) : 0));
        }
        return max;
    }
}
