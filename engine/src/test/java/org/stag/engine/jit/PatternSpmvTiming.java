package org.stag.engine.jit;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.cin.ValueRead;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Source;
import org.stag.engine.kernellib.ChunkRunner;
import org.stag.engine.kernellib.Frame;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;

/**
 * Not a test: the generated pattern SpMV {@code y[i] = A[i][j] * x[j] | j:(+, 0.0)} with A a bool tensor read
 * from its values array (as before the pattern mode) against the same kernel compiled for A's constant
 * {@code true} ({@code sum += x[j]}), on one graph, in one JVM, interleaved: each round runs each variant once.
 * The constant A is a view of the array A ({@link Tensor#withValues}): both read the very same levels; with
 * {@code built}, it is built on its own from constant values instead (a dynamic last level then stores
 * coordinates only, no positions).
 *
 * <pre>
 * java -Xmx12g -cp ... org.stag.engine.jit.PatternSpmvTiming GRAPH [format [threads [rounds [view|built]]]]
 * </pre>
 * Prints each variant's median milliseconds and the median over rounds of the constant/array ratio, after
 * checking that both give the same y.
 */
public final class PatternSpmvTiming {
    private static final String SPMV = """
            N int
            A bool[N][compressed[N]]
            x double[N]
            Let Main() -> (y double[N])
                y[i] = A[i][j] * x[j] | j:(+, 0.0)
            End
            """;

    private PatternSpmvTiming() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        Format format = FormatParser.parse(args.length > 1 ? args[1] : "dense,compressed");
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 15;
        boolean built = args.length > 4 && args[4].equals("built");
        long t0 = System.nanoTime();
        Graph g = GraphLoader.load(file, LoadOptions.defaults().withThreads(threads));
        int n = g.numRows();
        int m = g.numEdges();
        int[] rows = new int[m];
        int[] ptr = g.rowPtr();
        for (int r = 0; r < n; r++) {
            Arrays.fill(rows, ptr[r], ptr[r + 1], r);
        }
        boolean[] ones = new boolean[m];
        Arrays.fill(ones, true);
        int[] dims = {n, g.numCols()};
        Tensor array = Tensor.build(format, dims, new int[][] {rows, g.colIdx()}, Values.ofBools(ones));
        Tensor pattern = built ? Tensor.build(format, dims, new int[][] {rows, g.colIdx()}, Values.constantBool(true, false, m))
                : array.withValues(Values.constantBool(true, false, 0));
        rows = null;
        System.out.printf(Locale.ROOT, "# %s: %d rows, %d stored edges, %s, %d thread(s), constant A %s; loaded and built in"
                + " %.1f s%n", file, n, m, format, threads, built ? "built on its own" : "a view of the array A",
                (System.nanoTime() - t0) / 1e9);
        System.out.printf(Locale.ROOT, "# bytes: array A %d, constant A %d%n", array.memoryBytes(), pattern.memoryBytes());

        CheckedProgram p = new Checker().check(new Source("spmv.stag", SPMV));
        Definition d = (Definition) p.main().decl().body().get(0);
        Format dense = FormatParser.parse("dense");
        Map<String, Format> formats = Map.of("A", format, "x", dense, "y", dense);
        DefinitionCompiler dc = new DefinitionCompiler();
        CompiledDefinition arrayKernel = dc.compile(p, d, formats, Map.of("A", ValueRead.of(array)), Map.of());
        CompiledDefinition patternKernel = dc.compile(p, d, formats, Map.of("A", ValueRead.of(pattern)), Map.of());
        double[] xv = new double[g.numCols()];
        for (int j = 0; j < xv.length; j++) {
            xv[j] = 1.0 / (1 + j % 1000);
        }
        Tensor x = Tensor.ofDense(dense, new int[] {xv.length}, Values.ofDoubles(xv));
        ChunkRunner runner = ChunkRunner.of(threads);
        Runner[] variants = {new Runner(arrayKernel, array, x, n, runner), new Runner(patternKernel, pattern, x, n, runner)};
        String[] names = {"bool array A", "constant A"};
        for (Runner r : variants) {
            r.run();
        }
        double[] a = ((DoubleValues) variants[0].out.values()).array();
        double[] b = ((DoubleValues) variants[1].out.values()).array();
        if (!Arrays.equals(a, b)) {
            throw new IllegalStateException("the two kernels disagree");
        }
        for (int w = 0; w < 5; w++) {
            for (Runner r : variants) {
                r.run();
            }
        }
        double[][] ms = new double[variants.length][rounds];
        for (int round = 0; round < rounds; round++) {
            for (int v = 0; v < variants.length; v++) {
                long s = System.nanoTime();
                variants[v].run();
                ms[v][round] = (System.nanoTime() - s) / 1e6;
            }
        }
        for (int v = 0; v < variants.length; v++) {
            System.out.printf(Locale.ROOT, "%s: median %.1f ms (min %.1f, max %.1f) over %d rounds%n", names[v], median(ms[v]),
                    Arrays.stream(ms[v]).min().orElseThrow(), Arrays.stream(ms[v]).max().orElseThrow(), rounds);
        }
        double[] ratio = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            ratio[round] = ms[1][round] / ms[0][round];
        }
        System.out.printf(Locale.ROOT, "constant / array: median ratio %.3f%n", median(ratio));
    }

    /** One kernel with its frame and operands; the dense result is reused from run to run. */
    private static final class Runner {
        final CompiledDefinition kernel;
        final Frame frame;
        final Tensor a;
        final Tensor x;
        final int n;
        final ChunkRunner runner;
        Tensor out;

        Runner(CompiledDefinition kernel, Tensor a, Tensor x, int n, ChunkRunner runner) {
            this.kernel = kernel;
            this.frame = kernel.newFrame();
            this.a = a;
            this.x = x;
            this.n = n;
            this.runner = runner;
        }

        void run() {
            frame.tensors[kernel.plan().tensors().indexOf("A")] = a;
            frame.tensors[kernel.plan().tensors().indexOf("x")] = x;
            frame.ints[0] = n;
            out = kernel.runWith(frame, runner, out);
        }
    }

    private static double median(double[] a) {
        double[] c = a.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }
}
