package org.stag.engine.jit;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
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
 * Not a test: the canonical form ({@link org.stag.engine.pass.Canonical}) on and off, in one JVM, interleaved
 * (each round runs each variant once), on one graph:
 * <ul>
 *   <li>{@code spmv-split}: {@code y[i] = (A[i][j] + B[i][j]) * x[j] | j:(+, 0.0)} with the graph's edges split
 *       at random into A and B (disjoint rows: the union loop merges two rows per vertex);</li>
 *   <li>{@code spmv-same}: the same with B holding A's very pattern (every coordinate in both: the union loop's
 *       best case, the monomials visit every entry twice);</li>
 *   <li>{@code vectors}: {@code z[i] = x[i] * (p[i] + q[i])} over two compressed vectors of the graph's size,
 *       each 10% full at random.</li>
 * </ul>
 *
 * <pre>
 * java -Xmx8g -cp ... org.stag.engine.jit.CanonicalTiming GRAPH [threads [rounds]]
 * </pre>
 * Prints per case the median milliseconds of each variant and the median over rounds of on/off, after checking
 * that both agree (exactly: the test values are small dyadic numbers).
 */
public final class CanonicalTiming {
    private static final String PROGRAM = """
            N int
            A double[N][compressed[N]]
            B double[N][compressed[N]]
            x double[N]
            p double[compressed[N]]
            q double[compressed[N]]
            Let Main() -> (y double[N], z double[N])
                y[i] = (A[i][j] + B[i][j]) * x[j] | j:(+, 0.0)
                z[i] = x[i] * (p[i] + q[i])
            End
            """;

    private CanonicalTiming() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        long t0 = System.nanoTime();
        Graph g = GraphLoader.load(file, LoadOptions.defaults().withThreads(threads));
        int n = g.numRows();
        int m = g.numEdges();
        int[] ptr = g.rowPtr();
        int[] col = g.colIdx();
        SplittableRandom r = new SplittableRandom(20261127L);
        // A and B: the edges split at random; S: every edge, with other values.
        int[][] crdA = new int[2][m];
        int[][] crdB = new int[2][m];
        double[] valA = new double[m];
        double[] valB = new double[m];
        double[] valS = new double[m];
        int na = 0;
        int nb = 0;
        for (int i = 0; i < n; i++) {
            for (int e = ptr[i]; e < ptr[i + 1]; e++) {
                double v = (1 + r.nextInt(12)) / 4.0;
                valS[e] = (1 + r.nextInt(12)) / 4.0;
                if (r.nextBoolean()) {
                    crdA[0][na] = i;
                    crdA[1][na] = col[e];
                    valA[na++] = v;
                } else {
                    crdB[0][nb] = i;
                    crdB[1][nb] = col[e];
                    valB[nb++] = v;
                }
            }
        }
        Format csr = FormatParser.parse("dense,compressed");
        int[] dims = {n, g.numCols()};
        Tensor a = Tensor.build(csr, dims, new int[][] {Arrays.copyOf(crdA[0], na), Arrays.copyOf(crdA[1], na)},
                Values.ofDoubles(Arrays.copyOf(valA, na)));
        Tensor b = Tensor.build(csr, dims, new int[][] {Arrays.copyOf(crdB[0], nb), Arrays.copyOf(crdB[1], nb)},
                Values.ofDoubles(Arrays.copyOf(valB, nb)));
        int[] rows = new int[m];
        for (int i = 0; i < n; i++) {
            Arrays.fill(rows, ptr[i], ptr[i + 1], i);
        }
        double[] ones = new double[m];
        Arrays.fill(ones, 1.0);
        Tensor full = Tensor.build(csr, dims, new int[][] {rows, col}, Values.ofDoubles(ones));
        Tensor same = Tensor.build(csr, dims, new int[][] {rows, col}, Values.ofDoubles(valS));
        crdA = null;
        crdB = null;
        rows = null;
        Tensor p = sparseVector(n, 0.1, r);
        Tensor q = sparseVector(n, 0.1, r);
        double[] xv = new double[n];
        for (int j = 0; j < n; j++) {
            xv[j] = (1 + j % 7) / 4.0;
        }
        Format dense = FormatParser.parse("dense");
        Tensor x = Tensor.ofDense(dense, new int[] {n}, Values.ofDoubles(xv));
        System.out.printf(Locale.ROOT, "# %s: %d rows, %d stored edges (A %d, B %d), %d thread(s); p, q 10%% of %d;"
                + " built in %.1f s%n", file, n, m, na, nb, threads, n, (System.nanoTime() - t0) / 1e9);

