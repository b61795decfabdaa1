package org.stag.formats.tensor;

import java.util.Arrays;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.dynamic.UpdateBatch;
import org.stag.formats.dynamic.UpdateStats;
import org.stag.formats.dynamic.ValueMode;
import org.stag.loaders.RowBlocks;
import org.stag.loaders.binary.BinaryRowReader;
import org.stag.formats.level.Capability;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.Level;

/**
 * A sparse tensor of any order: dimensions (per mode), a {@link Format}, one {@link Level} per mode in
 * the format's mode order, and the component {@link Values} indexed by the last level's positions (for a
 * double tensor whose last level is dynamic, the values live in that level's nodes and
 * {@link #values()} is empty). Components that are not stored have the fill value. With
 * {@link ConstantValues} (a pattern) every stored component has the same value and no array is held; a
 * dynamic last level then carries only coordinates ({@code ValueMode.NONE}).
 *
 * <p>This class is the value and the entry points; the work is done by one class per job: assembly from
 * coordinates ({@code TensorAssembler}) or CSR rows ({@code CsrRows}), adopting a kernel's result arrays
 * ({@code ResultArrays}), conversion ({@code Conversion}), batches ({@code Batches}), lookup ({@code Lookup}) and
 * the storage check ({@code StorageCheck}).
 *
 * <p>Views: {@link #withValues} makes a tensor that shares this one's levels and differs only in its
 * values (a graph's pattern {@code A} over the structure of its weights {@code W}). A matrix whose last level
 * is dynamic takes batch updates ({@link #takesBatches}), which may grow its dimensions; every other tensor is
 * read-only once built. Readers may run on many threads at once (each with its own cursor), but not while a
 * batch is applied.
 */
public final class Tensor {
    private final Format format;
    private final int[] dims;
    private final Level[] levels;
    private final Values values;

    Tensor(Format format, int[] dims, Level[] levels, Values values) {
        this.format = format;
        this.dims = dims;
        this.levels = levels;
        this.values = values;
    }

    /**
     * Builds a tensor from an unsorted coordinate list: component {@code j < values.size()} has coordinate
     * {@code coordinates[m][j]} in mode {@code m} and value {@code values[j]}, sorted into level order (the last
     * of repeated coordinates wins). Every given component is stored, explicit fill values included; dense
     * levels store every coordinate (the fill value where none was given). The tensor takes the type and fill of
     * {@code values}; with {@link ConstantValues} it holds no value array unless a dense last level has
     * positions nobody gave.
     *
     * @throws IllegalArgumentException if the shapes disagree, a coordinate is out of range, the data do not fit
     *                                  the format, or a level would exceed {@link Level#MAX_SIZE} positions
     */
    public static Tensor build(Format format, int[] dims, int[][] coordinates, Values values) {
        return TensorAssembler.fromCoordinates(format, dims, coordinates, values);
    }

    /**
     * An order-1 tensor in one ordered, unique {@code compressed} level over {@code crd[0, nnz)} (strictly
     * increasing in {@code [0, dim)}; {@code crd} may be longer) and {@code values} (one per coordinate, or a
     * constant), adopted without sorting or copying, so the caller must not change them: how a kernel hands
     * back a sparse vector result whose entries came in order. O(nnz), never O(dim).
     *
     * @throws IllegalArgumentException if the format is not such a level, the coordinates are not strictly
     *                                  increasing in range, or the values do not match {@code nnz}
     */
    public static Tensor sortedVector(Format format, int dim, int[] crd, int nnz, Values values) {
        return ResultArrays.sortedVector(format, dim, crd, nnz, values, false);
    }

    /** {@link #sortedVector(Format, int, int[], int, Values)}, trusting the caller's {@code increasing} check of the coordinates. */
    public static Tensor sortedVector(Format format, int dim, int[] crd, int nnz, Values values, boolean increasing) {
        return ResultArrays.sortedVector(format, dim, crd, nnz, values, increasing);
    }

