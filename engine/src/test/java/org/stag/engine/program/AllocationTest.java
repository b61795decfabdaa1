package org.stag.engine.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.stag.engine.check.CheckedProgram;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;

/**
 * After its first iterations an outer loop allocates (almost) nothing: PageRank, whose locals are all dense,
 * on a 10,000-vertex graph for 50 iterations, measured per iteration with the allocated bytes of every thread
 * that runs kernels: the calling thread alone (threads = 1), or with the 2-thread runner's worker.
 *
 * <p>The bound, 2 KB per iteration, is far below what a per-iteration allocation of any value would cost:
 * one rank vector is 80 KB (10,000 doubles), one degree vector 40 KB, and even a boxed scalar per kernel run
 * would show up as 16 to 24 bytes times five kernels. What it leaves room for is noise the runtime does not
 * control: the JVM may allocate in the thread now and then (class loading, deoptimisation).
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class AllocationTest {
    private static final int N = 10_000;
    private static final int ITERATIONS = 50;
    private static final int WARM_UP = 3;
    private static final long BOUND = 2048;

    private static Tensor graph(boolean transpose) {
        Random r = new Random(7);
        int m = N * 8;
        int[][] crd = new int[2][m];
        for (int e = 0; e < m; e++) {
            int i = r.nextInt(N);
            int j = r.nextInt(N);
            crd[transpose ? 1 : 0][e] = i;
            crd[transpose ? 0 : 1][e] = j;
        }
        boolean[] vals = new boolean[m];
        Arrays.fill(vals, true);
        return Tensor.build(FormatParser.parse("dense,compressed"), new int[] {N, N}, crd, Values.ofBools(vals));
    }

    @Test
    void pageRankAllocatesNothingPerIterationAfterWarmUp() {
        run(1);
    }

    /** The same on two threads: the calling thread and the runner's worker, whose dispatch allocates nothing. */
    @Test
    void pageRankOnTwoThreadsAllocatesNothingPerIterationAfterWarmUp() {
        org.stag.engine.runtime.ChunkRunner.of(2);
        run(2);
    }

    /** Bytes allocated so far by the calling thread and the 2-thread runner's worker. */
    private static long allocated(com.sun.management.ThreadMXBean mx, long[] ids) {
        long sum = 0;
        for (long id : ids) {
            sum += Math.max(0, mx.getThreadAllocatedBytes(id));
        }
        return sum;
    }

    private void run(int threads) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(mx.isThreadAllocatedMemorySupported());
        mx.setThreadAllocatedMemoryEnabled(true);
        CheckedProgram p = Fixtures.program("pagerank.stag", Fixtures.resource("pagerank"));
        long[] at = new long[ITERATIONS + 1];
        long[] ids = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t == Thread.currentThread() || threads > 1 && t.getName().startsWith("stag-chunks-2-"))
                .mapToLong(Thread::getId).toArray();
        assertEquals(threads, ids.length);
        RunOptions o = new RunOptions().threads(threads).param("iterations", Integer.toString(ITERATIONS))
                .input("A", graph(false)).input("AT", graph(true))
                .onIteration((call, depth, it) -> at[(int) it] = allocated(mx, ids));
        ProgramRunner runner = new ProgramRunner(p, Fixtures.COMPILER, o);
        for (int run = 1; run <= 2; run++) {
            long created = runner.stats().buffersCreated();
            at[0] = allocated(mx, ids);
            Tensor rank = (Tensor) runner.runMain().get("rank");
            long total = allocated(mx, ids) - at[0];
            long[] per = new long[ITERATIONS];
            for (int it = 1; it <= ITERATIONS; it++) {
                per[it - 1] = at[it] - at[it - 1];
            }
            long[] after = Arrays.copyOfRange(per, WARM_UP, ITERATIONS);
            long max = Arrays.stream(after).max().orElseThrow();
            System.out.printf("PageRank N=%d, %d thread(s), run %d: %d bytes in all; before/in iterations 1-%d: %s; per iteration"
                    + " after: max %d, mean %.1f; buffers created %d%n", N, threads, run, total, WARM_UP,
                    Arrays.toString(Arrays.copyOf(per, WARM_UP)), max, Arrays.stream(after).average().orElseThrow(),
                    runner.stats().buffersCreated() - created);
            System.out.println("  per iteration: " + Arrays.toString(per));
            assertTrue(max < BOUND, "run " + run + ", bytes per iteration after warm-up: " + Arrays.toString(after));
            assertEquals(N, rank.dimension(0));
            if (run == 2) {
                // The pools of the first run supply every buffer but one: the result escapes to the caller, so
                // the buffer that held it cannot be reused.
                assertEquals(1, runner.stats().buffersCreated() - created);
                assertTrue(total < 100_000 + BOUND * ITERATIONS, "run 2 allocated " + total + " bytes");
            }
        }
    }
}
