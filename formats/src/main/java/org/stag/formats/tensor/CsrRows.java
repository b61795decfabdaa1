package org.stag.formats.tensor;

import java.util.Arrays;
import org.stag.formats.dynamic.ChunkCodes;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.BlockedLevel;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.Level;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.VbyteBuilder;
import org.stag.formats.level.VbyteLevel;
import org.stag.loaders.Parallel;
import org.stag.loaders.RowBlocks;

/** {@link Tensor#fromCsr}: checks the CSR arrays, then builds a matrix from its rows without a sort. */
final class CsrRows {
    private CsrRows() {
    }

    /** {@link Tensor#fromCsr}: checks the arrays, then adopts them, builds the rows by shard, or expands them. */
    static Tensor fromCsr(Format f, int rows, int cols, int[] rowPtr, int[] col, double[] vals, ValueMode lastMode,
            int threads) {
        check(f, rows, cols, rowPtr, col, vals, threads);
        if (isVbyte(f)) {
            return vbyte(f, rows, cols, RowBlocks.of(rows, rowPtr, col, vals));
        }
        if (isCsr(f)) {
            return adopt(f, rows, cols, rowPtr, col, vals);
        }
        if (shardedBuild(f)) {
            return build(f, rows, cols, rowPtr, col, vals, lastMode, threads);
        }
        // Other formats (static last levels other than CSR, transposed mode orders): the CSR is expanded to
        // coordinates and assembled by the general build.
        return viaBuild(f, rows, cols, rowPtr, col, vals);
    }

    /** {@link Tensor#fromCsr(Format, int, int, RowBlocks, ValueMode, int)}. */
    static Tensor fromBlocks(Format f, int rows, int cols, RowBlocks blocks, ValueMode lastMode, int threads) {
        boolean needed = RowBlocks.needed(blocks.entries());
        if (isVbyte(f)) {
            for (int b = 0; b < blocks.blockCount(); b++) {
                int[] p = blocks.ptr(b);
                check(f, p.length - 1, cols, p, blocks.col(b), blocks.weights(b), threads);
            }
            return vbyte(f, rows, cols, blocks);
        }
        if (blocks.single() && !needed) {
            return fromCsr(f, rows, cols, blocks.ptr(0), blocks.col(0), blocks.weights(0), lastMode, threads);
        }
        for (int b = 0; b < blocks.blockCount(); b++) {
            int[] p = blocks.ptr(b);
            check(f, p.length - 1, cols, p, blocks.col(b), blocks.weights(b), threads);
        }
        if (blocks.single() && (isCsr(f) || shardedBuild(f))) {
            blocks = RowBlocks.split(rows, blocks.ptr(0), blocks.col(0), blocks.weights(0), RowBlocks.limit());
        }
        if (isCsr(f)) {
            RowBlocks split = blocks;
            ValueMode mode = split.weighted() ? ValueMode.DOUBLE : ValueMode.NONE;
            Level top = Level.create(f.level(0), rows, ValueMode.POSITION);
            ((DenseLevel) top).insertInit(1);
            Level last = new BlockedLevel((StaticLevelFormat) f.level(1), cols, split, mode);
            Values values = split.weighted() ? Values.ofDoubles(new double[0])
                    : Values.constantBool(true, false, (int) Math.min(split.entries(), Level.MAX_SIZE));
            return new Tensor(f, new int[] {rows, cols}, new Level[] {top, last}, values);
        }
        if (shardedBuild(f) && lastMode != ValueMode.POSITION) {
            return build(f, rows, cols, blocks, lastMode, threads);
        }
        if (blocks.entries() > Level.MAX_SIZE) {
            throw new IllegalArgumentException("format " + f + " holds at most " + Level.MAX_SIZE + " entries, not "
                    + blocks.entries() + "; dense,compressed and the formats with a dynamic last level hold more");
        }
        // Below an array's size (a limit lowered by a test): the one-array path.
        RowBlocks one = RowBlocks.of(rows, concatPtr(blocks), concat(blocks), blocks.weighted() ? concatWeights(blocks) : null);
        return fromCsr(f, rows, cols, one.ptr(0), one.col(0), one.weights(0), lastMode, threads);
    }

