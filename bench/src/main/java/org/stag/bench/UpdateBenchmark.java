package org.stag.bench;

import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.infra.BenchmarkParams;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.graph.GraphTensor;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.gen.GeneratorOptions;
import org.stag.loaders.gen.KroneckerGenerator;
import org.stag.loaders.gen.UniformRandomGenerator;

/**
 * Batch insertion into a graph held in a given format, as in Aspen's update benchmark: a Kronecker graph
 * (scale 20, edge factor 16, symmetrised: about 31M stored edges) built in the format — the
 * {@link GraphTensor} that {@code stag run} reads, each edge inserted in both directions as the graph is
 * undirected; for {@code dense,compressed}, whose tensor takes no batches, the CSR merge rebuild of
 * {@link CsrRebuild} as the baseline — then batches of
 * R-MAT edges (a=0.5, b=c=0.1) or uniform random edges inserted. One operation inserts
 * {@code batchesPerOp} batches of {@code batchSize} edges (about 10^5 edges, or one batch if larger; for
 * CSR, whose every batch is a whole rebuild, ten batches), each
 * batch a separate {@code insertBatch} call; the batches are deleted again after each iteration, so every
 * iteration starts from the same graph. Throughput = batchSize * batchesPerOp / time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 6)
@Fork(value = 1, jvmArgsAppend = {"-Xms16g", "-Xmx16g", "-XX:+UseParallelGC", "-XX:+AlwaysPreTouch"})
public class UpdateBenchmark {
    /** The format with ':' for ',' (JMH splits -p values on commas). */
    @Param({"dense:compressed", "dense:ctree", "bst:ctree", "dense:list", "dense:blist", "dense:blist-gaps",
        "dense:blist-fixed", "dense:blist-unsorted", "dense:vblist", "dense:ttree", "dense:bst", "dense:rbtree",
        "dense:btree"})
    public String format;

    @Param({"10", "1000", "100000", "1000000"})
    public int batchSize;

    @Param({"rmat"})
    public String batches;

    @Param({"1", "2"})
    public int threads;

    @Param({"20"})
    public int scale;

    private GraphTensor graph;
    private CsrRebuild csr;
    private int batchesPerOp;
    private int[][] src;
    private int[][] dst;
    private int iteration;

    @Setup(Level.Trial)
    public void buildGraph(BenchmarkParams params) {
        Graph g = BenchGraphs.kronGraph(scale, 16, threads);
        long start = System.nanoTime();
        String f = format.replace(':', ',');
        long bytes;
        if (f.equals("dense,compressed")) {
            csr = new CsrRebuild(g);
            bytes = csr.memoryBytes();
        } else {
            graph = GraphTensor.of(g, GraphTensor.format(f), threads);
            graph.a();
            bytes = graph.memoryBytes();
        }
        System.out.printf("%n# %s: %d edges, %.2f bytes/edge (CSR %.2f), built in %.2f s%n", format, g.numEdges(),
                (double) bytes / g.numEdges(), (double) g.memoryBytes() / g.numEdges(), (System.nanoTime() - start) / 1e9);
        System.out.printf("# format %s%n", f);
        // A CSR merge rebuild costs tens of milliseconds whatever the batch: ten of them make a long enough shot.
        int edgesPerOp = f.equals("dense,compressed") ? 10 * batchSize : 100_000;
        batchesPerOp = Math.max(1, Math.min(edgesPerOp, 100_000) / batchSize);
    }

    @Setup(Level.Iteration)
    public void makeBatches() {
        int total = batchesPerOp * batchSize;
        GeneratorOptions o = new GeneratorOptions(scale, total / (double) (1 << scale), 1000 + iteration++, threads, false, true);
        EdgeList e = batches.equals("uniform") ? new UniformRandomGenerator().generate(o)
                : new KroneckerGenerator(0.5, 0.1, 0.1).generate(o);
        src = new int[batchesPerOp][];
        dst = new int[batchesPerOp][];
        for (int b = 0; b < batchesPerOp; b++) {
            src[b] = java.util.Arrays.copyOfRange(e.src(), b * batchSize, (b + 1) * batchSize);
            dst[b] = java.util.Arrays.copyOfRange(e.dst(), b * batchSize, (b + 1) * batchSize);
        }
    }

    @Benchmark
    public long insert() {
        long inserted = 0;
        for (int b = 0; b < batchesPerOp; b++) {
            inserted += graph != null
                    ? graph.insertBatch(src[b], dst[b], null, batchSize, threads, BatchGrowth.FIXED).inserted()
                    : csr.insertBatch(src[b], dst[b], null, batchSize, threads).inserted();
        }
        return inserted;
    }

    /** Restores the graph: the same batches deleted (not measured). */
    @TearDown(Level.Iteration)
    public void deleteBatches() {
        for (int b = batchesPerOp - 1; b >= 0; b--) {
            if (graph != null) {
                graph.deleteBatch(src[b], dst[b], batchSize, threads);
            } else {
                csr.deleteBatch(src[b], dst[b], batchSize, threads);
            }
        }
    }
}
