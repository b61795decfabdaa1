package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.stag.engine.javagen.GeneratedSource;

class KernelCacheTest {
    static final KernelKey SPMV = new KernelKey("y[i] = A[i][j] * x[j] | j:(+, 0.0)",
            List.of("dense,compressed", "dense", "dense"), List.of("double", "double", "double"), "gen-1");

    /** A generator that counts its calls and returns a SpMV class named after the key. */
    static final class CountingGenerator implements Function<KernelKey, GeneratedSource> {
        final AtomicInteger calls = new AtomicInteger();
        final long sleepMillis;

        CountingGenerator(long sleepMillis) {
            this.sleepMillis = sleepMillis;
        }

        @Override
        public GeneratedSource apply(KernelKey key) {
            calls.incrementAndGet();
            try {
                // Keeps the compilation in flight while the other threads arrive.
                Thread.sleep(sleepMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Sources.unit(key.className("Spmv"), "import org.stag.engine.jit.SpmvKernel;",
                    "implements SpmvKernel",
                    JaninoFeaturesTest.SPMV_BODY.replace("public static void spmv", "public void spmv"));
        }
    }

    @Test
    void missThenHits() {
        KernelCache cache = new KernelCache();
        CountingGenerator gen = new CountingGenerator(0);
        CompiledKernel first = cache.get(SPMV, gen);
        CompiledKernel second = cache.get(SPMV, gen);
        assertSame(first, second);
        assertEquals(1, gen.calls.get());
        KernelCache.Stats st = cache.stats();
        assertEquals(1, st.misses());
        assertEquals(1, st.hits());
        assertEquals(0, st.failures());
        assertEquals(first.compileNanos(), st.compileNanos().get(SPMV));
        assertTrue(first.compileNanos() > 0);
        assertEquals(first.compileNanos(), st.medianCompileNanos());

        double[] y = new double[3];
        first.newInstance(SpmvKernel.class).spmv(Sources.POS, Sources.CRD, Sources.VALS, new double[] {1, 1, 1}, y);
        assertEquals(7.0, y[2]);
        assertSame(first, cache.peek(SPMV).orElseThrow());
        assertEquals(List.of(first), cache.kernels());
    }

    @Test
    void everyKeyFieldSeparatesEntries() {
        KernelCache cache = new KernelCache();
        CountingGenerator gen = new CountingGenerator(0);
        List<KernelKey> keys = List.of(SPMV,
                new KernelKey("y[i] = A[i][j] * x[j] | j:(MIN, inf)", SPMV.formats(), SPMV.types(), "gen-1"),
                new KernelKey(SPMV.kernel(), List.of("dense,ctree", "dense", "dense"), SPMV.types(), "gen-1"),
                new KernelKey(SPMV.kernel(), SPMV.formats(), List.of("double", "bool", "double"), "gen-1"),
                new KernelKey(SPMV.kernel(), SPMV.formats(), SPMV.types(), "gen-2"));
        List<Class<?>> classes = new ArrayList<>();
        for (KernelKey k : keys) {
            classes.add(cache.get(k, gen).kernelClass());
        }
        assertEquals(keys.size(), gen.calls.get());
        assertEquals(keys.size(), classes.stream().distinct().count());
        assertEquals(keys.size(), keys.stream().map(KernelKey::digest).distinct().count());
        assertEquals(keys.size(), cache.stats().misses());
        assertEquals(0, cache.stats().hits());
    }

    @Test
    void keysAreValuesAndDigestsAreStable() {
        List<String> formats = new ArrayList<>(SPMV.formats());
        KernelKey k = new KernelKey(SPMV.kernel(), formats, SPMV.types(), "gen-1");
        formats.set(0, "changed");
        assertEquals(SPMV, k);
        assertEquals(SPMV.hashCode(), k.hashCode());
        assertEquals(SPMV.digest(), k.digest());
        assertEquals(16, k.digest().length());
        // Fields are length-prefixed: moving a comma between list elements changes the digest.
        KernelKey a = new KernelKey("k", List.of("a,b", "c"), List.of(), "v");
        KernelKey b = new KernelKey("k", List.of("a", "b,c"), List.of(), "v");
        assertNotEquals(a.digest(), b.digest());
    }

    @Test
    void concurrentRequestsCompileOnce() throws Exception {
        KernelCache cache = new KernelCache();
        CountingGenerator gen = new CountingGenerator(100);
        int threads = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<CompiledKernel>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return cache.get(SPMV, gen);
                }));
            }
            start.countDown();
            CompiledKernel first = results.get(0).get(30, TimeUnit.SECONDS);
            for (Future<CompiledKernel> f : results) {
                assertSame(first, f.get(30, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, gen.calls.get());
        assertEquals(1, cache.stats().misses());
        assertEquals(threads - 1, cache.stats().hits());
    }

    @Test
    void failuresReachEveryWaiterAndAreNotCached() throws Exception {
        KernelCache cache = new KernelCache();
        AtomicInteger calls = new AtomicInteger();
        Function<KernelKey, GeneratedSource> broken = k -> {
            calls.incrementAndGet();
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Sources.unit("Bad", "public static int f() { return nope; }");
        };
        int threads = 4;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<CompiledKernel>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return cache.get(SPMV, broken);
                }));
            }
            start.countDown();
            for (Future<CompiledKernel> f : results) {
                ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(30, TimeUnit.SECONDS));
                assertTrue(e.getCause() instanceof KernelCompileException, String.valueOf(e.getCause()));
            }
        } finally {
            pool.shutdownNow();
        }
        // Threads that arrive while the compile is in flight share its failure; one arriving after it (the sleep
        // makes that unlikely) compiles again, because failures are not cached. Compile-once is tested on success.
        // On a loaded machine a thread may arrive only after a failure, so count: every generator call is one
        // failure, and fewer calls than threads means some threads shared a compile's failure.
        int failed = calls.get();
        assertTrue(failed >= 1 && failed <= threads, "generator calls: " + failed);
        assertEquals(failed, cache.stats().failures());
        assertTrue(cache.peek(SPMV).isEmpty());
        assertTrue(cache.kernels().isEmpty());
        // Not cached: the next request compiles again (and fails again).
        assertThrows(KernelCompileException.class, () -> cache.get(SPMV, broken));
        assertEquals(failed + 1, calls.get());
        assertEquals(failed + 1, cache.stats().failures());
        CompiledKernel good = cache.get(SPMV, new CountingGenerator(0));
        assertSame(good, cache.get(SPMV, broken));
    }

    @Test
    void clearDropsEntries() {
        KernelCache cache = new KernelCache();
        CountingGenerator gen = new CountingGenerator(0);
        CompiledKernel a = cache.get(SPMV, gen);
        cache.clear();
        CompiledKernel b = cache.get(SPMV, gen);
        assertNotSame(a.kernelClass(), b.kernelClass());
        assertEquals(2, gen.calls.get());
        assertEquals(2, cache.stats().misses());
    }

    static KernelKey key(int i) {
        return new KernelKey("k" + i, List.of("dense"), List.of("double"), "gen-1");
    }

    @Test
    void prefetchCompilesOnOtherThreadsAndGetWaitsForIt() {
        KernelCache cache = new KernelCache();
        java.util.Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        CountingGenerator inner = new CountingGenerator(50);
        Function<KernelKey, GeneratedSource> gen = k -> {
            threads.add(Thread.currentThread().getName());
            return inner.apply(k);
        };
        for (int i = 0; i < 4; i++) {
            assertTrue(cache.prefetch(key(i), gen));
        }
        assertEquals(false, cache.prefetch(key(0), gen), "in flight or done: not started again");
        for (int i = 0; i < 4; i++) {
            CompiledKernel k = cache.get(key(i), gen);
            assertEquals(key(i), k.key());
            assertSame(k, cache.get(key(i), gen));
        }
        assertEquals(4, inner.calls.get());
        assertEquals(Set.of("stag-kernel-compiler"), threads);
        KernelCache.Stats st = cache.stats();
        assertEquals(4, st.misses());
        assertEquals(8, st.hits());
    }

    @Test
    void prefetchedKernelsCompileInParallel() throws Exception {
        KernelCache cache = new KernelCache();
        CountDownLatch both = new CountDownLatch(2);
        Function<KernelKey, GeneratedSource> gen = k -> {
            both.countDown();
            try {
                // Each waits for the other: only completes if the two generate at the same time.
                assertTrue(both.await(20, TimeUnit.SECONDS), "the other compilation never started");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new CountingGenerator(0).apply(k);
        };
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            cache.prefetch(key(10), gen, two);
            cache.prefetch(key(11), gen, two);
            assertEquals(key(10), cache.get(key(10), gen).key());
            assertEquals(key(11), cache.get(key(11), gen).key());
        } finally {
            two.shutdown();
        }
    }

    @Test
    void aPrefetchThatFailsReachesGetAndIsNotCached() {
        KernelCache cache = new KernelCache();
        Function<KernelKey, GeneratedSource> broken = k -> new GeneratedSource("org.stag.gen.test", "Broken",
                KernelCompilerTest.BROKEN);
        // The prefetch's task runs only once a get() waits for it, so that get() meets the prefetch's failure
        // (had the task failed first, get() would compile again and fail on its own).
        java.util.concurrent.atomic.AtomicReference<Runnable> task = new java.util.concurrent.atomic.AtomicReference<>();
        assertTrue(cache.prefetch(key(20), broken, task::set));
        java.util.concurrent.CompletableFuture<Throwable> waiter = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                cache.get(key(20), broken);
                return null;
            } catch (RuntimeException e) {
                return e;
            }
        });
        while (cache.stats().hits() == 0) {
            Thread.onSpinWait();
        }
        task.get().run();
        assertTrue(waiter.join() instanceof KernelCompileException, "the waiting get() rethrows the prefetch's failure");
        assertEquals(java.util.Optional.empty(), cache.peek(key(20)));
        CountingGenerator good = new CountingGenerator(0);
        assertEquals(key(20), cache.get(key(20), good).key());
        assertEquals(1, good.calls.get());
        assertEquals(1, cache.stats().failures());
    }

    @Test
    void aRejectingExecutorFailsThePrefetchAndLeavesNoEntry() {
        KernelCache cache = new KernelCache();
        CountingGenerator gen = new CountingGenerator(0);
        assertThrows(java.util.concurrent.RejectedExecutionException.class, () -> cache.prefetch(key(30), gen,
                r -> {
                    throw new java.util.concurrent.RejectedExecutionException("full");
                }));
        assertEquals(key(30), cache.get(key(30), gen).key());
        assertEquals(1, gen.calls.get());
    }
}
