package org.stag.formats.tensor;

import java.util.Arrays;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.Level;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.level.LevelType;
import org.stag.loaders.Parallel;

/** {@link Tensor#fromCsr}: checks the CSR arrays, then builds a matrix from its rows without a sort. */
final class CsrRows {
    private CsrRows() {
    }

    /** {@link Tensor#fromCsr}: checks the arrays, then adopts them, builds the rows by shard, or expands them. */
    static Tensor fromCsr(Format f, int rows, int cols, int[] rowPtr, int[] col, double[] vals, ValueMode lastMode,
            int threads) {
        check(f, rows, cols, rowPtr, col, vals, threads);
        if (f.hasIdentityOrder() && f.level(0).equals(StaticLevelFormat.DENSE)
                && f.level(1).equals(StaticLevelFormat.COMPRESSED)) {
            return adopt(f, rows, cols, rowPtr, col, vals);
        }
        if (shardedBuild(f)) {
            return build(f, rows, cols, rowPtr, col, vals, lastMode, threads);
        }
        // Other formats (static last levels other than CSR, transposed mode orders): the CSR is expanded to
        // coordinates and assembled by the general build.
        return viaBuild(f, rows, cols, rowPtr, col, vals);
    }

    /**
     * {@code dense,compressed} over the given arrays: {@code rowPtr} and {@code col} become the levels as they
     * are, {@code vals} the values (cut to the entries if longer, which the loaders never leave).
     */
    private static Tensor adopt(Format f, int rows, int cols, int[] rowPtr, int[] col, double[] vals) {
        int m = rowPtr[rows];
        Values values = vals == null ? Values.constantBool(true, false, m)
                : Values.ofDoubles(vals.length == m ? vals : Arrays.copyOf(vals, m));
        return ResultArrays.csr(f, rows, cols, rowPtr.length == rows + 1 ? rowPtr : Arrays.copyOf(rowPtr, rows + 1), col,
                values);
    }

    /**
     * Checks that {@code rowPtr} runs from 0 up to the edges, and each row's columns are in range, increasing,
     * with finite values; rows are checked in parallel blocks.
     *
     * @throws IllegalArgumentException naming the first bad row found
     */
    private static void check(Format f, int rows, int cols, int[] rowPtr, int[] col, double[] vals, int threads) {
        if (f.order() != 2) {
            throw new IllegalArgumentException("CSR rows make a matrix, but format " + f + " has " + f.order() + " modes");
        }
        if (rows < 0 || cols < 0) {
            throw new IllegalArgumentException("negative dimension: " + rows + " x " + cols);
        }
        if (rowPtr.length < rows + 1 || rowPtr[0] != 0 || rowPtr[rows] > col.length
                || (vals != null && rowPtr[rows] > vals.length)) {
            throw new IllegalArgumentException("CSR arrays: rowPtr must hold " + (rows + 1) + " offsets from 0 to at most the "
                    + col.length + " columns" + (vals == null ? "" : " and " + vals.length + " values"));
        }
        int blocks = Math.max(1, Math.min(1024, rows / 4096));
        int[] bounds = Parallel.split(rows, blocks);
        Parallel.forEachBlock(threads, blocks, b -> {
            for (int r = bounds[b]; r < bounds[b + 1]; r++) {
                int from = rowPtr[r];
                int to = rowPtr[r + 1];
                if (to < from || to > rowPtr[rows]) {
                    throw new IllegalArgumentException("CSR row " + r + ": offsets " + from + ".." + to + " decrease or pass the end");
                }
                for (int k = from; k < to; k++) {
                    int c = col[k];
                    if (c < 0 || c >= cols || (k > from && c <= col[k - 1])) {
                        throw new IllegalArgumentException("CSR row " + r + ": column " + c + " at index " + k
                                + " is out of range 0.." + (cols - 1) + " or not above the one before");
                    }
                    if (vals != null && !Double.isFinite(vals[k])) {
                        throw new IllegalArgumentException("CSR row " + r + ": value " + vals[k] + " at index " + k
                                + " is not finite");
                    }
                }
            }
        });
    }

    /** Whether {@link #build} covers {@code f}: a dense or dynamic row level over a dynamic last level, row-major. */
    private static boolean shardedBuild(Format f) {
        if (f.order() != 2 || f.modeOfLevel(0) != 0 || !(f.level(1) instanceof DynamicLevelFormat)) {
            return false;
        }
        LevelFormat top = f.level(0);
        return top instanceof DynamicLevelFormat || (top instanceof StaticLevelFormat s && s.type() == LevelType.DENSE);
    }

    /** The sharded parallel build: the row level first, then the last level's shards in parallel. */
    private static Tensor build(Format f, int rows, int cols, int[] rowPtr, int[] col, double[] vals, ValueMode lastMode, int threads) {
        int m = rowPtr[rows];
        Values values = switch (lastMode) {
            // Doubles inline: the tensor's value array is empty and gives the fill.
            case DOUBLE -> Values.ofDoubles(new double[0]);
            // Positions are CSR indices, so the CSR values index them as they are.
            case POSITION -> vals != null ? Values.ofDoubles(vals.length == m ? vals : java.util.Arrays.copyOf(vals, m))
                    : patternArray(m);
            // A pattern: elements carry only coordinates, every stored entry reads true.
            case NONE -> Values.constantBool(true, false, m);
        };
        Level top = Level.create(f.level(0), rows, ValueMode.POSITION);
        DynamicLevel last = (DynamicLevel) Level.create(f.level(1), cols, lastMode);
        int[] rowOf = null;
        if (top instanceof DenseLevel d) {
            d.insertInit(1);
            last.appendInit(rows);
        } else {
            DynamicLevel d = (DynamicLevel) top;
            d.appendInit(1);
            // The row level holds the rows that have elements; positions 0, 1, … follow the row order.
            int present = 0;
            for (int r = 0; r < rows; r++) {
                present += rowPtr[r] < rowPtr[r + 1] ? 1 : 0;
            }
            rowOf = new int[present];
            int k = 0;
            for (int r = 0; r < rows; r++) {
                if (rowPtr[r] < rowPtr[r + 1]) {
                    rowOf[k++] = r;
                }
            }
            d.build(0, rowOf, new double[present], 0, present);
            d.trim();
            last.appendInit(present);
        }
        last.buildRows(rowPtr, rowOf, col, vals, threads);
        return new Tensor(f, new int[] {rows, cols}, new Level[] {top, last}, values);
    }

    /** A pattern's values as an array: {@code true} for each of the {@code m} stored components, fill {@code false}. */
    static Values patternArray(int m) {
        boolean[] present = new boolean[m];
        java.util.Arrays.fill(present, true);
        return Values.ofBools(present, false);
    }

    /**
     * The general path: CSR expanded to coordinates and assembled by {@link Tensor#build}; a pattern gets
     * {@code true} values with fill {@code false}, as {@link #build} gives it in {@link ValueMode#POSITION}.
     */
    private static Tensor viaBuild(Format f, int rows, int cols, int[] rowPtr, int[] col, double[] vals) {
        int m = rowPtr[rows];
        int[] r = new int[m];
        for (int i = 0; i < rows; i++) {
            for (int k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
                r[k] = i;
            }
        }
        Values v = vals == null ? patternArray(m) : Values.ofDoubles(java.util.Arrays.copyOf(vals, m));
        return Tensor.build(f, new int[] {rows, cols}, new int[][] {r, java.util.Arrays.copyOf(col, m)}, v);
    }
}
