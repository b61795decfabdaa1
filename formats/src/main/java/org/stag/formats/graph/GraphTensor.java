package org.stag.formats.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.stag.formats.dynamic.BuiltinFormats;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatException;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.TensorCursor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.BadInputException;
import org.stag.loaders.DuplicatePolicy;
import org.stag.loaders.EdgeList;
import org.stag.loaders.Graph;
import org.stag.loaders.GraphBuilder;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * The one in-memory graph: a square loader {@link Graph} held in a two-level {@link Format}, as the tensors
 * stag programs read.
 * <ul>
 *   <li>{@link #a()}: the out-edge pattern, {@code bool[N][N]} fill {@code false};</li>
 *   <li>{@link #w()}: the weights, {@code double[N][N]} fill {@code inf}, 1.0 per edge of an unweighted graph —
 *       a view of the same levels as {@code a()} where the format keeps one position per edge in CSR order;</li>
 *   <li>{@link #at()}: the in-edge pattern; for an undirected graph (stored in both directions) the very
 *       tensor {@code a()} is; for a directed one a second structure, built the first time it is asked;</li>
 *   <li>{@link #id()}: the input's vertex ids, a dense {@code long[N]}.</li>
 * </ul>
 * Every structure is built once, when first asked, from the loader's CSR arrays through
 * {@link Tensor#fromCsr}; {@code dense,compressed} adopts them without a copy. {@code stag info}, {@code run},
 * {@code bench} and {@code convert} all build this, so the memory {@code info} reports is what {@code run} holds.
 */
public final class GraphTensor {
    private final Graph graph;
    private final Format format;
    private final int threads;
    private final int n;
    /** {@code dense,compressed}: one position per edge in CSR order, so A and W share their levels. */
    private final boolean csr;
    private Direction out;
    private Direction in;
    private Tensor id;
    private long buildNanos;
    private long version;

    /**
     * One direction of the graph, from its CSR arrays: the pattern and the weights, each built when first
     * asked; in {@code dense,compressed} the second is a view of the first's levels.
     */
    private final class Direction {
        final int[] rowPtr;
        final int[] col;
        final double[] weights;
        Tensor pattern;
        Tensor weighted;

        Direction(int[] rowPtr, int[] col, double[] weights) {
            this.rowPtr = rowPtr;
            this.col = col;
            this.weights = weights;
        }

        Tensor pattern() {
            if (pattern == null) {
                long t0 = System.nanoTime();
                // TODO(const): Values.constant(BOOL, true, false, m) and a ValueMode.NONE dynamic last level.
                pattern = weighted != null && csr ? weighted.withValues(trues(rowPtr[n]))
                        : Tensor.fromCsr(format, n, n, rowPtr, col, null, ValueMode.POSITION, threads);
                buildNanos += System.nanoTime() - t0;
            }
            return pattern;
        }

        Tensor weighted() {
            if (weighted == null) {
                long t0 = System.nanoTime();
                weighted = weightsView(this);
                buildNanos += System.nanoTime() - t0;
            }
            return weighted;
        }
    }

    private GraphTensor(Graph g, Format format, int threads) {
        this.graph = g.requireSquare();
        if (format.order() != 2) {
            throw new IllegalArgumentException("a graph format has two levels, not " + format.order() + ": " + format);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        this.format = format;
        this.threads = threads;
        this.n = g.numVertices();
        this.csr = format.hasIdentityOrder() && format.level(0).equals(StaticLevelFormat.DENSE)
                && format.level(1).equals(StaticLevelFormat.COMPRESSED);
    }

    /**
     * The graph tensor of {@code g} in {@code format}; nothing is built until a tensor is asked for.
     *
     * @throws BadInputException when {@code g} is not square
     */
    public static GraphTensor of(Graph g, Format format, int threads) {
        return new GraphTensor(g, format, threads);
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
        return graph.numEdges();
    }

    /** Nanoseconds spent building the structures and views asked for so far. */
    public long buildNanos() {
        return buildNanos;
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
        if (id == null) {
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
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        long bytes = 0;
        for (Direction d : new Direction[] {out, in}) {
            if (d == null) {
                continue;
            }
            for (Tensor t : new Tensor[] {d.pattern, d.weighted}) {
                if (t == null) {
                    continue;
                }
                for (int k = 0; k < t.order(); k++) {
                    if (seen.add(t.level(k))) {
                        bytes += t.level(k).memoryBytes();
                    }
                }
                if (seen.add(t.values())) {
                    bytes += t.values().memoryBytes();
                }
            }
        }
        return bytes;
    }

    /**
     * Checks every structure built so far ({@link Tensor#check}).
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void check() {
        for (Direction d : new Direction[] {out, in}) {
            if (d != null) {
                for (Tensor t : new Tensor[] {d.pattern, d.weighted}) {
                    if (t != null) {
                        t.check();
                    }
                }
            }
        }
    }

    /**
     * The graph read back from the out-structure as a sorted CSR graph, with the source's symmetry, value
     * kind and vertex ids: what {@code stag convert --format} writes.
     */
    public Graph toGraph() {
        boolean weighted = graph.weighted();
        Tensor t = weighted ? w() : a();
        int cap = 16;
        int[] src = new int[cap];
        int[] dst = new int[cap];
        double[] w = weighted ? new double[cap] : null;
        int m = 0;
        TensorCursor c = t.cursor();
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            if (m == src.length) {
                cap *= 2;
                src = Arrays.copyOf(src, cap);
                dst = Arrays.copyOf(dst, cap);
                if (w != null) {
                    w = Arrays.copyOf(w, cap);
                }
            }
            src[m] = c.coordinate(0);
            dst[m] = c.coordinate(1);
            if (w != null) {
                w[m] = c.doubleValue();
            }
            m++;
        }
        // Unordered levels and transposed formats walk out of row order: the builder sorts.
        EdgeList e = new EdgeList(format.toString(), n, n, src, dst, w, m, Symmetry.GENERAL,
                weighted ? ValueKind.REAL : ValueKind.PATTERN, VertexIds.offset(0), null);
        Graph b = GraphBuilder.build(e, DuplicatePolicy.ERROR, threads);
        return new Graph(graph.source(), b.numRows(), b.numCols(), b.rowPtr(), b.colIdx(), b.weights(),
                graph.symmetry(), graph.valueKind(), graph.ids(), graph.duplicates());
    }

    private Direction out() {
        if (out == null) {
            out = new Direction(graph.rowPtr(), graph.colIdx(), graph.weights());
        }
        return out;
    }

    private Direction in() {
        if (in == null) {
            if (!graph.directed()) {
                in = out();
            } else {
                long t0 = System.nanoTime();
                // Programs read the in-edges as a pattern (AT) only: the weights are not transposed.
                CsrTranspose t = CsrTranspose.of(n, n, graph.rowPtr(), graph.colIdx(), null, threads);
                in = new Direction(t.rowPtr(), t.col(), t.vals());
                buildNanos += System.nanoTime() - t0;
            }
        }
        return in;
    }

    private static Values trues(int m) {
        boolean[] present = new boolean[m];
        Arrays.fill(present, true);
        return Values.ofBools(present, false);
    }

    /**
     * W of direction {@code d}, fill {@code inf}: in {@code dense,compressed} over the pattern's levels if built,
     * else over the CSR arrays themselves (the loader's weights adopted); in other formats a structure of its
     * own, whose dynamic last level keeps the weights in its elements.
     */
    // TODO(const): with ValueMode.DOUBLE structures, W is always a view of the structure's levels.
    private Tensor weightsView(Direction d) {
        int m = d.rowPtr[n];
        double[] w = d.weights;
        if (w == null) {
            w = new double[m];
            Arrays.fill(w, 1.0);
        } else if (w.length != m) {
            w = Arrays.copyOf(w, m);
        }
        Values values = Values.ofDoubles(w, Double.POSITIVE_INFINITY);
        if (csr) {
            Tensor base = d.pattern != null ? d.pattern
                    : Tensor.fromCsr(format, n, n, d.rowPtr, d.col, w, ValueMode.DOUBLE, threads);
            return base.withValues(values);
        }
        int[] rows = new int[m];
        for (int r = 0; r < n; r++) {
            Arrays.fill(rows, d.rowPtr[r], d.rowPtr[r + 1], r);
        }
        int[] cols = d.col.length == m ? d.col : Arrays.copyOf(d.col, m);
        return Tensor.build(format, new int[] {n, n}, new int[][] {rows, cols}, values);
    }
}
