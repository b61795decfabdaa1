package org.stag.formats.tensor;

import it.unimi.dsi.fastutil.doubles.DoubleArrays;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.stag.formats.dynamic.BatchGrowth;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.dynamic.UpdateBatch;
import org.stag.formats.dynamic.UpdateStats;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.Capability;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.level.BitmapLevel;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.HashedLevel;
import org.stag.formats.level.Level;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.Property;
import org.stag.formats.level.SingletonLevel;

/**
 * A sparse tensor of any order: dimensions (per mode), a {@link Format}, one {@link Level} per mode in
 * the format's mode order, and the component {@link Values} indexed by the last level's positions (for a
 * double tensor whose last level is dynamic, the values live in that level's nodes and
 * {@link #values()} is empty). Components that are not stored have the fill value. With
 * {@link ConstantValues} (a pattern) every stored component has the same value and no array is held; a
 * dynamic last level then carries only coordinates ({@code ValueMode.NONE}).
 *
 * <p>Views: {@link #withValues} makes a tensor that shares this one's levels and differs only in its
 * values (a graph's pattern {@code A} over the structure of its weights {@code W}).
 *
 * <p>Built from coordinates ({@link #build}), from CSR rows ({@link #fromCsr}) or from another tensor
 * ({@link #convert}). A matrix whose last level is dynamic takes batch updates ({@link #insertBatch},
 * {@link #deleteBatch}; see {@link #takesBatches}), which may grow its dimensions; every other tensor is
 * read-only once built. Readers may run on many threads at once (each with its own cursor), but not while
 * a batch is applied.
 */