    /**
     * Refills this tensor in place as {@link #sortedVector} would build it, its own values object now wrapping
     * {@code valueArray}'s first {@code nnz} entries (fill unchanged; a null array keeps constant values): a sparse
     * vector result handed back in a dead result's tensor, allocating nothing. The caller guarantees nothing
     * reads this tensor any more. False, and nothing changed, when this tensor is not such a vector of dimension
     * {@code dim} in {@code format} whose values take {@code valueArray}.
     *
     * @throws IllegalArgumentException as {@link #sortedVector}: the coordinates are not strictly increasing in range
     */
    public boolean refillSortedVector(Format format, int dim, int[] crd, int nnz, Object valueArray) {
        return ResultArrays.refillSortedVector(this, format, dim, crd, nnz, valueArray, false);
    }

    /** {@link #refillSortedVector(Format, int, int[], int, Object)}, trusting the caller's {@code increasing} check. */
    public boolean refillSortedVector(Format format, int dim, int[] crd, int nnz, Object valueArray, boolean increasing) {
        return ResultArrays.refillSortedVector(this, format, dim, crd, nnz, valueArray, increasing);
    }

    /**
     * A matrix in a dense level over its rows and an ordered, unique compressed level (CSR) over the given arrays,
     * adopted without sorting or copying: row {@code r}'s columns are {@code crd[pos[r], pos[r + 1])}, strictly
     * increasing, with one value each in {@code values} (or a constant). How a kernel hands back a sparse matrix
     * result whose entries came row by row; O(rows + entries).
     *
     * @throws IllegalArgumentException if the format is not such a matrix, the offsets or columns are out of order
     *                                  or range, or the values do not match the entries
     */
    public static Tensor sortedMatrix(Format format, int rows, int cols, int[] pos, int[] crd, Values values) {
        return ResultArrays.sortedMatrix(format, rows, cols, pos, crd, values);
    }

    /**
     * Refills this tensor in place as {@link #sortedMatrix} would build it, its own values object now wrapping
     * {@code valueArray}'s first {@code pos[rows]} entries: the {@link #refillSortedVector} of a matrix.
     *
     * @throws IllegalArgumentException as {@link #sortedMatrix}: offsets or columns out of order or range
     */
    public boolean refillSortedMatrix(Format format, int rows, int cols, int[] pos, int[] crd, Object valueArray) {
        return ResultArrays.refillSortedMatrix(this, format, rows, cols, pos, crd, valueArray);
    }

    /**
     * A tensor whose levels are all dense, wrapping {@code values} (one per position, row-major in level order)
     * without copying: how a kernel hands back a dense result it wrote in place.
     *
     * @throws IllegalArgumentException if a level is not dense or the values do not cover every position
     */
    public static Tensor ofDense(Format format, int[] dims, Values values) {
        return ResultArrays.ofDense(format, dims, values);
    }

    /**
     * A matrix in format {@code f} from CSR rows without sorting: row {@code r} holds columns
     * {@code col[rowPtr[r], rowPtr[r + 1])}, sorted and unique, with values {@code vals} at the same indices
     * ({@code null}: a pattern). A dense or dynamic row level over a dynamic last level is built shard by shard in
     * parallel through the format's bulk {@code build}; {@code dense,compressed} adopts the arrays without a copy
     * ({@code rowPtr} and {@code col} become the levels, {@code vals} the values, a pattern the constant
     * {@code true}), so the caller must not change them; other formats go through {@link #build}.
     *
     * @param lastMode how a dynamic last level stores values: {@link ValueMode#DOUBLE} inline (a pattern stores
     *                 ones), {@link ValueMode#POSITION} (element {@code k} of the CSR has position {@code k}), or
     *                 {@link ValueMode#NONE} (coordinates only; the values are constant {@code true}, fill
     *                 {@code false}). Ignored by formats without a dynamic last level.
     * @throws IllegalArgumentException if the CSR arrays are malformed (naming the first bad row)
     */
    public static Tensor fromCsr(Format f, int rows, int cols, int[] rowPtr, int[] col, double[] vals, ValueMode lastMode,
                                 int threads) {
        return CsrRows.fromCsr(f, rows, cols, rowPtr, col, vals, lastMode, threads);
    }

