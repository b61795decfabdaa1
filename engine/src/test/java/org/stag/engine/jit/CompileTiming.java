package org.stag.engine.jit;

import java.util.Arrays;
import java.util.List;
import org.stag.engine.javagen.GeneratedSource;

/**
 * Not a test: a JMH-free measurement of cold compilation and cached lookup through {@link KernelCache}, for
 * the report. Run with the test classpath: {@code java -cp ... org.stag.engine.jit.CompileTiming}.
 */
public final class CompileTiming {
    private CompileTiming() {
    }

    /** A ~100-line kernel class: SpMV, a fixed-chunk parallel sum, an atomic scatter, a min reduction. */
    static GeneratedSource kernel(KernelKey key) {
        String body = JaninoFeaturesTest.SPMV_BODY + JaninoFeaturesTest.PARALLEL_BODY
                + JaninoFeaturesTest.SCATTER_BODY + """
                public static double minOf(double[] v) {
                    double acc = Double.POSITIVE_INFINITY;
                    for (int i = 0; i < v.length; i++) acc = Math.min(acc, v[i]);
                    return acc;
                }
                """ + "static final String KERNEL = \"" + key.digest() + "\";\n";
        return Sources.unit(key.className("K"), "import org.stag.engine.jit.Atomics;\n"
                + "import java.util.concurrent.ForkJoinPool;\nimport java.util.concurrent.RecursiveAction;\n"
                + "import java.util.concurrent.atomic.AtomicLongArray;", body);
    }

    static KernelKey key(int i) {
        return new KernelKey("kernel " + i, List.of("dense,compressed"), List.of("double"), "timing");
    }

    public static void main(String[] args) {
        KernelCache cache = new KernelCache();
        System.out.println("kernel lines: " + kernel(key(0)).text().split("\n").length);
        long t0 = System.nanoTime();
        CompiledKernel first = cache.get(key(0), CompileTiming::kernel);
        long firstTotal = System.nanoTime() - t0;
        System.out.printf("first compile in this JVM: %.1f ms (Janino part %.1f ms)%n", firstTotal / 1e6,
                first.compileNanos() / 1e6);

        int warm = 30;
        int measured = 50;
        for (int i = 1; i <= warm; i++) {
            cache.get(key(i), CompileTiming::kernel);
        }
        long[] cold = new long[measured];
        for (int i = 0; i < measured; i++) {
            KernelKey k = key(1000 + i);
            long s = System.nanoTime();
            cache.get(k, CompileTiming::kernel);
            cold[i] = System.nanoTime() - s;
        }
        Arrays.sort(cold);
        System.out.printf("cold compile (miss) after %d warm-up kernels, %d distinct kernels: median %.2f ms,"
                + " min %.2f ms, max %.2f ms%n", warm, measured, cold[measured / 2] / 1e6, cold[0] / 1e6,
                cold[measured - 1] / 1e6);

        // Cached: the same key object is looked up again; batches of 1000 so timer granularity does not matter.
        KernelKey hot = key(1000);
        int batches = 2000;
        int per = 1000;
        long[] cached = new long[batches];
        long sink = 0;
        for (int b = 0; b < batches; b++) {
            long s = System.nanoTime();
            for (int i = 0; i < per; i++) {
                sink += cache.get(hot, CompileTiming::kernel).compileNanos();
            }
            cached[b] = (System.nanoTime() - s) / per;
        }
        Arrays.sort(cached);
        // A fresh equal key costs its hashCode (the kernel text and lists) on top of the lookup.
        long[] fresh = new long[batches];
        for (int b = 0; b < batches; b++) {
            long s = System.nanoTime();
            for (int i = 0; i < per; i++) {
                sink += cache.get(key(1000), CompileTiming::kernel).compileNanos();
            }
            fresh[b] = (System.nanoTime() - s) / per;
        }
        Arrays.sort(fresh);
        System.out.printf("cached lookup, same key object: median %d ns; freshly built equal key: median %d ns"
                + " (batches of %d, %d batches)%n", cached[batches / 2], fresh[batches / 2], per, batches);
        KernelCache.Stats st = cache.stats();
        System.out.printf("stats: %d misses, %d hits, median Janino compile %.2f ms (%d)%n", st.misses(), st.hits(),
                st.medianCompileNanos() / 1e6, sink == 42 ? 0 : st.compileNanos().size());
    }
}
