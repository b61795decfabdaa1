package org.stag.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import org.stag.engine.jit.CompiledDefinition;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.engine.kernellib.Frame;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.Graph;

/**
 * SpMV side by side with the variants interleaved: every round runs each variant once (hand-written CSR,
 * generated CSR, C-tree and BST rows, each on 1 and 2 threads), so drift in a shared machine's load hits all
 * variants alike. Reports each variant's median time and the median over rounds of its ratio to a baseline
 * measured in the same round.
 *
 * <pre>java -Xmx16g -cp bench/target/benchmarks.jar org.stag.bench.SpmvInterleaved [scale] [rounds]</pre>
 */
public final class SpmvInterleaved {
    private SpmvInterleaved() {
    }

    /** One timed variant. */
    private interface Variant {
        void run();
    }

    public static void main(String[] args) {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        Graph g = BenchGraphs.kronGraph(scale, 16, 2);
        int n = g.numRows();
        double[] xv = SpmvKernels.x(n);
        double[] expected = SpmvKernels.reference(g, xv);
        Tensor x = SpmvKernels.vector(xv);
        List<String> names = new ArrayList<>();
        List<Variant> variants = new ArrayList<>();
        Tensor csr = SpmvKernels.matrix(g, SpmvKernels.format("dense:compressed"));
        int[] pos = ((CompressedLevel) csr.level(1)).pos();
        int[] crd = ((CompressedLevel) csr.level(1)).crd();
        double[] vals = ((DoubleValues) csr.values()).array();
        double[] y = new double[n];
        ForkJoinPool pool = new ForkJoinPool(2);
        for (int threads : new int[] {1, 2}) {
            int t = threads;
            names.add("hand-written csr, " + t + " thread" + (t > 1 ? "s" : ""));
            variants.add(() -> handwritten(pos, crd, vals, xv, y, n, t == 1 ? null : pool));
        }
        DefinitionCompiler dc = new DefinitionCompiler();
        for (String format : new String[] {"dense:compressed", "dense:ctree", "dense:bst"}) {
            Tensor a = format.equals("dense:compressed") ? csr : SpmvKernels.matrix(g, SpmvKernels.format(format));
            CompiledDefinition k = SpmvKernels.Spmv.of("x").compile(dc, SpmvKernels.format(format));
            for (int threads : new int[] {1, 2}) {
                Frame f = k.newFrame();
                ChunkRunner runner = ChunkRunner.of(threads);
                Tensor[] out = new Tensor[1];
                Variant v = () -> {
                    f.tensors[0] = a;
                    f.tensors[1] = x;
                    f.ints[0] = n;
                    out[0] = k.runWith(f, runner, out[0]);
                };
                v.run();
                SpmvKernels.check(format, expected, ((DoubleValues) out[0].values()).array());
                names.add(format.replace(':', ',') + ", " + threads + " thread" + (threads > 1 ? "s" : ""));
                variants.add(v);
            }
        }
        handwritten(pos, crd, vals, xv, y, n, pool);
        SpmvKernels.check("hand-written", expected, y);
        int m = variants.size();
        double[][] t = new double[m][rounds];
        for (int warm = 0; warm < 3; warm++) {
            variants.forEach(Variant::run);
        }
        for (int r = 0; r < rounds; r++) {
            for (int v = 0; v < m; v++) {
                long t0 = System.nanoTime();
                variants.get(v).run();
                t[v][r] = (System.nanoTime() - t0) / 1e6;
            }
        }
        pool.shutdown();
        System.out.printf(Locale.ROOT, "# SpMV on kron scale %d (%d rows, %d stored edges), %d interleaved rounds%n%n", scale,
                n, g.numEdges(), rounds);
        System.out.println("| variant | median ms | / hand-written (same threads) | / generated csr (same threads) | 1-thread / 2-thread |");
        System.out.println("|---|---|---|---|---|");
        for (int v = 0; v < m; v++) {
            int threadsIdx = v % 2;
            int hand = threadsIdx;
            int gen = 2 + threadsIdx;
            String speedup = threadsIdx == 1 ? String.format(Locale.ROOT, "%.2f", ratio(t[v - 1], t[v])) : "";
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.2f | %.2f | %s |%n", names.get(v), median(t[v]), ratio(t[v], t[hand]),
                    ratio(t[v], t[gen]), speedup);
        }
    }

    /** Median over rounds of a[r] / b[r]. */
    private static double ratio(double[] a, double[] b) {
        double[] q = new double[a.length];
        for (int r = 0; r < a.length; r++) {
            q[r] = a[r] / b[r];
        }
        return median(q);
    }

    private static double median(double[] a) {
        double[] c = a.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }

    private static void handwritten(int[] pos, int[] crd, double[] vals, double[] x, double[] y, int n, ForkJoinPool pool) {
        int chunkSize = ChunkRunner.chunkSize(n);
        int chunks = Math.max(1, (n + chunkSize - 1) / chunkSize);
        if (pool == null) {
            rows(pos, crd, vals, x, y, 0, n);
            return;
        }
        AtomicInteger next = new AtomicInteger();
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[2];
        for (int w = 0; w < tasks.length; w++) {
            tasks[w] = pool.submit(() -> {
                for (int c = next.getAndIncrement(); c < chunks; c = next.getAndIncrement()) {
                    rows(pos, crd, vals, x, y, c * chunkSize, Math.min(n, (c + 1) * chunkSize));
                }
            });
        }
        for (ForkJoinTask<?> task : tasks) {
            task.join();
        }
    }

    private static void rows(int[] pos, int[] crd, double[] vals, double[] x, double[] y, int lo, int hi) {
        for (int i = lo; i < hi; i++) {
            double s = 0.0;
            for (int p = pos[i], end = pos[i + 1]; p < end; p++) {
                s += vals[p] * x[crd[p]];
            }
            y[i] = s;
        }
    }
}
