package org.stag.formats.dynamic;

/**
 * How many rows (parent positions) share a shard: {@code org.stag.formats.level.DynamicLevel} groups its
 * parents into shards of {@code 2^bits} consecutive positions, each with its own {@link NodeStore}.
 * Shards are the unit of parallel work: one thread updates a shard at a time, so structures are mutated
 * in place and pools grow without locks.
 */
public final class ShardedRows {
    /** When non-negative, the shard bits of every new sharding (tests set it to get many small shards). */
    private static volatile int fixedBits = -1;

    private ShardedRows() {
    }

    /**
     * Shards of at least 1024 rows, about 256 of them for large matrices (load balance on skewed graphs);
     * or the bits fixed by {@link #fixBits}.
     */
    public static int bitsFor(int rows) {
        int fixed = fixedBits;
        if (fixed >= 0) {
            return fixed;
        }
        int bits = 10;
        while (bits < 24 && ((long) rows >>> bits) > 256) {
            bits++;
        }
        return bits;
    }

    /**
     * Fixes the shard bits of every sharding made from now on ({@code -1} restores the size rule) and
     * returns the previous setting. Tests use small values so that small inputs span many shards.
     */
    public static int fixBits(int bits) {
        if (bits < -1 || bits > 30) {
            throw new IllegalArgumentException("shard bits must be -1 or in 0..30, not " + bits);
        }
        int old = fixedBits;
        fixedBits = bits;
        return old;
    }
}
