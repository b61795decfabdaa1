package org.stag.engine.runtime;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.tensor.Tensor;

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

    private static volatile int minChunk = 256;

    /** The chunk size for a loop of {@code n} iterations: a function of {@code n} only, never of the threads. */
    public static int chunkSize(long n) {
        return (int) Math.max(minChunk, (n + 1023) / 1024);
    }

    /**
     * The chunk size for a loop of {@code n} iterations over the rows of {@code operands}: {@link #chunkSize(long)},
     * except when an operand has a dense row level over a sharded dynamic level: then a power of two no larger
     * than its shards, so that chunk boundaries are shard boundaries and each chunk loads one shard's arrays
     * once. Still a function of {@code n} and the operands only, never of the threads.
     */
    public static int chunkSize(long n, Tensor[] operands) {
        int size = chunkSize(n);
        int bits = Integer.MAX_VALUE;
        for (Tensor t : operands) {
            if (t != null && t.order() >= 2 && t.level(0) instanceof DenseLevel && t.level(1) instanceof DynamicLevel d) {
                bits = Math.min(bits, d.shardBits());
            }
        }
        if (bits == Integer.MAX_VALUE) {
            return size;
        }
        int pow = size <= 1 ? 1 : Integer.highestOneBit(size - 1) << 1;
        return Math.min(pow, 1 << Math.min(bits, 30));
    }

    /**
     * Sets the smallest chunk (default 256) and returns the previous value. Tests lower it so that small
     * inputs still split into many chunks and exercise the parallel paths.
     */
    public static int minChunk(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("chunk size must be positive: " + size);
        }
        int old = minChunk;
        minChunk = size;
        return old;
    }

    /**
     * Runs {@code body} over {@code [0, n)} in chunks of {@code chunkSize}, or as one chunk {@code [0, n)}
     * when {@code chunkSize <= 0}; then {@code finish}.
     */
    public synchronized void run(KernelBody body, Frame f, int n, int chunks, int chunkSize) {
        body.prepare(f);
        runChunks(body, f, n, chunks, chunkSize);
        body.finish(f, chunks);
    }

    /** Runs only the chunks (the caller has prepared and will finish). */
    public synchronized void runChunks(KernelBody body, Frame f, int n, int chunks, int chunkSize) {
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
    }
}
