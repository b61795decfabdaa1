package org.stag.algorithms.incremental;

import org.stag.algorithms.run.Algorithm;

/** How one algorithm is brought up to date: by its incremental program, or by full runs only. */
enum Kind {
    /** Depths relaxed from the inserted edges. */
    BFS("bfs-incremental.stag"),
    /** Distances relaxed from the inserted and reweighted edges. */
    SSSP("sssp-incremental.stag"),
    /** Component labels lowered through the inserted edges. */
    WCC("wcc-incremental.stag"),
    /** Ranks iterated from the previous ones to a tolerance. */
    PAGERANK("pagerank-incremental.stag"),
    /** No incremental program: every update is a full run. */
    FULL(null);

    private final String file;

    Kind(String file) {
        this.file = file;
    }

    /** The incremental program's file name, or null. */
    String file() {
        return file;
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
