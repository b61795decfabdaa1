package org.stag.formats.dynamic;

import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
import org.stag.loaders.Graph;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;

/**
 * Test support: a matrix in format (O, I) with both levels dynamic — e.g. (bst, ctree), Aspen's layout: a tree of the
 * rows that have edges, each row's element carrying the position of the row's I-structure — as a
 * {@link MutableMatrix}: a thin adapter over the {@link Tensor} that holds it. Batches are the tensor's
 * ({@link Tensor#insertBatch}): row structures are updated in parallel by shard, rows enter the row tree
 * with their first edge and leave it with their last, and the row level finds a row's position in O(1)
 * ({@link DynamicLevel#positionOf}).
 */
final class NestedMatrix implements MutableMatrix {
    private final DynamicFormat outer;
    private final DynamicFormat inner;
    private final Tensor tensor;
    private final DynamicLevel rowsLevel;
    private final DynamicLevel last;

    private NestedMatrix(DynamicFormat outer, DynamicFormat inner, Tensor tensor) {
        this.outer = outer;
        this.inner = inner;
        this.tensor = tensor;
        this.rowsLevel = (DynamicLevel) tensor.level(0);
        this.last = (DynamicLevel) tensor.level(1);
    }

    /** An empty {@code rows x cols} matrix. */
    public NestedMatrix(DynamicFormat outer, DynamicFormat inner, int rows, int cols, boolean weighted) {
        this(outer, inner, Tensor.fromCsr(format(outer, inner), rows, cols, new int[rows + 1], new int[0],
                weighted ? new double[0] : null, weighted ? ValueMode.DOUBLE : ValueMode.NONE, 1));
    }

    /** Builds the matrix of {@code g}: row structures in parallel by shard, then the row tree in one bulk assembly. */
    public static NestedMatrix build(DynamicFormat outer, DynamicFormat inner, Graph g, int threads) {
        return new NestedMatrix(outer, inner, Tensor.fromCsr(format(outer, inner), g.numRows(), g.numCols(), g.rowPtr(),
                g.colIdx(), g.weights(), g.weighted() ? ValueMode.DOUBLE : ValueMode.NONE, threads));
    }

    private static Format format(DynamicFormat outer, DynamicFormat inner) {
        return Format.of(new DynamicLevelFormat(outer), new DynamicLevelFormat(inner));
    }

    /** The tensor holding the matrix: compiled kernels read it, and see every batch. */
    public Tensor tensor() {
        return tensor;
    }

    /** The root record of row {@code r}'s structure in its shard, or 0 when the row has no edges. */
    public int rootOf(int r) {
        int p = rowsLevel.positionOf(r);
        return p < 0 ? 0 : last.roots()[p];
    }

    /** The store of the row tree (positions are the rows' parent positions in the level below). */
    public NodeStore rowStore() {
        return rowsLevel.storeOf(0);
    }

    /** The root record of the row tree. */
    public int rowRoot() {
        return rowsLevel.roots()[0];
    }

    /** The store holding row {@code r}'s structure, or null when the row has no edges. */
    public NodeStore shardOf(int r) {
        int p = rowsLevel.positionOf(r);
        return p < 0 ? null : last.storeOf(p);
    }

    public DynamicFormat outerFormat() {
        return outer;
    }

    public DynamicFormat innerFormat() {
        return inner;
    }

    public boolean weighted() {
        return last.holdsValues();
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
    public int numRows() {
        return tensor.dimension(0);
    }

    @Override
    public int numCols() {
        return tensor.dimension(1);
    }

    @Override
    public long numEdges() {
        return last.size();
    }

    @Override
    public Graph toGraph() {
        int rows = numRows();
        int present = rowsLevel.structureSize(0);
        int[] ids = new int[present];
        double[] pos = new double[present];
        rowsLevel.collect(0, ids, pos, 0);
        int[] rowPtr = new int[rows + 1];
        for (int i = 0; i < present; i++) {
            rowPtr[ids[i] + 1] = last.structureSize((int) pos[i]);
        }
        for (int r = 0; r < rows; r++) {
            rowPtr[r + 1] += rowPtr[r];
        }
        int[] col = new int[rowPtr[rows]];
        double[] w = weighted() ? new double[col.length] : null;
        for (int i = 0; i < present; i++) {
            last.collect((int) pos[i], col, w, rowPtr[ids[i]]);
        }
        return new Graph(outer.name() + "," + inner.name(), rows, numCols(), rowPtr, col, w, Symmetry.GENERAL,
                weighted() ? ValueKind.REAL : ValueKind.PATTERN, VertexIds.offset(0), 0);
    }

    @Override
    public long memoryBytes() {
        return tensor.memoryBytes();
    }

    /** The tensor's invariants, and that every row in the row tree has edges. */
    @Override
    public void check() {
        tensor.check();
        int present = rowsLevel.structureSize(0);
        int[] ids = new int[present];
        double[] pos = new double[present];
        rowsLevel.collect(0, ids, pos, 0);
        for (int i = 0; i < present; i++) {
            if (last.structureSize((int) pos[i]) == 0) {
                throw new IllegalStateException("row " + ids[i] + " is in the row tree but has no edges");
            }
        }
    }
}
