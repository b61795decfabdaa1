package org.stag.loaders.gen;

import java.util.function.IntConsumer;
import org.stag.loaders.Parallel;

/**
 * The fixed-size blocks all generators split their work into, and the parallel loop over them.
 *
 * <p>Determinism rests on this: the block size does not depend on the thread count, every block seeds its
 * own random generator from (seed, stream, block index) and writes only its own slice of the output, so
 * which thread runs a block, and when, cannot change the result.
 */
final class Blocks {
    /** Edges (or grid vertices) per block: large enough to amortise scheduling, small enough to balance. */
    static final int LOG_SIZE = 16;
    static final int SIZE = 1 << LOG_SIZE;

    private Blocks() {
    }

    /** The number of blocks covering {@code [0, count)}. */
    static int count(long count) {
        return (int) ((count + SIZE - 1) >>> LOG_SIZE);
    }

    /** First index of block {@code b}. */
    static int start(int b) {
        return b << LOG_SIZE;
    }

    /** One past the last index of block {@code b} in {@code [0, count)}. */
    static int end(int b, long count) {
        return (int) Math.min(count, ((long) b + 1) << LOG_SIZE);
    }

    /**
     * Calls {@code body} once for each block in {@code [0, blocks)}: in the calling thread when
     * {@code threads == 1}, else on the module's shared pool of {@code threads} workers. Which worker runs a
     * block does not matter (see the class comment). An exception is rethrown unchanged.
     */
    static void run(int threads, int blocks, IntConsumer body) {
        Parallel.forEachBlock(threads, blocks, body);
    }

    /**
     * Fills {@code weights} with integers uniform in [1, 255] (GAP's convention). Weight {@code e} depends
     * only on (seed, e), so the edges and their weights come from separate streams and a weighted graph has
     * exactly the edges of the unweighted one.
     */
    static void fillWeights(double[] weights, long seed, int threads) {
        int m = weights.length;
        run(threads, count(m), b -> {
            SplitMix64 rng = SplitMix64.forBlock(seed, SplitMix64.STREAM_WEIGHTS, b);
            for (int e = start(b), end = end(b, m); e < end; e++) {
                weights[e] = 1 + rng.nextInt(255);
            }
        });
    }

    /** A parameter as written in a source string: integral values without ".0", others as Java prints them. */
    static String format(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) {
            return Long.toString((long) x);
        }
        return Double.toString(x);
    }
}
