package org.stag.engine.jit;

import java.util.Arrays;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Constant;
import org.stag.engine.kernellib.CooBuffer;
import org.stag.engine.kernellib.Frame;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.Property;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;

/**
 * Assembles a sparse matrix result in a dense level over its rows and an ordered, unique {@code compressed}
 * level (CSR) from the chunks' coordinate buffers, when the entries come row by row (rows never decrease over
 * the chunks in order, as a kernel whose loop runs over the rows emits them): the entries are counted per row
 * and copied in order, and only a row whose columns do not increase is sorted, alone (packed
 * {@code column << 32 | entry} keys in the frame's scratch; of equal columns the last entry wins, as in
 * {@link Tensor#build}). O(rows + entries), no global sort. The offsets, columns and values are the arrays of
 * {@code reuse} (a dead matrix of the type) when they are long enough, and {@code reuse} itself is refilled
 * ({@link Tensor#refillSortedMatrix}): once its arrays have grown, a run allocates nothing. Entries whose rows
 * decrease somewhere are left to {@link Tensor#build} (null is returned).
 */
final class MatrixAssembly {
    private MatrixAssembly() {
    }

    /** Whether {@code f} is a format this class assembles: rows in a dense level, columns in an ordered, unique compressed one. */
    static boolean applies(Format f) {
        return f.depth() == 2 && f.modeOfLevel(0) == 0 && f.level(0) instanceof StaticLevelFormat d
                && d.type() == LevelType.DENSE && f.level(1) instanceof StaticLevelFormat s
                && s.type() == LevelType.COMPRESSED && s.is(Property.ORDERED) && s.is(Property.UNIQUE);
    }

    /**
     * The {@code rows × cols} matrix of the entries of {@code coo[0, chunks)}, values of type {@code t} with fill
     * {@code fill}, over the storage of {@code reuse} (a dead matrix, or null) where it fits; null when the rows
     * are not in order (the caller builds it another way).
     */
    static Tensor assemble(Format format, int rows, int cols, CooBuffer[] coo, int chunks, ScalarType t, Constant fill,
                           Frame scratch, Tensor reuse) {
        int total = 0;
        int prev = 0;
        for (int c = 0; c < chunks; c++) {
            CooBuffer b = coo[c];
            int[] r = b.crd[0];
            for (int j = 0, n = b.size; j < n; j++) {
                if (r[j] < prev) {
                    return null;
                }
                prev = r[j];
            }
            total += b.size;
        }
        int[] pos = null;
        int[] crd = null;
        Object vals = null;
        if (reuse != null && reuse.order() == 2 && reuse.level(1) instanceof CompressedLevel l && !reuse.values().isConstant()
                && VectorAssembly.sameType(t, VectorAssembly.valueArray(reuse))) {
            pos = l.pos().length == rows + 1 ? l.pos() : null;
            if (l.crd().length >= total && TypedArrays.length(t, VectorAssembly.valueArray(reuse)) >= total) {
                crd = l.crd();
                vals = VectorAssembly.valueArray(reuse);
            }
        }
        if (pos == null) {
            pos = new int[rows + 1];
        } else {
            Arrays.fill(pos, 0);
        }
        if (crd == null) {
            crd = new int[total];
            vals = TypedArrays.newArray(t, total);
        }
        // columns and values in chunk order; entries counted per row
        int at = 0;
        for (int c = 0; c < chunks; c++) {
            CooBuffer b = coo[c];
            int n = b.size;
            System.arraycopy(b.crd[1], 0, crd, at, n);
            System.arraycopy(VectorAssembly.valueArray(b, t), 0, vals, at, n);
            int[] r = b.crd[0];
            for (int j = 0; j < n; j++) {
                pos[r[j] + 1]++;
            }
            at += n;
        }
        for (int r = 0; r < rows; r++) {
            pos[r + 1] += pos[r];
        }
        // each row sorted alone where its columns do not increase, equal columns merged: the rows move left
        int out = 0;
        int begin = 0;
        for (int r = 0; r < rows; r++) {
            int end = pos[r + 1];
            pos[r] = out;
            if (increasing(crd, begin, end)) {
                if (out != begin) {
                    System.arraycopy(crd, begin, crd, out, end - begin);
                    System.arraycopy(vals, begin, vals, out, end - begin);
                }
                out += end - begin;
            } else {
                out += VectorAssembly.sortUnique(crd, vals, begin, end - begin, cols, t, scratch, crd, vals, out);
            }
            begin = end;
        }
        pos[rows] = out;
        if (reuse != null && reuse.refillSortedMatrix(format, rows, cols, pos, crd, vals)) {
            return reuse;
        }
        return Tensor.sortedMatrix(format, rows, cols, pos, crd, TypedArrays.values(t, vals, out, fill));
    }

    private static boolean increasing(int[] crd, int begin, int end) {
        for (int j = begin + 1; j < end; j++) {
            if (crd[j] <= crd[j - 1]) {
                return false;
            }
        }
        return true;
    }
}
