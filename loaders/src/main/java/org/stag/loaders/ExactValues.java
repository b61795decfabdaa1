package org.stag.loaders;

/**
 * The rules of a graph's exact integer column. A graph with integer values ({@link ValueKind#INTEGER}) holds
 * them as doubles, which are exact up to {@code 2^53}; when a value is beyond that (the whole int64 range and,
 * under {@link GraphBlasType#UINT64}, the uint64 range are valid), the graph also holds a {@code long} column
 * with every value exactly and the doubles are the nearest doubles. A {@code uint64} column holds the same 64
 * bits, read unsigned.
 */
public final class ExactValues {
    /** The largest magnitude up to which every integer is exactly a double. */
    public static final long DOUBLE_EXACT = 1L << 53;

    private ExactValues() {
    }

    /** Whether the double nearest {@code v} is {@code v} itself, so no exact column is needed for it. */
    public static boolean exactAsDouble(long v, boolean unsigned) {
        if (unsigned) {
            return v >= 0 && v <= DOUBLE_EXACT;
        }
        return v >= -DOUBLE_EXACT && v <= DOUBLE_EXACT;
    }

    /** The double nearest {@code v} (correctly rounded, as {@code (double)} rounds a signed long). */
    public static double toDouble(long v, boolean unsigned) {
        if (!unsigned || v >= 0) {
            return v;
        }
        // Halve with the lost bit kept sticky, convert (one rounding), double again: exact for 64 unsigned bits.
        return ((v >>> 1) | (v & 1)) * 2.0;
    }

    /** The decimal text of {@code v}. */
    public static String toString(long v, boolean unsigned) {
        return unsigned ? Long.toUnsignedString(v) : Long.toString(v);
    }

    /** The exact values a double column of integers stands for (every value at most {@code 2^53} in magnitude). */
    public static long[] fromDoubles(double[] w, int size) {
        long[] exact = new long[size];
        for (int k = 0; k < size; k++) {
            exact[k] = (long) w[k];
        }
        return exact;
    }
}
