package org.stag.algorithms.handwritten;

import java.util.function.IntConsumer;
import org.stag.loaders.Parallel;

/**
 * Fixed-size blocks of vertices, the unit of parallel work. The block boundaries depend on the vertex count
 * only, never on the thread count, so per-block partial results combined in block order give the same bits
 * on any number of threads.
 */
final class VertexBlocks {
    /** Vertices per block; a multiple of 64 so that blocks own whole words of a bitmap. */
    static final int SIZE = 4096;

    private VertexBlocks() {
    }

    /** Number of blocks covering {@code [0, n)}. */
    static int count(int n) {
        return (n + SIZE - 1) / SIZE;
    }

    /** First vertex of block {@code b}. */
    static int start(int b) {
        return b * SIZE;
    }

    /** One past the last vertex of block {@code b}. */
    static int end(int b, int n) {
        return Math.min(n, (b + 1) * SIZE);
    }

    /** Runs {@code body} for every block of {@code [0, n)} on {@code threads} threads. */
    static void forEach(int threads, int n, IntConsumer body) {
        Parallel.forEachBlock(threads, count(n), body);
    }

    /** Checks a thread count. */
    static int checkThreads(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        return threads;
    }
}
