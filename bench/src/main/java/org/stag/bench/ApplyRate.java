package org.stag.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.stag.formats.graph.ApplyResult;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.updates.UpdateBatch;
import org.stag.loaders.updates.UpdateBatchReader;
import org.stag.loaders.updates.UpdateGenerator;
import org.stag.loaders.updates.UpdateIds;

/**
 * Updates per second through {@link DynamicGraph#apply} (issue 12, Must show 4, first bullet, API side): a graph
 * loaded undirected, an update stream per kind (R-MAT and uniform, 10 % deletes, {@link UpdateGenerator}) written
 * once and read whole, then cut into batches of 10, 10^3, 10^5 and 10^6 updates that are applied in turn to one
 * {@link DynamicGraph} per kind, each size on updates of its own (no batch repeats another). The rate of a batch
 * is its updates (lines of the stream) over its apply time; the median over the batches of a size is printed.
 * The first batches of each size are warm-up and not counted. The graph is collected into the old generation once
 * built ({@code System.gc()}), so that the first batches measured do not pay for copying it. Beside the wall-clock
 * medians it prints, per size, the collector's time during the measured batches, the median process CPU time of a
 * batch (all threads; less disturbed than wall time by the other jobs of a loaded machine) and what the measured
 * batches did (inserted, updated, deleted, missing).
 *
 * <p>Usage: {@code java -Xmx6g -cp bench/target/benchmarks.jar org.stag.bench.ApplyRate [graph=kron20.stagb]
 * [format=dense,ctree] [threads=2] [kinds=rmat,uniform] [dir=/tmp/scratch/ingest]}.
 */
public final class ApplyRate {
    /** Batch sizes and how many batches of each are measured (after the warm-up ones). */
    private static final int[] SIZES = {10, 1_000, 100_000, 1_000_000};
    private static final int[] MEASURED = {5_000, 300, 20, 4};
    private static final int[] WARMUP = {5_000, 100, 3, 1};
    /**
     * With {@code -Donly=SIZE}: how many batches of it to measure ({@code -Dmeasured=K}) after how many warm-up
     * ones ({@code -Dwarmup=K}), for profiling one size on enough batches; 0: the defaults above.
     */
    private static final int ONLY_MEASURED = Integer.getInteger("measured", 0);
    private static final int ONLY_WARMUP = Integer.getInteger("warmup", 0);
    /** How many times as many batches of size 10 to apply when profiling small batches ({@code -Dsmall=K}). */
    private static final int SMALL_REPEAT = Integer.getInteger("small", 1);
    /** Only this batch size ({@code -Donly=100000}), for profiling one size; 0: all. */
    private static final int ONLY = Integer.getInteger("only", 0);

    /**
     * CPU time of the calling thread, to the nanosecond: with {@code threads = 1} every part of {@code apply} runs
     * on it, so its median per batch is the least disturbed measure of a change on a loaded machine.
     */
    private static final java.lang.management.ThreadMXBean THREAD_CPU = ManagementFactory.getThreadMXBean();

    private ApplyRate() {
    }

    public static void main(String[] args) {
        Path graph = Path.of(args.length > 0 ? args[0] : "/tmp/scratch/kron20/kron20.stagb");
        String format = args.length > 1 ? args[1] : "dense,ctree";
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        String[] kinds = (args.length > 3 ? args[3] : "rmat,uniform").split(",");
        Path dir = Path.of(args.length > 4 ? args[4] : "/tmp/scratch/ingest");

        long t0 = System.nanoTime();
        Graph g = GraphLoader.load(graph, LoadOptions.defaults().withDirected(false).withThreads(threads));
        System.out.printf(Locale.ROOT, "graph %s: %d vertices, %d stored edges, %s, loaded in %.1f s; format %s, %d threads%n",
                graph, g.numVertices(), g.numEdges(), g.directed() ? "directed" : "undirected", (System.nanoTime() - t0) / 1e9,
                format, threads);
        if (ONLY > 0 && (ONLY_MEASURED > 0 || ONLY_WARMUP > 0)) {
            for (int s = 0; s < SIZES.length; s++) {
                if (SIZES[s] == ONLY) {
                    MEASURED[s] = ONLY_MEASURED > 0 ? ONLY_MEASURED : MEASURED[s];
                    WARMUP[s] = ONLY_WARMUP > 0 ? ONLY_WARMUP : WARMUP[s];
                }
            }
        }
        long total = 0;
        for (int s = 0; s < SIZES.length; s++) {
            total += (long) SIZES[s] * (MEASURED[s] + WARMUP[s]);
        }
        double[][] rates = new double[kinds.length][];
        for (int k = 0; k < kinds.length; k++) {
            UpdateBatch all = stream(g, UpdateGenerator.Kind.byName(kinds[k]), total, threads, dir);
            rates[k] = run(g, all, format, threads, kinds[k]);
        }
        System.out.println();
        System.out.println("| batch | " + String.join(" M/s | ", kinds) + " M/s |");
        System.out.println("|---|" + "---|".repeat(kinds.length));
        for (int s = 0; s < SIZES.length; s++) {
            StringBuilder row = new StringBuilder("| " + SIZES[s] + " |");
            for (double[] r : rates) {
                row.append(String.format(Locale.ROOT, " %.2f |", r[s] / 1e6));
            }
            System.out.println(row);
        }
    }

