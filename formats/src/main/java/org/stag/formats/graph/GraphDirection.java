package org.stag.formats.graph;

import java.util.Arrays;
import java.util.Set;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.VbyteLevel;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.RowEncoded;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.Values;
import org.stag.loaders.RowBlocks;

/**
 * One direction of a {@link GraphTensor} (its out-edges, or a directed graph's in-edges), from its CSR arrays:
 * one structure whose views are the pattern and the weights where the format allows ({@code shared}:
 * {@code dense,compressed} or a dynamic last level), else a pattern and a weights tensor built apart. Each is
 * built the first time it is asked.
 */
final class GraphDirection {
    private final Format format;
    /** Vertices when the direction was made (a format that builds its views apart takes no batches, so never grows). */
    private final int n;
    private final int threads;
    private final boolean shared;
    /** The CSR arrays, until the views no longer need them (then null: a transpose is not kept twice). */
    private int[] rowPtr;
    private int[] col;
    /** The weights the structure keeps: the graph's for the out-edges of a weighted graph, else null. */
    private final double[] weights;
    /** Whether the structure keeps weights (the graph's, or those it was built with straight from a file). */
    private final boolean keepsWeights;
    /** Weights that W is built apart from, the structure keeping none: NaN or infinite ones. */
    private final double[] apart;
    /** The rows in row blocks, for a graph with more entries than an array holds (then the CSR arrays are null). */
    private RowBlocks blocks;
    /** The out-edges' integer values beyond 2^53 ({@link org.stag.loaders.Graph#exactValues()}), else null. */
    private final long[] exact;
    private Tensor structure;
    private Tensor pattern;
    private Tensor weighted;
    /** The exact integer values, {@code long[N][N]}, built apart (kernels read W's doubles). */
    private Tensor exactValues;
    /** Nanoseconds spent building the views. */
    private long buildNanos;

    GraphDirection(Format format, int n, int threads, boolean shared, int[] rowPtr, int[] col, double[] weights,
            double[] apart, long[] exact) {
        this.format = format;
        this.n = n;
        this.threads = threads;
        this.shared = shared;
        this.rowPtr = rowPtr;
        this.col = col;
        this.weights = weights;
        this.keepsWeights = weights != null;
        this.apart = apart;
        this.exact = exact;
    }

    /** A direction over {@code structure}, built already (straight from a file's rows), sharing it between the views. */
    private GraphDirection(Format format, int n, int threads, Tensor structure, boolean weighted) {
        this.format = format;
        this.n = n;
        this.threads = threads;
        this.shared = true;
        this.weights = null;
        this.keepsWeights = weighted;
        this.apart = null;
        this.exact = null;
        this.structure = structure;
    }

    /** The out-edges over {@code structure}, built straight from a file's rows ({@link StraightLoad}). */
    static GraphDirection over(Format format, int threads, Tensor structure, boolean weighted) {
        return new GraphDirection(format, structure.dimension(0), threads, structure, weighted);
    }

    /**
     * The in-edges of a directed graph as a pattern: a transpose of its CSR arrays, or of its row blocks, or, for a
     * graph loaded straight into {@code dense,vbyte} (no arrays), of the out-structure {@code out} range by range.
     */
    static GraphDirection inEdges(org.stag.loaders.Graph graph, Format format, boolean shared, int threads,
                                  GraphDirection out) {
        int n = graph.numVertices();
        if (!graph.holdsEdges()) {
            VbyteTranspose rows = VbyteTranspose.of((VbyteLevel) out.structure().level(1), n);
            return over(format, threads, RowEncoded.fromRows(format, n, n, rows, rows.entries()), false);
        }
        if (graph.wide()) {
            return overBlocks(graph, format, shared, threads, BlockTranspose.of(graph.blocks(), n, threads), true);
        }
        CsrTranspose t = CsrTranspose.of(n, n, graph.rowPtr(), graph.colIdx(), null, threads);
        return new GraphDirection(format, n, threads, shared, t.rowPtr(), t.col(), null, null, null);
    }

    /**
     * A direction of {@code graph} (held in row blocks: more entries than an array holds) over {@code rows}, in a
     * format that shares its structure between the views ({@code dense,compressed} or a dynamic last level).
     *
     * @throws IllegalArgumentException for another format, or NaN or infinite weights (not {@code finite})
     */
    static GraphDirection overBlocks(org.stag.loaders.Graph graph, Format format, boolean shared, int threads,
                                     RowBlocks rows, boolean finite) {
        if (!shared) {
            throw new IllegalArgumentException(graph.source() + ": format " + format + " holds at most 2^31 - 9 entries,"
                    + " and this graph has " + graph.numEntries() + "; dense,compressed and the formats with a dynamic"
                    + " last level (dense,ctree, bst,ctree, ...) hold more");
        }
        if (!finite) {
            throw new IllegalArgumentException(graph.source() + ": NaN or infinite weights in a graph of more than"
                    + " 2^31 - 9 entries are not supported");
        }
        GraphDirection d = new GraphDirection(format, graph.numVertices(), threads, true, null, null, null, null, null);
        d.blocks = rows;
        return d;
    }

    /**
     * The shared structure: the weights inline or adopted, or a pattern that stores no values. Built from row blocks
     * ({@link Tensor#fromCsr(Format, int, int, RowBlocks, ValueMode, int)}), which takes the int path below the
     * block limit and 64-bit positions past it.
     */
    Tensor structure() {
        if (structure == null) {
            RowBlocks rows = blocks != null ? blocks : RowBlocks.of(n, rowPtr, col, weights);
            structure = Tensor.fromCsr(format, n, n, rows, rows.weighted() ? ValueMode.DOUBLE : ValueMode.NONE, threads);
            if (shared && apart == null && exact == null) {
                // Both views read the structure alone: let an in-edge transpose be collected.
                rowPtr = null;
                col = null;
                blocks = null;
            }
        }
        return structure;
    }

