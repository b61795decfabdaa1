package org.stag.formats.dynamic;

import org.stag.loaders.Parallel;

/**
 * Rows grouped into shards of {@code 2^bits} consecutive rows, each shard with its own {@link NodeStore}.
 * Shards are the unit of parallel work: one thread updates a shard at a time, so structures are mutated
 * in place and pools grow without locks. {@code DynamicLevel} shards its parents by {@link #bitsFor}.
 */
public final class ShardedRows {
    /** Batches smaller than this are applied in the calling thread: handing them to the pool costs more. */
    static final int SEQUENTIAL_BATCH = 2048;

    final int bits;
    NodeStore[] stores;
    private final DynamicFormat format;
    private final ValueMode mode;

    ShardedRows(DynamicFormat format, ValueMode mode, int rows) {
        this.bits = bitsFor(rows);
        this.format = format;
        this.mode = mode;
        int count = rows == 0 ? 1 : ((rows - 1) >>> bits) + 1;
        this.stores = new NodeStore[count];
        for (int i = 0; i < count; i++) {
            stores[i] = format.newStore(mode);
        }
    }

    /** When non-negative, the shard bits of every new sharding (tests set it to get many small shards). */
    private static volatile int fixedBits = -1;

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

    /** Adds shards (keeping the shard size) until rows {@code [0, rows)} have one; returns the stores. */
    NodeStore[] ensureRows(int rows) {
        int count = rows == 0 ? 1 : ((rows - 1) >>> bits) + 1;
        if (count > stores.length) {
            NodeStore[] more = java.util.Arrays.copyOf(stores, count);
            for (int i = stores.length; i < count; i++) {
                more[i] = format.newStore(mode);
            }
            stores = more;
        }
        return stores;
    }

    NodeStore of(int row) {
        return stores[row >>> bits];
    }

    long memoryBytes() {
        long b = 0;
        for (NodeStore s : stores) {
            b += s.memoryBytes();
        }
        return b;
    }

    /** What to do with one row's slice {@code [from, to)} of a batch; {@code slot} indexes the batch's rows. */
    @FunctionalInterface
    interface RowAction {
        void apply(NodeStore s, int slot, int row, int from, int to);
    }

    /**
     * Runs {@code action} for every row of the batch in {@code [0, rows)}: shards in parallel, the rows
     * of one shard in order by one thread.
     */
    void forEachRow(UpdateBatch b, int rows, int threads, RowAction action) {
        int distinct = b.rowIds.length;
        if (distinct == 0) {
            return;
        }
        int[] runStart = new int[distinct + 1];
        int runs = 0;
        for (int i = 0; i < distinct; i++) {
            if (i == 0 || (b.rowIds[i] >>> bits) != (b.rowIds[i - 1] >>> bits)) {
                runStart[runs++] = i;
            }
        }
        runStart[runs] = distinct;
        int t = b.size < SEQUENTIAL_BATCH ? 1 : threads;
        Parallel.forEachBlock(t, runs, run -> {
            for (int i = runStart[run]; i < runStart[run + 1]; i++) {
                int r = b.rowIds[i];
                if (r < rows) {
                    action.apply(stores[r >>> bits], i, r, b.rowStart[i], b.rowStart[i + 1]);
                }
            }
        });
    }
}
