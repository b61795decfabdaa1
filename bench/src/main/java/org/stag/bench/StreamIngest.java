package org.stag.bench;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.stag.algorithms.catalog.Algorithm;
import org.stag.algorithms.run.AlgorithmRunner;
import org.stag.algorithms.run.RunSettings;
import org.stag.algorithms.stream.FromScratch;
import org.stag.algorithms.stream.SnapshotRunner;
import org.stag.algorithms.stream.StreamGraph;
import org.stag.engine.jit.DefinitionCompiler;
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
 * Ingest rate of update streams (issue 12, must show 4): updates per second into a {@link DynamicGraph}
 * holding an undirected graph (each update both directions), R-MAT and uniform streams with 10 % deletes
 * ({@code stag generate updates}), at batch sizes 10, 10^3, 10^5 and 10^6 (fewer updates in all for small
 * batches).
 * <ul>
 *   <li>{@code api}: {@link DynamicGraph#apply} on batches parsed beforehand; rate = updates / wall time of the
 *       apply loop, on a graph built afresh for each cell after a warm-up on another;</li>
 *   <li>{@code cli}: {@code stag stream} end to end, in a fresh JVM per cell ({@code java -jar STAG_JAR}):
 *       its {@code updates-per-second} (reading, parsing and applying);</li>
 *   <li>{@code concurrent}: the API rate while an algorithm (wcc, bfs) runs from scratch on snapshots, by the
 *       runner {@code stag stream} uses ({@link SnapshotRunner}, a run due after every batch, {@code --if-busy
 *       skip}: the runner takes the newest version whenever it is free), beside the idle rate measured the same
 *       way just before; and {@code stag stream --run ALGO --every 1} beside {@code stag stream} without runs.</li>
 * </ul>
 * Usage: {@code java -Xmx6g -cp benchmarks.jar org.stag.bench.StreamIngest api|cli|concurrent|concurrent-cli GRAPH.el WORKDIR
 * [STAG_JAR]} with GRAPH.el the kron scale-20 edge list (every edge in both directions, read as undirected);
 * the update files are generated into WORKDIR on first use. Threads: 2 ({@code -Dthreads=N}); {@code -Dbatches=}
 * and {@code -Dstreams=} pick cells; {@code -Dwarmup=false} leaves out {@code api}'s warm-up (one cell per JVM
 * then gives the API's rate with code as cold as in a fresh {@code stag stream}).
 */
public final class StreamIngest {
    private static final int THREADS = Integer.getInteger("threads", 2);
    /** Batch sizes measured; {@code -Dbatches=100000,1000000} picks some. */
    private static final int[] BATCHES = java.util.Arrays.stream(System.getProperty("batches", "10,1000,100000,1000000")
            .split(",")).mapToInt(Integer::parseInt).toArray();
    /** Streams measured; {@code -Dstreams=rmat} picks one. */
    private static final List<String> STREAMS = List.of(System.getProperty("streams", "rmat,uniform").split(","));
    private static final String FORMAT = "dense,ctree";
    /**
     * {@code -Dwarmup=false}: {@code api} measures without the warm-up, so that with one cell per JVM
     * ({@code -Dstreams=rmat -Dbatches=10}) its code is as cold as {@code stag stream}'s in a fresh JVM.
     */
    private static final boolean WARM_UP = Boolean.parseBoolean(System.getProperty("warmup", "true"));
    private static final long SEED = 12;

    private StreamIngest() {
    }

    /** Updates ingested per cell of {@code concurrent} ({@code -DconcurrentUpdates=}). */
    private static final long CONCURRENT_UPDATES = Long.getLong("concurrentUpdates", 3_000_000);

    /** Updates measured at a batch size: enough batches to be steady, no more than a few seconds of work. */
    static long total(int batch) {
        return switch (batch) {
            case 10 -> 30_000;
            case 1_000 -> 300_000;
            case 100_000 -> 3_000_000;
            default -> 5_000_000;
        };
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: StreamIngest api|cli|concurrent GRAPH.el WORKDIR [STAG_JAR]");
            System.exit(2);
        }
        String mode = args[0];
        Path graphFile = Path.of(args[1]);
        Path work = Path.of(args[2]);
        Files.createDirectories(work);
        Graph g = load(graphFile);
        System.out.printf(Locale.ROOT, "graph %s: %d vertices, %d stored edges (undirected), format %s, %d threads%n",
                graphFile, g.numVertices(), g.numEdges(), FORMAT, THREADS);
        Path rmat = stream(g, work, UpdateGenerator.Kind.RMAT);
        Path uniform = stream(g, work, UpdateGenerator.Kind.UNIFORM);
        switch (mode) {
            case "api" -> api(g, rmat, uniform);
            case "cli" -> cli(graphFile, work, rmat, uniform, Path.of(args[3]));
            case "concurrent" -> concurrent(g, graphFile, work, rmat, args.length > 3 ? Path.of(args[3]) : null);
            case "concurrent-cli" -> concurrentCli(g, graphFile, work, rmat, Path.of(args[3]));
            default -> throw new IllegalArgumentException("mode " + mode);
        }
    }

    /** The first vertex with an edge: bfs's source. */
    static int firstWithEdges(Graph g) {
        int v = 0;
        while (g.rowPtr()[v + 1] == g.rowPtr()[v]) {
            v++;
        }
        return v;
    }

    static Graph load(Path file) {
        return GraphLoader.load(file, LoadOptions.defaults().withThreads(THREADS).withDirected(Boolean.FALSE));
    }

    /** The 5 M-update stream of {@code kind} for {@code g} (its prefixes are the shorter streams: one generator). */
    static Path stream(Graph g, Path work, UpdateGenerator.Kind kind) {
        Path f = work.resolve(kind.name().toLowerCase(Locale.ROOT) + "-5m.upd");
        if (!Files.exists(f)) {
            long t0 = System.nanoTime();
            UpdateGenerator.write(g, kind, total(1_000_000), 0.1, SEED, f);
            System.out.printf(Locale.ROOT, "wrote %s in %.1f s%n", f, (System.nanoTime() - t0) / 1e9);
        }
        return f;
    }

    /** The first {@code total} updates of {@code file} in batches of {@code batch}, parsed. */
    static List<UpdateBatch> batches(Graph g, Path file, int batch, long total) throws IOException {
        List<UpdateBatch> out = new ArrayList<>();
        long n = 0;
        try (InputStream in = Files.newInputStream(file);
             UpdateBatchReader r = new UpdateBatchReader(file.toString(), in, new UpdateIds(g.ids(), g.numVertices()),
                     batch, THREADS, 0)) {
            UpdateBatch b;
            while (n < total && (b = r.next()) != null) {
                out.add(b);
                n += b.size();
            }
        }
        return out;
    }

    static DynamicGraph build(Graph g) {
        long t0 = System.nanoTime();
        DynamicGraph d = DynamicGraph.of(g, GraphTensor.format(FORMAT), THREADS);
        System.out.printf(Locale.ROOT, "  (built %s in %.1f s)%n", FORMAT, (System.nanoTime() - t0) / 1e9);
        return d;
    }

    /** Updates per second applying {@code batches} to {@code d} (wall time of the loop). */
    static double ingest(DynamicGraph d, List<UpdateBatch> batches) {
        long n = 0;
        long t0 = System.nanoTime();
        for (UpdateBatch b : batches) {
            d.apply(b);
            n += b.size();
        }
        return n / ((System.nanoTime() - t0) / 1e9);
    }

    /**
     * Updates per second applying {@code batches} to {@code g} while {@code runner} runs on its snapshots: a run is
     * due after every batch (wall time of the loop).
     */
    static double ingest(StreamGraph g, SnapshotRunner runner, List<UpdateBatch> batches) throws InterruptedException {
        long n = 0;
        long t0 = System.nanoTime();
        for (UpdateBatch b : batches) {
            g.apply(b);
            runner.due();
            n += b.size();
        }
        return n / ((System.nanoTime() - t0) / 1e9);
    }

    /** Compiles the apply path on a graph of its own: a few batches of every size. */
    static void warmUp(Graph g, Path rmat) throws IOException {
        DynamicGraph d = build(g);
        for (int batch : BATCHES) {
            ingest(d, batches(g, rmat, batch, Math.min(total(batch), 2L * batch + 20_000)));
        }
    }

    static void api(Graph g, Path rmat, Path uniform) throws IOException {
        if (WARM_UP) {
            warmUp(g, rmat);
        }
        System.out.println("| stream | batch size | updates | API updates/s |");
        System.out.println("|---|---|---|---|");
        for (Path stream : List.of(rmat, uniform)) {
            if (!STREAMS.contains(name(stream))) {
                continue;
            }
            for (int batch : BATCHES) {
                List<UpdateBatch> bs = batches(g, stream, batch, total(batch));
                DynamicGraph d = build(g);
                double rate = ingest(d, bs);
                System.out.printf(Locale.ROOT, "| %s | %d | %d | %.3g |%n", name(stream), batch, total(batch), rate);
            }
        }
    }

    private static String name(Path stream) {
        return stream.getFileName().toString().startsWith("rmat") ? "rmat" : "uniform";
    }

    /** The first {@code total} lines of {@code stream}, as a file of their own for {@code stag stream}. */
    static Path prefix(Path work, Path stream, long total) throws IOException {
        Path f = work.resolve(name(stream) + "-" + total + ".upd");
        if (!Files.exists(f)) {
            try (BufferedReader r = Files.newBufferedReader(stream, StandardCharsets.US_ASCII);
                 BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.US_ASCII)) {
                for (long i = 0; i < total; i++) {
                    w.write(r.readLine());
                    w.write('\n');
                }
            }
        }
        return f;
    }

    private static final Pattern RATE = Pattern.compile("\"updates-per-second\":(\\d+)");

    /** {@code stag stream} in a fresh JVM; its end-to-end updates per second. */
    static long stagStream(Path jar, Path graph, Path updates, int batch, Path out, String... more) throws IOException,
            InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx6g", "-jar", jar.toString(), "stream", "--graph", graph.toString(), "--undirected", "--updates",
                updates.toString(), "--batch-size", Integer.toString(batch), "--threads", Integer.toString(THREADS),
                "--summary", "json", "--output-dir", out.toString()));
        cmd.addAll(List.of(more));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException("stag stream failed: " + err);
        }
        Matcher m = RATE.matcher(err);
        if (!m.find()) {
            throw new IllegalStateException("no updates-per-second in: " + err);
        }
        return Long.parseLong(m.group(1));
    }

    static void cli(Path graph, Path work, Path rmat, Path uniform, Path jar) throws Exception {
        System.out.println("| stream | batch size | updates | stag stream updates/s (end to end) |");
        System.out.println("|---|---|---|---|");
        for (Path stream : List.of(rmat, uniform)) {
            if (!STREAMS.contains(name(stream))) {
                continue;
            }
            for (int batch : BATCHES) {
                Path u = prefix(work, stream, total(batch));
                long rate = stagStream(jar, graph, u, batch, work.resolve("out"));
                System.out.printf(Locale.ROOT, "| %s | %d | %d | %.3g |%n", name(stream), batch, total(batch), (double) rate);
            }
        }
    }

    /**
     * The API rate at batch sizes 10^3 and 10^5 on R-MAT, idle and while {@code stag stream}'s runner runs wcc or bfs
     * on the newest snapshot whenever it is free (a run due after every batch; each run on {@code THREADS}
     * threads); then the same through {@code stag stream}.
     */
    static void concurrent(Graph g, Path graphFile, Path work, Path rmat, Path jar) throws Exception {
        warmUp(g, rmat);
        int source = firstWithEdges(g);
        AlgorithmRunner runner = new AlgorithmRunner(new DefinitionCompiler());
        System.out.println("| batch size | algorithm | idle updates/s | updates/s while it runs | ratio | runs done |");
        System.out.println("|---|---|---|---|---|---|");
        for (int batch : new int[] {1_000, 100_000}) {
            for (Algorithm a : List.of(Algorithm.WCC, Algorithm.BFS)) {
                // Long enough for many runs (a run of wcc or bfs takes 0.05-0.3 s): with one or two, the ratio
                // depends on where they fall in the ingest.
                List<UpdateBatch> bs = batches(g, rmat, batch, CONCURRENT_UPDATES);
                double idle = ingest(build(g), bs);
                DynamicGraph d = build(g);
                RunSettings s = new RunSettings().format(FORMAT).threads(THREADS).startAt(a, g.ids().external(source));
                // Compiled before the clock starts.
                try (GraphSnapshot first = d.snapshot()) {
                    runner.prepare(a.program(), a, first.tensors(), s).run();
                }
                AtomicLong runs = new AtomicLong();
                StreamGraph shared = new StreamGraph(d, false);
                SnapshotRunner runsOn = new SnapshotRunner(shared, List.of(new FromScratch(a, s, runner)),
                        (version, alg, outcome) -> runs.incrementAndGet(), SnapshotRunner.Busy.SKIP);
                double busy = ingest(shared, runsOn, bs);
                // Ingest is over: no run starts any more, the one under way finishes.
                runsOn.drop();
                runsOn.finish();
                if (runsOn.failure() != null) {
                    throw new IllegalStateException("a run failed", runsOn.failure());
                }
                System.out.printf(Locale.ROOT, "| %d | %s | %.3g | %.3g | %.2f | %d |%n", batch, a.id(), idle, busy,
                        busy / idle, runs.get());
            }
        }
        if (jar != null) {
            System.out.println();
            concurrentCli(g, graphFile, work, rmat, jar);
        }
    }

    /**
     * {@code stag stream} at batch size 10^5 on the 5 M R-MAT updates without runs, and with wcc or bfs run after
     * every batch.
     */
    static void concurrentCli(Graph g, Path graphFile, Path work, Path rmat, Path jar) throws Exception {
        int source = firstWithEdges(g);
        System.out.println("| batch size | stag stream | updates/s (end to end) |");
        System.out.println("|---|---|---|");
        for (int batch : new int[] {100_000}) {
            // The whole 5 M stream: a fresh JVM compiles for its first 2-3 M updates, with or without runs.
            Path u = prefix(work, rmat, total(1_000_000));
            System.out.printf(Locale.ROOT, "| %d | no runs | %.3g |%n", batch,
                    (double) stagStream(jar, graphFile, u, batch, work.resolve("out")));
            System.out.printf(Locale.ROOT, "| %d | --run wcc --every 1 | %.3g |%n", batch,
                    (double) stagStream(jar, graphFile, u, batch, work.resolve("out"), "--run", "wcc", "--every", "1"));
            System.out.printf(Locale.ROOT, "| %d | --run bfs --source %d --every 1 | %.3g |%n", batch,
                    g.ids().external(source), (double) stagStream(jar, graphFile, u, batch, work.resolve("out"), "--run",
                            "bfs", "--source", Long.toString(g.ids().external(source)), "--every", "1"));
        }
    }

    static {
        // Fail loudly rather than print a half table.
        Thread.setDefaultUncaughtExceptionHandler((th, e) -> {
            e.printStackTrace();
            System.exit(1);
        });
    }
}
