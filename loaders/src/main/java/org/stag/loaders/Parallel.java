package org.stag.loaders;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

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
     * Calls {@code body} once for every block in {@code [0, blocks)}, on {@code threads} threads: the calling
     * thread and {@code threads - 1} workers of the pool take blocks from a shared counter (in the calling
     * thread alone when {@code threads == 1}). The first exception thrown by a block is rethrown unchanged
     * once all blocks have stopped. No stream machinery: in a fresh JVM its classes cost tens of milliseconds
     * on the first call, which is the whole budget of loading a binary graph.
     */
    public static void forEachBlock(int threads, int blocks, IntConsumer body) {
        if (threads <= 1 || blocks <= 1) {
            for (int b = 0; b < blocks; b++) {
                body.accept(b);
            }
            return;
        }
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable worker = () -> {
            for (int b = next.getAndIncrement(); b < blocks && failure.get() == null; b = next.getAndIncrement()) {
                try {
                    body.accept(b);
                } catch (RuntimeException | Error e) {
                    failure.compareAndSet(null, e);
                }
            }
        };
        ForkJoinPool pool = pool(threads);
        ForkJoinTask<?>[] helpers = new ForkJoinTask<?>[Math.min(threads, blocks) - 1];
        for (int i = 0; i < helpers.length; i++) {
            helpers[i] = pool.submit(worker);
        }
        worker.run();
        for (ForkJoinTask<?> h : helpers) {
            h.join();
        }
        Throwable f = failure.get();
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null) {
            throw (RuntimeException) f;
        }
    }

    /**
     * Runs {@code onCaller} on the calling thread and {@code onOther} at the same time on a thread of its own
     * (one after the other when {@code threads == 1}), and returns when both have ended; the first exception
     * either throws is rethrown unchanged. The other thread starts at once, where a fork-join pool's first
     * worker takes a cold JVM 10-20 ms: so the caller begins its part (zeroing a large array) without that
     * wait, and the other thread starts the pool of {@code threads} for the parallel phases that follow.
     */
    public static void alongside(int threads, Runnable onCaller, Runnable onOther) {
        if (threads <= 1) {
            onCaller.run();
            onOther.run();
            return;
        }
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                pool(threads).submit(() -> { }).join();
                onOther.run();
            } catch (RuntimeException | Error e) {
                failure.compareAndSet(null, e);
            }
        }, "stag-alongside");
        other.setDaemon(true);
        other.start();
        try {
            onCaller.run();
        } catch (RuntimeException | Error e) {
            failure.compareAndSet(null, e);
        }
        boolean interrupted = false;
        while (true) {
            try {
                other.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable f = failure.get();
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null) {
            throw (RuntimeException) f;
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

    /**
     * Row ranges holding about equally many entries, so one hub row does not serialize a thread: {@code parts + 1}
     * bounds over the rows {@code [0, n)} of the CSR offsets {@code rowPtr}.
     */
    public static int[] balancedRowSplit(int n, int[] rowPtr, int parts) {
        int[] bounds = new int[parts + 1];
        long total = rowPtr[n];
        int r = 0;
        for (int p = 1; p < parts; p++) {
            long target = total * p / parts;
            while (r < n && rowPtr[r] < target) {
                r++;
            }
            bounds[p] = r;
        }
        bounds[parts] = n;
        return bounds;
    }
}
