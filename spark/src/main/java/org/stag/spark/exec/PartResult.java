package org.stag.spark.exec;

import java.io.Serializable;

/**
 * What one block's task of a kernel sends back: the block's rows of a dense target ({@code lo} and the values),
 * the entries of a partial dense target that differ from the reduction's identity or of a sparse vector target
 * ({@code index} and the values, none when they are all one constant), a whole partial dense target, or a scalar
 * partial; for a matrix the kernel leaves in the partitions, only its entry count.
 */
final class PartResult implements Serializable {
    private static final long serialVersionUID = 1L;

    final int block;
    final int lo;
    /** A primitive array, or null. */
    final Object values;
    /** Coordinates of the values, or null when they are rows from {@link #lo} on. */
    final int[] index;
    final long scalarLong;
    final double scalarDouble;
    final long entries;

    PartResult(int block, int lo, Object values, int[] index, long scalarLong, double scalarDouble, long entries) {
        this.block = block;
        this.lo = lo;
        this.values = values;
        this.index = index;
        this.scalarLong = scalarLong;
        this.scalarDouble = scalarDouble;
        this.entries = entries;
    }

    /** Bytes this result carries (for the statistics). */
    long bytes() {
        long b = 48;
        if (values != null) {
            b += (long) java.lang.reflect.Array.getLength(values) * Arrays2.typeOf(values).bytes();
        }
        if (index != null) {
            b += 4L * index.length;
        }
        return b;
    }
}