    /** Whether {@code f} is {@code dense,vbyte} in row-major order ({@link Format#rowEncoded}): built by {@link #vbyte}. */
    static boolean isVbyte(Format f) {
        return f.rowEncoded();
    }

    /**
     * {@code dense,vbyte} over the rows of {@code src}: below {@link RowBlocks#limit()} the elements carry positions
     * into a values array (a pattern's constant {@code true}), past it the level holds the weights (or nothing).
     */
    static Tensor vbyte(Format f, int rows, int cols, VbyteBuilder.RowSource src, long entries) {
        boolean wide = RowBlocks.needed(entries) || entries > Level.MAX_SIZE;
        ValueMode mode = wide ? (src.weighted() ? ValueMode.DOUBLE : ValueMode.NONE) : ValueMode.POSITION;
        VbyteLevel last = VbyteBuilder.build((StaticLevelFormat) f.level(1), cols, src, mode);
        Level top = Level.create(f.level(0), rows, ValueMode.POSITION);
        ((DenseLevel) top).insertInit(1);
        int m = (int) Math.min(entries, Level.MAX_SIZE);
        Values values;
        if (!src.weighted()) {
            values = Values.constantBool(true, false, m);
        } else if (wide) {
            values = Values.ofDoubles(new double[0]);
        } else {
            double[] w = new double[m];
            int bits = last.shardBits();
            src.scan((r, col, wt, from, to) -> {
                int b = r >>> bits;
                int at = (int) last.firstElement(b) + last.elems(b)[r - last.firstParent(b)];
                System.arraycopy(wt, from, w, at, to - from);
            });
            values = Values.ofDoubles(w);
        }
        return new Tensor(f, new int[] {rows, cols}, new Level[] {top, last}, values);
    }

    /** {@link Tensor#fromRows}: {@code dense,vbyte} encoded from the file's rows as they are read. */
    static Tensor fromRows(Format f, org.stag.loaders.binary.BinaryRowReader reader,
                           org.stag.loaders.binary.BinaryRowReader.RowConsumer firstScan) {
        if (!isVbyte(f)) {
            throw new IllegalArgumentException("format " + f + " is not built from a file's rows as they are read;"
                    + " only dense,vbyte is");
        }
        VbyteBuilder.RowSource src = new VbyteBuilder.RowSource() {
            @Override
            public int rows() {
                return reader.rows();
            }

            @Override
            public boolean weighted() {
                return reader.weighted();
            }

            @Override
            public int[] degrees() {
                return reader.degrees();
            }

            private boolean first = firstScan != null;

            @Override
            public void scan(VbyteBuilder.RowSink sink) {
                if (first) {
                    first = false;
                    reader.scan((r, col, w, from, to) -> {
                        firstScan.row(r, col, w, from, to);
                        sink.row(r, col, w, from, to);
                    });
                } else {
                    reader.scan(sink::row);
                }
            }
        };
        return vbyte(f, reader.rows(), reader.cols(), src, reader.entries());
    }

    private static Tensor vbyte(Format f, int rows, int cols, RowBlocks blocks) {
        return vbyte(f, rows, cols, VbyteBuilder.of(blocks), blocks.entries());
    }

    private static boolean isCsr(Format f) {
        return f.depth() == 2 && f.hasIdentityOrder() && f.level(0).equals(StaticLevelFormat.DENSE)
                && f.level(1).equals(StaticLevelFormat.COMPRESSED);
    }

    private static int[] concatPtr(RowBlocks b) {
        int[] p = new int[b.rows() + 1];
        for (int r = 0; r <= b.rows(); r++) {
            p[r] = (int) b.rowStart(r);
        }
        return p;
    }

