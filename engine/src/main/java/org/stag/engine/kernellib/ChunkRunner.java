package org.stag.engine.kernellib;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.tensor.Tensor;

/**
 * Runs a kernel's chunks: in order on the calling thread, or on the calling thread and {@code threads - 1}
 * worker threads of its own that take chunks from a shared counter. Chunk boundaries never depend on the
 * thread count (the caller fixes them from the loop's size), so per-chunk partial results, merged in chunk
 * order, are the same for any number of threads. Each thread owns one {@link Workspace}, kept across runs.
 *
 * <p>A parallel run allocates nothing: the caller publishes the run in fields and bumps a volatile
 * generation, the workers (daemon threads, started with the runner and parked between runs) see it, take
 * chunks; the caller takes chunks too, then closes the run and waits only for the workers that joined it (each
 * unparks it when done), so a worker the scheduler has not run yet costs the run nothing. A failure in a worker
 * is rethrown to the caller as is.
 */
public final class ChunkRunner {
    private static final ConcurrentHashMap<Integer, ChunkRunner> RUNNERS = new ConcurrentHashMap<>();
    /** How often a waiting thread checks before it parks (a run of a few microseconds is not worth a park). */
    private static final int SPINS = 1 << 10;

    private final int threads;
    private final Workspace[] workspaces;
    private final Thread[] workers;

    // The run being executed, published to the workers by the write of generation.
    private KernelBody body;
    private Frame frame;
    private int runN;
    private int runChunks;
    private int runChunkSize;
    private volatile int generation;
    private volatile Thread caller;
    private final AtomicInteger nextChunk = new AtomicInteger();
    /**
     * The run's generation (high 32 bits), whether it is closed to workers ({@link #CLOSED}) and how many workers
     * joined it (low bits). A worker joins only an open run of the generation it was woken for; the caller closes
     * the run once it has no chunk left to take and then waits for the workers that joined, never for one that
     * the scheduler has not yet run (on a loaded machine that wait would be a time slice).
     */
    private final AtomicLong state = new AtomicLong();
    private static final long CLOSED = 1L << 31;
    /** Workers of the current run that have finished their chunks. */
    private final AtomicInteger finished = new AtomicInteger();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    private ChunkRunner(int threads) {
        this.threads = threads;
        this.workspaces = new Workspace[threads];
        for (int w = 0; w < threads; w++) {
            workspaces[w] = new Workspace();
        }
        this.workers = new Thread[threads - 1];
        for (int w = 0; w < workers.length; w++) {
            Workspace ws = workspaces[w + 1];
            Thread t = new Thread(() -> work(ws), "stag-chunks-" + threads + "-" + (w + 1));
            t.setDaemon(true);
            workers[w] = t;
            t.start();
        }
    }

