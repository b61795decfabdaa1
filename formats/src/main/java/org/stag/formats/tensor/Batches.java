package org.stag.formats.tensor;

import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.dynamic.UpdateBatch;
import org.stag.formats.dynamic.UpdateStats;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.Capability;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.Level;

/**
 * Batch updates of a matrix whose last level is dynamic ({@link Tensor#insertBatch}): the batch is checked
 * and grouped by row ({@link UpdateBatch}), each row is mapped to its parent position in the last level
 * (its coordinate under a dense row level; under a dynamic row level its position, found in O(1) by
 * {@link DynamicLevel#positionOf}, or fresh for a new row), and
 * the last level merges the rows shard by shard in parallel. A row of a dynamic row level enters it with
 * its first element and leaves it with its last; its position (and the empty structure below it) goes to
 * the next row that enters, so a matrix that keeps gaining and losing whole rows does not grow.
 */
final class Batches {
    private Batches() {
    }

    static boolean takes(Tensor t) {
        return problem(t) == null;
    }

    /** Why {@code t} does not take batches, or null when it does. */
    private static String problem(Tensor t) {
        if (t.order() != 2) {
            return "it is not a matrix";
        }
        if (t.format().modeOfLevel(0) != 0) {
            return "its rows (mode 0) are not its first level";
        }
        if (!(t.level(1) instanceof DynamicLevel last) || !last.format().has(Capability.INSERT)
                || last.mode() == ValueMode.POSITION) {
            return "its last level is not a dynamic level holding its values inline or none";
        }
        if (last.readOnly()) {
            return "it is a snapshot, which is read-only";
        }
        Level top = t.level(0);
        if (top instanceof DenseLevel) {
            return null;
        }
        if (top instanceof DynamicLevel d && d.format().has(Capability.INSERT)) {
            return null;
        }
        return "its row level is neither dense nor dynamic";
    }

    /** {@link Tensor#snapshot}: dynamic levels shared copy-on-write, a dense row level copied, the values shared. */
    static Tensor snapshot(Tensor t, SnapshotEpochs epochs) {
        lastLevel(t);
        Level[] levels = t.levels();
        Level[] copy = new Level[levels.length];
        for (int k = 0; k < levels.length; k++) {
            copy[k] = levels[k] instanceof DynamicLevel d ? d.snapshot(epochs) : ((DenseLevel) levels[k]).copy();
        }
        return new Tensor(t.format(), t.dimensions(), copy, t.values());
    }

    static DynamicLevel lastLevel(Tensor t) {
        String why = problem(t);
        if (why != null) {
            throw new UnsupportedOperationException("format " + t.format() + " takes no batch updates: " + why);
        }
        return (DynamicLevel) t.level(1);
    }

    static UpdateStats insert(Tensor t, int[] rows, int[] cols, double[] vals, int n, int threads, BatchGrowth growth) {
        DynamicLevel last = lastLevel(t);
        UpdateBatch b = UpdateBatch.of(rows, cols, vals, n, t.dimension(0), t.dimension(1), growth,
                last.mode() == ValueMode.DOUBLE, threads);
        long added = insert(t, last, b, b.vals(), threads, null);
        return new UpdateStats(added, b.size() - added, 0, 0);
    }

    /** Grows the matrix to cover {@code b}, then inserts it, reporting the replaced values into {@code old} (may be null). */
    private static long insert(Tensor t, DynamicLevel last, UpdateBatch b, double[] vals, int threads, double[] old) {
        grow(t, last, b.maxRow() + 1, b.maxCol() + 1);
        int[] parents = parents(t, last, b, true);
        return last.insertBatch(parents, b.rowStart(), b.rowCount(), b.cols(), vals, threads, old);
    }

    /**
     * Inserts a batch already sorted and de-duplicated ({@link UpdateBatch#ofSorted}), growing the matrix to
     * cover it when {@code growth} allows, reporting the replaced values into {@code old} (may be null) at the
     * batch's indices; returns the coordinates that were new.
     */
    static long insertSorted(Tensor t, UpdateBatch b, int threads, BatchGrowth growth, double[] old) {
        DynamicLevel last = lastLevel(t);
        if (b.size() > 0 && growth == BatchGrowth.FIXED
                && (b.maxRow() >= t.dimension(0) || b.maxCol() >= t.dimension(1))) {
            throw new IllegalArgumentException("sorted batch: an entry lies outside the " + t.dimension(0) + " x "
                    + t.dimension(1) + " matrix");
        }
        return insert(t, last, b, last.mode() == ValueMode.DOUBLE ? b.vals() : null, threads, old);
    }