    /** The whole stream of {@code count} updates of {@code kind} for {@code g}, written once into {@code dir}. */
    private static UpdateBatch stream(Graph g, UpdateGenerator.Kind kind, long count, int threads, Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Path file = dir.resolve(kind.name().toLowerCase(Locale.ROOT) + "-" + g.numVertices() + "-" + g.numEdges() + "-"
                + count + ".txt");
        if (!Files.exists(file)) {
            long t0 = System.nanoTime();
            UpdateGenerator.write(g, kind, count, 0.1, 1, file);
            System.out.printf(Locale.ROOT, "wrote %s in %.1f s%n", file, (System.nanoTime() - t0) / 1e9);
        }
        try (UpdateBatchReader r = UpdateBatchReader.open(file, new UpdateIds(g.ids(), g.numVertices()),
                Math.toIntExact(count), threads, 0)) {
            return r.next();
        }
    }

    /** Applies the batches of every size in turn; returns the median rate (updates/s) per size. */
    private static double[] run(Graph g, UpdateBatch all, String format, int threads, String kind) {
        long t0 = System.nanoTime();
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format(format), threads);
        System.out.printf(Locale.ROOT, "%s: built %s in %.1f s%n", kind, format, (System.nanoTime() - t0) / 1e9);
        // The structures just built are young: collect them into the old generation now, so that the first
        // batches measured do not pay for copying the whole graph (a cost of the build, not of apply).
        System.gc();
        double[] medians = new double[SIZES.length];
        int at = 0;
        int sizes = SMALL_REPEAT > 1 ? 1 : SIZES.length;
        for (int s = 0; s < sizes; s++) {
            int size = SIZES[s];
            if (ONLY > 0 && size != ONLY) {
                continue;
            }
            int measured = s == 0 ? MEASURED[s] * SMALL_REPEAT : MEASURED[s];
            double[] rate = new double[measured];
            double[] ms = new double[measured];
            long applied = 0;
            long nanos = 0;
            long gcMillis = 0;
            double[] cpu = new double[measured];
            double[] own = new double[measured];
            long[] kinds = new long[4];
            for (int b = 0; b < WARMUP[s] + measured; b++) {
                if (s == 0 && b > WARMUP[s] && (b - WARMUP[s]) % MEASURED[s] == 0) {
                    at -= size * MEASURED[s];  // profiling: the same small batches again
                }
                UpdateBatch batch = slice(all, at, size);
                at += size;
                long gc0 = gcMillis();
                long cpu0 = cpuNanos();
                long own0 = THREAD_CPU.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                ApplyResult r = dg.apply(batch);
                long took = System.nanoTime() - start;
                long ownTook = THREAD_CPU.getCurrentThreadCpuTime() - own0;
                if (b >= WARMUP[s]) {
                    gcMillis += gcMillis() - gc0;
                    cpu[b - WARMUP[s]] = (cpuNanos() - cpu0) / 1e6;
                    own[b - WARMUP[s]] = ownTook / 1e6;
                    kinds[0] += r.inserted();
                    kinds[1] += r.updated();
                    kinds[2] += r.deleted();
                    kinds[3] += r.missing();
                }
                if (r.inserted() + r.updated() + r.deleted() + r.missing() == 0) {
                    throw new IllegalStateException("a batch of " + size + " changed nothing");
                }
                if (b >= WARMUP[s]) {
                    rate[b - WARMUP[s]] = size / (took / 1e9);
                    ms[b - WARMUP[s]] = took / 1e6;
                    applied += size;
                    nanos += took;
                }
            }
            medians[s] = median(rate);
            System.out.printf(Locale.ROOT, "%s batch %d: %d batches, median %.3f ms/batch (p10 %.3f, p90 %.3f), median"
                    + " %.3f M updates/s, overall %.3f M/s, GC %d ms in all, process CPU median %.3f ms/batch, mean"
                    + " %.4f ms/batch, calling thread's CPU median %.4f ms/batch; graph %d edges%n", kind, size,
                    measured, median(ms), percentile(ms, 0.1), percentile(ms, 0.9), medians[s] / 1e6,
                    applied / (nanos / 1e9) / 1e6, gcMillis, median(cpu), mean(cpu), median(own), dg.numEdges());
            System.out.printf(Locale.ROOT, "%s batch %d: of the updates measured, %d inserted, %d updated, %d deleted,"
                    + " %d missing (the rest repeat an edge of their batch)%n", kind, size, kinds[0], kinds[1], kinds[2],
                    kinds[3]);
        }
        return medians;
    }

    /**
     * CPU time of the whole process so far (every thread, the collector's and compiler's too): beside the wall
     * time, a measure the other jobs of a loaded machine disturb less.
     */
    private static long cpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }

    /** Milliseconds the collectors have spent so far. */
    private static long gcMillis() {
        long t = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            t += Math.max(0, gc.getCollectionTime());
        }
        return t;
    }

    /** Updates {@code [from, from + size)} of {@code all} as a batch of their own. */
    private static UpdateBatch slice(UpdateBatch all, int from, int size) {
        int to = from + size;
        return UpdateBatch.of(Arrays.copyOfRange(all.op, from, to), Arrays.copyOfRange(all.src, from, to),
                Arrays.copyOfRange(all.dst, from, to), Arrays.copyOfRange(all.weight, from, to),
                Arrays.copyOfRange(all.line, from, to), all.verticesBefore(), all.verticesAfter());
    }

    /**
     * The mean: the process CPU clock ticks in steps of 10 ms, so the median of batches shorter than that reads 0,
     * while the mean over many batches is still right (a batch crosses a tick in proportion to its length).
     */
    private static double mean(double[] xs) {
        double t = 0;
        for (double x : xs) {
            t += x;
        }
        return t / xs.length;
    }

    private static double median(double[] xs) {
        return percentile(xs, 0.5);
    }

    private static double percentile(double[] xs, double p) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.floor(p * (s.length - 1) + 0.5))];
    }
}
