package org.stag.engine.jit;

import java.util.Arrays;
import org.stag.engine.front.ScalarType;
import org.stag.engine.kernellib.CooBuffer;
import org.stag.engine.kernellib.Frame;
import org.stag.engine.kernellib.Sorts;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.tensor.BoolValues;
import org.stag.formats.tensor.ConstantValues;
import org.stag.formats.tensor.DoubleValues;
import org.stag.formats.tensor.FloatValues;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.IntValues;
import org.stag.formats.tensor.LongValues;
import org.stag.formats.tensor.Tensor;
import org.stag.formats.tensor.ValueType;
import org.stag.formats.tensor.Values;

/**
 * Assembles a sparse vector result (one ordered, unique {@code compressed} level) from the chunks' coordinate
 * buffers in time proportional to its entries, never to its dimension: the buffers are concatenated in chunk
 * order, checking on the way that the coordinates increase (a kernel whose chunks split the result's index
 * emits them so: no sort); otherwise the entries are sorted by coordinate, stably (packed
 * {@code coordinate << 32 | entry} keys, a radix sort on the coordinate bits when there are many), and of equal
 * coordinates the last entry wins, as {@link Tensor#build} decides. The arrays become the tensor's
 * ({@link Tensor#sortedVector}). Every other sparse result goes through {@link Tensor#build}.
 */
final class VectorAssembly {
    /** Below this many unsorted entries a comparison sort of the packed keys beats the radix passes. */
    private static final int RADIX_FROM = 1 << 12;
    /** Bits per radix pass; {@link #sortKeys} takes {@code 2^DIGIT + 1} counters. */
    static final int DIGIT = 11;
    /**
     * Unsorted entries without values are put in order through a bitmap ({@link #bitmapUnique}) from
     * {@code dim >>> 6} of them on (a 64th of the dimension), else sorted. Measured on a dimension of 2^20 (load
     * average 5): the crossover lies between 12,000 and 24,000 entries; at 120,000 the bitmap takes 0.3-0.4 ms, the
     * sort 0.7-0.9 ms.
     */
    static final int BITMAP_FROM_SHIFT = 6;

    private VectorAssembly() {
    }

    /** Whether {@code f} is a format this class assembles: order 1, an ordered and unique compressed level. */
    static boolean applies(Format f) {
        return org.stag.engine.cin.ValueRead.sortedVector(f);
    }

    /**
     * The vector of dimension {@code dim} holding the entries of {@code coo[0, chunks)} in chunk order (later
     * entries of an equal coordinate win), values of type {@code t} with fill {@code fill}. Its coordinate and
     * value arrays are those of {@code reuse} (a dead vector this class assembled, or null) when they are long
     * enough, else new ones of exactly the entries' length; unsorted entries pass through {@code scratch}'s
     * arrays, kept across runs. So once the arrays have grown, a run allocates only the tensor's small objects.
     * With {@code constant} (non-null: every entry holds it: a {@code bool} vector a kernel wrote) the
     * entries' values are neither copied nor sorted: the vector's values are {@link Values#constantBool}, and a
     * kernel reading it reads the literal ({@code ValueRead.of}).
     */
    static Tensor assemble(Format format, int dim, CooBuffer[] coo, int chunks, ScalarType t, org.stag.engine.ops.Constant fill,
                           Frame scratch, Tensor reuse, org.stag.engine.ops.Constant constant) {
        if (constant != null) {
            return assembleConstant(format, dim, coo, chunks, t, fill, scratch, reuse, constant);
        }
        int total = total(coo, chunks);
        boolean sorted = ascending(coo, chunks, dim);
        int[] crd;
        Object vals;
        int[] reusedCrd = reusableCoordinates(reuse, t);
        if (reusedCrd != null && reusedCrd.length >= total && TypedArrays.length(t, valueArray(reuse)) >= total) {
            crd = reusedCrd;
            vals = valueArray(reuse);
        } else {
            crd = new int[total];
            vals = TypedArrays.newArray(t, total);
        }
        if (sorted) {
            concatenate(coo, chunks, t, crd, vals);
            return vector(format, dim, crd, total, vals, t, fill, reuse, true);
        }
        // unsorted: concatenated into the frame's scratch, sorted by packed keys, gathered into the result
        ensureScratch(scratch, t, total);
        concatenate(coo, chunks, t, scratch.sortCrd, scratch.sortVals);
        int unique = sortUnique(scratch.sortCrd, scratch.sortVals, 0, total, dim, t, scratch, crd, vals, 0);
        return vector(format, dim, crd, unique, vals, t, fill, reuse, false);
    }