public final class Tensor {
    /** Calls of {@link #convert}, over all tensors: tests show that a path converts nothing. */
    private static final LongAdder CONVERSIONS = new LongAdder();
    /** Calls of {@link #convert} on tensors of order 2 or more: graphs, not a program's frontier vectors. */
    private static final LongAdder MATRIX_CONVERSIONS = new LongAdder();

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
     * Builds a tensor from an unsorted coordinate list: component {@code j < values.size()} has
     * coordinate {@code coordinates[m][j]} in mode {@code m} and value {@code values[j]}. Coordinates are
     * sorted into the format's level order; when a coordinate occurs more than once the last occurrence
     * wins. Every given component is stored, even one equal to the fill value (an explicit fill value);
     * dense levels also store every coordinate of their dimension, with the fill value where none was
     * given. The tensor takes the type and fill value of {@code values}. With {@link ConstantValues} the
     * tensor holds no value array (a dynamic last level stores coordinates only), unless its last level is
     * dense and not every position was given (those positions hold the fill value).
     *
     * @param dims        size of each mode
     * @param coordinates one array per mode, each at least {@code values.size()} long
     * @throws IllegalArgumentException if the shapes disagree, a coordinate is out of range, the data do
     *                                  not fit the format (a declared-full level that is not), or a level
     *                                  would exceed {@link Level#MAX_SIZE} positions
     */
    public static Tensor build(Format format, int[] dims, int[][] coordinates, Values values) {
        int order = format.order();
        if (dims.length != order || coordinates.length != order) {
            throw new IllegalArgumentException("format " + format + " has " + order + " modes, but "
                    + dims.length + " dimensions and " + coordinates.length + " coordinate arrays were given");
        }
        int n = values.size();
        for (int m = 0; m < order; m++) {
            if (dims[m] < 0) {
                throw new IllegalArgumentException("mode " + m + ": negative dimension " + dims[m]);
            }
            int[] c = coordinates[m];
            if (c.length < n) {
                throw new IllegalArgumentException("mode " + m + ": " + c.length + " coordinates for " + n + " values");
            }
            for (int j = 0; j < n; j++) {
                if (c[j] < 0 || c[j] >= dims[m]) {
                    throw new IllegalArgumentException("component " + j + ": mode " + m + " coordinate " + c[j]
                            + " out of range 0.." + (dims[m] - 1));
                }
            }
        }
        int[][] lc = new int[order][];
        int[] levelDims = new int[order];
        for (int k = 0; k < order; k++) {
            // Only the first n coordinates count; the sort reads them in place and returns new arrays.
            lc[k] = coordinates[format.modeOfLevel(k)];
            levelDims[k] = dims[format.modeOfLevel(k)];
        }
        int[] index = new int[n];
        for (int j = 0; j < n; j++) {
            index[j] = j;
        }
        index = CoordinateSort.sortUnique(lc, index, levelDims);
        return TensorAssembler.assemble(format, dims.clone(), lc, index.length, values, index);
    }

    /**
     * An order-1 tensor in one ordered, unique {@code compressed} level over coordinates {@code crd[0, nnz)},
     * strictly increasing and in {@code [0, dim)}, and {@code values} (one per coordinate, or a constant),
     * without sorting or copying: {@code crd} becomes the level (it may be longer than {@code nnz}; only its
     * prefix is read) and {@code values} the values, so the caller must not change them. How a kernel hands
     * back a sparse vector result whose chunks emitted their entries in order; costs O(nnz), never O(dim).
     *
     * @throws IllegalArgumentException if the format is not such a level, the coordinates are not strictly
     *                                  increasing in range, or the values do not match {@code nnz}
     */
    public static Tensor sortedVector(Format format, int dim, int[] crd, int nnz, Values values) {
        return sortedVector(format, dim, crd, nnz, values, false);
    }

    /**
     * {@link #sortedVector(Format, int, int[], int, Values)}, without reading the coordinates again when
     * {@code increasing} says the caller has just checked that they increase strictly within {@code [0, dim)} (a
     * runtime assembling a kernel's result, which checked them on the way or made them in order).
     */
    public static Tensor sortedVector(Format format, int dim, int[] crd, int nnz, Values values, boolean increasing) {
        if (format.order() != 1 || !(format.level(0) instanceof StaticLevelFormat s) || s.type() != LevelType.COMPRESSED
                || !s.is(Property.ORDERED) || !s.is(Property.UNIQUE)) {
            throw new IllegalArgumentException("a sorted vector needs one ordered, unique compressed level, not " + format);
        }
        if (nnz < 0 || nnz > crd.length || (!values.isConstant() && values.size() != nnz)) {
            throw new IllegalArgumentException("a sorted vector of " + nnz + " entries over " + crd.length
                    + " coordinates and " + values.size() + " values");
        }
        if (!increasing) {
            checkIncreasing(crd, 0, nnz, dim);
        }
        CompressedLevel level = (CompressedLevel) Level.create(format.level(0), dim, ValueMode.POSITION);
        level.adopt(1, new int[] {0, nnz}, crd);
        return new Tensor(format, new int[] {dim}, new Level[] {level}, values);
    }

    /** Checks that {@code crd[from, to)} increase strictly within {@code [0, dim)}. */
    private static void checkIncreasing(int[] crd, int from, int to, int dim) {
        int prev = -1;
        for (int j = from; j < to; j++) {
            int c = crd[j];
            if (c <= prev || c < 0 || c >= dim) {
                throw new IllegalArgumentException("entry " + j + ": coordinate " + c + (c < 0 || c >= dim ? " out of range 0.." + (dim - 1)
                        : " does not follow " + prev));
            }
            prev = c;
        }
    }

    /**
     * Refills this tensor in place as {@link #sortedVector}{@code (format, dim, crd, nnz, values)} would build it,
     * with this tensor's own values object now wrapping {@code valueArray}'s first {@code nnz} entries (its fill
     * value unchanged): how a runtime hands back a sparse vector result without allocating anything, in the tensor
     * of a dead result of the same type. The caller guarantees that nothing reads this tensor any more, and then
     * must not change the arrays. False, and nothing changed, when this tensor is not a vector of dimension
     * {@code dim} in {@code format} whose level is compressed and whose values are an array of
     * {@code valueArray}'s type with room for {@code nnz}. A null {@code valueArray} keeps this tensor's constant
     * values (which fit any number of entries; false when its values are not constant).
     *
     * @throws IllegalArgumentException as {@link #sortedVector}: the coordinates are not strictly increasing in range
     */
    public boolean refillSortedVector(Format format, int dim, int[] crd, int nnz, Object valueArray) {
        return refillSortedVector(format, dim, crd, nnz, valueArray, false);
    }

    /**
     * {@link #refillSortedVector(Format, int, int[], int, Object)}, without reading the coordinates again when
     * {@code increasing} says the caller has just checked that they increase strictly within {@code [0, dim)}.
     */
    public boolean refillSortedVector(Format format, int dim, int[] crd, int nnz, Object valueArray, boolean increasing) {
        if ((this.format != format && !this.format.equals(format)) || dims.length != 1 || dims[0] != dim
                || !(levels[0] instanceof CompressedLevel level) || level.pos().length != 2) {
            return false;
        }
        if (nnz < 0 || nnz > crd.length) {
            throw new IllegalArgumentException("a sorted vector of " + nnz + " entries over " + crd.length + " coordinates");
        }
        if (!increasing) {
            checkIncreasing(crd, 0, nnz, dim);
        }
        if (valueArray == null ? !values.isConstant() : !values.rewrap(valueArray, nnz)) {
            return false;
        }
        int[] pos = level.pos();
        pos[1] = nnz;
        level.adopt(1, pos, crd);
        return true;
    }

    /** Whether {@code format} is a matrix in a dense level over rows and an ordered, unique compressed level. */
    private static boolean isCsr(Format format) {
        return format.order() == 2 && format.modeOfLevel(0) == 0 && format.level(0) instanceof StaticLevelFormat d
                && d.type() == LevelType.DENSE && format.level(1) instanceof StaticLevelFormat s
                && s.type() == LevelType.COMPRESSED && s.is(Property.ORDERED) && s.is(Property.UNIQUE);
    }

    /** Checks CSR arrays: {@code rows + 1} non-decreasing offsets from 0, each row's columns strictly increasing in range. */
    private static void checkCsr(int rows, int cols, int[] pos, int[] crd) {
        if (pos.length != rows + 1 || pos[0] != 0 || pos[rows] > crd.length) {
            throw new IllegalArgumentException("a sorted matrix of " + rows + " rows: " + pos.length + " offsets over "
                    + crd.length + " coordinates");
        }
        for (int r = 0; r < rows; r++) {
            if (pos[r + 1] < pos[r]) {
                throw new IllegalArgumentException("row " + r + ": offsets decrease (" + pos[r] + " > " + pos[r + 1] + ")");
            }
            checkIncreasing(crd, pos[r], pos[r + 1], cols);
        }
    }

    /**
     * A matrix in a dense level over its rows and an ordered, unique compressed level (CSR) over the given arrays,
     * without sorting or copying: row {@code r}'s columns are {@code crd[pos[r], pos[r + 1])}, strictly increasing
     * ({@code crd} may be longer than {@code pos[rows]}), and {@code values} holds one value per entry (or is a
     * constant). How a kernel hands back a sparse matrix result whose entries came row by row; O(rows + entries).
     *
     * @throws IllegalArgumentException if the format is not such a matrix, the offsets or columns are out of order
     *                                  or range, or the values do not match the entries
     */
    public static Tensor sortedMatrix(Format format, int rows, int cols, int[] pos, int[] crd, Values values) {
        if (!isCsr(format)) {
            throw new IllegalArgumentException("a sorted matrix needs a dense level over rows and an ordered, unique compressed level, not "
                    + format);
        }
        checkCsr(rows, cols, pos, crd);
        if (!values.isConstant() && values.size() != pos[rows]) {
            throw new IllegalArgumentException("a sorted matrix of " + pos[rows] + " entries with " + values.size() + " values");
        }
        DenseLevel top = (DenseLevel) Level.create(format.level(0), rows, ValueMode.POSITION);
        top.insertInit(1);
        CompressedLevel bottom = (CompressedLevel) Level.create(format.level(1), cols, ValueMode.POSITION);
        bottom.adopt(rows, pos, crd);
        return new Tensor(format, new int[] {rows, cols}, new Level[] {top, bottom}, values);
    }

    /**
     * Refills this tensor in place as {@link #sortedMatrix}{@code (format, rows, cols, pos, crd, values)} would
     * build it, with this tensor's own values object now wrapping {@code valueArray}'s first {@code pos[rows]}
     * entries (its fill value unchanged): a sparse matrix result handed back in the tensor of a dead result of
     * the same type, allocating nothing. The caller guarantees that nothing reads this tensor any more, and then
     * must not change the arrays. False, and nothing changed, when this tensor is not a {@code rows × cols}
     * matrix in {@code format} whose values are an array of {@code valueArray}'s type with room for the entries.
     *
     * @throws IllegalArgumentException as {@link #sortedMatrix}: offsets or columns out of order or range
     */
    public boolean refillSortedMatrix(Format format, int rows, int cols, int[] pos, int[] crd, Object valueArray) {
        if ((this.format != format && !this.format.equals(format)) || !isCsr(format) || dims.length != 2 || dims[0] != rows
                || dims[1] != cols || !(levels[1] instanceof CompressedLevel level)) {
            return false;
        }
        checkCsr(rows, cols, pos, crd);
        if (!values.rewrap(valueArray, pos[rows])) {
            return false;
        }
        level.adopt(rows, pos, crd);
        return true;
    }

    /**
     * {@code dense,compressed} over the given arrays: {@code rowPtr} and {@code col} become the levels as they
     * are, {@code vals} the values (cut to the entries if longer, which the loaders never leave).
     */
    private static Tensor adoptCsr(Format f, int rows, int cols, int[] rowPtr, int[] col, double[] vals) {
        int m = rowPtr[rows];
        Values values = vals == null ? Values.constantBool(true, false, m)
                : Values.ofDoubles(vals.length == m ? vals : Arrays.copyOf(vals, m));
        DenseLevel top = (DenseLevel) Level.create(f.level(0), rows, ValueMode.POSITION);
        top.insertInit(1);
        CompressedLevel bottom = (CompressedLevel) Level.create(f.level(1), cols, ValueMode.POSITION);
        bottom.adopt(rows, rowPtr.length == rows + 1 ? rowPtr : Arrays.copyOf(rowPtr, rows + 1), col);
        return new Tensor(f, new int[] {rows, cols}, new Level[] {top, bottom}, values);
    }

    /**
     * A tensor whose levels are all dense, wrapping {@code values} (one per position, row-major in level
     * order) without copying: how a kernel hands back a dense result it wrote in place.
     *
     * @throws IllegalArgumentException if a level is not dense or the values do not cover every position
     */
    public static Tensor ofDense(Format format, int[] dims, Values values) {
        int order = format.order();
        if (dims.length != order) {
            throw new IllegalArgumentException("format " + format + " has " + order + " modes, " + dims.length + " dimensions given");
        }
        Level[] levels = new Level[order];
        int parentSize = 1;
        for (int k = 0; k < order; k++) {
            Level l = Level.create(format.level(k), dims[format.modeOfLevel(k)], org.stag.formats.dynamic.ValueMode.POSITION);
            if (!(l instanceof DenseLevel d)) {
                throw new IllegalArgumentException("level " + k + " of " + format + " is not dense");
            }
            d.insertInit(parentSize);
            parentSize = d.size();
            levels[k] = d;
        }
        if (values.size() != parentSize) {
            throw new IllegalArgumentException(values.size() + " values for " + parentSize + " dense positions");
        }
        return new Tensor(format, dims.clone(), levels, values);
    }

    /**
     * The same tensor in another format (same dimensions, type and fill value), assembled from this
     * tensor's sorted component stream; re-sorted only when the mode orders differ. Explicit fill values
     * are dropped: they are implicit in the result (which stores them again only where a dense level
     * must).
     */
    public Tensor convert(Format target) {
        CONVERSIONS.increment();
        if (target.order() != order()) {
            throw new IllegalArgumentException("cannot convert an order-" + order() + " tensor to format " + target);
        }
        int order = order();
        if (order >= 2) {
            MATRIX_CONVERSIONS.increment();
        }
        if (order == 1 && levels[0] instanceof DenseLevel && !valuesInLastLevel()) {
            return convertDenseVector(target);
        }
        if (order == 1 && levels[0] instanceof CompressedLevel && format.level(0).is(Property.ORDERED)
                && format.level(0).is(Property.UNIQUE)) {
            return convertSortedVector(target);
        }
        int cap = 16;
        int[][] lc = new int[order][cap];
        int[] index = new int[cap];
        double[] carried = valuesInLastLevel() ? new double[cap] : null;
        int n = 0;
        TensorCursor c = cursor();
        while (c.next()) {
            if (c.isFill()) {
                continue;
            }
            if (n == index.length) {
                for (int k = 0; k < order; k++) {
                    lc[k] = IntArrays.grow(lc[k], n + 1);
                }
                index = IntArrays.grow(index, n + 1);
                if (carried != null) {
                    carried = DoubleArrays.grow(carried, n + 1);
                }
            }
            for (int k = 0; k < order; k++) {
                lc[k][n] = c.coordinate(target.modeOfLevel(k));
            }
            if (carried != null) {
                carried[n] = c.doubleValue();
                index[n] = n;
            } else {
                index[n] = c.position();
            }
            n++;
        }
        Values src = carried == null ? values : Values.ofDoubles(carried, values.fillAsDouble());
        if (!target.sameOrder(format)) {
            int[] levelDims = new int[order];
            for (int k = 0; k < order; k++) {
                levelDims[k] = dims[target.modeOfLevel(k)];
            }
            index = CoordinateSort.sortUnique(lc, Arrays.copyOf(index, n), levelDims);
            n = index.length;
        }
        return TensorAssembler.assemble(target, dims.clone(), lc, n, src, index);
    }

    /**
     * {@link #convert}, over the storage of {@code dead} where it can: a vector in an ordered, unique compressed
     * level converted into a bitmap reuses the words and value array of {@code dead}, a bitmap vector of the
     * same dimension and value type (its set positions are reset, O(N / 64 + its entries), and the entries set;
     * nothing of the size of N is allocated); when {@code dead} is in {@code target}'s format it is itself the
     * result, refilled in place (nothing is allocated at all). Otherwise (or with {@code dead} null) the same as
     * {@link #convert}. The caller guarantees that nothing reads {@code dead} any more: it is overwritten.
     */
    public Tensor convert(Format target, Tensor dead) {
        if (dead == null || order() != 1 || !(levels[0] instanceof CompressedLevel level) || !format.level(0).is(Property.ORDERED)
                || !format.level(0).is(Property.UNIQUE) || values.isConstant() || target.order() != 1
                || !(target.level(0) instanceof StaticLevelFormat s) || s.type() != LevelType.BITMAP
                || dead.order() != 1 || !(dead.levels[0] instanceof BitmapLevel old) || dead.dims[0] != dims[0]
                || dead.values.getClass() != values.getClass() || dead.values.size() != dims[0]
                || !dead.values.fillString().equals(values.fillString())) {
            return convert(target);
        }
        CONVERSIONS.increment();
        long[] words = old.words();
        Values out = dead.values;
        clearSetPositions(words, out, values);
        // the dead tensor's objects become this conversion's when it has the target format: nothing allocated
        boolean same = dead.format == target || dead.format.equals(target);
        BitmapLevel bitmap = same ? old : (BitmapLevel) Level.create(target.level(0), dims[0], ValueMode.POSITION);
        bitmap.insertInit(1, words);
        int n = level.size();
        int[] crd = level.crd();
        for (int j = 0; j < n; j++) {
            if (!values.isFill(j)) {
                bitmap.insertCoord(0, crd[j]);
            }
        }
        scatterByCoordinate(values, out, crd, n);
        if (same) {
            return dead;
        }
        return new Tensor(target, dims.clone(), new Level[] {bitmap}, out);
    }

    /**
     * Whether a {@code bool} tensor converted into {@code f} may keep no values ({@link #convertPattern}): every
     * level static and the last one not dense, so that the stored components are exactly the entries given
     * (a bitmap's unset positions, like a compressed level's missing coordinates, are never read).
     */
    public static boolean patternFormat(Format f) {
        if (f.order() == 0) {
            return false;
        }
        for (int k = 0; k < f.order(); k++) {
            if (!(f.level(k) instanceof StaticLevelFormat)) {
                return false;
            }
        }
        return !(f.level(f.order() - 1) instanceof StaticLevelFormat s && s.type() == LevelType.DENSE);
    }

    /**
     * {@link #convert(Format, Tensor)} of a {@code bool} tensor into a {@link #patternFormat}: conversion drops
     * explicit fill values, so every component of the result holds the fill's negation, and its values are that
     * constant ({@link ConstantValues}, no array), which generated code reads as a literal: a kernel pulling
     * over a converted frontier tests its bitmap and nothing else. A vector in an ordered, unique compressed
     * level converted into a bitmap reuses {@code dead} when it is such a bitmap of the same dimension and fill
     * whose values are constant (its set words are cleared, O(N / 64 + entries); nothing is allocated when
     * {@code dead} is in {@code target}'s format). The caller guarantees that nothing reads {@code dead} any
     * more.
     *
     * @throws IllegalArgumentException if this tensor is not {@code bool} or {@code target} is not a pattern format
     */
    public Tensor convertPattern(Format target, Tensor dead) {
        if (values.type() != ValueType.BOOL || !patternFormat(target) || target.order() != order()) {
            throw new IllegalArgumentException("only a bool tensor converts into a pattern, into a format of static"
                    + " levels whose last is not dense, not " + values.type().name().toLowerCase(java.util.Locale.ROOT)
                    + " into " + target);
        }
        boolean fill = values.fillAsBoolean();
        if (dead != null && order() == 1 && levels[0] instanceof CompressedLevel level && format.level(0).is(Property.ORDERED)
                && format.level(0).is(Property.UNIQUE) && target.level(0) instanceof StaticLevelFormat s
                && s.type() == LevelType.BITMAP && dead.order() == 1 && dead.levels[0] instanceof BitmapLevel old
                && dead.dims[0] == dims[0] && dead.values instanceof ConstantValues dc && dc.type() == ValueType.BOOL
                && dc.fillAsBoolean() == fill && dc.valueAsBoolean() != fill && dc.size() == dims[0]) {
            CONVERSIONS.increment();
            long[] words = old.words();
            Arrays.fill(words, 0L);
            boolean same = dead.format == target || dead.format.equals(target);
            BitmapLevel bitmap = same ? old : (BitmapLevel) Level.create(target.level(0), dims[0], ValueMode.POSITION);
            bitmap.insertInit(1, words);
            int n = level.size();
            int[] crd = level.crd();
            if (values instanceof ConstantValues cv) {
                for (int j = 0; j < n && !cv.valueIsFill(); j++) {
                    bitmap.insertCoord(0, crd[j]);
                }
            } else if (values instanceof BoolValues bv) {
                boolean[] a = bv.array();
                for (int j = 0; j < n; j++) {
                    if (a[j] != fill) {
                        bitmap.insertCoord(0, crd[j]);
                    }
                }
            } else {
                for (int j = 0; j < n; j++) {
                    if (values.getAsBoolean(j) != fill) {
                        bitmap.insertCoord(0, crd[j]);
                    }
                }
            }
            return same ? dead : new Tensor(target, dims.clone(), new Level[] {bitmap}, dc);
        }
        Tensor c = convert(target);
        if (c.values instanceof ConstantValues) {
            return c;
        }
        int last = c.levels[c.levels.length - 1].size();
        return new Tensor(target, c.dims, c.levels, Values.constantBool(!fill, fill, last));
    }

    /** Puts the fill value of {@code like} back at every set position of {@code words} in {@code out}, and clears the words. */
    private static void clearSetPositions(long[] words, Values out, Values like) {
        for (int w = 0; w < words.length; w++) {
            long bits = words[w];
            while (bits != 0) {
                int q = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (out instanceof BoolValues v) {
                    v.array()[q] = v.fill();
                } else if (out instanceof IntValues v) {
                    v.array()[q] = v.fill();
                } else if (out instanceof LongValues v) {
                    v.array()[q] = v.fill();
                } else if (out instanceof FloatValues v) {
                    v.array()[q] = v.fill();
                } else {
                    DoubleValues v = (DoubleValues) out;
                    v.array()[q] = v.fill();
                }
            }
            words[w] = 0;
        }
    }

    /** How many times {@link #convert} has been called, by any thread, since the class was loaded. */
    public static long conversionCount() {
        return CONVERSIONS.sum();
    }

    /** As {@link #conversionCount()}, counting only tensors of order 2 or more (matrices, not vectors). */
    public static long matrixConversionCount() {
        return MATRIX_CONVERSIONS.sum();
    }

    /**
     * {@link #convert} of a dense vector: one pass over the values array (no cursor), then assembly of the
     * non-fill entries, which are already in coordinate order. Frontiers switch format this way every
     * iteration of a direction-optimizing BFS.
     */
    private Tensor convertDenseVector(Format target) {
        int n = values.size();
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (!values.isFill(i)) {
                count++;
            }
        }
        int[] crd = new int[count];
        int[] index = new int[count];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (!values.isFill(i)) {
                crd[k] = i;
                index[k++] = i;
            }
        }
        return TensorAssembler.assemble(target, dims.clone(), new int[][] {crd}, count, values, index);
    }

    /**
     * {@link #convert} of a vector in one ordered, unique compressed level: its coordinates are already in
     * order and its positions are the values' indices, so the entries other than explicit fill values go
     * straight to assembly (no cursor, no sort): O(entries) plus what the target's levels need (a bitmap's
     * words). A direction-optimizing BFS turns its frontier into a bitmap this way.
     */
    private Tensor convertSortedVector(Format target) {
        CompressedLevel level = (CompressedLevel) levels[0];
        int n = level.size();
        int[] src = level.crd();
        if (target.order() == 1 && target.level(0) instanceof StaticLevelFormat s && s.type() == LevelType.BITMAP
                && !values.isConstant()) {
            // straight into the bitmap's words and values: nothing per entry but the copy
            BitmapLevel bitmap = (BitmapLevel) Level.create(target.level(0), dims[0], ValueMode.POSITION);
            bitmap.insertInit(1);
            Values out = values.filled(dims[0]);
            for (int j = 0; j < n; j++) {
                if (!values.isFill(j)) {
                    bitmap.insertCoord(0, src[j]);
                }
            }
            scatterByCoordinate(values, out, src, n);
            return new Tensor(target, dims.clone(), new Level[] {bitmap}, out);
        }
        int[] crd = new int[n];
        int[] index = new int[n];
        int k = 0;
        for (int j = 0; j < n; j++) {
            if (!values.isFill(j)) {
                crd[k] = src[j];
                index[k++] = j;
            }
        }
        return TensorAssembler.assemble(target, dims.clone(), new int[][] {crd}, k, values, index);
    }

    /** {@code out[crd[j]] = from[j]} for the entries {@code j < n} of {@code from} that are not its fill value. */
    private static void scatterByCoordinate(Values from, Values out, int[] crd, int n) {
        if (from instanceof BoolValues f) {
            boolean[] a = f.array();
            boolean[] o = ((BoolValues) out).array();
            for (int j = 0; j < n; j++) {
                if (a[j] != f.fill()) {
                    o[crd[j]] = a[j];
                }
            }
        } else if (from instanceof IntValues f) {
            int[] a = f.array();
            int[] o = ((IntValues) out).array();
            for (int j = 0; j < n; j++) {
                if (!f.isFill(j)) {
                    o[crd[j]] = a[j];
                }
            }
        } else if (from instanceof LongValues f) {
            long[] a = f.array();
            long[] o = ((LongValues) out).array();
            for (int j = 0; j < n; j++) {
                if (!f.isFill(j)) {
                    o[crd[j]] = a[j];
                }
            }
        } else if (from instanceof FloatValues f) {
            float[] a = f.array();
            float[] o = ((FloatValues) out).array();
            for (int j = 0; j < n; j++) {
                if (!f.isFill(j)) {
                    o[crd[j]] = a[j];
                }
            }
        } else {
            DoubleValues f = (DoubleValues) from;
            double[] a = f.array();
            double[] o = ((DoubleValues) out).array();
            for (int j = 0; j < n; j++) {
                if (!f.isFill(j)) {
                    o[crd[j]] = a[j];
                }
            }
        }
    }

    /**
     * A matrix in format {@code f} from CSR rows without sorting: row {@code r} holds columns
     * {@code col[rowPtr[r], rowPtr[r + 1])}, sorted and unique, with values {@code vals} at the same indices
     * ({@code null}: a pattern). For a dense or dynamic row level over a dynamic last level the rows are
     * built in parallel, shard by shard, each through the format's bulk {@code build} (trees balanced
     * bottom-up), without expanding them to coordinates. The arrays are read, not kept, except that the
     * values of {@link ValueMode#POSITION} become the tensor's value array. In {@code dense,compressed} the
     * arrays are adopted without a copy: {@code rowPtr} and {@code col} become the levels and {@code vals}
     * the values (a pattern gets the constant {@code true}, fill {@code false}, and no array), so the caller
     * must not change them.
     *
     * @param lastMode how a dynamic last level stores values: {@link ValueMode#DOUBLE} inline (a pattern
     *                 stores ones), or {@link ValueMode#POSITION} (element {@code k} of the CSR has position
     *                 {@code k}; a pattern gets {@code true} values with fill {@code false});
     *                 or {@link ValueMode#NONE} (a pattern: elements carry only coordinates, and
     *                 the values are constant {@code true} with fill {@code false}). Ignored by formats without a dynamic last level.
     * @throws IllegalArgumentException if the CSR arrays are malformed (naming the first bad row)
     */
    public static Tensor fromCsr(Format f, int rows, int cols, int[] rowPtr, int[] col, double[] vals, ValueMode lastMode,
                                 int threads) {
        CsrRows.check(f, rows, cols, rowPtr, col, vals, threads);
        if (f.hasIdentityOrder() && f.level(0).equals(StaticLevelFormat.DENSE)
                && f.level(1).equals(StaticLevelFormat.COMPRESSED)) {
            return adoptCsr(f, rows, cols, rowPtr, col, vals);
        }
        if (CsrRows.shardedBuild(f)) {
            return CsrRows.build(f, rows, cols, rowPtr, col, vals, lastMode, threads);
        }
        // Other formats (static last levels other than CSR, transposed mode orders): the CSR is expanded to
        // coordinates and assembled by the general build.
        return CsrRows.viaBuild(f, rows, cols, rowPtr, col, vals);
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
     * Merges {@code n} entries into the matrix: entry {@code k} is {@code (rows[k], cols[k])} (mode order:
     * rows are mode 0) with value {@code vals[k]} ({@code vals} null: 1; ignored by a pattern). A
     * coordinate already stored gets the new value; a coordinate repeated in the batch takes its last
     * value. The batch is checked whole first and changes nothing if refused. Shards are updated in
     * parallel on {@code threads} threads. With {@link BatchGrowth#ADD_VERTICES} a coordinate beyond the
     * dimensions grows them (rows and columns alike) to cover it.
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
     * {@link #insertBatch} of a batch already sorted and de-duplicated ({@link UpdateBatch#ofSorted}, no second
     * sort), that also reports what it replaced: {@code old[k]} (when {@code old} is not null) becomes the value
     * entry {@code k} had before, NaN where it was absent. Returns the entries that were new.
     *
     * @throws IllegalArgumentException      under {@link BatchGrowth#FIXED}, for an entry outside the dimensions
     * @throws UnsupportedOperationException if the format does not take batches ({@link #takesBatches})
     */
    public long insertSorted(UpdateBatch b, int threads, BatchGrowth growth, double[] old) {
        return Batches.insertSorted(this, b, threads, growth, old);
    }

    /**
     * {@link #deleteBatch} of a sorted batch ({@link UpdateBatch#ofSorted}), reporting the removed values as
     * {@link #insertSorted} does; returns how many entries were present.
     *
     * @throws UnsupportedOperationException if the format does not take batches
     */
    public long deleteSorted(UpdateBatch b, int threads, double[] old) {
        return Batches.deleteSorted(this, b, threads, old);
    }

    /**
     * Widens a matrix that takes batches to at least {@code rows x cols} (a square one stays square), as a batch
     * with {@link BatchGrowth#ADD_VERTICES} naming those ids would: how a graph grows to vertices a batch names
     * without giving them edges.
     *
     * @throws UnsupportedOperationException if the format does not take batches
     */
    public void grow(int rows, int cols) {
        Batches.grow(this, rows, cols);
    }

    /**
     * An immutable copy of this matrix, which must take batches ({@link #takesBatches}), as it is now: its
     * dynamic levels share their node stores with this one copy-on-write through {@code epochs}
     * ({@link DynamicLevel#snapshot}), a dense row level is copied (it holds no arrays), the values are shared
     * (constant, or inline in the stores). O(shards + order). Later batches of this tensor never change the
     * copy while its epoch is open; the caller opens the epoch ({@link SnapshotEpochs#open}) after all the
     * tensors of one version are copied.
     *
     * @throws UnsupportedOperationException if the format does not take batches
     */
    public Tensor snapshot(SnapshotEpochs epochs) {
        Batches.lastLevel(this);
        Level[] copy = new Level[levels.length];
        for (int k = 0; k < levels.length; k++) {
            copy[k] = levels[k] instanceof DynamicLevel d ? d.snapshot(epochs) : ((DenseLevel) levels[k]).copy();
        }
        return new Tensor(format, dims.clone(), copy, values);
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
            return new Tensor(format, dims, levels, c.resized(levels.length == 0 ? 1 : levels[levels.length - 1].size()));
        }
        if (levels.length > 0 && levels[levels.length - 1] instanceof DynamicLevel d && !d.carriesPositions()) {
            if (!d.holdsValues()) {
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
        return !values.isConstant() && levels.length > 0 && levels[levels.length - 1] instanceof DynamicLevel d
                && d.holdsValues();
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
        double[] out = new double[1];
        int q = find(coords, out);
        return q < 0 ? values.fillAsDouble() : valuesInLastLevel() ? out[0] : values.getAsDouble(q);
    }

    /** Component at {@code coords} as a long; the fill value when not stored. */
    public long getAsLong(int... coords) {
        double[] out = new double[1];
        int q = find(coords, out);
        return q < 0 ? values.fillAsLong() : valuesInLastLevel() ? (long) out[0] : values.getAsLong(q);
    }

    /** Component at {@code coords} as a boolean; the fill value when not stored. */
    public boolean getAsBoolean(int... coords) {
        double[] out = new double[1];
        int q = find(coords, out);
        return q < 0 ? values.fillAsBoolean() : valuesInLastLevel() ? out[0] != 0 : values.getAsBoolean(q);
    }

    /**
     * Position of the value of the component at {@code coords} (by mode), -1 when it is not stored. When
     * the last level carries no positions (it holds the values, or only coordinates), the value it stores
     * (1.0 for coordinates only) goes to {@code out[0]} and 0 is returned. A stored NaN in such a level
     * reads as absent ({@code DynamicFormat.get} returns NaN for both).
     */
    private int find(int[] coords, double[] out) {
        if (coords.length != order()) {
            throw new IllegalArgumentException(coords.length + " coordinates for an order-" + order() + " tensor");
        }
        int[] lc = new int[coords.length];
        for (int k = 0; k < lc.length; k++) {
            lc[k] = coords[format.modeOfLevel(k)];
        }
        return find(0, 0, lc, out);
    }

    /** Searches level {@code k} under parent position {@code p}; recursion depth is the order. */
    private int find(int k, int p, int[] lc, double[] out) {
        if (k == levels.length) {
            return p;
        }
        Level l = levels[k];
        int i = lc[k];
        if (i < 0 || i >= l.dimension()) {
            return -1;
        }
        if (l instanceof DenseLevel d) {
            return find(k + 1, d.locate(p, i), lc, out);
        } else if (l instanceof BitmapLevel b) {
            int q = b.locate(p, i);
            return q < 0 ? -1 : find(k + 1, q, lc, out);
        } else if (l instanceof HashedLevel h) {
            int q = h.locate(p, i);
            return q < 0 ? -1 : find(k + 1, q, lc, out);
        } else if (l instanceof SingletonLevel s) {
            return s.coord(p) == i ? find(k + 1, p, lc, out) : -1;
        } else if (l instanceof CompressedLevel c) {
            // Segments are sorted (tensors are assembled from sorted coordinates); a non-unique level may
            // hold a coordinate several times, each with its own subtree.
            int e = c.posEnd(p);
            int q = lowerBound(c.crd(), c.posBegin(p), e, i);
            for (; q < e && c.coord(q) == i; q++) {
                int r = find(k + 1, q, lc, out);
                if (r >= 0) {
                    return r;
                }
            }
            return -1;
        }
        DynamicLevel d = (DynamicLevel) l;
        if (!d.carriesPositions()) {
            double v = d.value(p, i);
            if (Double.isNaN(v)) {
                return -1;
            }
            out[0] = v;
            return 0;
        }
        int q = d.locate(p, i);
        return q < 0 ? -1 : find(k + 1, q, lc, out);
    }

    private static int lowerBound(int[] a, int from, int to, int key) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
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
        int parentSize = 1;
        for (int k = 0; k < levels.length; k++) {
            Level l = levels[k];
            String what = "level " + k + " (" + l.format().name() + ")";
            if (l.parentSize() != parentSize) {
                throw new IllegalStateException(what + ": " + l.parentSize() + " parents, the level above has " + parentSize);
            }
            if (l instanceof CompressedLevel c) {
                checkCompressed(what, c);
            } else if (l instanceof SingletonLevel s) {
                checkCoordinates(what, s.crd(), 0, s.size(), l.dimension());
            } else if (l instanceof HashedLevel h) {
                checkHashed(what, h);
            } else if (l instanceof DynamicLevel d) {
                d.check();
            }
            parentSize = l.size();
        }
        if (values.isConstant()) {
            return; // every index reads the constant, whatever the level's size has become
        }
        if (levels.length > 0 && levels[levels.length - 1] instanceof DynamicLevel d && !d.carriesPositions()
                && !d.holdsValues()) {
            throw new IllegalStateException("the last level stores no values, but the values are not constant: " + values);
        }
        int expected = levels.length == 0 ? 1 : valuesInLastLevel() ? 0 : parentSize;
        if (values.size() != expected) {
            throw new IllegalStateException(values.size() + " values for " + expected + " last-level positions");
        }
    }

    private static void checkCompressed(String what, CompressedLevel c) {
        int[] pos = c.pos();
        if (pos[0] != 0 || pos[c.parentSize()] != c.size()) {
            throw new IllegalStateException(what + ": pos must run from 0 to " + c.size());
        }
        boolean ordered = c.format().is(Property.ORDERED);
        boolean unique = c.format().is(Property.UNIQUE);
        for (int p = 0; p < c.parentSize(); p++) {
            if (pos[p] > pos[p + 1]) {
                throw new IllegalStateException(what + ": pos decreases at parent " + p);
            }
            checkCoordinates(what, c.crd(), pos[p], pos[p + 1], c.dimension());
            for (int q = pos[p] + 1; q < pos[p + 1]; q++) {
                int a = c.coord(q - 1);
                int b = c.coord(q);
                if ((ordered && a > b) || (ordered && unique && a == b)) {
                    throw new IllegalStateException(what + ": coordinates " + a + ", " + b + " of parent " + p
                            + " at positions " + (q - 1) + ", " + q + " break order or uniqueness");
                }
            }
        }
    }

    private static void checkHashed(String what, HashedLevel h) {
        for (int p = 0; p < h.parentSize(); p++) {
            int cap = h.posEnd(p) - h.posBegin(p);
            if (cap != 0 && Integer.bitCount(cap) != 1) {
                throw new IllegalStateException(what + ": parent " + p + " has " + cap + " buckets, not a power of two");
            }
            for (int q = h.posBegin(p); q < h.posEnd(p); q++) {
                int i = h.coord(q);
                if (i == HashedLevel.EMPTY) {
                    continue;
                }
                if (i < 0 || i >= h.dimension() || h.locate(p, i) != q) {
                    throw new IllegalStateException(what + ": coordinate " + i + " in bucket " + q + " of parent " + p
                            + " is out of range, repeated, or not reachable from its home bucket");
                }
            }
        }
    }

    private static void checkCoordinates(String what, int[] crd, int from, int to, int dimension) {
        for (int q = from; q < to; q++) {
            if (crd[q] < 0 || crd[q] >= dimension) {
                throw new IllegalStateException(what + ": coordinate " + crd[q] + " at position " + q
                        + " out of range 0.." + (dimension - 1));
            }
        }
    }

    @Override
    public String toString() {
        return "Tensor" + Arrays.toString(dims) + " " + format + " " + values;
    }
}
