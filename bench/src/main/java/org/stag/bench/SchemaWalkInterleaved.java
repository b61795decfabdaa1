package org.stag.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.dynamic.walk.SchemaWalk;
import org.stag.loaders.Graph;

/**
 * Edge lookups {@code get(row, col)} through each dynamic format's {@code DynamicFormat.get} and through the
 * schema-derived {@link SchemaWalk}, interleaved: every round times both readers of every format, in
 * alternating order, so drift in a shared machine's load hits them alike. The graph is a Kronecker graph
 * (edge factor 16) with one structure per row; probes pick edges uniformly (rows by degree, as a traversal
 * meets them), half of them present. A format keeps a hand-written {@code get} only where the walker is more
 * than 1.5 times slower; where it has none, both columns run the walker. Prints per format the median time
 * per lookup of each reader and the median over rounds of their ratio. With {@code collect} as the fourth
 * argument it times collecting every row instead (nanoseconds per element).
 *
 * <p>With {@code -Dstag.bench.clock=cpu} it times the thread's CPU time instead of the wall clock: on a machine
 * shared with other jobs that leaves out the time the thread waits to run (not the caches they share).
 *
 * <p>Give one format per JVM (the third argument) for numbers that count: the walker is one piece of code for
 * every schema, so in a JVM that has run several formats its branch profile is theirs too, while each
 * hand-written reader had its own. Measured so on the shared 2-core machine (load 13 to 17) against the
 * hand-written readers before they were deleted, scale 16, walker/format, median of 21 rounds for get and
 * 11 for collect:
 * <pre>
 *            list blist -gaps -fixed -unsorted vblist ttree btree  bst rbtree ctree
 *   get      0.96  0.95  0.84   0.90      1.13   0.91  0.98  0.72 0.95   1.05  0.94
 *   collect  0.72  1.43  1.31   0.73      1.18   1.76  0.58  0.87 1.25   1.05  1.29
 * </pre>
 *
 * <pre>for f in list blist ctree; do
 *   java -cp bench/target/benchmarks.jar org.stag.bench.SchemaWalkInterleaved 16 21 $f | tail -1
 * done</pre>
 */
public final class SchemaWalkInterleaved {
    private static final int PROBES = 1 << 16;
    private static final boolean CPU_CLOCK = "cpu".equals(System.getProperty("stag.bench.clock"));
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private SchemaWalkInterleaved() {
    }

    /** One format's structures and probes. */
    private static final class Subject {
        final String name;
        final DynamicFormat impl;
        final NodeStore store;
        final SchemaWalk walk;
        final int[] roots;

        Subject(String name, Graph g) {
            this.name = name;
            impl = BuiltinFormats.byName(name);
            store = impl.newStore(ValueMode.DOUBLE);
            int n = g.numRows();
            roots = new int[n];
            int[] ptr = g.rowPtr();
            double[] val = new double[g.colIdx().length];
            Arrays.fill(val, 1.0);
            for (int r = 0; r < n; r++) {
                roots[r] = impl.newRoot(store);
                impl.build(store, roots[r], g.colIdx(), val, ptr[r], ptr[r + 1]);
            }
            walk = store.walk();
        }

        double viaFormat(int[] row, int[] col) {
            double s = 0;
            for (int i = 0; i < row.length; i++) {
                double v = impl.get(store, roots[row[i]], col[i]);
                s += Double.isNaN(v) ? 0 : v;
            }
            return s;
        }

        /** Every row's elements with their values, into {@code crd} and {@code val}; returns a checksum. */
        double collectViaFormat(int[] crd, double[] val) {
            int at = 0;
            for (int r : roots) {
                at = impl.collect(store, r, crd, val, at);
            }
            return at + crd[at - 1];
        }

        double collectViaWalker(int[] crd, double[] val) {
            int at = 0;
            for (int r : roots) {
                at = walk.collect(r, crd, val, at);
            }
            return at + crd[at - 1];
        }

        double viaWalker(int[] row, int[] col) {
            double s = 0;
            for (int i = 0; i < row.length; i++) {
                double v = walk.get(roots[row[i]], col[i]);
                s += Double.isNaN(v) ? 0 : v;
            }
            return s;
        }
    }

    public static void main(String[] args) {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        List<String> names = args.length > 2 ? List.of(args[2].split(",")) : BuiltinFormats.names();
        boolean collect = args.length > 3 && args[3].equals("collect");
        Graph g = BenchGraphs.kronGraph(scale, 16, 1);
        int[] row = new int[PROBES];
        int[] col = new int[PROBES];
        SplittableRandom rnd = new SplittableRandom(7);
        int[] ptr = g.rowPtr();
        for (int i = 0; i < PROBES; i++) {
            int e = rnd.nextInt(g.colIdx().length);
            int r = Arrays.binarySearch(ptr, e);
            r = r >= 0 ? r : -r - 2;
            while (ptr[r + 1] == ptr[r]) {
                r++;
            }
            row[i] = r;
            col[i] = i % 2 == 0 ? g.colIdx()[e] : g.colIdx()[e] + 1;
        }
        List<Subject> subjects = new ArrayList<>();
        for (String name : names) {
            subjects.add(new Subject(name, g));
        }
        int k = subjects.size();
        int[] allCrd = new int[g.numEdges()];
        double[] allVal = new double[g.numEdges()];
        int ops = collect ? g.numEdges() : PROBES;
        double[][] tf = new double[k][rounds];
        double[][] tw = new double[k][rounds];
        double[][] ratio = new double[k][rounds];
        for (int round = -3; round < rounds; round++) {
            for (int s = 0; s < k; s++) {
                Subject x = subjects.get(s);
                double f;
                double w;
                Run viaFormat = collect ? () -> x.collectViaFormat(allCrd, allVal) : () -> x.viaFormat(row, col);
                Run viaWalker = collect ? () -> x.collectViaWalker(allCrd, allVal) : () -> x.viaWalker(row, col);
                if ((round & 1) == 0) {
                    f = time(viaFormat);
                    w = time(viaWalker);
                } else {
                    w = time(viaWalker);
                    f = time(viaFormat);
                }
                if (round >= 0) {
                    tf[s][round] = f / ops;
                    tw[s][round] = w / ops;
                    ratio[s][round] = w / f;
                }
            }
        }
        String op = collect ? "collect" : "get";
        System.out.printf(Locale.ROOT, "kron scale %d, %d edges, %d %s per timing, %d rounds, %s time%n", scale,
                g.numEdges(), ops, collect ? "elements collected" : "lookups", rounds, CPU_CLOCK ? "thread CPU" : "wall");
        System.out.printf(Locale.ROOT, "%-16s %14s %14s %16s%n", "format", "format ns/" + op, "walker ns/" + op,
                "walker/format");
        for (int s = 0; s < k; s++) {
            System.out.printf(Locale.ROOT, "%-16s %14.1f %14.1f %16.2f%n", subjects.get(s).name, median(tf[s]),
                    median(tw[s]), median(ratio[s]));
        }
    }

    private interface Run {
        double run();
    }

    private static double sink;

    /** Nanoseconds of one run. */
    private static double time(Run r) {
        long t = now();
        sink += r.run();
        return now() - t;
    }

    private static long now() {
        return CPU_CLOCK ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    private static double median(double[] a) {
        double[] b = a.clone();
        Arrays.sort(b);
        return b[b.length / 2];
    }
}
