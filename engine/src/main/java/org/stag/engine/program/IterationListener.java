package org.stag.engine.program;

import org.stag.engine.front.StarCall;

/**
 * Told after every run of a star call's function, before the stop condition is tested: for progress
 * reports and for measuring what one outer iteration costs. Called on the thread that runs the program;
 * must not throw.
 */
@FunctionalInterface
public interface IterationListener {
    /**
     * @param call      the star call
     * @param depth     how many star calls enclose it (0 for a star call in {@code Main})
     * @param iteration the run just finished, from 1
     */
    void iterationDone(StarCall call, int depth, long iteration);
}
