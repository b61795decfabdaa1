package org.stag.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.dynamic.walk.SchemaWalk;
import org.stag.loaders.Graph;

/**
 * One format's structures of a Kronecker graph and the edge lookups {@link SchemaWalkAB} times through the
 * schema walker: as {@link SchemaWalkInterleaved} builds them (one structure per row, probes picked by edge,
 * half of them present). {@link SchemaWalkAB} loads one per build in a class loader of its own.
 */
public final class WalkLookups {
    private static final int PROBES = 1 << 16;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final SchemaWalk walk;
    private final int[] roots;
    private final int[] row = new int[PROBES];
    private final int[] col = new int[PROBES];
    private double sink;

    /** The structures of {@code format} over the Kronecker graph of {@code scale} (edge factor 16). */
    public WalkLookups(int scale, String format) {
        Graph g = BenchGraphs.kronGraph(scale, 16, 1);
        DynamicFormat impl = BuiltinFormats.byName(format);
        NodeStore store = impl.newStore(ValueMode.DOUBLE);
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
        SplittableRandom rnd = new SplittableRandom(7);
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
    }

    /** Looks every probe up once through the walker; returns the thread's CPU nanoseconds per lookup. */
    public double round() {
        long t = THREADS.getCurrentThreadCpuTime();
        double s = 0;
        for (int i = 0; i < PROBES; i++) {
            double v = walk.get(roots[row[i]], col[i]);
            s += Double.isNaN(v) ? 0 : v;
        }
        sink += s;
        return (double) (THREADS.getCurrentThreadCpuTime() - t) / PROBES;
    }

    /** The sum of the values found (keeps the lookups from being optimised away). */
    public double sink() {
        return sink;
    }
}
