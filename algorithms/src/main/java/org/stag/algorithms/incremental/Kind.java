package org.stag.algorithms.incremental;

import org.stag.algorithms.run.Algorithm;

/**
 * How one algorithm is brought up to date: its incremental program, if any, and the value a vertex added by
 * a batch starts from in the previous result ({@code prev}'s fill value, or 0 for PageRank's ranks).
 */
enum Kind {
    /** Depths relaxed from the tails of inserted edges. */
    BFS("bfs-incremental.stag", Long.MAX_VALUE),
    /** Distances relaxed from the tails of inserted or lighter edges. */
    SSSP("sssp-incremental.stag", Double.POSITIVE_INFINITY),
    /** Component labels lowered from the endpoints of inserted edges. */
    WCC("wcc-incremental.stag", Long.MAX_VALUE),
    /** Ranks iterated from the previous ones to a tolerance. */
    PAGERANK("pagerank-incremental.stag", 0.0),
    /** No incremental program: every update is a full run. */
    FULL(null, 0.0);

    private final String file;
    private final double newVertex;

    Kind(String file, double newVertex) {
        this.file = file;
        this.newVertex = newVertex;
    }

    /** The incremental program's file name, or null. */
    String file() {
        return file;
    }

    /** What a new vertex's entry of the previous result is (as a double; Long.MAX_VALUE for the long fill). */
    double newVertex() {
        return newVertex;
    }

    /**
     * The kind for {@code a}. PageRank is warm-started only when no fixed iteration count was asked for: a
     * fixed count from the previous ranks would not give what the same count from scratch gives.
     */
    static Kind of(Algorithm a, boolean fixedIterations) {
        return switch (a) {
            case BFS -> BFS;
            case SSSP -> SSSP;
            case WCC -> WCC;
            case PAGERANK -> fixedIterations ? FULL : PAGERANK;
            default -> FULL;
        };
    }
}
