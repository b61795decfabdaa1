package org.stag.algorithms.catalog;

import java.util.Objects;

/**
 * The program that brings an algorithm's previous result up to date after batches of edge updates
 * ({@code org.stag.algorithms.incremental}), and how its inputs are made and when the previous result cannot be
 * kept.
 *
 * @param file       the program's file, next to the algorithm's, e.g. {@code bfs-incremental.stag}
 * @param relaxation how the previous result is carried over
 */
public record IncrementalProgram(String file, Relaxation relaxation) {
    public IncrementalProgram {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(relaxation, "relaxation");
    }

    /**
     * How an incremental program continues from the previous result. Each names the program's inputs besides the
     * graph ({@code prev}, and the batch's edges {@code B}) and what forces a full run instead.
     */
    public enum Relaxation {
        /**
         * Depths (integers, unreachable = the largest long) relaxed from the inserted edges; a deleted edge on a
         * shortest path forces a full run.
         */
        DEPTHS,
        /**
         * Distances (reals, unreachable = infinity) relaxed from the inserted and reweighted edges, with their
         * weights; a deleted or heavier edge on a shortest path forces a full run.
         */
        DISTANCES,
        /** Component labels lowered through the inserted edges, both ways; any deletion forces a full run. */
        COMPONENTS,
        /**
         * Values iterated from the previous ones to the program's tolerance, with no batch input; with a fixed
         * iteration count every run is full, since the count from the previous values is not the count from
         * scratch.
         */
        WARM_START
    }
}
