package org.stag.engine.jit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.stag.engine.javagen.GeneratedSource;
import org.stag.engine.javagen.SourceEmitter;

/**
 * Compiled kernels by {@link KernelKey}. Thread-safe: when many threads ask for the same missing key at
 * once, one generates and compiles it and the others wait for that result, so every key is compiled at most
 * once while its compilation succeeds. A failed compilation is not cached: every waiter gets the failure,
 * and a later request tries again (which writes the source again for the bug report).
 *
 * <p>Compilation runs outside any lock of the map, so slow compiles of different keys proceed in parallel.
 * {@link #prefetch} starts compilations on background threads, so that a runtime which knows the kernels it
 * will need compiles them all at once (one per core) and {@link #get} later only waits for each.
 */
public final class KernelCache {
    private final KernelCompiler compiler;
    private final ConcurrentHashMap<KernelKey, CompletableFuture<CompiledKernel>> entries =
            new ConcurrentHashMap<>();
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder failures = new LongAdder();

    /** Holder idiom: the compile threads start on the first {@link #prefetch}, never for plain {@link #get}s. */
    private static final class Compilers {
        /** Daemon threads, so a pending prefetch never keeps a finished program's JVM alive. */
        static final ExecutorService POOL = Executors.newFixedThreadPool(
                Math.max(1, Runtime.getRuntime().availableProcessors()), r -> {
                    Thread t = new Thread(r, "stag-kernel-compiler");
                    t.setDaemon(true);
                    return t;
                });
    }

    /** A cache compiling with {@code compiler}. */
    public KernelCache(KernelCompiler compiler) {
        this.compiler = Objects.requireNonNull(compiler, "compiler");
    }

    /** A cache compiling with a default {@link KernelCompiler}. */
    public KernelCache() {
        this(new KernelCompiler());
    }

    /**
     * The kernel for {@code key}, generating its source with {@code generator} and compiling it if it is not
     * cached. {@code generator} is called at most once per successful compilation and only on a miss.
     *
     * @throws KernelCompileException if the generated source does not compile (also in threads that waited)
     */
    public CompiledKernel get(KernelKey key, Function<? super KernelKey, GeneratedSource> generator) {
        Objects.requireNonNull(key, "key");
        CompletableFuture<CompiledKernel> f = entries.get(key);
        if (f == null) {
            CompletableFuture<CompiledKernel> mine = new CompletableFuture<>();
            f = entries.putIfAbsent(key, mine);
            if (f == null) {
                misses.increment();
                return build(key, generator, mine);
            }
        }
        // Includes threads that waited for another's compilation: they did not compile.
        hits.increment();
        return await(f);
    }

    /**
     * Starts compiling {@code key} on a background thread (one per core) unless it is cached or in flight,
     * and returns at once; a later {@link #get} of the key waits for that compilation instead of starting
     * one. A failure is not cached, as with {@link #get}: it reaches the waiters at that moment, and a later
     * {@link #get} compiles again.
     *
     * @return whether this call started a compilation
     */
    public boolean prefetch(KernelKey key, Function<? super KernelKey, GeneratedSource> generator) {
        return prefetch(key, generator, Compilers.POOL);
    }

    /** As {@link #prefetch(KernelKey, Function)}, compiling on {@code executor}. */
    public boolean prefetch(KernelKey key, Function<? super KernelKey, GeneratedSource> generator,
            Executor executor) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(generator, "generator");
        CompletableFuture<CompiledKernel> mine = new CompletableFuture<>();
        if (entries.putIfAbsent(key, mine) != null) {
            return false;
        }
        misses.increment();
        try {
            executor.execute(() -> {
                try {
                    build(key, generator, mine);
                } catch (RuntimeException | Error e) {
                    // Recorded in the future by build(): the waiters rethrow it.
                }
            });
        } catch (RuntimeException e) {
            // A rejecting executor: fail this entry like a compile failure, so no get() waits forever.
            failures.increment();
            entries.remove(key, mine);
            mine.completeExceptionally(e);
            throw e;
        }
        return true;
    }

    private CompiledKernel build(KernelKey key, Function<? super KernelKey, GeneratedSource> generator,
            CompletableFuture<CompiledKernel> mine) {
        try {
            long t0 = System.nanoTime();
            GeneratedSource source = Objects.requireNonNull(generator.apply(key), "generated source");
            long t1 = System.nanoTime();
            Class<?> c = compiler.compile(source);
            long t2 = System.nanoTime();
            CompiledKernel k = new CompiledKernel(key, source, c, t1 - t0, t2 - t1);
            mine.complete(k);
            return k;
        } catch (RuntimeException | Error e) {
            failures.increment();
            entries.remove(key, mine);
            mine.completeExceptionally(e);
            throw e;
        }
    }

    private static CompiledKernel await(CompletableFuture<CompiledKernel> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            // Rethrow the compiling thread's exception itself, so waiters see a KernelCompileException too.
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** The cached kernel for {@code key}, if compiled already; does not count as a hit or a miss. */
    public Optional<CompiledKernel> peek(KernelKey key) {
        CompletableFuture<CompiledKernel> f = entries.get(key);
        return f != null && f.isDone() && !f.isCompletedExceptionally() ? Optional.of(f.join()) : Optional.empty();
    }

    /** Every successfully compiled kernel, e.g. for {@link SourceEmitter}; in no particular order. */
    public List<CompiledKernel> kernels() {
        List<CompiledKernel> out = new ArrayList<>();
        for (CompletableFuture<CompiledKernel> f : entries.values()) {
            if (f.isDone() && !f.isCompletedExceptionally()) {
                out.add(f.join());
            }
        }
        return out;
    }

    /** Drops every entry (kernels in flight finish for their callers); statistics are kept. */
    public void clear() {
        entries.clear();
    }

    /** Counts so far and the compile time of each cached kernel. */
    public Stats stats() {
        Map<KernelKey, Long> nanos = new LinkedHashMap<>();
        for (CompiledKernel k : kernels()) {
            nanos.put(k.key(), k.compileNanos());
        }
        return new Stats(hits.sum(), misses.sum(), failures.sum(), Collections.unmodifiableMap(nanos));
    }

    /**
     * Cache statistics. {@code misses} counts compilations started (successful or not), {@code hits} every
     * other request, {@code compileNanos} the Janino compile time (generation excluded) of each cached kernel.
     */
    public record Stats(long hits, long misses, long failures, Map<KernelKey, Long> compileNanos) {

        /** Median of {@link #compileNanos()}, the upper one of an even count; 0 if there are none. */
        public long medianCompileNanos() {
            if (compileNanos.isEmpty()) {
                return 0;
            }
            long[] v = compileNanos.values().stream().mapToLong(Long::longValue).sorted().toArray();
            return v[v.length / 2];
        }
    }
}