    /** The number of entries in the first {@code chunks} buffers. */
    private static int total(CooBuffer[] coo, int chunks) {
        int total = 0;
        for (int c = 0; c < chunks; c++) {
            total += coo[c].size;
        }
        return total;
    }

    /**
     * Whether the buffers' coordinates, read in chunk order, strictly ascend within {@code [0, dim)} (no sort, no
     * duplicates, and the tensor need not check them again).
     */
    private static boolean ascending(CooBuffer[] coo, int chunks, int dim) {
        boolean sorted = true;
        int prev = -1;
        for (int c = 0; c < chunks; c++) {
            CooBuffer b = coo[c];
            int[] src = b.crd[0];
            for (int j = 0, n = b.size; j < n; j++) {
                int x = src[j];
                sorted &= x > prev;
                prev = x;
            }
        }
        return sorted && prev < dim;
    }

    /** {@link #assemble} of entries that all hold {@code constant}: coordinates only. */
    private static Tensor assembleConstant(Format format, int dim, CooBuffer[] coo, int chunks, ScalarType t,
                                           org.stag.engine.ops.Constant fill, Frame scratch, Tensor reuse,
                                           org.stag.engine.ops.Constant constant) {
        if (t != ScalarType.BOOL) {
            throw new IllegalArgumentException("internal error: constant values of a " + t + " vector");
        }
        int total = total(coo, chunks);
        boolean sorted = ascending(coo, chunks, dim);
        boolean reusable = reuse != null && reuse.order() == 1 && reuse.level(0) instanceof CompressedLevel
                && reuse.values() instanceof ConstantValues cv && cv.type() == ValueType.BOOL
                && cv.valueAsBoolean() == constant.bool() && cv.fillAsBoolean() == fill.bool();
        int[] reused = reusable ? ((CompressedLevel) reuse.level(0)).crd() : null;
        int[] crd = reused != null && reused.length >= total ? reused : new int[total];
        int n = total;
        // Whether crd[0, n) is known to increase strictly within [0, dim): checked on the way, or made in order.
        boolean increasing = true;
        if (sorted) {
            int at = 0;
            for (int c = 0; c < chunks; c++) {
                System.arraycopy(coo[c].crd[0], 0, crd, at, coo[c].size);
                at += coo[c].size;
            }
        } else if (total >= dim >>> BITMAP_FROM_SHIFT) {
            n = bitmapUnique(coo, chunks, dim, scratch, crd);
        } else {
            ensureScratch(scratch, t, total);
            int at = 0;
            for (int c = 0; c < chunks; c++) {
                System.arraycopy(coo[c].crd[0], 0, scratch.sortCrd, at, coo[c].size);
                at += coo[c].size;
            }
            n = sortUnique(scratch.sortCrd, null, 0, total, dim, t, scratch, crd, null, 0);
            increasing = false;
        }
        if (reusable && reuse.refillSortedVector(format, dim, crd, n, null, increasing)) {
            return reuse;
        }
        return Tensor.sortedVector(format, dim, crd, n, Values.constantBool(constant.bool(), fill.bool(), n), increasing);
    }

