package org.stag.algorithms.catalog;

import org.stag.algorithms.graph.Csr;
import org.stag.algorithms.handwritten.Sssp;

/** What an algorithm asks of the edge weights. */
public enum Weights {
    /** It reads the pattern only; weights, if any, are ignored. */
    UNUSED,
    /**
     * It reads the weights and needs them finite and non-negative (shortest paths): they are checked before a
     * run, and a stream that runs it refuses an update with a negative weight at its line.
     */
    NON_NEGATIVE;

    /** Whether the algorithm reads the weights (a peer needs a weighted input then). */
    public boolean read() {
        return this != UNUSED;
    }

    /**
     * Fails for a weight the algorithm cannot take.
     *
     * @throws IllegalArgumentException naming the first bad edge
     */
    public void check(Csr g) {
        if (this == NON_NEGATIVE) {
            Sssp.checkWeights(g);
        }
    }
}
