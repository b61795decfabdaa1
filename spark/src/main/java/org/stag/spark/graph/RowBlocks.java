package org.stag.spark.graph;

import java.io.Serializable;
import java.util.Arrays;
import org.apache.spark.Partitioner;

/**
 * A split of the vertices {@code 0..n-1} into {@code p} blocks of consecutive rows, block {@code b} holding rows
 * {@code [lo(b), hi(b))}: as equal in rows as integers allow. Equal rows rather than equal edges: the owner of a
 * row is then found without any table, on the driver and in every task, and the graphs stag reads (generated
 * ones with permuted ids, real ones numbered as they come) spread their edges about evenly; a skewed file
 * gives skewed blocks, which {@code --partitions} larger than the cores evens out over the tasks.
 */
public final class RowBlocks implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int n;
    private final int[] bounds;

    /** {@code p} blocks over {@code n} rows; {@code p} is at least 1 (blocks may be empty when {@code p > n}). */
    public RowBlocks(int n, int p) {
        if (p < 1) {
            throw new IllegalArgumentException("partitions must be at least 1, not " + p);
        }
        this.n = n;
        this.bounds = new int[p + 1];
        for (int b = 0; b <= p; b++) {
            bounds[b] = (int) ((long) n * b / p);
        }
    }

    /** Number of rows (vertices). */
    public int n() {
        return n;
    }

    /** Number of blocks. */
    public int count() {
        return bounds.length - 1;
    }

    /** First row of block {@code b}. */
    public int lo(int b) {
        return bounds[b];
    }

    /** One past the last row of block {@code b}. */
    public int hi(int b) {
        return bounds[b + 1];
    }

    /** The block holding row {@code v}. */
    public int owner(int v) {
        int b = Arrays.binarySearch(bounds, v);
        if (b >= 0) {
            // v is the first row of block b, or of the first non-empty block after empty ones.
            while (b + 1 < bounds.length && bounds[b + 1] == v) {
                b++;
            }
            return Math.min(b, count() - 1);
        }
        return -b - 2;
    }

    /** A Spark partitioner that sends key {@code b} (an {@code Integer} block number) to partition {@code b}. */
    public Partitioner partitioner() {
        return new ByBlock(count());
    }

    /** Partition {@code b} for key {@code b}. */
    private static final class ByBlock extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final int p;

        ByBlock(int p) {
            this.p = p;
        }

        @Override
        public int numPartitions() {
            return p;
        }

        @Override
        public int getPartition(Object key) {
            return (Integer) key;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ByBlock b && b.p == p;
        }

        @Override
        public int hashCode() {
            return p;
        }
    }
}