    /**
     * The distinct coordinates of the entries in {@code coo[0, chunks)} (all in {@code [0, dim)}), in increasing
     * order, into {@code out}; returns how many. No sort: each coordinate sets its bit in the frame's bitmap of
     * {@code dim} bits ({@link Frame#sortBits}, kept across runs and all clear between them), then the bitmap is
     * read in order, clearing each word read. O(entries + dim / 64): for entries without values (a push's claimed
     * coordinates) that are a sizeable fraction of the dimension, where it beats the radix sort of packed keys.
     */
    static int bitmapUnique(CooBuffer[] coo, int chunks, int dim, Frame scratch, int[] out) {
        int words = (dim + 63) >>> 6;
        long[] bits = scratch.sortBits;
        if (bits == null || bits.length < words) {
            bits = new long[words];
            scratch.sortBits = bits;
        } else if (scratch.sortBitsDirty) {
            Arrays.fill(bits, 0L);
        }
        scratch.sortBitsDirty = true;
        for (int c = 0; c < chunks; c++) {
            int[] src = coo[c].crd[0];
            for (int e = 0, m = coo[c].size; e < m; e++) {
                int x = src[e];
                if (x < 0 || x >= dim) {
                    throw new IllegalArgumentException("entry " + e + " of chunk " + c + ": coordinate " + x
                            + " out of range 0.." + (dim - 1));
                }
                bits[x >>> 6] |= 1L << x;
            }
        }
        int n = 0;
        for (int w = 0; w < words; w++) {
            long b = bits[w];
            if (b != 0) {
                bits[w] = 0;
                int base = w << 6;
                do {
                    out[n++] = base + Long.numberOfTrailingZeros(b);
                    b &= b - 1;
                } while (b != 0);
            }
        }
        scratch.sortBitsDirty = false;
        return n;
    }

    /** Grows the frame's sort scratch (kept across runs) to hold {@code n} keys, coordinates and values of {@code t}. */
    static void ensureScratch(Frame scratch, ScalarType t, int n) {
        if (scratch.sortKeys == null || scratch.sortKeys.length < n) {
            int cap = n + (n >> 2);
            scratch.sortKeys = new long[cap];
            scratch.sortTmp = new long[cap];
            scratch.sortCrd = new int[cap];
            scratch.sortVals = TypedArrays.newArray(t, cap);
        } else if (!sameType(t, scratch.sortVals) || TypedArrays.length(t, scratch.sortVals) < n) {
            scratch.sortVals = TypedArrays.newArray(t, scratch.sortKeys.length);
        }
        if (scratch.sortCount == null) {
            scratch.sortCount = new int[(1 << DIGIT) + 1];
        }
    }

    /**
     * Sorts the {@code n} entries at {@code crd[from..]}, {@code vals[from..]} (coordinates in {@code [0, dim)}) by
     * coordinate, stably, keeps the last of equal coordinates, and writes them to {@code crdOut} and
     * {@code valsOut} from {@code out} (which may overlap the input: the values pass through the frame's
     * scratch); returns how many remain. With {@code valsOut} null, coordinates only ({@code vals} is not read).
     */
    static int sortUnique(int[] crd, Object vals, int from, int n, int dim, ScalarType t, Frame scratch,
                          int[] crdOut, Object valsOut, int out) {
        ensureScratch(scratch, t, n);
        long[] keys = scratch.sortKeys;
        for (int k = 0; k < n; k++) {
            keys[k] = (long) crd[from + k] << 32 | k;
        }
        if (valsOut != null && (vals != scratch.sortVals || from != 0)) {
            System.arraycopy(vals, from, scratch.sortVals, 0, n);
        }
        sortKeys(keys, n, dim, scratch.sortTmp, scratch.sortCount);
        int unique = 0;
        for (int k = 0; k < n; k++) {
            if (k + 1 == n || (int) (keys[k] >>> 32) != (int) (keys[k + 1] >>> 32)) {
                keys[unique++] = keys[k];
            }
        }
        for (int u = 0; u < unique; u++) {
            crdOut[out + u] = (int) (keys[u] >>> 32);
        }
        if (valsOut != null) {
            gather(t, scratch.sortVals, keys, unique, valsOut, out);
        }
        return unique;
    }

    /** {@code reuse} refilled with the vector ({@link Tensor#refillSortedVector}) when it can be, else a new tensor. */
    private static Tensor vector(Format format, int dim, int[] crd, int nnz, Object vals, ScalarType t,
                                 org.stag.engine.ops.Constant fill, Tensor reuse, boolean increasing) {
        if (reuse != null && reuse.refillSortedVector(format, dim, crd, nnz, vals, increasing)) {
            return reuse;
        }
        return Tensor.sortedVector(format, dim, crd, nnz, TypedArrays.values(t, vals, nnz, fill), increasing);
    }

    /** The chunks' coordinates and values, in chunk order, into {@code crd} and {@code vals}. */
    static void concatenate(CooBuffer[] coo, int chunks, ScalarType t, int[] crd, Object vals) {
        int at = 0;
        for (int c = 0; c < chunks; c++) {
            CooBuffer b = coo[c];
            System.arraycopy(b.crd[0], 0, crd, at, b.size);
            System.arraycopy(valueArray(b, t), 0, vals, at, b.size);
            at += b.size;
        }
    }