    /** The pattern {@code A}: a view of the structure, or a tensor of its own. */
    Tensor pattern() {
        if (pattern == null) {
            long t0 = System.nanoTime();
            pattern = shared ? structure().withValues(Values.constantBool(true, false, 0))
                    : Tensor.build(format, new int[] {n, n}, coordinates(), trues(rowPtr[n]));
            buildNanos += System.nanoTime() - t0;
        }
        return pattern;
    }

    /** The weights {@code W}, fill {@code inf}: a view of the structure, or a tensor of its own. */
    Tensor weighted() {
        if (weighted == null) {
            long t0 = System.nanoTime();
            weighted = shared && apart == null ? structure().withValues(weightValues())
                    : Tensor.build(format, new int[] {n, n}, coordinates(),
                            Values.ofDoubles(weightArray(), Double.POSITIVE_INFINITY));
            buildNanos += System.nanoTime() - t0;
        }
        return weighted;
    }

    /** The exact integer values in this format, or null when the doubles are the values. */
    Tensor exactValues() {
        if (exactValues == null && exact != null) {
            long t0 = System.nanoTime();
            exactValues = Tensor.build(format, new int[] {n, n}, coordinates(),
                    Values.ofLongs(exact.length == rowPtr[n] ? exact : Arrays.copyOf(exact, rowPtr[n])));
            buildNanos += System.nanoTime() - t0;
        }
        return exactValues;
    }

    long buildNanos() {
        return buildNanos;
    }

    /**
     * Bytes of the tensors built so far that {@code seen} does not hold yet (adding them): each level and value
     * array counted once however many views and snapshots share it ({@link DynamicLevel#memoryBytes(Set)}).
     */
    long memoryBytes(Set<Object> seen) {
        long bytes = 0;
        for (Tensor t : new Tensor[] {structure, pattern, weighted, exactValues}) {
            if (t == null) {
                continue;
            }
            for (int k = 0; k < t.format().depth(); k++) {
                if (seen.add(t.level(k))) {
                    bytes += t.level(k) instanceof DynamicLevel dl ? dl.memoryBytes(seen) : t.level(k).memoryBytes();
                }
            }
            // Views over one weight array hold it in Values objects of their own (fills 0 and inf).
            Object array = t.values() instanceof DoubleValues dv ? dv.array() : t.values();
            if (seen.add(array)) {
                bytes += t.values().memoryBytes();
            }
        }
        return bytes;
    }

    /** Checks the tensors built so far ({@link Tensor#check}). */
    void check() {
        for (Tensor t : new Tensor[] {structure, pattern, weighted, exactValues}) {
            if (t != null) {
                t.check();
            }
        }
    }

    /** This direction over a snapshot of its structure ({@link Tensor#snapshot}), for a snapshot's read-only graph. */
    GraphDirection frozenCopy(SnapshotEpochs epochs, int vertices) {
        return new GraphDirection(format, vertices, threads, structure().snapshot(epochs), keepsWeights);
    }

    /**
     * The structure, which must take batches; the views over it see every change.
     *
     * @throws UnsupportedOperationException naming why the graph ({@code source}) or the format takes none
     */
    Tensor batchable(String source) {
        if (apart != null) {
            throw new UnsupportedOperationException(source + " has NaN or infinite weights, which a graph"
                    + " that takes batches cannot hold; the batch was refused whole");
        }
        if (exact != null) {
            throw new UnsupportedOperationException(source + " holds integers beyond 2^53 exactly, which batches"
                    + " (doubles) cannot keep; the batch was refused whole");
        }
        Tensor t = structure();
        if (!shared || !t.takesBatches()) {
            throw new UnsupportedOperationException("format " + format + " takes no batch updates: its last level is"
                    + " not dynamic (formats that do: dense,F and O,I with dynamic F, e.g. dense,ctree or bst,ctree)");
        }
        return t;
    }

    private static Values trues(int m) {
        boolean[] present = new boolean[m];
        Arrays.fill(present, true);
        return Values.ofBools(present, false);
    }

    /** W's values over the shared structure: the weights adopted or inline, else the constant 1.0. */
    private Values weightValues() {
        if (!keepsWeights) {
            return Values.constantDouble(1.0, Double.POSITIVE_INFINITY, 0);
        }
        // In dense,compressed the structure's values are the loader's weights (fill 0): the same array, fill inf.
        return structure().valuesInLastLevel() ? Values.ofDoubles(new double[0], Double.POSITIVE_INFINITY)
                : Values.ofDoubles(((DoubleValues) structure().values()).array(), Double.POSITIVE_INFINITY);
    }

    /** The weights, one per edge: 1.0 each for a pattern. */
    private double[] weightArray() {
        int m = rowPtr[n];
        double[] w = apart != null ? apart : weights;
        if (w == null) {
            double[] ones = new double[m];
            Arrays.fill(ones, 1.0);
            return ones;
        }
        return w.length == m ? w : Arrays.copyOf(w, m);
    }

    /** The coordinates of the edges, for formats that are assembled from them. */
    private int[][] coordinates() {
        int m = rowPtr[n];
        int[] rows = new int[m];
        for (int r = 0; r < n; r++) {
            Arrays.fill(rows, rowPtr[r], rowPtr[r + 1], r);
        }
        return new int[][] {rows, col.length == m ? col : Arrays.copyOf(col, m)};
    }
}
