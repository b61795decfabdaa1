package org.stag.loaders;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Runs blocks of work on a pool of a given size. One pool per thread count is kept for the life of the
 * process (daemon threads), so repeated loads do not pay thread start-up.
 */
public final class Parallel {
    private static final ConcurrentHashMap<Integer, ForkJoinPool> POOLS = new ConcurrentHashMap<>();

    private Parallel() {
    }

    /** The number of threads to use when the user did not say: all available cores. */
    public static int defaultThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** The shared pool with {@code threads} workers. */
    public static ForkJoinPool pool(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        return POOLS.computeIfAbsent(threads, t -> new ForkJoinPool(t, pool -> {
            ForkJoinWorkerThread w = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            w.setDaemon(true);
            w.setName("stag-" + t + "-" + w.getPoolIndex());
            return w;
        }, null, false));
    }

    /**
     * Calls {@code body} once for every block in {@code [0, blocks)}, on {@code threads} workers
     * (in the calling thread when {@code threads == 1}). The first exception thrown by a block is rethrown
     * unchanged once all blocks have stopped.
     */
    public static void forEachBlock(int threads, int blocks, IntConsumer body) {
        if (threads <= 1 || blocks <= 1) {
            for (int b = 0; b < blocks; b++) {
                body.accept(b);
            }
            return;
        }
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        AtomicReference<Error> error = new AtomicReference<>();
        pool(threads).submit(() -> IntStream.range(0, blocks).parallel().forEach(b -> {
            if (failure.get() != null || error.get() != null) {
                return;
            }
            try {
                body.accept(b);
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
            } catch (Error e) {
                error.compareAndSet(null, e);
            }
        })).join();
        if (error.get() != null) {
            throw error.get();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
    }

    /** Splits {@code [0, n)} into {@code parts} nearly equal ranges; returns the {@code parts + 1} bounds. */
    public static int[] split(int n, int parts) {
        int[] bounds = new int[parts + 1];
        for (int p = 0; p <= parts; p++) {
            bounds[p] = (int) ((long) n * p / parts);
        }
        return bounds;
    }
}
