package org.stag.engine.runtime;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a kernel's chunks: in order on the calling thread, or on a fixed pool of worker threads that take
 * chunks from a shared counter. Chunk boundaries never depend on the thread count (the caller fixes them
 * from the loop's size), so per-chunk partial results, merged in chunk order, are the same for any number
 * of threads. Each worker owns one {@link Workspace}, kept across runs.
 */
public final class ChunkRunner {
    private static final ConcurrentHashMap<Integer, ChunkRunner> RUNNERS = new ConcurrentHashMap<>();

    private final int threads;
    private final ForkJoinPool pool;
    private final Workspace[] workspaces;

    private ChunkRunner(int threads) {
        this.threads = threads;
        this.pool = threads > 1 ? new ForkJoinPool(threads) : null;
        this.workspaces = new Workspace[threads];
        for (int w = 0; w < threads; w++) {
            workspaces[w] = new Workspace();
        }
    }

    /** The runner with {@code threads} workers (shared, created once). */
    public static ChunkRunner of(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        return RUNNERS.computeIfAbsent(threads, ChunkRunner::new);
    }

    /** Number of worker threads. */
    public int threads() {
        return threads;
    }

    /** The number of chunks a loop of {@code n} iterations is split into: a function of {@code n} only. */
    public static int chunkSize(long n) {
        return (int) Math.max(256, (n + 1023) / 1024);
    }

    /**
     * Runs {@code body} over {@code [0, n)} in chunks of {@code chunkSize}, or as one chunk {@code [0, n)}
     * when {@code chunkSize <= 0}; then {@code finish}.
     */
    public synchronized void run(KernelBody body, Frame f, int n, int chunks, int chunkSize) {
        body.prepare(f);
        if (threads == 1 || chunks <= 1) {
            Workspace ws = workspaces[0];
            for (int c = 0; c < chunks; c++) {
                int lo = chunkSize <= 0 ? 0 : c * chunkSize;
                int hi = chunkSize <= 0 ? n : Math.min(n, lo + chunkSize);
                body.run(f, c, lo, hi, ws);
            }
        } else {
            AtomicInteger next = new AtomicInteger();
            ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[Math.min(threads, chunks)];
            for (int w = 0; w < tasks.length; w++) {
                Workspace ws = workspaces[w];
                tasks[w] = pool.submit(() -> {
                    for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                        int lo = c * chunkSize;
                        body.run(f, c, lo, Math.min(n, lo + chunkSize), ws);
                    }
                });
            }
            for (ForkJoinTask<?> t : tasks) {
                t.join();
            }
        }
        body.finish(f, chunks);
    }
}
