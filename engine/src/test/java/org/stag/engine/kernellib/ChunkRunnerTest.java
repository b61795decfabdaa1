package org.stag.engine.kernellib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ChunkRunner} on its own threads: every chunk runs exactly once with its bounds, a failure in any chunk
 * (on the caller or on a worker) reaches the caller as the same exception and leaves the runner usable, and a
 * parallel run allocates nothing once warm, on any thread.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ChunkRunnerTest {
    /**
     * Adds each chunk's number of coordinates into its slot of {@code f.partInt} and records the thread that ran it;
     * fails at chunk {@code failAt}.
     */
    private static final class Counting implements KernelBody {
        volatile int failAt = -1;
        final Thread[] ranOn = new Thread[100];
        final RuntimeException failure = new IllegalStateException("chunk failed");

        @Override
        public void prepare(Frame f) {
        }

        @Override
        public void run(Frame f, int chunk, int lo, int hi, Workspace ws) {
            if (chunk == failAt) {
                throw failure;
            }
            ranOn[chunk] = Thread.currentThread();
            f.partInt[chunk] += hi - lo;
        }

        @Override
        public void finish(Frame f, int chunks) {
        }
    }

    @Test
    void everyChunkRunsOnceOnAnyNumberOfThreads() {
        for (int threads = 1; threads <= 4; threads++) {
            ChunkRunner r = ChunkRunner.of(threads);
            for (int chunks : new int[] {1, 2, 3, 7, 100}) {
                Frame f = new Frame();
                f.partInt = new long[chunks];
                int n = chunks * 10 - 3;
                r.run(new Counting(), f, n, chunks, 10);
                long sum = 0;
                for (int c = 0; c < chunks; c++) {
                    assertEquals(c + 1 < chunks ? 10 : n - 10 * (chunks - 1), f.partInt[c], "chunk " + c);
                    sum += f.partInt[c];
                }
                assertEquals(n, sum);
            }
        }
    }

    /**
     * A run the caller keeps to itself ({@code parallel} false) runs the very same chunks, in order, all on the
     * calling thread; and the size below which a one-loop kernel does so is 32 smallest chunks, or never while the
     * smallest chunk is lowered (tests that want small inputs on several threads).
     */
    @Test
    void aRunKeptOnTheCallerRunsTheSameChunksThere() {
        ChunkRunner r = ChunkRunner.of(4);
        Counting body = new Counting();
        Frame f = new Frame();
        f.partInt = new long[50];
        r.runChunks(body, f, 497, 50, 10, false);
        for (int c = 0; c < 50; c++) {
            assertSame(Thread.currentThread(), body.ranOn[c], "chunk " + c);
            assertEquals(c < 49 ? 10 : 7, f.partInt[c], "chunk " + c);
        }
        assertEquals(32L * 256, ChunkRunner.inlineBelow());
        int old = ChunkRunner.minChunk(2);
        try {
            assertEquals(0, ChunkRunner.inlineBelow());
        } finally {
            ChunkRunner.minChunk(old);
        }
        assertEquals(32L * old, ChunkRunner.inlineBelow());
    }

    /**
     * Many short runs in a row: the caller often takes every chunk before a worker wakes, closes the run and
     * returns; a worker that wakes late must not join a closed run or the next one's by mistake. Every chunk
     * still runs exactly once in every run.
     */
    @Test
    void shortRunsInARowRunEveryChunkOnceWhateverWorkersJoin() {
        ChunkRunner r = ChunkRunner.of(4);
        Counting body = new Counting();
        Frame f = new Frame();
        f.partInt = new long[5];
        for (int run = 0; run < 20_000; run++) {
            int chunks = 1 + run % 5;
            java.util.Arrays.fill(f.partInt, 0);
            r.run(body, f, chunks * 2, chunks, 2);
            for (int c = 0; c < chunks; c++) {
                assertEquals(2, f.partInt[c], "run " + run + ", chunk " + c);
            }
        }
    }

    @Test
    void aFailingChunkReachesTheCallerAndTheRunnerGoesOn() {
        ChunkRunner r = ChunkRunner.of(3);
        Counting body = new Counting();
        for (int failAt : new int[] {0, 1, 37, 99}) {
            body.failAt = failAt;
            Frame f = new Frame();
            f.partInt = new long[100];
            assertSame(body.failure, assertThrows(IllegalStateException.class, () -> r.run(body, f, 1000, 100, 10)));
        }
        body.failAt = -1;
        Frame f = new Frame();
        f.partInt = new long[100];
        r.run(body, f, 1000, 100, 10);
        for (long c : f.partInt) {
            assertEquals(10, c);
        }
    }

    @Test
    void aParallelRunAllocatesNothingOnceWarm() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        mx.setThreadAllocatedMemoryEnabled(true);
        ChunkRunner r = ChunkRunner.of(2);
        Counting body = new Counting();
        Frame f = new Frame();
        f.partInt = new long[64];
        AtomicInteger sink = new AtomicInteger();
        for (int k = 0; k < 20_000; k++) {
            r.run(body, f, 640, 64, 10);
        }
        // the calling thread and the runner's worker
        long[] ids = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t == Thread.currentThread() || t.getName().startsWith("stag-chunks-2-"))
                .mapToLong(Thread::getId).toArray();
        assertEquals(2, ids.length);
        long before = 0;
        for (long id : ids) {
            before += Math.max(0, mx.getThreadAllocatedBytes(id));
        }
        int runs = 10_000;
        for (int k = 0; k < runs; k++) {
            r.run(body, f, 640, 64, 10);
            sink.incrementAndGet();
        }
        long after = 0;
        for (long id : ids) {
            after += Math.max(0, mx.getThreadAllocatedBytes(id));
        }
        // the JIT may allocate in a thread now and then: far less than a byte per run
        assertTrue(after - before < runs / 4, (after - before) + " bytes in " + runs + " runs");
        assertEquals(runs, sink.get());
    }
}
