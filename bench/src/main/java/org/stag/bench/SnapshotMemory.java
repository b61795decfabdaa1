package org.stag.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.stag.formats.graph.DynamicGraph;
import org.stag.formats.graph.GraphSnapshot;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.Graph;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.io.GraphLoader;
import org.stag.loaders.updates.UpdateBatch;
import org.stag.loaders.updates.UpdateBatchReader;
import org.stag.loaders.updates.UpdateGenerator;
import org.stag.loaders.updates.UpdateIds;

/**
 * Memory and batch time of a {@link DynamicGraph} with a snapshot held (issue 12, Must show 4, memory bullet).
 * Loads a graph (undirected), writes an update stream for it once ({@link UpdateGenerator}, R-MAT, 10% deletes)
 * and reads it into batches, then applies them twice: to a graph without snapshots, and to a graph that holds
 * one snapshot, taken before the first batch and re-taken (the old one closed first) every {@code every}
 * batches. Prints bytes per stored edge of {@link DynamicGraph#memoryBytes()} beside CSR's
 * ({@code 4 (N + 1) + 4 M}, {@code + 8 M} weighted) and apply times per batch.
 *
 * <p>Usage: {@code java -Xmx16g -cp bench/target/benchmarks.jar org.stag.bench.SnapshotMemory GRAPH.el
 * [updates=10000000] [batch=100000] [format=dense,ctree] [threads=2] [every=10] [dir=/tmp/scratch/snap]}.
 */
public final class SnapshotMemory {
    private SnapshotMemory() {
    }