    private static int[] concat(RowBlocks b) {
        int[] c = new int[(int) b.entries()];
        for (int k = 0; k < b.blockCount(); k++) {
            System.arraycopy(b.col(k), 0, c, (int) b.first(k), (int) (b.first(k + 1) - b.first(k)));
        }
        return c;
    }

    private static double[] concatWeights(RowBlocks b) {
        double[] w = new double[(int) b.entries()];
        for (int k = 0; k < b.blockCount(); k++) {
            System.arraycopy(b.weights(k), 0, w, (int) b.first(k), (int) (b.first(k + 1) - b.first(k)));
        }
        return w;
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
        if (f.depth() != 2 || f.modeOfLevel(0) != 0 || !(f.level(1) instanceof DynamicLevelFormat)) {
            return false;
        }
        LevelFormat top = f.level(0);
        return top instanceof DynamicLevelFormat || (top instanceof StaticLevelFormat s && s.type() == LevelType.DENSE);
    }

    /** The sharded parallel build: the row level first, then the last level's shards in parallel. */
    private static Tensor build(Format f, int rows, int cols, int[] rowPtr, int[] col, double[] vals, ValueMode lastMode, int threads) {
        return build(f, rows, cols, RowBlocks.of(rows, rowPtr, col, vals), lastMode, threads);
    }

    /** {@link #build(Format, int, int, int[], int[], double[], ValueMode, int)} from row blocks: shards within blocks. */
    private static Tensor build(Format f, int rows, int cols, RowBlocks blocks, ValueMode lastMode, int threads) {
        int m = (int) Math.min(blocks.entries(), Level.MAX_SIZE);
        double[] vals = blocks.single() ? blocks.weights(0) : null;
        int maxBits = blocks.single() ? Integer.MAX_VALUE : blocks.bits();
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
            last.appendInit(rows, codedBits(last, blocks, null, rows, maxBits));
        } else {
            DynamicLevel d = (DynamicLevel) top;
            d.appendInit(1);
            // The row level holds the rows that have elements; positions 0, 1, … follow the row order.
            int present = 0;
            for (int r = 0; r < rows; r++) {
                present += blocks.degree(r) > 0 ? 1 : 0;
            }
            rowOf = new int[present];
            int k = 0;
            for (int r = 0; r < rows; r++) {
                if (blocks.degree(r) > 0) {
                    rowOf[k++] = r;
                }
            }
            d.build(0, rowOf, new double[present], 0, present);
            d.trim();
            last.appendInit(present, codedBits(last, blocks, rowOf, present, maxBits));
        }
        last.buildRows(blocks, rowOf, threads);
        return new Tensor(f, new int[] {rows, cols}, new Level[] {top, last}, values);
    }

    /**
     * Shard bits for a last level whose chunks are byte runs ({@code varint}): also small enough that no shard's
     * byte arena can pass {@link RowBlocks#limit()} bytes however its codes come out (at most
     * {@link ChunkCodes#MAX_BYTES} a coordinate, plus what an element carries), counted over the level's parents
     * ({@code rowOf} maps them to rows, or null for every row); {@code maxBits} for any other level.
     */
    private static int codedBits(DynamicLevel last, RowBlocks blocks, int[] rowOf, int parents, int maxBits) {
        if (!last.impl().schema().varint()) {
            return maxBits;
        }
        long per = ChunkCodes.MAX_BYTES + ChunkCodes.width(last.mode());
        if (blocks.entries() * per <= RowBlocks.limit()) {
            return maxBits;
        }
        java.util.function.IntToLongFunction start = rowOf == null ? r -> per * blocks.rowStart(r)
                : k -> per * blocks.rowStart(k == parents ? blocks.rows() : rowOf[k]);
        return Math.min(maxBits, RowBlocks.bitsFor(parents, start, RowBlocks.limit()));
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