    /**
     * {@link #fromCsr(Format, int, int, int[], int[], double[], ValueMode, int)} from rows held in row blocks, for any
     * number of entries: below {@link RowBlocks#limit()} the one block's arrays take the path above; past it,
     * {@code dense,compressed} becomes a {@link org.stag.formats.level.BlockedLevel} over the blocks (adopted, or cut
     * from the one array) and a dynamic last level takes shards within the blocks. Other formats hold at most one
     * array's worth.
     *
     * @throws IllegalArgumentException as the other overload does, or for a format without 64-bit positions whose
     *                                  entries pass an array's size
     */
    public static Tensor fromCsr(Format f, int rows, int cols, RowBlocks blocks, ValueMode lastMode, int threads) {
        return CsrRows.fromBlocks(f, rows, cols, blocks, lastMode, threads);
    }

    /**
     * {@code dense,vbyte} from a {@code .stagb} file's rows, read a range at a time and encoded as they come (two scans):
     * beside the result only 8 bytes per row and one range; {@code firstScan} (or null) also gets the first
     * scan's rows. Equal to {@code fromCsr} of the file's graph.
     * @throws IllegalArgumentException for another format; {@link org.stag.loaders.BadInputException} for a bad file
     */
    public static Tensor fromRows(Format f, BinaryRowReader reader, BinaryRowReader.RowConsumer firstScan) {
        return CsrRows.fromRows(f, reader, firstScan);
    }

    /**
     * The same tensor in another format (same dimensions, type and fill value), assembled from this tensor's
     * sorted component stream, re-sorted only when the mode orders differ. Explicit fill values are dropped (the
     * tensor is the same): components whose bits are the fill's, any NaN for a NaN fill; {@code -0.0} under fill
     * {@code 0.0} is kept.
     */
    public Tensor convert(Format target) {
        return Conversion.convert(this, target);
    }

    /**
     * {@link #convert}, over the storage of {@code dead} where it can: a sorted sparse vector converted into a
     * bitmap reuses the words and value array of {@code dead}, a bitmap vector of the same dimension, value type
     * and fill (O(N / 64 + entries), nothing of size N allocated; nothing at all when {@code dead} is in
     * {@code target}'s format, which is then the result). Otherwise the same as {@link #convert}. The caller
     * guarantees that nothing reads {@code dead} any more: it is overwritten.
     */
    public Tensor convert(Format target, Tensor dead) {
        return Conversion.convert(this, target, dead);
    }

    /**
     * Whether a {@code bool} tensor converted into {@code f} may keep no values ({@link #convertPattern}): every
     * level static and the last one not dense, so that the stored components are exactly the entries given.
     */
    public static boolean patternFormat(Format f) {
        return Conversion.patternFormat(f);
    }

    /**
     * {@link #convert(Format, Tensor)} of a {@code bool} tensor into a {@link #patternFormat}: the result's values
     * are the constant negation of the fill ({@link ConstantValues}, no array), which generated code reads as a
     * literal, so a kernel pulling over a converted frontier tests its bitmap and nothing else. Reuses
     * {@code dead} as {@link #convert(Format, Tensor)} does, when it is such a bitmap with constant values.
     *
     * @throws IllegalArgumentException if this tensor is not {@code bool} or {@code target} is not a pattern format
     */
    public Tensor convertPattern(Format target, Tensor dead) {
        return Conversion.convertPattern(this, target, dead);
    }

    /** How many times {@link #convert} has been called, by any thread, since the class was loaded. */
    public static long conversionCount() {
        return Conversion.count();
    }

    /** As {@link #conversionCount()}, counting only tensors of order 2 or more (matrices, not vectors). */
    public static long matrixConversionCount() {
        return Conversion.matrixCount();
    }

