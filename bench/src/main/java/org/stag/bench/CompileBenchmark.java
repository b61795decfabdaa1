package org.stag.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.jit.KernelCache;
import org.stag.formats.tensor.Format;

/**
 * Compile time of the SpMV kernel {@code y[i] = A[i][j] * x[j] | j:(+, 0.0)} for each format of A, in ms:
 * <ul>
 *   <li><b>cold</b>: a fresh {@link DefinitionCompiler} with a fresh {@link KernelCache}, and a distinct kernel each
 *       time (the vector is renamed {@code x1}, {@code x2}, …, so the kernel text, key and class differ): what
 *       the first use of a kernel costs. {@code janino} is the part spent in Janino
 *       ({@link KernelCache#stats()}), the rest is generating the source and loading the class;</li>
 *   <li><b>cached</b>: the same compiler asked again for a kernel it compiled: the cost of every later use.</li>
 * </ul>
 * Each is the median of {@code reps} runs after {@code warmup} discarded ones (the JVM warm, the cache not);
 * {@code first} is the very first cold compile in this JVM, JIT cold too.
 *
 * <pre>java -cp bench/target/benchmarks.jar org.stag.bench.CompileBenchmark [reps [warmup]]</pre>
 */
public final class CompileBenchmark {
    private CompileBenchmark() {
    }

    /** The formats of A measured (those of SpmvBenchmark that have a kernel). */
    static final List<String> FORMATS = List.of("dense:compressed", "dense:ctree", "dense:bst", "dense:blist");

    private static int counter;

    public static void main(String[] args) {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 21;
        int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        System.out.printf("# SpMV kernel compile times, median of %d after %d warm-up compiles; JDK %s%n", reps, warmup,
                System.getProperty("java.version"));
        long first = cold(SpmvKernels.format(FORMATS.get(0)))[0];
        System.out.printf("# first compile in this JVM (%s): %.1f ms%n%n", FORMATS.get(0), first / 1e6);
        System.out.println("| format | cold ms | of which janino ms | cached ms | cache hits / misses (cached runs) |");
        System.out.println("|---|---|---|---|---|");
        for (String name : FORMATS) {
            String why = SpmvKernels.unsupported(name);
            if (why != null) {
                System.out.printf("| %s | skipped: %s | | | |%n", name.replace(':', ','), why);
                continue;
            }
            Format f = SpmvKernels.format(name);
            for (int r = 0; r < warmup; r++) {
                cold(f);
            }
            long[] total = new long[reps];
            long[] janino = new long[reps];
            for (int r = 0; r < reps; r++) {
                long[] t = cold(f);
                total[r] = t[0];
                janino[r] = t[1];
            }
            DefinitionCompiler compiler = new DefinitionCompiler();
            SpmvKernels.Spmv spmv = SpmvKernels.Spmv.of("x");
            spmv.compile(compiler, f);
            for (int r = 0; r < warmup; r++) {
                spmv.compile(compiler, f);
            }
            long[] cached = new long[reps];
            for (int r = 0; r < reps; r++) {
                long t0 = System.nanoTime();
                spmv.compile(compiler, f);
                cached[r] = System.nanoTime() - t0;
            }
            KernelCache.Stats s = compiler.cache().stats();
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %.4f | %d / %d |%n", name.replace(':', ','), median(total) / 1e6,
                    median(janino) / 1e6, median(cached) / 1e6, s.hits(), s.misses());
        }
    }

    /** One cold compile of a new kernel: {total ns, Janino ns}. */
    private static long[] cold(Format f) {
        SpmvKernels.Spmv spmv = SpmvKernels.Spmv.of("x" + ++counter);
        DefinitionCompiler compiler = new DefinitionCompiler(new KernelCache());
        long t0 = System.nanoTime();
        CompiledDefinition k = spmv.compile(compiler, f);
        long total = System.nanoTime() - t0;
        if (compiler.cache().stats().misses() != 1 || k.plan().source().text().isEmpty()) {
            throw new IllegalStateException("a cold compile was not a cache miss");
        }
        return new long[] {total, compiler.cache().stats().medianCompileNanos()};
    }

    private static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
    }
}