        CheckedProgram prog = new Checker().check(new Source("canonical.stag", PROGRAM));
        Definition spmv = (Definition) prog.main().decl().body().get(0);
        Definition vec = (Definition) prog.main().decl().body().get(1);
        Format comp = FormatParser.parse("compressed");
        Map<String, Format> mf = Map.of("A", csr, "B", csr, "x", dense, "y", dense);
        Map<String, Format> vf = Map.of("x", dense, "p", comp, "q", comp, "z", dense);
        DefinitionCompiler dc = new DefinitionCompiler();
        ChunkRunner runner = ChunkRunner.of(threads);
        List<Case> cases = List.of(
                new Case("spmv-split", dc, prog, spmv, mf, runner, Map.of("A", a, "B", b, "x", x), n),
                new Case("spmv-same", dc, prog, spmv, mf, runner, Map.of("A", full, "B", same, "x", x), n),
                new Case("vectors", dc, prog, vec, vf, runner, Map.of("x", x, "p", p, "q", q), n));
        for (Case c : cases) {
            c.measure(rounds);
        }
    }

    private static Tensor sparseVector(int n, double density, SplittableRandom r) {
        int[] crd = new int[n];
        double[] val = new double[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (r.nextDouble() < density) {
                crd[k] = i;
                val[k++] = (1 + r.nextInt(12)) / 4.0;
            }
        }
        return Tensor.build(FormatParser.parse("compressed"), new int[] {n}, new int[][] {Arrays.copyOf(crd, k)},
                Values.ofDoubles(Arrays.copyOf(val, k)));
    }

    /** One definition compiled with the pass on and off, over fixed operands. */
    private static final class Case {
        final String name;
        final Runner[] variants;

        Case(String name, DefinitionCompiler dc, CheckedProgram p, Definition d, Map<String, Format> formats,
             ChunkRunner runner, Map<String, Tensor> operands, int n) {
            this.name = name;
            CompiledDefinition on = dc.compile(p, d, formats, Map.of(), Map.of(), null, true, true, true);
            CompiledDefinition off = dc.compile(p, d, formats, Map.of(), Map.of(), null, true, true, false);
            if (!on.plan().notes().containsKey("canonical") || off.plan().notes().containsKey("canonical")) {
                throw new IllegalStateException(name + ": the pass did not fire as expected: " + on.plan().notes());
            }
            variants = new Runner[] {new Runner(on, operands, n, runner), new Runner(off, operands, n, runner)};
        }

        void measure(int rounds) {
            for (Runner r : variants) {
                r.run();
            }
            double[] a = ((DoubleValues) variants[0].out.values()).array();
            double[] b = ((DoubleValues) variants[1].out.values()).array();
            if (!Arrays.equals(a, b)) {
                throw new IllegalStateException(name + ": the two kernels disagree");
            }
            for (int w = 0; w < 5; w++) {
                for (Runner r : variants) {
                    r.run();
                }
            }
            double[][] ms = new double[2][rounds];
            for (int round = 0; round < rounds; round++) {
                for (int v = 0; v < 2; v++) {
                    int k = round % 2 == 0 ? v : 1 - v;
                    long s = System.nanoTime();
                    variants[k].run();
                    ms[k][round] = (System.nanoTime() - s) / 1e6;
                }
            }
            double[] ratio = new double[rounds];
            for (int round = 0; round < rounds; round++) {
                ratio[round] = ms[0][round] / ms[1][round];
            }
            System.out.printf(Locale.ROOT, "%-10s canonical on: median %.1f ms (min %.1f); off (union): median %.1f ms"
                    + " (min %.1f); on/off median ratio %.3f over %d rounds%n", name, median(ms[0]),
                    Arrays.stream(ms[0]).min().orElseThrow(), median(ms[1]), Arrays.stream(ms[1]).min().orElseThrow(),
                    median(ratio), rounds);
        }
    }

    /** One kernel with its frame and operands; the dense result is reused from run to run. */
    private static final class Runner {
        final CompiledDefinition kernel;
        final Frame frame;
        final Map<String, Tensor> operands;
        final int n;
        final ChunkRunner runner;
        Tensor out;

        Runner(CompiledDefinition kernel, Map<String, Tensor> operands, int n, ChunkRunner runner) {
            this.kernel = kernel;
            this.frame = kernel.newFrame();
            this.operands = operands;
            this.n = n;
            this.runner = runner;
        }

        void run() {
            operands.forEach((name, t) -> frame.tensors[kernel.plan().tensors().indexOf(name)] = t);
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