    /**
     * Whether this tensor takes {@link #insertBatch} and {@link #deleteBatch}: a matrix in row-major mode
     * order whose last level is dynamic with {@link Capability#INSERT} and stores values inline or none,
     * under a dense row level or a dynamic one with {@link Capability#INSERT}.
     */
    public boolean takesBatches() {
        return Batches.takes(this);
    }

    /**
     * Merges {@code n} entries into the matrix: entry {@code k} is {@code (rows[k], cols[k])} with value
     * {@code vals[k]} ({@code vals} null: 1; ignored by a pattern); a stored coordinate gets the new value, a
     * repeated one its last. Checked whole first: a refused batch changes nothing. Shards are updated in parallel
     * on {@code threads} threads; {@link BatchGrowth#ADD_VERTICES} grows the dimensions to cover the batch.
     *
     * @throws IllegalArgumentException      naming the first bad entry: a negative coordinate, one outside
     *                                       the dimensions under {@link BatchGrowth#FIXED}, a non-finite value
     * @throws UnsupportedOperationException if the format does not take batches ({@link #takesBatches})
     */
    public UpdateStats insertBatch(int[] rows, int[] cols, double[] vals, int n, int threads, BatchGrowth growth) {
        return Batches.insert(this, rows, cols, vals, n, threads, growth);
    }

    /**
     * Removes the stored coordinates among {@code (rows[k], cols[k])}, {@code k < n}; absent ones are
     * counted as missing. Checked whole first, like {@link #insertBatch}; the dimensions stay.
     */
    public UpdateStats deleteBatch(int[] rows, int[] cols, int n, int threads) {
        return Batches.delete(this, rows, cols, n, threads);
    }

    /**
     * {@link #insertBatch} of a batch already sorted and de-duplicated ({@link UpdateBatch#ofSorted}), reporting
     * in {@code old[k]} (when not null) the value entry {@code k} had before, NaN where it was absent. Returns the
     * entries that were new.
     *
     * @throws IllegalArgumentException      under {@link BatchGrowth#FIXED}, for an entry outside the dimensions
     * @throws UnsupportedOperationException if the format does not take batches ({@link #takesBatches})
     */
    public long insertSorted(UpdateBatch b, int threads, BatchGrowth growth, double[] old) {
        return Batches.insertSorted(this, b, threads, growth, old);
    }

    /**
     * {@link #deleteBatch} of a sorted batch, reporting the removed values as {@link #insertSorted} does; returns
     * how many entries were present.
     *
     * @throws UnsupportedOperationException if the format does not take batches
     */
    public long deleteSorted(UpdateBatch b, int threads, double[] old) {
        return Batches.deleteSorted(this, b, threads, old);
    }

    /**
     * Widens a matrix that takes batches to at least {@code rows x cols} (a square one stays square), as a batch
     * with {@link BatchGrowth#ADD_VERTICES} naming those ids would.
     *
     * @throws UnsupportedOperationException if the format does not take batches
     */
    public void grow(int rows, int cols) {
        Batches.grow(this, rows, cols);
    }

    /**
     * An immutable copy of this matrix, which must take batches, as it is now: its dynamic levels share their node
     * stores copy-on-write through {@code epochs} ({@link DynamicLevel#snapshot}), a dense row level is copied, the
     * values are shared. O(shards + order). Later batches never change the copy while its epoch is open; the caller
     * opens the epoch ({@link SnapshotEpochs#open}) after all the tensors of one version are copied.
     *
     * @throws UnsupportedOperationException if the format does not take batches
     */
    public Tensor snapshot(SnapshotEpochs epochs) {
        return Batches.snapshot(this, epochs);
    }

    /** Sets the size of mode {@code m} (only a batch that adds vertices grows a tensor). */
    void growDimension(int m, int size) {
        dims[m] = size;
    }

