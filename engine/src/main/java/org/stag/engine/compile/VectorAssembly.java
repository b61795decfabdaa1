package org.stag.engine.compile;

import java.util.Arrays;
import org.stag.engine.front.ScalarType;
import org.stag.engine.runtime.CooBuffer;
import org.stag.engine.runtime.Frame;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.Property;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.Tensor;
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
    private static final int DIGIT = 11;

    private VectorAssembly() {
    }

    /** Whether {@code f} is a format this class assembles: order 1, an ordered and unique compressed level. */
    static boolean applies(Format f) {
        return f.order() == 1 && f.level(0) instanceof StaticLevelFormat s && s.type() == LevelType.COMPRESSED
                && s.is(Property.ORDERED) && s.is(Property.UNIQUE);
    }

    /**
     * The vector of dimension {@code dim} holding the entries of {@code coo[0, chunks)} in chunk order (later
     * entries of an equal coordinate win), values of type {@code t} with fill {@code fill}.
     */
    static Tensor assemble(Format format, int dim, CooBuffer[] coo, int chunks, ScalarType t, org.stag.engine.check.Constant fill,
                           Frame scratch) {
        int total = 0;
        for (int c = 0; c < chunks; c++) {
            total += coo[c].size;
        }
        int[] crd = new int[total];
        Object vals = TypedArrays.newArray(t, total);
        int at = 0;
        int prev = -1;
        boolean sorted = true;
        for (int c = 0; c < chunks; c++) {
            CooBuffer b = coo[c];
            int[] src = b.crd[0];
            int n = b.size;
            for (int j = 0; j < n; j++) {
                int x = src[j];
                sorted &= x > prev;
                prev = x;
            }
            System.arraycopy(src, 0, crd, at, n);
            System.arraycopy(valueArray(b, t), 0, vals, at, n);
            at += n;
        }
        if (!sorted) {
            // the keys and the radix sort's second array are the frame's, kept across runs
            if (scratch.sortKeys == null || scratch.sortKeys.length < total) {
                scratch.sortKeys = new long[total + (total >> 2)];
                scratch.sortTmp = new long[scratch.sortKeys.length];
            }
            long[] keys = scratch.sortKeys;
            for (int j = 0; j < total; j++) {
                keys[j] = (long) crd[j] << 32 | j;
            }
            sortKeys(keys, total, dim, scratch.sortTmp);
            int unique = 0;
            for (int j = 0; j < total; j++) {
                if (j + 1 == total || (int) (keys[j] >>> 32) != (int) (keys[j + 1] >>> 32)) {
                    keys[unique++] = keys[j];
                }
            }
            int[] sc = new int[unique];
            for (int u = 0; u < unique; u++) {
                sc[u] = (int) (keys[u] >>> 32);
            }
            crd = sc;
            vals = gather(t, vals, keys, unique);
            total = unique;
        }
        Values v = TypedArrays.values(t, vals, fill);
        return Tensor.sortedVector(format, dim, crd, total, v);
    }

    /**
     * Sorts packed {@code coordinate << 32 | entry} keys {@code keys[0, n)} (coordinates in {@code [0, dim)},
     * entries distinct): by coordinate, entries in increasing order within one coordinate. {@code tmp} holds at
     * least {@code n} keys (the radix sort's second array).
     */
    static void sortKeys(long[] keys, int n, int dim, long[] tmp) {
        if (n < RADIX_FROM) {
            Arrays.sort(keys, 0, n);
            return;
        }
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, dim - 1));
        long[] from = keys;
        long[] to = tmp;
        int[] count = new int[(1 << DIGIT) + 1];
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

    /** The values at the entries packed in the low halves of {@code keys[0, n)}, in that order. */
    private static Object gather(ScalarType t, Object vals, long[] keys, int n) {
        switch (t) {
            case DOUBLE -> {
                double[] a = (double[]) vals;
                double[] out = new double[n];
                for (int u = 0; u < n; u++) {
                    out[u] = a[(int) keys[u]];
                }
                return out;
            }
            case FLOAT -> {
                float[] a = (float[]) vals;
                float[] out = new float[n];
                for (int u = 0; u < n; u++) {
                    out[u] = a[(int) keys[u]];
                }
                return out;
            }
            case LONG -> {
                long[] a = (long[]) vals;
                long[] out = new long[n];
                for (int u = 0; u < n; u++) {
                    out[u] = a[(int) keys[u]];
                }
                return out;
            }
            case INT -> {
                int[] a = (int[]) vals;
                int[] out = new int[n];
                for (int u = 0; u < n; u++) {
                    out[u] = a[(int) keys[u]];
                }
                return out;
            }
            default -> {
                boolean[] a = (boolean[]) vals;
                boolean[] out = new boolean[n];
                for (int u = 0; u < n; u++) {
                    out[u] = a[(int) keys[u]];
                }
                return out;
            }
        }
    }

    private static Object valueArray(CooBuffer b, ScalarType t) {
        return switch (t) {
            case DOUBLE -> b.dv;
            case FLOAT -> b.fv;
            case LONG -> b.lv;
            case INT -> b.iv;
            case BOOL -> b.bv;
        };
    }
}
