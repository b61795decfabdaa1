package org.stag.formats.dynamic;

import java.util.Arrays;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * Test support: a matrix in format (dense, F) as a {@link MutableMatrix}, a thin adapter over the {@link Tensor} that
 * holds it (a dense row level over a sharded {@link DynamicLevel} of F, values inline or, for a pattern,
 * none). Batches, shards and their parallel updates are the tensor's ({@link Tensor#insertBatch}); this
 * class adds the graph view ({@link #toGraph}, edge count) and names rows rather than parent positions.
 */
final class DynamicMatrix implements MutableMatrix {
    private final DynamicFormat format;
    private final Tensor tensor;
    private final DynamicLevel level;

    private DynamicMatrix(DynamicFormat format, Tensor tensor) {
        this.format = format;
        this.tensor = tensor;
        this.level = (DynamicLevel) tensor.level(1);
    }

    /** An empty {@code rows x cols} matrix. */
    public DynamicMatrix(DynamicFormat format, int rows, int cols, boolean weighted) {
        this(format, Tensor.fromCsr(format(format), rows, cols, new int[rows + 1], new int[0], weighted ? new double[0] : null,
                weighted ? ValueMode.DOUBLE : ValueMode.NONE, 1));
    }

    /** Builds the matrix of {@code g} (rows in parallel, by shard, through the format's bulk assembly). */
    public static DynamicMatrix build(DynamicFormat format, Graph g, int threads) {
        return new DynamicMatrix(format, Tensor.fromCsr(format(format), g.numRows(), g.numCols(), g.rowPtr(), g.colIdx(),
                g.weights(), g.weighted() ? ValueMode.DOUBLE : ValueMode.NONE, threads));
    }

    private static Format format(DynamicFormat f) {
        return Format.of(StaticLevelFormat.DENSE, new DynamicLevelFormat(f));
    }

    public DynamicFormat format() {
        return format;
    }

    /** The tensor holding the matrix: compiled kernels read it, and see every batch. */
    public Tensor tensor() {
        return tensor;
    }

    @Override
    public int numRows() {
        return tensor.dimension(0);
    }

    @Override
    public int numCols() {
        return tensor.dimension(1);
    }

    @Override
    public long numEdges() {
        return level.size();
    }

    /** Whether values are stored (else every edge has weight 1). */
    public boolean weighted() {
        return level.holdsValues();
    }

    /** log2 of the rows per shard. */
    public int shardBits() {
        return level.shardBits();
    }

    /** The store holding row {@code r}. */
    public NodeStore shardOf(int r) {
        return level.storeOf(r);
    }

    /** The stores, shard {@code i} holding rows {@code [i << shardBits, (i + 1) << shardBits)} (a new array). */
    public NodeStore[] shards() {
        NodeStore[] s = new NodeStore[level.shardCount()];
        Arrays.setAll(s, level::store);
        return s;
    }

    /** Root record of row {@code r} in its shard. */
    public int rootOf(int r) {
        return level.roots()[r];
    }

    /** Number of edges in row {@code r}. */
    public int rowSize(int r) {
        return level.structureSize(r);
    }

    /** Value of edge (r, c), or NaN when absent. */
    public double get(int r, int c) {
        return level.value(r, c);
    }

    @Override
    public UpdateStats insertBatch(int[] src, int[] dst, double[] vals, int n, int threads, BatchGrowth growth) {
        return tensor.insertBatch(src, dst, vals, n, threads, growth);
    }

    @Override
    public UpdateStats deleteBatch(int[] src, int[] dst, int n, int threads) {
        return tensor.deleteBatch(src, dst, n, threads);
    }

    @Override
    public Graph toGraph() {
        int rows = numRows();
        int[] rowPtr = new int[rows + 1];
        for (int r = 0; r < rows; r++) {
            rowPtr[r + 1] = rowPtr[r] + rowSize(r);
        }
        int[] col = new int[rowPtr[rows]];
        double[] w = weighted() ? new double[col.length] : null;
        for (int r = 0; r < rows; r++) {
            level.collect(r, col, w, rowPtr[r]);
        }
        if (!format.ordered()) {
            sortRows(rowPtr, col, w);
        }
        return new Graph(format.name(), rows, numCols(), rowPtr, col, w, Symmetry.GENERAL,
                weighted() ? ValueKind.REAL : ValueKind.PATTERN, VertexIds.offset(0), 0);
    }

    /** Sorts each row by column, carrying the weights along (unordered formats collect in storage order). */
    private static void sortRows(int[] rowPtr, int[] col, double[] w) {
        int rows = rowPtr.length - 1;
        if (w == null) {
            for (int r = 0; r < rows; r++) {
                Arrays.sort(col, rowPtr[r], rowPtr[r + 1]);
            }
            return;
        }
        int longest = 0;
        for (int r = 0; r < rows; r++) {
            longest = Math.max(longest, rowPtr[r + 1] - rowPtr[r]);
        }
        // Columns are non-negative ints, so (column, position) packed in a long sorts by column.
        long[] key = new long[longest];
        double[] tmp = new double[longest];
        for (int r = 0; r < rows; r++) {
            int lo = rowPtr[r];
            int n = rowPtr[r + 1] - lo;
            for (int i = 0; i < n; i++) {
                key[i] = ((long) col[lo + i] << 32) | i;
            }
            Arrays.sort(key, 0, n);
            for (int i = 0; i < n; i++) {
                col[lo + i] = (int) (key[i] >>> 32);
                tmp[i] = w[lo + (int) key[i]];
            }
            System.arraycopy(tmp, 0, w, lo, n);
        }
    }

    @Override
    public long memoryBytes() {
        return tensor.memoryBytes();
    }

    @Override
    public void check() {
        tensor.check();
    }
}