    /**
     * A view of this tensor with other values: the same format, dimensions and levels (shared, not
     * copied), read through {@code v}. Constant values fit any tensor (they are sized to the last level);
     * an array must have one value per last-level position, and a dynamic last level that holds its
     * doubles inline takes only empty double values (the inline values, read with {@code v}'s fill). A dense
     * last level stores every position, so a constant view over it gives every entry the constant.
     *
     * @throws IllegalArgumentException if {@code v} does not fit
     */
    public Tensor withValues(Values v) {
        if (v instanceof ConstantValues c) {
            return new Tensor(format, dims, levels, c.resized(levels.length == 0 ? 1L : levels[levels.length - 1].entries()));
        }
        if (levels.length > 0 && levels[levels.length - 1].mode() != ValueMode.POSITION) {
            if (!levels[levels.length - 1].holdsValues()) {
                throw new IllegalArgumentException("format " + format + ": the last level stores no values (a pattern),"
                        + " so only constant values fit, not " + v);
            }
            if (v.type() != ValueType.DOUBLE || v.size() != 0) {
                throw new IllegalArgumentException("format " + format + ": the last level holds its doubles inline,"
                        + " so only constant values or empty double values fit, not " + v);
            }
            return new Tensor(format, dims, levels, v);
        }
        int expected = levels.length == 0 ? 1 : levels[levels.length - 1].size();
        if (v.size() != expected) {
            throw new IllegalArgumentException(v.size() + " values for the " + expected + " positions of the last level of "
                    + format + ": " + v);
        }
        return new Tensor(format, dims, levels, v);
    }

    /** The format. */
    public Format format() {
        return format;
    }

    /** Number of modes. */
    public int order() {
        return dims.length;
    }

    /** Size of mode {@code m}. */
    public int dimension(int m) {
        return dims[m];
    }

    /** Sizes of all modes (a copy). */
    public int[] dimensions() {
        return dims.clone();
    }

    /** Sizes of all modes, not a copy: for the classes of this package that share them with a view. */
    int[] dims() {
        return dims;
    }

    /** The storage of level {@code k} (level 0 is the top of the hierarchy). */
    public Level level(int k) {
        return levels[k];
    }

    Level[] levels() {
        return levels;
    }

    /** The values, indexed by the last level's positions (empty when {@link #valuesInLastLevel()}). */
    public Values values() {
        return values;
    }

    /** The type of the values. */
    public ValueType valueType() {
        return values.type();
    }

    /**
     * Whether the values are read from the nodes of a dynamic last level rather than from {@link #values()}
     * (false for a view with constant values over such a level: the stored doubles are not read).
     */
    public boolean valuesInLastLevel() {
        return !values.isConstant() && levels.length > 0 && levels[levels.length - 1].holdsValues();
    }

    /** A new cursor over the stored components in level order. */
    public TensorCursor cursor() {
        return new TensorCursor(this);
    }

    /** Calls {@code v} for every stored component in level order, passing one cursor throughout. */
    public void forEach(ComponentVisitor v) {
        TensorCursor c = cursor();
        while (c.next()) {
            v.visit(c);
        }
    }

    /** Number of components the cursor yields. */
    public long componentCount() {
        long n = 0;
        TensorCursor c = cursor();
        while (c.next()) {
            n++;
        }
        return n;
    }

    /** Component at {@code coords} (one per mode) as a double; the fill value when not stored. */
    public double getAsDouble(int... coords) {
        return Lookup.asDouble(this, coords);
    }

    /** Component at {@code coords} as a long; the fill value when not stored. */
    public long getAsLong(int... coords) {
        return Lookup.asLong(this, coords);
    }

    /** Component at {@code coords} as a boolean; the fill value when not stored. */
    public boolean getAsBoolean(int... coords) {
        return Lookup.asBoolean(this, coords);
    }

    /** Bytes held by the levels' arrays and the values. */
    public long memoryBytes() {
        long b = values.memoryBytes();
        for (Level l : levels) {
            b += l.memoryBytes();
        }
        return b;
    }

    /**
     * Verifies the storage: segment bounds, coordinate ranges, order and uniqueness where the format
     * promises them, hash placement, and every dynamic structure's own invariants.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void check() {
        StorageCheck.check(this);
    }

    @Override
    public String toString() {
        return "Tensor" + Arrays.toString(dims) + " " + format + " " + values;
    }
}
