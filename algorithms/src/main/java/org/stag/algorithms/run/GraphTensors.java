package org.stag.algorithms.run;

import java.util.Arrays;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.Graph;

/**
 * A graph as the tensors stag programs read, built on demand and kept:
 * <ul>
 *   <li>{@code A}: the out-edge pattern, {@code bool[N][N]} with fill {@code false}, {@code A[i][j]} true for
 *       every edge {@code i -> j};</li>
 *   <li>{@code AT}: the in-edge pattern, the transpose of {@code A} (the same tensor for an undirected graph,
 *       which stores both directions);</li>
 *   <li>{@code W}: the weights, {@code double[N][N]} with fill {@code inf}, 1.0 per edge of an unweighted graph;</li>
 *   <li>{@code id}: the input's id of every vertex, a dense {@code long[N]}.</li>
 * </ul>
 * The matrices are held in one two-level graph format (e.g. {@code dense,compressed} or {@code bst,ctree}).
 */
public final class GraphTensors {
    private final Graph graph;
    private final Format format;
    private final int n;
    private int[] rows;
    private Tensor a;
    private Tensor at;
    private Tensor w;
    private Tensor id;
    private long buildNanos;

    /** The tensors of {@code g} (which must be square) in {@code format}; nothing is built yet. */
    public GraphTensors(Graph g, Format format) {
        this.graph = g.requireSquare();
        if (format.order() != 2) {
            throw new IllegalArgumentException("a graph format has two levels, not " + format.order() + ": " + format);
        }
        this.format = format;
        this.n = g.numVertices();
    }

    /** The graph format, parsed; see {@link FormatParser#parse(String)}. */
    public static Format format(String text) {
        return FormatParser.parse(text);
    }

    public Graph graph() {
        return graph;
    }

    public Format format() {
        return format;
    }

    /** Nanoseconds spent building the tensors asked for so far. */
    public long buildNanos() {
        return buildNanos;
    }

    /** The out-edge pattern {@code A}. */
    public Tensor a() {
        if (a == null) {
            long t0 = System.nanoTime();
            a = build(rows(), graph.colIdx(), pattern());
            buildNanos += System.nanoTime() - t0;
        }
        return a;
    }

    /** The in-edge pattern {@code AT}. */
    public Tensor at() {
        if (at == null) {
            if (!graph.directed()) {
                at = a();
            } else {
                long t0 = System.nanoTime();
                at = build(graph.colIdx(), rows(), pattern());
                buildNanos += System.nanoTime() - t0;
            }
        }
        return at;
    }

    /** The weights {@code W}, fill {@code inf}. */
    public Tensor w() {
        if (w == null) {
            long t0 = System.nanoTime();
            int m = graph.numEdges();
            double[] weights = graph.weights() == null ? filled(m) : Arrays.copyOf(graph.weights(), m);
            w = build(rows(), graph.colIdx(), Values.ofDoubles(weights, Double.POSITIVE_INFINITY));
            buildNanos += System.nanoTime() - t0;
        }
        return w;
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

    private Tensor build(int[] rowCoords, int[] colCoords, Values values) {
        return Tensor.build(format, new int[] {n, n}, new int[][] {rowCoords, colCoords}, values);
    }

    private Values pattern() {
        boolean[] present = new boolean[graph.numEdges()];
        Arrays.fill(present, true);
        return Values.ofBools(present, false);
    }

    private static double[] filled(int m) {
        double[] out = new double[m];
        Arrays.fill(out, 1.0);
        return out;
    }

    /** The row of every stored edge, expanded from the row offsets. */
    private int[] rows() {
        if (rows == null) {
            int[] ptr = graph.rowPtr();
            rows = new int[graph.numEdges()];
            for (int r = 0; r < n; r++) {
                Arrays.fill(rows, ptr[r], ptr[r + 1], r);
            }
        }
        return rows;
    }
}
