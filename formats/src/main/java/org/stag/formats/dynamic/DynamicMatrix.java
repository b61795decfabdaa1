package org.stag.formats.dynamic;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.stag.loaders.Graph;
import org.stag.loaders.Parallel;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * A matrix in format (dense, F): a dense row level over a dynamic level F, one F-structure per row.
 * Rows are grouped into shards of {@code 2^shardBits} consecutive rows, each shard with its own
 * {@link NodeStore}; a batch is grouped by row and shards are updated in parallel, each by one thread, so
 * structures can be mutated in place and pools can grow without locks. Code that reads the matrix fetches
 * a shard's arrays once per shard (or per row), never per element.
 */
public final class DynamicMatrix implements MutableMatrix {
    private final DynamicFormat format;
    private final ValueMode mode;
    private int rows;
    private int cols;
    private final ShardedRows sharded;
    private final int shardBits;
    private NodeStore[] shards;
    /** Root record of each row's structure, in the row's shard. */
    private int[] root;
    private long edges;

    /** An empty {@code rows x cols} matrix. */
    public DynamicMatrix(DynamicFormat format, int rows, int cols, boolean weighted) {
        this.format = format;
        this.mode = weighted ? ValueMode.DOUBLE : ValueMode.NONE;
        this.rows = rows;
        this.cols = cols;
        this.sharded = new ShardedRows(format, mode, rows);
        this.shardBits = sharded.bits;
        this.shards = sharded.stores;
        this.root = new int[rows];
        for (int r = 0; r < rows; r++) {
            root[r] = format.newRoot(shards[r >>> shardBits]);
        }
    }

    /** Builds the matrix of {@code g} (rows in parallel through the format's bulk assembly). */
    public static DynamicMatrix build(DynamicFormat format, Graph g, int threads) {
        DynamicMatrix m = new DynamicMatrix(format, g.numRows(), g.numCols(), g.weighted());
        int[] rowPtr = g.rowPtr();
        int[] col = g.colIdx();
        double[] w = g.weights();
        Parallel.forEachBlock(threads, m.shards.length, sh -> {
            NodeStore s = m.shards[sh];
            int lo = sh << m.shardBits;
            int hi = Math.min(m.rows, lo + (1 << m.shardBits));
            for (int r = lo; r < hi; r++) {
                if (rowPtr[r] < rowPtr[r + 1]) {
                    format.build(s, m.root[r], col, w, rowPtr[r], rowPtr[r + 1]);
                }
            }
            s.trim();
        });
        m.edges = g.numEdges();
        return m;
    }

    public DynamicFormat format() {
        return format;
    }

    @Override
    public int numRows() {
        return rows;
    }

    @Override
    public int numCols() {
        return cols;
    }

    @Override
    public long numEdges() {
        return edges;
    }

    /** Whether values are stored (else every edge has weight 1). */
    public boolean weighted() {
        return mode == ValueMode.DOUBLE;
    }

    /** log2 of the rows per shard. */
    public int shardBits() {
        return shardBits;
    }

    /** The store holding row {@code r}. */
    public NodeStore shardOf(int r) {
        return shards[r >>> shardBits];
    }

    /** The stores, shard {@code i} holding rows {@code [i << shardBits, (i + 1) << shardBits)}. */
    public NodeStore[] shards() {
        return shards;
    }

    /** Root record of row {@code r} in its shard. */
    public int rootOf(int r) {
        return root[r];
    }

    /** Number of edges in row {@code r}. */
    public int rowSize(int r) {
        return format.size(shardOf(r), root[r]);
    }

    /** Value of edge (r, c), or NaN when absent. */
    public double get(int r, int c) {
        return format.get(shardOf(r), root[r], c);
    }

    @Override
    public UpdateStats insertBatch(int[] src, int[] dst, double[] vals, int n, int threads, BatchGrowth growth) {
        UpdateBatch b = UpdateBatch.of(src, dst, vals, n, rows, cols, growth, weighted());
        grow(b.maxRow() + 1, b.maxCol() + 1);
        LongAdder added = new LongAdder();
        sharded.forEachRow(b, rows, threads, (s, slot, r, from, to) -> added.add(format.insert(s, root[r], b.cols, b.vals, from, to)));
        long a = added.sum();
        edges += a;
        return new UpdateStats(a, b.size - a, 0, 0);
    }

    @Override
    public UpdateStats deleteBatch(int[] src, int[] dst, int n, int threads) {
        UpdateBatch b = UpdateBatch.of(src, dst, null, n, rows, cols, BatchGrowth.FIXED, false);
        LongAdder removed = new LongAdder();
        sharded.forEachRow(b, rows, threads, (s, slot, r, from, to) -> removed.add(format.delete(s, root[r], b.cols, from, to)));
        long d = removed.sum();
        edges -= d;
        return new UpdateStats(0, 0, d, n - d);
    }

    /** Covers at least {@code newRows x newCols} (a checked batch that may add vertices asked for it). */
    private void grow(int newRows, int newCols) {
        cols = Math.max(cols, newCols);
        if (newRows <= rows) {
            return;
        }
        shards = sharded.ensureRows(newRows);
        root = java.util.Arrays.copyOf(root, newRows);
        for (int r = rows; r < newRows; r++) {
            root[r] = format.newRoot(shards[r >>> shardBits]);
        }
        rows = newRows;
    }

    @Override
    public Graph toGraph() {
        int[] rowPtr = new int[rows + 1];
        for (int r = 0; r < rows; r++) {
            rowPtr[r + 1] = rowPtr[r] + rowSize(r);
        }
        int[] col = new int[rowPtr[rows]];
        double[] w = weighted() ? new double[col.length] : null;
        for (int r = 0; r < rows; r++) {
            format.collect(shardOf(r), root[r], col, w, rowPtr[r]);
        }
        if (!format.ordered()) {
            sortRows(rowPtr, col, w);
        }
        return new Graph(format.name(), rows, cols, rowPtr, col, w, Symmetry.GENERAL,
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
        return 4L * root.length + sharded.memoryBytes();
    }

    @Override
    public void check() {
        long total = 0;
        for (int r = 0; r < rows; r++) {
            format.check(shardOf(r), root[r]);
            total += rowSize(r);
        }
        if (total != edges) {
            throw new IllegalStateException(format.name() + ": edge count " + edges + " but rows hold " + total);
        }
    }
}