    public static void main(String[] args) {
        Path graph = Path.of(args.length > 0 ? args[0] : "/tmp/scratch/kron20/kron20.el");
        long updates = args.length > 1 ? Long.parseLong(args[1]) : 10_000_000L;
        int batch = args.length > 2 ? Integer.parseInt(args[2]) : 100_000;
        String format = args.length > 3 ? args[3] : "dense,ctree";
        int threads = args.length > 4 ? Integer.parseInt(args[4]) : 2;
        int every = args.length > 5 ? Integer.parseInt(args[5]) : 10;
        Path dir = Path.of(args.length > 6 ? args[6] : "/tmp/scratch/snap");

        long t0 = System.nanoTime();
        Graph g = GraphLoader.load(graph, LoadOptions.defaults().withDirected(false).withThreads(threads));
        System.out.printf(Locale.ROOT, "graph %s: %d vertices, %d stored edges, %s, loaded in %.1f s%n", graph,
                g.numVertices(), g.numEdges(), g.weighted() ? "weighted" : "pattern", (System.nanoTime() - t0) / 1e9);
        List<UpdateBatch> batches = batches(g, updates, batch, threads, dir);
        System.out.printf(Locale.ROOT, "%d updates in %d batches of %d (R-MAT, 10%% deletes), format %s, %d threads%n",
                updates, batches.size(), batch, format, threads);

        Run plain = run(g, batches, format, threads, 0, false);
        Run held = run(g, batches, format, threads, every, false);
        Run overlap = run(g, batches, format, threads, every, true);

        System.out.println();
        System.out.println("| run | vertices | edges | bytes | bytes/edge | CSR bytes/edge | x CSR | apply ms/batch median"
                + " | mean | p90 | max |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        plain.print("no snapshot, end", plain.endBytes);
        held.print("one snapshot held (closed, then re-taken), end: " + every + " batches old", held.endBytes);
        held.print("one snapshot held (closed, then re-taken), peak", held.peakBytes);
        overlap.print("re-taken before the old one closes, end", overlap.endBytes);
        overlap.print("re-taken before the old one closes, peak", overlap.peakBytes);
        for (Run r : new Run[] {held, overlap}) {
            System.out.printf(Locale.ROOT, "%n%s: snapshot() (merges the log) median %.1f ms, max %.1f ms; batches"
                    + " right after a snapshot median %.1f ms, the others %.1f ms; heap in use after GC %.0f MB"
                    + " (no snapshot: %.0f MB; both with the loaded graph and the batches)%n", r.name,
                    median(r.snapshotMs), max(r.snapshotMs), median(r.firstAfterSnapshot), median(r.others),
                    r.heapBytes / 1e6, plain.heapBytes / 1e6);
        }
    }

    /** The update stream for {@code g}, written once into {@code dir}, read as batches. */
    private static List<UpdateBatch> batches(Graph g, long updates, int batch, int threads, Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Path file = dir.resolve("rmat-" + g.numVertices() + "-" + g.numEdges() + "-" + updates + ".txt");
        if (!Files.exists(file)) {
            long t0 = System.nanoTime();
            UpdateGenerator.write(g, UpdateGenerator.Kind.RMAT, updates, 0.1, 1, file);
            System.out.printf(Locale.ROOT, "wrote %s in %.1f s%n", file, (System.nanoTime() - t0) / 1e9);
        }
        List<UpdateBatch> out = new ArrayList<>();
        try (UpdateBatchReader r = UpdateBatchReader.open(file, new UpdateIds(g.ids(), g.numVertices()), batch, threads,
                0)) {
            for (UpdateBatch b = r.next(); b != null; b = r.next()) {
                out.add(b);
            }
        }
        return out;
    }

    /** What one pass over the batches measured. */
    private static final class Run {
        String name;
        int vertices;
        long edges;
        boolean weighted;
        long endBytes;
        long peakBytes;
        long heapBytes;
        final List<Double> applyMs = new ArrayList<>();
        final List<Double> firstAfterSnapshot = new ArrayList<>();
        final List<Double> others = new ArrayList<>();
        final List<Double> snapshotMs = new ArrayList<>();

        void print(String what, long bytes) {
            double csr = (4.0 * (vertices + 1) + 4.0 * edges + (weighted ? 8.0 * edges : 0)) / edges;
            double bpe = (double) bytes / edges;
            System.out.printf(Locale.ROOT, "| %s | %d | %d | %d | %.2f | %.2f | %.2f | %.1f | %.1f | %.1f | %.1f |%n", what,
                    vertices, edges, bytes, bpe, csr, bpe / csr, median(applyMs), mean(applyMs), percentile(applyMs, 0.9),
                    max(applyMs));
        }
    }

    /**
     * Applies every batch; with {@code every > 0}, holds one snapshot, re-taken every {@code every} batches: the
     * old one closed first, or with {@code overlap} after the new one is taken (then the merge copies shards).
     */
    private static Run run(Graph g, List<UpdateBatch> batches, String format, int threads, int every, boolean overlap) {
        Run r = new Run();
        r.name = every == 0 ? "no snapshot" : overlap ? "re-taken before the old one closes" : "closed, then re-taken";
        DynamicGraph dg = DynamicGraph.of(g, GraphTensor.format(format), threads);
        r.weighted = dg.weighted();
        GraphSnapshot s = every > 0 ? take(dg, r) : null;
        for (int k = 0; k < batches.size(); k++) {
            if (every > 0 && k > 0 && k % every == 0) {
                if (overlap) {
                    GraphSnapshot old = s;
                    s = take(dg, r);
                    r.peakBytes = Math.max(r.peakBytes, dg.memoryBytes());
                    old.close();
                } else {
                    s.close();
                    s = take(dg, r);
                }
            }
            long t0 = System.nanoTime();
            dg.apply(batches.get(k));
            double ms = (System.nanoTime() - t0) / 1e6;
            r.applyMs.add(ms);
            if (every > 0) {
                (k % every == 0 ? r.firstAfterSnapshot : r.others).add(ms);
                r.peakBytes = Math.max(r.peakBytes, dg.memoryBytes());
            }
        }
        r.vertices = dg.numVertices();
        r.edges = dg.numEdges();
        r.endBytes = dg.memoryBytes();
        r.heapBytes = heapAfterGc();
        if (s != null) {
            s.close();
        }
        System.out.printf(Locale.ROOT, "%s: version %d, %d edges, %.2f bytes/edge at the end, apply median %.1f ms%n",
                r.name, dg.version(), r.edges, (double) r.endBytes / r.edges,
                median(r.applyMs));
        return r;
    }

    private static GraphSnapshot take(DynamicGraph dg, Run r) {
        long t0 = System.nanoTime();
        GraphSnapshot s = dg.snapshot();
        r.snapshotMs.add((System.nanoTime() - t0) / 1e6);
        return s;
    }

    private static long heapAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    private static double[] sorted(List<Double> xs) {
        double[] a = new double[xs.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = xs.get(i);
        }
        Arrays.sort(a);
        return a;
    }

    private static double median(List<Double> xs) {
        return percentile(xs, 0.5);
    }

    private static double percentile(List<Double> xs, double p) {
        double[] a = sorted(xs);
        return a.length == 0 ? Double.NaN : a[(int) Math.min(a.length - 1, Math.floor(p * a.length))];
    }

    private static double mean(List<Double> xs) {
        double s = 0;
        for (double x : xs) {
            s += x;
        }
        return xs.isEmpty() ? Double.NaN : s / xs.size();
    }

    private static double max(List<Double> xs) {
        double[] a = sorted(xs);
        return a.length == 0 ? Double.NaN : a[a.length - 1];
    }
}
