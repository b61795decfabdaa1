package org.stag.formats.dynamic;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.concurrent.atomic.LongAdder;
import org.stag.loaders.Graph;
import org.stag.loaders.Parallel;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * A matrix in format (O, I) with both levels dynamic — e.g. (bst, ctree), Aspen's layout: a tree of the
 * rows that have edges, each row's element carrying the position (root record) of the row's
 * I-structure. Row structures live in shards as in {@link DynamicMatrix} and are updated in parallel;
 * the row tree is updated in the calling thread, once per batch, with the rows that appear or empty out.
 * A dense directory from row id to root record (4 bytes a row, counted in {@link #memoryBytes()}) lets
 * a batch find its rows in O(1) each instead of searching the row tree once per row.
 */
public final class NestedMatrix implements MutableMatrix {
    private final DynamicFormat outer;
    private final DynamicFormat inner;
    private final ValueMode mode;
    private int rows;
    private int cols;
    private final NodeStore rowStore;
    private final int rowRoot;
    private final ShardedRows sharded;
    /** Root record of each row's structure, 0 when the row is not in the row tree. */
    private int[] directory;
    private long edges;

    /** An empty {@code rows x cols} matrix. */
    public NestedMatrix(DynamicFormat outer, DynamicFormat inner, int rows, int cols, boolean weighted) {
        this.outer = outer;
        this.inner = inner;
        this.mode = weighted ? ValueMode.DOUBLE : ValueMode.NONE;
        this.rows = rows;
        this.cols = cols;
        this.rowStore = outer.newStore(ValueMode.POSITION);
        this.rowRoot = outer.newRoot(rowStore);
        this.sharded = new ShardedRows(inner, mode, rows);
        this.directory = new int[rows];
    }

    /** Builds the matrix of {@code g}: row structures in parallel, then the row tree in one bulk assembly. */
    public static NestedMatrix build(DynamicFormat outer, DynamicFormat inner, Graph g, int threads) {
        NestedMatrix m = new NestedMatrix(outer, inner, g.numRows(), g.numCols(), g.weighted());
        int[] rowPtr = g.rowPtr();
        int[] roots = new int[m.rows];
        Parallel.forEachBlock(threads, m.sharded.stores.length, sh -> {
            NodeStore s = m.sharded.stores[sh];
            int lo = sh << m.sharded.bits;
            int hi = Math.min(m.rows, lo + (1 << m.sharded.bits));
            for (int r = lo; r < hi; r++) {
                if (rowPtr[r] < rowPtr[r + 1]) {
                    roots[r] = inner.newRoot(s);
                    inner.build(s, roots[r], g.colIdx(), g.weights(), rowPtr[r], rowPtr[r + 1]);
                }
            }
            s.trim();
        });
        IntArrayList present = new IntArrayList();
        for (int r = 0; r < m.rows; r++) {
            if (roots[r] != 0) {
                present.add(r);
            }
        }
        int[] ids = present.toIntArray();
        double[] pos = new double[ids.length];
        for (int i = 0; i < ids.length; i++) {
            pos[i] = roots[ids[i]];
        }
        outer.build(m.rowStore, m.rowRoot, ids, pos, 0, ids.length);
        System.arraycopy(roots, 0, m.directory, 0, m.rows);
        m.rowStore.trim();
        m.edges = g.numEdges();
        return m;
    }

    /** The root record of row {@code r}'s structure in its shard, or 0 when the row has no edges. */
    public int rootOf(int r) {
        return directory[r];
    }

    /** The store of the row tree (positions are root records of the rows' structures). */
    public NodeStore rowStore() {
        return rowStore;
    }

    /** The root record of the row tree. */
    public int rowRoot() {
        return rowRoot;
    }

    /** The store holding row {@code r}'s structure. */
    public NodeStore shardOf(int r) {
        return sharded.of(r);
    }

    public DynamicFormat outerFormat() {
        return outer;
    }

    public DynamicFormat innerFormat() {
        return inner;
    }

    public boolean weighted() {
        return mode == ValueMode.DOUBLE;
    }

    @Override
    public UpdateStats insertBatch(int[] src, int[] dst, double[] vals, int n, int threads, BatchGrowth growth) {
        UpdateBatch b = UpdateBatch.of(src, dst, vals, n, rows, cols, growth, weighted());
        cols = Math.max(cols, b.maxCol() + 1);
        if (b.maxRow() >= rows) {
            sharded.ensureRows(b.maxRow() + 1);
            directory = java.util.Arrays.copyOf(directory, b.maxRow() + 1);
            rows = b.maxRow() + 1;
        }
        int[] roots = rootsOf(b, true);
        LongAdder added = new LongAdder();
        sharded.forEachRow(b, rows, threads, (s, slot, r, from, to) ->
                added.add(inner.insert(s, roots[slot], b.cols, b.vals, from, to)));
        long a = added.sum();
        edges += a;
        return new UpdateStats(a, b.size - a, 0, 0);
    }

    @Override
    public UpdateStats deleteBatch(int[] src, int[] dst, int n, int threads) {
        UpdateBatch b = UpdateBatch.of(src, dst, null, n, rows, cols, BatchGrowth.FIXED, false);
        int[] roots = rootsOf(b, false);
        LongAdder removed = new LongAdder();
        sharded.forEachRow(b, rows, threads, (s, slot, r, from, to) -> {
            int root = roots[slot];
            if (root != 0) {
                removed.add(inner.delete(s, root, b.cols, from, to));
            }
        });
        // Rows left empty leave the row tree.
        IntArrayList emptied = new IntArrayList();
        for (int i = 0; i < b.rowIds.length; i++) {
            int r = b.rowIds[i];
            if (roots[i] != 0 && inner.size(sharded.of(r), roots[i]) == 0) {
                emptied.add(r);
                sharded.of(r).rootPool().free(roots[i]);
                directory[r] = 0;
            }
        }
        if (!emptied.isEmpty()) {
            outer.delete(rowStore, rowRoot, emptied.elements(), 0, emptied.size());
        }
        long d = removed.sum();
        edges -= d;
        return new UpdateStats(0, 0, d, n - d);
    }

    /**
     * The root record of every batch row, found in the row tree; with {@code create}, rows not yet present
     * get an empty structure and are added to the row tree in one sorted batch.
     */
    private int[] rootsOf(UpdateBatch b, boolean create) {
        int[] roots = new int[b.rowIds.length];
        IntArrayList newRows = new IntArrayList();
        for (int i = 0; i < roots.length; i++) {
            int r = b.rowIds[i];
            if (r >= rows) {
                continue;
            }
            roots[i] = directory[r];
            if (roots[i] == 0 && create) {
                roots[i] = inner.newRoot(sharded.of(r));
                directory[r] = roots[i];
                newRows.add(i);
            }
        }
        if (!newRows.isEmpty()) {
            int k = newRows.size();
            int[] ids = new int[k];
            double[] pos = new double[k];
            for (int j = 0; j < k; j++) {
                ids[j] = b.rowIds[newRows.getInt(j)];
                pos[j] = roots[newRows.getInt(j)];
            }
            outer.insert(rowStore, rowRoot, ids, pos, 0, k);
        }
        return roots;
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

    @Override
    public Graph toGraph() {
        int present = outer.size(rowStore, rowRoot);
        int[] ids = new int[present];
        double[] pos = new double[present];
        outer.collect(rowStore, rowRoot, ids, pos, 0);
        int[] rowPtr = new int[rows + 1];
        for (int i = 0; i < present; i++) {
            rowPtr[ids[i] + 1] = inner.size(sharded.of(ids[i]), (int) pos[i]);
        }
        for (int r = 0; r < rows; r++) {
            rowPtr[r + 1] += rowPtr[r];
        }
        int[] col = new int[rowPtr[rows]];
        double[] w = weighted() ? new double[col.length] : null;
        for (int i = 0; i < present; i++) {
            int r = ids[i];
            inner.collect(sharded.of(r), (int) pos[i], col, w, rowPtr[r]);
        }
        return new Graph(outer.name() + "," + inner.name(), rows, cols, rowPtr, col, w, Symmetry.GENERAL,
                weighted() ? ValueKind.REAL : ValueKind.PATTERN, VertexIds.offset(0), 0);
    }

    @Override
    public long memoryBytes() {
        return rowStore.memoryBytes() + sharded.memoryBytes() + 4L * directory.length;
    }

    @Override
    public void check() {
        outer.check(rowStore, rowRoot);
        int present = outer.size(rowStore, rowRoot);
        int[] ids = new int[present];
        double[] pos = new double[present];
        outer.collect(rowStore, rowRoot, ids, pos, 0);
        long total = 0;
        for (int i = 0; i < present; i++) {
            if (ids[i] < 0 || ids[i] >= rows) {
                throw new IllegalStateException("row tree holds row " + ids[i] + " outside 0.." + (rows - 1));
            }
            NodeStore s = sharded.of(ids[i]);
            inner.check(s, (int) pos[i]);
            int size = inner.size(s, (int) pos[i]);
            if (size == 0) {
                throw new IllegalStateException("row " + ids[i] + " is in the row tree but has no edges");
            }
            total += size;
            if (directory[ids[i]] != (int) pos[i]) {
                throw new IllegalStateException("row directory says " + directory[ids[i]] + " for row " + ids[i]
                        + " but the row tree says " + (int) pos[i]);
            }
        }
        int listed = 0;
        for (int d : directory) {
            listed += d != 0 ? 1 : 0;
        }
        if (listed != present) {
            throw new IllegalStateException("row directory lists " + listed + " rows but the row tree holds " + present);
        }
        if (total != edges) {
            throw new IllegalStateException(outer.name() + "," + inner.name() + ": edge count " + edges
                    + " but rows hold " + total);
        }
    }
}