    /** Deletes a sorted batch ({@link UpdateBatch#ofSorted}), reporting the removed values; returns how many were. */
    static long deleteSorted(Tensor t, UpdateBatch b, int threads, double[] old) {
        return delete(t, lastLevel(t), b, threads, old);
    }

    /** Deletes {@code b}, reporting the removed values into {@code old} (may be null); drops the rows it empties. */
    private static long delete(Tensor t, DynamicLevel last, UpdateBatch b, int threads, double[] old) {
        int[] parents = parents(t, last, b, false);
        long removed = last.deleteBatch(parents, b.rowStart(), b.rowCount(), b.cols(), threads, old);
        if (t.level(0) instanceof DynamicLevel top) {
            dropEmptiedRows(top, last, b.rowIds(), parents);
        }
        return removed;
    }

    static UpdateStats delete(Tensor t, int[] rows, int[] cols, int n, int threads) {
        DynamicLevel last = lastLevel(t);
        UpdateBatch b = UpdateBatch.of(rows, cols, null, n, t.dimension(0), t.dimension(1), BatchGrowth.FIXED, false,
                threads);
        long removed = delete(t, last, b, threads, null);
        return new UpdateStats(0, 0, removed, n - removed);
    }

    /**
     * Rows a delete left empty leave a dynamic row level, so that an updated matrix has the rows a build
     * from scratch would have (a tree of the rows with elements, as Aspen's vertex tree).
     */
    private static void dropEmptiedRows(DynamicLevel top, DynamicLevel last, int[] ids, int[] parents) {
        int[] emptied = new int[ids.length];
        int k = 0;
        for (int i = 0; i < ids.length; i++) {
            if (parents[i] >= 0 && last.structureSize(parents[i]) == 0) {
                emptied[k++] = ids[i];
            }
        }
        if (k > 0) {
            top.removeCoordinates(0, emptied, 0, k);
        }
    }

    /** {@link Tensor#grow}: widens a matrix that takes batches. */
    static void grow(Tensor t, int rows, int cols) {
        DynamicLevel last = lastLevel(t);
        if (rows < 0 || cols < 0) {
            throw new IllegalArgumentException("negative size " + rows + " x " + cols);
        }
        grow(t, last, rows, cols);
    }

    /**
     * Widens the matrix to at least {@code newRows x newCols} (a checked batch that may add vertices asked for
     * it). A square matrix stays square, both modes covering the largest coordinate: it is a graph's
     * adjacency, whose rows and columns are the same vertices.
     */
    private static void grow(Tensor t, DynamicLevel last, int newRows, int newCols) {
        if (t.dimension(0) == t.dimension(1)) {
            newRows = Math.max(newRows, newCols);
            newCols = newRows;
        }
        if (newCols > t.dimension(1)) {
            last.growDimension(newCols);
            t.growDimension(1, newCols);
        }
        if (newRows > t.dimension(0)) {
            if (t.level(0) instanceof DenseLevel d) {
                d.growTop(newRows);
                last.growParents(newRows);
            } else {
                // New rows of a dynamic row level enter it when they get elements (parents()).
                ((DynamicLevel) t.level(0)).growDimension(newRows);
            }
            t.growDimension(0, newRows);
        }
    }

    /**
     * The last level's parent of every batch row, -1 for a row without a structure. Under a dynamic row
     * level, with {@code create}, rows not yet present are inserted in one sorted batch, each with the
     * position of a row that left earlier (its structure below is empty) or a fresh one, which becomes a
     * new parent of the last level (as rows enter Aspen's row tree).
     */
    private static int[] parents(Tensor t, DynamicLevel last, UpdateBatch b, boolean create) {
        int[] ids = b.rowIds();
        if (t.level(0) instanceof DenseLevel) {
            return ids;
        }
        DynamicLevel top = (DynamicLevel) t.level(0);
        int[] parents = new int[ids.length];
        int[] missing = new int[ids.length];
        int k = 0;
        for (int i = 0; i < ids.length; i++) {
            parents[i] = top.positionOf(ids[i]);
            if (parents[i] < 0) {
                missing[k++] = i;
            }
        }
        if (create && k > 0) {
            int[] crd = new int[k];
            for (int j = 0; j < k; j++) {
                crd[j] = ids[missing[j]];
            }
            int[] positions = new int[k];
            top.insertRows(0, crd, 0, k, positions);
            last.growParents(top.size());
            for (int j = 0; j < k; j++) {
                parents[missing[j]] = positions[j];
            }
        }
        return parents;
    }
}