    /** The coordinate array of a vector this class assembled, whose values are an array of {@code t}; else null. */
    private static int[] reusableCoordinates(Tensor reuse, ScalarType t) {
        if (reuse == null || reuse.order() != 1 || !(reuse.level(0) instanceof CompressedLevel l) || reuse.values().isConstant()
                || !sameType(t, valueArray(reuse))) {
            return null;
        }
        return l.crd();
    }

    static boolean sameType(ScalarType t, Object array) {
        return switch (t) {
            case DOUBLE -> array instanceof double[];
            case FLOAT -> array instanceof float[];
            case LONG -> array instanceof long[];
            case INT -> array instanceof int[];
            case BOOL -> array instanceof boolean[];
        };
    }

    static Object valueArray(Tensor t) {
        Values v = t.values();
        if (v instanceof DoubleValues d) {
            return d.array();
        } else if (v instanceof FloatValues d) {
            return d.array();
        } else if (v instanceof LongValues d) {
            return d.array();
        } else if (v instanceof IntValues d) {
            return d.array();
        }
        return ((BoolValues) v).array();
    }

    /**
     * Sorts packed {@code coordinate << 32 | entry} keys {@code keys[0, n)} (coordinates in {@code [0, dim)},
     * entries distinct): by coordinate, entries in increasing order within one coordinate. {@code tmp} holds at
     * least {@code n} keys (the radix sort's second array), {@code count} {@code 2^11 + 1} counters.
     */
    static void sortKeys(long[] keys, int n, int dim, long[] tmp, int[] count) {
        if (n < RADIX_FROM) {
            Sorts.sort(keys, 0, n);
            return;
        }
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, dim - 1));
        long[] from = keys;
        long[] to = tmp;
        int mask = (1 << DIGIT) - 1;
        for (int shift = 0; shift < bits; shift += DIGIT) {
            Arrays.fill(count, 0);
            int s = 32 + shift;
            for (int j = 0; j < n; j++) {
                count[((int) (from[j] >>> s) & mask) + 1]++;
            }
            for (int d = 0; d < (1 << DIGIT); d++) {
                count[d + 1] += count[d];
            }
            for (int j = 0; j < n; j++) {
                long k = from[j];
                to[count[(int) (k >>> s) & mask]++] = k;
            }
            long[] swap = from;
            from = to;
            to = swap;
        }
        if (from != keys) {
            System.arraycopy(from, 0, keys, 0, n);
        }
    }

    /** {@code out[at + u] = vals[entry u]} for the entries packed in the low halves of {@code keys[0, n)}. */
    static void gather(ScalarType t, Object vals, long[] keys, int n, Object out, int at) {
        switch (t) {
            case DOUBLE -> {
                double[] a = (double[]) vals;
                double[] o = (double[]) out;
                for (int u = 0; u < n; u++) {
                    o[at + u] = a[(int) keys[u]];
                }
            }
            case FLOAT -> {
                float[] a = (float[]) vals;
                float[] o = (float[]) out;
                for (int u = 0; u < n; u++) {
                    o[at + u] = a[(int) keys[u]];
                }
            }
            case LONG -> {
                long[] a = (long[]) vals;
                long[] o = (long[]) out;
                for (int u = 0; u < n; u++) {
                    o[at + u] = a[(int) keys[u]];
                }
            }
            case INT -> {
                int[] a = (int[]) vals;
                int[] o = (int[]) out;
                for (int u = 0; u < n; u++) {
                    o[at + u] = a[(int) keys[u]];
                }
            }
            case BOOL -> {
                boolean[] a = (boolean[]) vals;
                boolean[] o = (boolean[]) out;
                for (int u = 0; u < n; u++) {
                    o[at + u] = a[(int) keys[u]];
                }
            }
        }
    }

    static Object valueArray(CooBuffer b, ScalarType t) {
        return switch (t) {
            case DOUBLE -> b.dv;
            case FLOAT -> b.fv;
            case LONG -> b.lv;
            case INT -> b.iv;
            case BOOL -> b.bv;
        };
    }
}
