package org.stag.formats.tensor;

import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.level.DenseLevel;
import org.stag.formats.level.Level;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.Property;
import org.stag.formats.level.StaticLevelFormat;

/**
 * Tensors over arrays a kernel wrote, adopted without sorting or copying ({@link Tensor#sortedVector},
 * {@link Tensor#sortedMatrix}, {@link Tensor#ofDense}), and a dead result's tensor refilled in place with new
 * ones ({@link Tensor#refillSortedVector}, {@link Tensor#refillSortedMatrix}). The arrays are checked, never copied.
 */
final class ResultArrays {
    private ResultArrays() {
    }

    /** {@link Tensor#sortedVector(Format, int, int[], int, Values, boolean)}. */
    static Tensor sortedVector(Format format, int dim, int[] crd, int nnz, Values values, boolean increasing) {
        if (format.depth() != 1 || !(format.level(0) instanceof StaticLevelFormat s) || s.type() != LevelType.COMPRESSED
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

    /** {@link Tensor#refillSortedVector(Format, int, int[], int, Object, boolean)}. */
    static boolean refillSortedVector(Tensor t, Format format, int dim, int[] crd, int nnz, Object valueArray,
            boolean increasing) {
        if (!sameFormat(t, format) || t.order() != 1 || t.dimension(0) != dim
                || !(t.level(0) instanceof CompressedLevel level) || level.pos().length != 2) {
            return false;
        }
        if (nnz < 0 || nnz > crd.length) {
            throw new IllegalArgumentException("a sorted vector of " + nnz + " entries over " + crd.length + " coordinates");
        }
        if (!increasing) {
            checkIncreasing(crd, 0, nnz, dim);
        }
        Values values = t.values();
        if (valueArray == null ? !values.isConstant() : !values.rewrap(valueArray, nnz)) {
            return false;
        }
        int[] pos = level.pos();
        pos[1] = nnz;
        level.adopt(1, pos, crd);
        return true;
    }

    /** {@link Tensor#sortedMatrix}. */
    static Tensor sortedMatrix(Format format, int rows, int cols, int[] pos, int[] crd, Values values) {
        if (!isCsr(format)) {
            throw new IllegalArgumentException("a sorted matrix needs a dense level over rows and an ordered, unique compressed level, not "
                    + format);
        }
        checkCsr(rows, cols, pos, crd);
        if (!values.isConstant() && values.size() != pos[rows]) {
            throw new IllegalArgumentException("a sorted matrix of " + pos[rows] + " entries with " + values.size() + " values");
        }
        return csr(format, rows, cols, pos, crd, values);
    }

    /** {@link Tensor#refillSortedMatrix}. */
    static boolean refillSortedMatrix(Tensor t, Format format, int rows, int cols, int[] pos, int[] crd, Object valueArray) {
        if (!sameFormat(t, format) || !isCsr(format) || t.order() != 2 || t.dimension(0) != rows
                || t.dimension(1) != cols || !(t.level(1) instanceof CompressedLevel level)) {
            return false;
        }
        checkCsr(rows, cols, pos, crd);
        if (!t.values().rewrap(valueArray, pos[rows])) {
            return false;
        }
        level.adopt(rows, pos, crd);
        return true;
    }

    /** A {@code dense,compressed} matrix over {@code pos} and {@code crd} as they are (checked by the caller). */
    static Tensor csr(Format format, int rows, int cols, int[] pos, int[] crd, Values values) {
        DenseLevel top = (DenseLevel) Level.create(format.level(0), rows, ValueMode.POSITION);
        top.insertInit(1);
        CompressedLevel bottom = (CompressedLevel) Level.create(format.level(1), cols, ValueMode.POSITION);
        bottom.adopt(rows, pos, crd);
        return new Tensor(format, new int[] {rows, cols}, new Level[] {top, bottom}, values);
    }

    /** {@link Tensor#ofDense}. */
    static Tensor ofDense(Format format, int[] dims, Values values) {
        int order = format.order();
        if (dims.length != order) {
            throw new IllegalArgumentException("format " + format + " has " + order + " modes, " + dims.length + " dimensions given");
        }
        Level[] levels = new Level[order];
        int parentSize = 1;
        for (int k = 0; k < order; k++) {
            Level l = Level.create(format.level(k), dims[format.modeOfLevel(k)], ValueMode.POSITION);
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

    private static boolean sameFormat(Tensor t, Format format) {
        return t.format() == format || t.format().equals(format);
    }

    /** Whether {@code format} is a matrix in a dense level over rows and an ordered, unique compressed level. */
    private static boolean isCsr(Format format) {
        return format.depth() == 2 && format.modeOfLevel(0) == 0 && format.level(0) instanceof StaticLevelFormat d
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
}
