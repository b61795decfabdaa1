package org.stag.formats.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.dynamic.UpdateStats;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatException;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.BadInputException;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * The one in-memory graph: a square loader {@link Graph} held in a two-level {@link Format}, as the tensors
 * stag programs read.
 * <ul>
 *   <li>{@link #a()}: the out-edge pattern, {@code bool[N][N]} fill {@code false};</li>
 *   <li>{@link #w()}: the weights, {@code double[N][N]} fill {@code inf}, 1.0 per edge of an unweighted graph;</li>
 *   <li>{@link #at()}: the in-edge pattern; for an undirected graph (stored in both directions), and for a
 *       directed one whose every edge has its mirror, the very tensor {@code a()} is; for another directed
 *       graph a second structure, built the first time it is asked;</li>
 *   <li>{@link #id()}: the input's vertex ids, a dense {@code long[N]}.</li>
 * </ul>
 * Every structure is built once, when first asked, from the loader's CSR arrays through {@link Tensor#fromCsr}
 * ({@code dense,compressed} adopts them), or, loaded straight into {@code dense,vbyte} ({@link StraightLoad}), the
 * out-structure at the load (the loader's graph holds no edges; in-edges transpose it). In {@code dense,compressed} and
 * in formats whose last level is dynamic, {@code A} and {@code W} are views of one structure: the weights of a
 * weighted graph are stored once (inline in a dynamic level, or the loader's array), {@code A} reads the
 * constant {@code true}, and an unweighted graph's structure stores no values at all ({@code W} reads the
 * constant 1.0). Other formats ({@code dense,hashed}, {@code compressed,compressed}, …) build {@code A} and
 * {@code W} apart. {@code stag info}, {@code run}, {@code bench} and {@code convert} all build this, so the
 * memory {@code info} reports is what {@code run} holds.
 *
 * <p>Batches of edge updates ({@link #insertBatch}, {@link #deleteBatch}) change the structures in place
 * (formats whose tensors {@link Tensor#takesBatches take batches}): every view sees them, no tensor is
 * converted or rebuilt. Each direction's structure and views are a {@code GraphDirection}; the write path is
 * {@code GraphWrites}, the read-back {@code GraphExport}.
 */
public final class GraphTensor {
    private final Graph graph;
    private final Format format;
    private final int threads;
    /** Vertices: the loader's, or more after a batch that added some. */
    private int n;
    /** Whether A and W are views of one structure: {@code dense,compressed}, or a dynamic last level. */
    private final boolean shared;
    /** Stored directed edges, kept by the batches. */
    private long edges;
    private GraphDirection out;
    private GraphDirection in;
    private Tensor id;
    /** Nanoseconds spent on transposes; the directions count their views'. */
    private long buildNanos;
    private long version;
    /** Whether this is a snapshot's read-only copy ({@link #snapshot}): batches are refused. */
    private final boolean frozen;

    private GraphTensor(Graph g, Format format, int threads, boolean frozen) {
        this.frozen = frozen;
        this.graph = g.requireSquare();
        if (format.order() != 2) {
            throw new IllegalArgumentException("a graph format stores a matrix (two modes), not " + format.order() + ": " + format);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        this.format = format;
        this.threads = threads;
        this.n = g.numVertices();
        this.shared = format.hasIdentityOrder() && format.level(0).equals(StaticLevelFormat.DENSE)
                && (format.level(1).equals(StaticLevelFormat.COMPRESSED) || format.level(1).equals(StaticLevelFormat.VBYTE))
                || format.level(1) instanceof DynamicLevelFormat;
        this.edges = g.numEntries();
    }

    /**
     * The graph tensor of {@code g} in {@code format}; nothing is built until a tensor is asked for.
     *
     * @throws BadInputException when {@code g} is not square
     */
    public static GraphTensor of(Graph g, Format format, int threads) {
        return new GraphTensor(g, format, threads, false);
    }

    /** The graph tensor of {@code g}, whose out-structure {@code out} was built straight from a file's rows. */
    static GraphTensor over(Graph g, Format format, int threads, GraphDirection out) {
        GraphTensor t = new GraphTensor(g, format, threads, false);
        t.out = out;
        return t;
    }

    /**
     * A two-vertex graph tensor of the given kind in {@code format}, with every view built: what
     * {@code stag compile} plans with, so that its kernels read A, AT and W exactly as a run on a graph of
     * that kind does (the views' value reads and level layouts depend on the kind, not on the size). A
     * directed sample has one edge, so its in-edges are a structure of their own.
     */
    public static GraphTensor sample(Format format, boolean weighted, boolean directed) {
        int[] rowPtr = directed ? new int[] {0, 1, 1} : new int[] {0, 1, 2};
        int[] col = directed ? new int[] {1} : new int[] {1, 0};
        double[] w = weighted ? (directed ? new double[] {2.0} : new double[] {2.0, 2.0}) : null;
        Graph g = new Graph("sample", 2, 2, rowPtr, col, w, directed ? Symmetry.GENERAL : Symmetry.SYMMETRIC,
                weighted ? ValueKind.REAL : ValueKind.PATTERN, org.stag.loaders.VertexIds.offset(0), 0);
        return of(g, format, 1).buildAll();
    }

    /**
     * Parses and checks a graph format given with {@code --format}, before any work is done.
     *
     * @throws BadInputException naming the problem (and the known level names) or the number of levels
     */
    public static Format format(String text) {
        Format f;
        try {
            f = FormatParser.parse(text);
        } catch (FormatException e) {
            throw new BadInputException("--format '" + text + "', column " + e.column() + ": " + e.reason());
        }
        if (f.order() != 2) {
            throw new BadInputException("--format '" + text + "': a graph format has two levels (e.g. dense,compressed),"
                    + " not " + f.order());
        }
        return f;
    }

    /** {@code dense,compressed} and {@code dense,F} for every shipped dynamic format F. */
    public static List<String> shippedFormats() {
        List<String> names = new ArrayList<>();
        names.add("dense,compressed");
        for (String f : BuiltinFormats.names()) {
            names.add("dense," + f);
        }
        return names;
    }

    /** The loader's graph this was built from. */
    public Graph graph() {
        return graph;
    }

    public Format format() {
        return format;
    }

    /** Number of vertices. */
    public int numVertices() {
        return n;
    }

    /** Whether the graph is directed (then {@link #at()} is a structure of its own). */
    public boolean directed() {
        return graph.directed();
    }

    /** Whether the edges carry weights (else every edge weighs 1). */
    public boolean weighted() {
        return graph.weighted();
    }

    /** Stored directed edges: an undirected edge counts twice, a self-loop once. */
    public long numEdges() {
        return edges;
    }

    /** Nanoseconds spent building the structures and views asked for so far. */
    public long buildNanos() {
        return buildNanos + (out == null ? 0 : out.buildNanos()) + (in == null || in == out ? 0 : in.buildNanos());
    }

    /** Changes applied so far (0 for a graph as loaded). */
    public long version() {
        return version;
    }

    /** The out-edge pattern {@code A}. */
    public Tensor a() {
        return out().pattern();
    }

    /** The in-edge pattern {@code AT}: {@link #a()} itself for an undirected graph. */
    public Tensor at() {
        return in().pattern();
    }

    /** The weights {@code W}, fill {@code inf}: a view of {@link #a()}'s levels where the format allows. */
    public Tensor w() {
        return out().weighted();
    }

    /** The input's vertex ids, {@code id[v]} for internal vertex {@code v}. */
    public Tensor id() {
        if (id == null || id.dimension(0) != n) {
            long[] ids = new long[n];
            for (int v = 0; v < n; v++) {
                ids[v] = graph.ids().external(v);
            }
            id = denseVector(Values.ofLongs(ids));
        }
        return id;
    }

    /** A dense vector of {@code values}: {@code int[K]} sources and the like. */
    public static Tensor denseVector(Values values) {
        return Tensor.ofDense(FormatParser.parse("dense"), new int[] {values.size()}, values);
    }

    /** Builds the out-structure and, for a directed graph, the in-structure now (as {@code stag info} does). */
    public GraphTensor buildAll() {
        a();
        at();
        return this;
    }

    /** Whether the in-structure is held apart from the out-structure (built, and the graph directed). */
    public boolean holdsInEdges() {
        return in != null && in != out;
    }

    /**
     * Bytes held by the structures and views built so far, each level and value array counted once however
     * many views share it (the loader's arrays adopted by {@code dense,compressed} included).
     */
    public long memoryBytes() {
        return memoryBytes(Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    /**
     * As {@link #memoryBytes()}, counting only what is not yet in {@code seen} (and adding it): a graph and its
     * snapshots share node stores, each counted once ({@link DynamicLevel#memoryBytes(Set)}).
     */
    long memoryBytes(Set<Object> seen) {
        long bytes = 0;
        for (GraphDirection d : new GraphDirection[] {out, in}) {
            bytes += d == null ? 0 : d.memoryBytes(seen);
        }
        return bytes;
    }

    /**
     * Checks every structure built so far ({@link Tensor#check}).
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void check() {
        for (GraphDirection d : new GraphDirection[] {out, in}) {
            if (d != null) {
                d.check();
            }
        }
    }

    /**
     * The graph read back from the out-structure as a sorted CSR graph, with the source's symmetry, value kind,
     * declared type and vertex ids: what {@code stag convert --format} writes. Every edge comes back with its value
     * bit for bit ({@code GraphExport}).
     */
    public Graph toGraph() {
        return GraphExport.toGraph(this, a(), graph.weighted() ? w() : null, out().exactValues(), threads);
    }

    private GraphDirection out() {
        if (out == null) {
            // A structure holds finite weights only (a batch refuses others); the loaders read NaN and infinite
            // ones, so such a graph keeps its pattern in the structure and W apart (SSSP refuses it anyway).
            boolean finite = graph.nonFiniteValues() == 0;
            double[] w = graph.wide() ? null : graph.weights();
            out = graph.wide() ? GraphDirection.overBlocks(graph, format, shared, threads, graph.blocks(), finite)
                    : new GraphDirection(format, n, threads, shared, graph.rowPtr(), graph.colIdx(), finite ? w : null,
                            finite ? null : w, graph.exactValues());
        }
        return out;
    }

    private GraphDirection in() {
        if (in == null) {
            if (!graph.directed()) {
                in = out();
            } else {
                long t0 = System.nanoTime();
                // Programs read the in-edges as a pattern (AT) only: the weights are not transposed.
                // Built before the first batch (insertBatch asks for it), so the loader's arrays are current.
                // A directed graph in which every edge has its mirror (a symmetric graph read as directed, as
                // GAP's kron files are) has AT = A: the out-structure serves, found without a transpose.
                if (graph.symmetricPattern(threads)) {
                    in = out();
                } else {
                    in = GraphDirection.inEdges(graph, format, shared, threads, out());
                }
                buildNanos += System.nanoTime() - t0;
            }
        }
        return in;
    }

    /**
     * The in-direction of a directed graph as a structure of its own, for a batch: its in-edges change apart
     * from its out-edges even where they were equal. Asked before the first batch, so the loader's arrays
     * are current.
     */
    private GraphDirection separateIn() {
        GraphDirection d = in();
        if (d == out) {
            long t0 = System.nanoTime();
            in = GraphDirection.inEdges(graph, format, shared, threads, out());
            buildNanos += System.nanoTime() - t0;
            d = in;
        }
        return d;
    }

    /**
     * Inserts the edges {@code (src[k], dst[k])} with weights {@code w[k]} ({@code w} null: 1), {@code k < count},
     * or sets the weight of those already stored, in place: an undirected graph takes each edge in both
     * directions, a directed one in its out- and in-structure (the in-structure is built first if it was not,
     * so that the two stay in step). The batch is checked whole first and changes nothing when refused.
     * {@link BatchGrowth#ADD_VERTICES} lets it add vertices (rows and columns alike); the new vertices' ids
     * follow the input's numbering, so a graph with explicit ids (LDBC, SNAP) cannot grow. The counts are of
     * stored directed entries, as {@link #numEdges()} counts them.
     *
     * @throws IllegalArgumentException      naming the first bad entry (negative vertex, one outside the graph
     *                                       under {@link BatchGrowth#FIXED}, non-finite weight)
     * @throws UnsupportedOperationException when the format's tensors take no batches (e.g. {@code dense,compressed})
     */
    public UpdateStats insertBatch(int[] src, int[] dst, double[] w, int count, int threads, BatchGrowth growth) {
        return GraphWrites.insert(this, src, dst, w, count, threads, growth);
    }

    /**
     * Deletes the edges {@code (src[k], dst[k])}, {@code k < count}, in place (both directions of an undirected
     * edge; out- and in-structure of a directed graph); absent ones are counted as missing.
     *
     * @throws IllegalArgumentException      for a negative vertex or one outside the graph; nothing changes then
     * @throws UnsupportedOperationException when the format's tensors take no batches
     */
    public UpdateStats deleteBatch(int[] src, int[] dst, int count, int threads) {
        return GraphWrites.delete(this, src, dst, count, threads);
    }

    /** The out-structure, for a batch applied to it directly ({@link DirectApply}). */
    Tensor outBatchable() {
        refuseIfFrozen();
        return batchable(out());
    }

    /** The in-structure of a directed graph (apart from the out-structure), for a batch applied directly. */
    Tensor inBatchable() {
        refuseIfFrozen();
        return batchable(graph.directed() ? separateIn() : out());
    }

    /** Counts a change of {@code change} stored directed edges made through {@link #outBatchable}. */
    void batchApplied(long change) {
        applied(change);
    }

    void refuseIfFrozen() {
        if (frozen) {
            throw new UnsupportedOperationException("a snapshot of version " + version + " of " + graph.source()
                    + " is immutable: apply batches to its DynamicGraph");
        }
    }

    /** Whether this is a snapshot's read-only graph, which refuses batches. */
    public boolean frozen() {
        return frozen;
    }

    /**
     * Builds every structure a batch changes (the in-structure of a directed graph apart from the out-structure)
     * and checks that they take batches, so that the first batch costs no build.
     *
     * @throws UnsupportedOperationException naming why the format or the graph takes no batches
     */
    void prepareBatches() {
        refuseIfFrozen();
        batchable(out());
        if (graph.directed()) {
            batchable(separateIn());
        }
    }

    /**
     * Grows the graph to {@code vertices} vertices (rows and columns), the new ones without edges: a batch
     * named them. Only a graph with dense ids grows (see {@link #insertBatch}).
     */
    void growVertices(int vertices) {
        refuseIfFrozen();
        if (vertices <= n) {
            return;
        }
        if (!graph.ids().isOffset()) {
            throw new IllegalArgumentException("the vertices of " + graph.source() + " have ids of their own, so a batch"
                    + " cannot add vertices; the batch was refused whole");
        }
        batchable(out()).grow(vertices, vertices);
        if (graph.directed()) {
            batchable(separateIn()).grow(vertices, vertices);
        }
        n = vertices;
    }

    /** The out-structure, built now if it was not, for the lookups of the write path ({@link GraphWrites}). */
    Tensor outStructure() {
        return out().structure();
    }

    /**
     * A read-only copy of this graph as it is now, for a snapshot: every structure copied by
     * {@link Tensor#snapshot} (sharing node stores copy-on-write through {@code epochs}) and the views over them
     * made now, so that readers on several threads build nothing; {@link #version()} reads {@code version}.
     * Needs {@link #prepareBatches} first.
     */
    GraphTensor snapshot(SnapshotEpochs epochs, long version) {
        GraphTensor c = new GraphTensor(graph, format, threads, true);
        c.n = n;
        c.edges = edges;
        c.version = version;
        c.out = out.frozenCopy(epochs, n);
        c.in = in() == out ? c.out : in.frozenCopy(epochs, n);
        c.out.pattern();
        c.out.weighted();
        c.in.pattern();
        return c;
    }

    /** Direction {@code d}'s structure, which must take batches ({@link GraphDirection#batchable}). */
    private Tensor batchable(GraphDirection d) {
        return d.batchable(graph.source());
    }

    private void applied(long change) {
        edges += change;
        n = out.structure().dimension(0);
        version++;
    }
}