    /** A worker: waits for each new generation, takes chunks until none is left, reports that it is done. */
    private void work(Workspace ws) {
        int seen = 0;
        while (true) {
            int spins = 0;
            int g;
            while ((g = generation) == seen) {
                if (++spins < SPINS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            seen = g;
            if (!join(g)) {
                continue;
            }
            try {
                takeChunks(ws);
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
            finished.incrementAndGet();
            LockSupport.unpark(caller);
        }
    }

    /** Joins run {@code g} if it is still open; false when the caller has closed it or moved on. */
    private boolean join(int g) {
        while (true) {
            long st = state.get();
            if ((int) (st >>> 32) != g || (st & CLOSED) != 0) {
                return false;
            }
            if (state.compareAndSet(st, st + 1)) {
                return true;
            }
        }
    }

    private void takeChunks(Workspace ws) {
        KernelBody b = body;
        Frame f = frame;
        int n = runN;
        int chunks = runChunks;
        int chunkSize = runChunkSize;
        for (int c = nextChunk.getAndIncrement(); c < chunks; c = nextChunk.getAndIncrement()) {
            int lo = c * chunkSize;
            b.run(f, c, lo, Math.min(n, lo + chunkSize), ws);
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

    private static final int DEFAULT_MIN_CHUNK = 256;
    private static volatile int minChunk = DEFAULT_MIN_CHUNK;

    /** The chunk size for a loop of {@code n} iterations: a function of {@code n} only, never of the threads. */
    public static int chunkSize(long n) {
        return (int) Math.max(minChunk, (n + 1023) / 1024);
    }

    /**
     * The chunk size for a loop over {@code n} gathered coordinates (the entries of a sparse outermost level):
     * at most {@link #chunkSize(long)}, and small enough for 64 chunks, since each coordinate may carry a whole
     * row (a push step over a frontier of a few hundred hubs); at least 1. A function of {@code n} only.
     */
    public static int gatheredChunkSize(long n) {
        return (int) Math.max(1, Math.min(chunkSize(n), (n + 63) / 64));
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
            } else if (t != null && t.order() >= 2 && t.level(0) instanceof DenseLevel
                    && t.level(1) instanceof org.stag.formats.level.BlockedLevel b) {
                bits = Math.min(bits, b.shardBits());
            } else if (t != null && t.order() >= 2 && t.level(0) instanceof DenseLevel
                    && t.level(1) instanceof org.stag.formats.level.VbyteLevel v && v.blockCount() > 1) {
                bits = Math.min(bits, v.shardBits());
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

    /**
     * Below this many iterations of a kernel whose loop nest is one loop (a few instructions per iteration), a run
     * is not worth the workers: waking them and handing out chunks costs more than the loop, and on a loaded
     * machine a worker that joins and is then descheduled holds the caller for a time slice. 32 chunks of the
     * smallest size; 0 (never) while the smallest chunk is lowered below its default, as tests do to run small
     * inputs on several threads.
     */
    public static long inlineBelow() {
        int m = minChunk;
        return m < DEFAULT_MIN_CHUNK ? 0 : 32L * m;
    }

    /** Runs only the chunks (the caller has prepared and will finish). */
    public synchronized void runChunks(KernelBody body, Frame f, int n, int chunks, int chunkSize) {
        runChunks(body, f, n, chunks, chunkSize, true);
    }

    /**
     * Runs only the chunks, on the workers too when {@code parallel}, else in order on the calling thread (the same
     * chunks, so the same per-chunk partial results: only who runs them differs).
     */
    public synchronized void runChunks(KernelBody body, Frame f, int n, int chunks, int chunkSize, boolean parallel) {
        if (threads == 1 || chunks <= 1 || !parallel) {
            Workspace ws = workspaces[0];
            for (int c = 0; c < chunks; c++) {
                int lo = chunkSize <= 0 ? 0 : c * chunkSize;
                int hi = chunkSize <= 0 ? n : Math.min(n, lo + chunkSize);
                body.run(f, c, lo, hi, ws);
            }
        } else {
            this.body = body;
            this.frame = f;
            this.runN = n;
            this.runChunks = chunks;
            this.runChunkSize = chunkSize;
            this.caller = Thread.currentThread();
            nextChunk.set(0);
            finished.set(0);
            int g = generation + 1;
            state.set((long) g << 32);
            generation = g;
            for (Thread t : workers) {
                LockSupport.unpark(t);
            }
            Throwable mine = null;
            try {
                takeChunks(workspaces[0]);
            } catch (Throwable e) {
                mine = e;
                // the workers still finish the chunks they took; nobody takes another one
                nextChunk.set(chunks);
            }
            long st;
            do {
                st = state.get();
            } while (!state.compareAndSet(st, st | CLOSED));
            int joined = (int) (st & (CLOSED - 1));
            int spins = 0;
            while (finished.get() != joined) {
                if (++spins < SPINS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            this.body = null;
            this.frame = null;
            Throwable theirs = failure.getAndSet(null);
            Throwable e = mine != null ? mine : theirs;
            if (e instanceof RuntimeException r) {
                throw r;
            }
            if (e instanceof Error r) {
                throw r;
            }
            if (e != null) {
                throw new IllegalStateException(e);
            }
        }
    }
}
