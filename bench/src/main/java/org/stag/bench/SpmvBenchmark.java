package org.stag.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.Graph;
import org.stag.loaders.Parallel;

/**
 * Sparse matrix times dense vector, {@code y[i] = A[i][j] * x[j] | j:(+, 0.0)}, on the Kronecker graph (scale 20,
 * edge factor 16, symmetrised: about 31M stored edges; every value 1.0), for the kernel stag generates with A in
 * each format, beside a hand-written CSR SpMV over the arrays of the same dense,compressed tensor.
 *
 * <p>The hand-written baseline splits the rows into the chunks the generated kernels use
 * ({@link ChunkRunner#chunkSize}) and, on 2 threads, lets the workers of a pool take chunks from a shared counter,
 * as {@link ChunkRunner} does; on 1 thread it runs on the calling thread. Both allocate y per operation, as
 * {@link CompiledDefinition#run} does. Kernels are compiled in the trial's setup, outside the measurement, and
 * every variant's result is checked against a sequential SpMV before measuring.
 *
 * <p>Formats the compiler cannot handle yet (dynamic levels, until the schema code is merged) fail their setup
 * with a message saying so, and JMH goes on with the other parameters; {@code bench/run-spmv.sh} leaves them out
 * beforehand ({@code java -cp benchmarks.jar org.stag.bench.SpmvBenchmark} lists the formats that compile).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx12g", "-XX:+UseParallelGC"})
public class SpmvBenchmark {
    /** The hand-written CSR baseline. */
    public static final String HANDWRITTEN = "csr-handwritten";

    /** The format of A with ':' for ',' (JMH splits -p values on commas), or {@link #HANDWRITTEN}. */
    @Param({HANDWRITTEN, "dense:compressed", "dense:ctree", "dense:bst", "dense:blist"})
    public String format;

    @Param({"1", "2"})
    public int threads;

    @Param({"20"})
    public int scale;

    private CompiledDefinition kernel;
    private Map<String, Object> bindings;

    private int n;
    private int[] pos;
    private int[] crd;
    private double[] vals;
    private double[] xv;
    private ForkJoinPool pool;
    private double[] yHandwritten;
    private Tensor a;
    private Tensor x;
    private Tensor y;
    private org.stag.engine.kernellib.Frame frame;
    private org.stag.engine.kernellib.ChunkRunner runner;

    @Setup(Level.Trial)
    public void setup() {
        boolean handwritten = format.equals(HANDWRITTEN);
        Format f = SpmvKernels.format(handwritten ? "dense:compressed" : format);
        if (!handwritten) {
            // Before building A: an unsupported format is refused at once.
            long t0 = System.nanoTime();
            try {
                kernel = SpmvKernels.Spmv.of("x").compile(new DefinitionCompiler(), f);
            } catch (UnsupportedOperationException e) {
                throw new IllegalStateException("SKIPPED format=" + format + ": the compiler does not support it yet ("
                        + e.getMessage() + "); leave it out with -p format=...", e);
            }
            System.out.printf("%n# kernel %s compiled in %.1f ms, loop order %s%n", kernel.plan().source().qualifiedName(),
                    (System.nanoTime() - t0) / 1e6, kernel.plan().loopOrder());
        }
        long t0 = System.nanoTime();
        Graph g = BenchGraphs.kronGraph(scale, 16, Parallel.defaultThreads());
        Tensor a = SpmvKernels.matrix(g, f);
        n = g.numRows();
        xv = SpmvKernels.x(n);
        System.out.printf("# kron scale %d: %d rows, %d stored edges; A in %s built in %.2f s%n", scale, n, g.numEdges(), f,
                (System.nanoTime() - t0) / 1e9);
        double[] expected = SpmvKernels.reference(g, xv);
        if (handwritten) {
            pos = ((CompressedLevel) a.level(1)).pos();
            crd = ((CompressedLevel) a.level(1)).crd();
            vals = ((DoubleValues) a.values()).array();
            pool = threads > 1 ? new ForkJoinPool(threads) : null;
            yHandwritten = new double[n];
            SpmvKernels.check(format, expected, handwritten());
        } else {
            bindings = new HashMap<>();
            bindings.put("A", a);
            bindings.put("x", SpmvKernels.vector(xv));
            bindings.put("N", n);
            Tensor first = (Tensor) kernel.run(bindings, threads);
            SpmvKernels.check(format, expected, ((DoubleValues) first.values()).array());
            if (!kernel.plan().tensors().equals(java.util.List.of("A", "x")) || !kernel.plan().intScalars().equals(java.util.List.of("N"))) {
                throw new IllegalStateException("unexpected frame layout " + kernel.plan().tensors() + " " + kernel.plan().intScalars());
            }
            this.a = (Tensor) bindings.get("A");
            this.x = (Tensor) bindings.get("x");
            frame = kernel.newFrame();
            runner = org.stag.engine.kernellib.ChunkRunner.of(threads);
            y = null;
            SpmvKernels.check(format + " (reused frame)", expected, ((DoubleValues) spmvOnce().values()).array());
            SpmvKernels.check(format + " (reused output)", expected, ((DoubleValues) spmvOnce().values()).array());
        }
    }

    private Tensor spmvOnce() {
        return (Tensor) spmv();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (pool != null) {
            pool.shutdown();
        }
    }

    @Benchmark
    public Object spmv() {
        if (kernel == null) {
            return handwritten();
        }
        // The runtime's path: operands already in a reused frame, y written into the previous result.
        frame.tensors[0] = a;
        frame.tensors[1] = x;
        frame.ints[0] = n;
        y = kernel.runWith(frame, runner, y);
        return y;
    }

    /** y = A x over the CSR arrays, in ChunkRunner's chunks, into one reused array (as the kernel does). */
    private double[] handwritten() {
        double[] y = yHandwritten;
        int chunkSize = ChunkRunner.chunkSize(n);
        int chunks = Math.max(1, (n + chunkSize - 1) / chunkSize);
        if (pool == null || chunks <= 1) {
            for (int c = 0; c < chunks; c++) {
                rows(y, c * chunkSize, Math.min(n, (c + 1) * chunkSize));
            }
            return y;
        }
        AtomicInteger next = new AtomicInteger();
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[Math.min(threads, chunks)];
        for (int w = 0; w < tasks.length; w++) {
            tasks[w] = pool.submit(() -> {
                for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                    rows(y, c * chunkSize, Math.min(n, (c + 1) * chunkSize));
                }
            });
        }
        for (ForkJoinTask<?> t : tasks) {
            t.join();
        }
        return y;
    }

    private void rows(double[] y, int lo, int hi) {
        final int[] pos = this.pos;
        final int[] crd = this.crd;
        final double[] vals = this.vals;
        final double[] x = this.xv;
        for (int i = lo; i < hi; i++) {
            double s = 0.0;
            for (int p = pos[i], end = pos[i + 1]; p < end; p++) {
                s += vals[p] * x[crd[p]];
            }
            y[i] = s;
        }
    }

    /**
     * Prints the {@code format} parameters the compiler supports, comma-separated, for {@code -p format=...};
     * the others, with the reason, on stderr.
     */
    public static void main(String[] args) throws NoSuchFieldException {
        String[] all = SpmvBenchmark.class.getField("format").getAnnotation(Param.class).value();
        List<String> supported = new ArrayList<>();
        for (String f : all) {
            String why = f.equals(HANDWRITTEN) ? null : SpmvKernels.unsupported(f);
            if (why == null) {
                supported.add(f);
            } else {
                System.err.println("# SKIPPED format=" + f + ": " + why);
            }
        }
        System.out.println(String.join(",", supported));
    }
}
