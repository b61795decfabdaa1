package org.stag.spark.graph;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import org.stag.formats.graph.GraphTensor;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import scala.Tuple2;

/**
 * A graph held by a Spark cluster as {@link GraphBlock}s, one per partition, cached in the executors; the driver
 * holds only what every block shares ({@link GraphMeta}), the split into rows, counts, and stand-ins: tensors of
 * the graph's format and sizes without a single edge, which a program binds where it reads {@code A}, {@code AT}
 * and {@code W} (their kernels then run in the blocks). Close it to free the executors' memory.
 */
public final class PartitionedGraph implements AutoCloseable {
    private final GraphMeta meta;
    private final RowBlocks rows;
    private final Format format;
    private final JavaRDD<GraphBlock> blocks;
    private final long edges;
    private final long bytes;
    private final GraphTensor standIn;
    private final Tensor atStandIn;

    private PartitionedGraph(GraphMeta meta, RowBlocks rows, Format format, JavaRDD<GraphBlock> blocks, long edges,
                             long bytes) {
        this.meta = meta;
        this.rows = rows;
        this.format = format;
        this.blocks = blocks;
        this.edges = edges;
        this.bytes = bytes;
        this.standIn = GraphTensor.of(empty(meta, meta.symmetry(), meta.valueKind()), format, 1);
        standIn.a();
        standIn.w();
        // A directed graph's in-edges are a structure of their own in every block: a stand-in of their own too
        // (an empty graph's transpose would be its out-structure).
        this.atStandIn = meta.directed()
                ? GraphTensor.of(empty(meta, Symmetry.GENERAL, ValueKind.PATTERN), format, 1).a()
                : standIn.a();
    }

    /**
     * Builds the blocks from entries already keyed by their block (a read's shuffle input) and caches them.
     *
     * @param routed entry chunks keyed by block number, in any partitioning
     * @param format the blocks' format, parsed and checked as a graph format ({@link GraphTensor#format})
     */
    public static PartitionedGraph build(JavaPairRDD<Integer, EntryChunk> routed, GraphMeta meta, RowBlocks rows,
                                         Format format) {
        // A format travels to the executors as its text (Format is not Serializable), which the parser reads back.
        String text = format.toString();
        JavaRDD<GraphBlock> blocks = routed.partitionBy(rows.partitioner()).values()
                .mapPartitionsWithIndex((b, it) -> {
                    List<EntryChunk> chunks = new ArrayList<>();
                    it.forEachRemaining(chunks::add);
                    return List.of(BlockBuilder.build(b, rows, meta, FormatParser.parse(text), chunks)).iterator();
                }, true);
        blocks.persist(StorageLevel.MEMORY_ONLY());
        long e = 0;
        long by = 0;
        for (long[] c : blocks.map(b -> new long[] {b.edges(), b.memoryBytes()}).collect()) {
            e += c[0];
            by += c[1];
        }
        return new PartitionedGraph(meta, rows, format, blocks, e, by);
    }

    /**
     * The blocks of a graph this JVM holds (a test's or an application's, which then holds its edges): its
     * entries are shipped to the executors in one chunk per block and built there as a read's are.
     */
    public static PartitionedGraph of(JavaSparkContext sc, Graph g, int partitions, Format format) {
        g.requireSquare();
        if (!g.ids().isOffset()) {
            throw new IllegalArgumentException(g.source() + ": a graph with a vertex table (LDBC) cannot be partitioned");
        }
        GraphMeta meta = new GraphMeta(g.source(), g.numVertices(), g.symmetry(),
                g.valueKind(), g.ids().base(), org.stag.loaders.DuplicatePolicy.ERROR, false, false);
        RowBlocks rows = new RowBlocks(g.numVertices(), partitions);
        ChunkSink sink = new ChunkSink(partitions, g.weights() != null);
        int[] rp = g.rowPtr();
        int[] col = g.colIdx();
        double[] w = g.weights();
        for (int v = 0; v < g.numVertices(); v++) {
            for (int p = rp[v]; p < rp[v + 1]; p++) {
                int c = col[p];
                double x = w == null ? 1.0 : w[p];
                if (g.directed()) {
                    sink.add(rows.owner(v), false, v, c, x);
                    sink.add(rows.owner(c), true, c, v, x);
                } else if (v <= c) {
                    // One triangle: the blocks mirror it, as a symmetric file's entries.
                    sink.add(rows.owner(v), false, v, c, x);
                    if (rows.owner(c) != rows.owner(v)) {
                        sink.add(rows.owner(c), false, v, c, x);
                    }
                }
            }
        }
        return build(sc.parallelizePairs(sink.chunks(0), partitions), meta, rows, format);
    }

    /** A graph of the kind {@code meta} describes with {@code n} vertices and no edges. */
    private static Graph empty(GraphMeta meta, Symmetry symmetry, ValueKind kind) {
        return new Graph(meta.source(), meta.n(), meta.n(), new int[meta.n() + 1], new int[0],
                kind == ValueKind.PATTERN ? null : new double[0], symmetry, kind, meta.ids(), 0);
    }

    /** What every block shares. */
    public GraphMeta meta() {
        return meta;
    }

    /** The split into row blocks (one per partition). */
    public RowBlocks rows() {
        return rows;
    }

    /** The blocks' format. */
    public Format format() {
        return format;
    }

    /** The cached blocks, one per partition in block order. */
    public JavaRDD<GraphBlock> blocks() {
        return blocks;
    }

    /** Stored directed edges of the whole graph (an undirected edge twice, a self-loop once). */
    public long edges() {
        return edges;
    }

    /** Bytes of all blocks' tensors. */
    public long memoryBytes() {
        return bytes;
    }

    /**
     * The stand-in graph tensor: {@code n} vertices, the graph's kind and format, no edges. Its {@code a()} and
     * {@code w()} stand for the blocks' {@code A} and {@code W}.
     */
    public GraphTensor standIn() {
        return standIn;
    }

    /** The stand-in for the blocks' {@code AT}. */
    public Tensor atStandIn() {
        return atStandIn;
    }

    /** Frees the blocks in the executors. */
    @Override
    public void close() {
        blocks.unpersist(false);
    }
}
