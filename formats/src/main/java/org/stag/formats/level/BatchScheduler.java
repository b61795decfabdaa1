package org.stag.formats.level;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.stag.formats.dynamic.BatchScratch;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.NodeStore;
import org.stag.loaders.Parallel;
import org.stag.loaders.RowBlocks;

/**
 * How a {@link DynamicLevel} spreads work on many parents over its shards, one thread per shard at a time: the
 * bulk build from CSR rows ({@link #buildRows}), update batches ({@link #forEachShard}: the batch's parents are
 * grouped by shard in one pass, runs of shards holding about equal entries go to the threads, and within a shard
 * the parents go in blocks whose structures are read ahead together) and the reads of a batch ({@link #read}).
 * A level takes one batch at a time.
 */
final class BatchScheduler {
    /** Batches of fewer entries are applied in the calling thread: handing them to the pool costs more. */
    static final int SEQUENTIAL_BATCH = 2048;
    /** Parents whose structures are read ahead together ({@link #applyRun}). */
    private static final int TOUCH_BLOCK = 32;
    /** What the reads ahead read, so that they stay; never used otherwise. */
    private static volatile int touched;

    /** One parent's part of a batch: entry {@code i} of the batch's parents, in its shard's store. */
    @FunctionalInterface
    interface ParentUpdate {
        int apply(NodeStore store, int i);
    }

    private final DynamicLevel level;
    /**
     * The working arrays of {@link #forEachShard} (the batch's parents packed with their indices, where each shard's
     * run of them starts, the entries before each run): made by the first batch and kept between batches (20 bytes
     * per parent of the largest batch so far, not counted by {@link DynamicLevel#memoryBytes}), so that a batch does
     * not allocate and zero them.
     */
    private BatchScratch scratch;

    BatchScheduler(DynamicLevel level) {
        this.level = level;
    }

    /**
     * {@link DynamicLevel#buildRows} of a freshly initialised level: every shard's rows built by the format's bulk
     * {@code build} in parallel, nothing sorted. Returns the elements built.
     */
    long buildRows(RowBlocks rows, int[] rowOf, int threads) {
        boolean positions = level.carriesPositions();
        int parentSize = level.parentSize();
        int shardBits = level.shardBits();
        int[] roots = level.roots();
        DynamicFormat impl = level.impl();
        LongAdder total = new LongAdder();
        Parallel.forEachBlock(threads, level.shardCount(), s -> {
            NodeStore store = level.store(s);
            store.invalidateNodeOrder();
            int lo = s << shardBits;
            int hi = (int) Math.min(parentSize, (long) (s + 1) << shardBits);
            // Positions are passed as doubles beside the coordinates: one scratch row per shard, reused.
            int longest = 0;
            for (int p = lo; p < hi && positions; p++) {
                longest = Math.max(longest, rows.degree(rowOf == null ? p : rowOf[p]));
            }
            int[] crd = positions ? new int[longest] : null;
            double[] pos = positions ? new double[longest] : null;
            long n = 0;
            for (int p = lo; p < hi; p++) {
                int r = rowOf == null ? p : rowOf[p];
                int b = rows.blockOf(r);
                int[] ptr = rows.ptr(b);
                int local = r - rows.firstRow(b);
                int from = ptr[local];
                int to = ptr[local + 1];
                if (from == to) {
                    continue;
                }
                int[] col = rows.col(b);
                if (positions) {
                    // A level of positions holds at most an int's worth, so its rows are in one block.
                    System.arraycopy(col, from, crd, 0, to - from);
                    for (int k = from; k < to; k++) {
                        pos[k - from] = k;
                    }
                    impl.build(store, roots[p], crd, pos, 0, to - from);
                } else {
                    impl.build(store, roots[p], col, rows.weights(b), from, to);
                }
                n += to - from;
            }
            store.trim();
            total.add(n);
        });
        return total.sum();
    }

    /**
     * A batch of a last level's updates ({@link DynamicLevel#insertBatch}): {@link #forEachShard} of {@code u}, with
     * NaN reported in {@code old} (when not null) for the entries of negative parents, which it skips.
     */
    long update(int[] parents, int[] start, int count, int threads, double[] old, ParentUpdate u) {
        if (level.carriesPositions()) {
            throw new IllegalStateException("dynamic level: batch updates of a level of positions go through insertRows");
        }
        if (old != null) {
            for (int i = 0; i < count; i++) {
                if (parents[i] < 0) {
                    Arrays.fill(old, start[i], start[i + 1], Double.NaN);
                }
            }
        }
        return forEachShard(parents, start, count, threads, u);
    }

    /**
     * Runs {@code u} for the parents {@code [0, count)} of a batch whose parent {@code i} has the entries
     * {@code [start[i], start[i + 1])} (a negative parent is skipped), grouped by shard, shards in parallel on
     * {@code threads} threads; sums the results.
     */
    private long forEachShard(int[] parents, int[] start, int count, int threads, ParentUpdate u) {
        int entries = start[count] - start[0];
        int parentSize = level.parentSize();
        int shardBits = level.shardBits();
        // Order the entries by parent: (parent, index) packed in a long sorts by parent. One pass packs them and,
        // taking them to be sorted (batches come sorted by row), cuts them into runs of one shard each and counts
        // each run's entries; a batch out of order is sorted and cut again.
        if (scratch == null) {
            scratch = new BatchScratch();
        }
        long[] key = scratch.longs(0, count);
        int[] runStart = scratch.ints(0, count + 1);
        long[] before = scratch.longs(1, count + 1);
        boolean sorted = true;
        int kept = 0;
        int runs = 0;
        int shard = -1;
        long entriesBefore = 0;
        long previous = -1;
        for (int i = 0; i < count; i++) {
            int p = parents[i];
            if (p < 0) {
                continue;
            }
            if (p >= parentSize) {
                throw new IllegalArgumentException("dynamic level: parent " + p + " out of range 0.." + (parentSize - 1));
            }
            long kk = ((long) p << 32) | i;
            sorted &= previous < kk;
            previous = kk;
            key[kept] = kk;
            if (p >>> shardBits != shard) {
                shard = p >>> shardBits;
                before[runs] = entriesBefore;
                runStart[runs++] = kept;
            }
            entriesBefore += 1 + start[i + 1] - start[i];
            kept++;
        }
        if (!sorted) {
            Arrays.sort(key, 0, kept);
            runs = 0;
            entriesBefore = 0;
            for (int k = 0; k < kept; k++) {
                int i = (int) key[k];
                if (k == 0 || (int) (key[k] >>> 32) >>> shardBits != (int) (key[k - 1] >>> 32) >>> shardBits) {
                    before[runs] = entriesBefore;
                    runStart[runs++] = k;
                }
                entriesBefore += 1 + start[i + 1] - start[i];
            }
        }
        runStart[runs] = kept;
        before[runs] = entriesBefore;
        LongAdder sum = new LongAdder();
        if (entries < SEQUENTIAL_BATCH || threads <= 1 || runs <= 1) {
            for (int run = 0; run < runs; run++) {
                sum.add(applyRun(key, runStart, run, u));
            }
            return sum.sum();
        }
        // Blocks of consecutive shards holding about equal entries (a shard's parents' entries counted through
        // the batch's start array): R-MAT batches pile onto a few rows, whose shards would otherwise leave one
        // thread working alone at the end.
        int[] bounds = runBlocks(before, runs, Math.min(runs, 8 * threads));
        Parallel.forEachBlock(threads, bounds.length - 1, blk -> {
            long n = 0;
            for (int run = bounds[blk]; run < bounds[blk + 1]; run++) {
                n += applyRun(key, runStart, run, u);
            }
            sum.add(n);
        });
        return sum.sum();
    }

    /**
     * Cuts runs {@code [0, runs)}, with {@code before[r]} entries before run {@code r} ({@code before[runs]} in all),
     * into {@code blocks} blocks of consecutive runs: block {@code b} is {@code [bounds[b], bounds[b + 1])}, and
     * {@code bounds[b]} is the first run with at least {@code b / blocks} of the entries before it.
     */
    static int[] runBlocks(long[] before, int runs, int blocks) {
        int[] bounds = new int[blocks + 1];
        for (int b = 1; b < blocks; b++) {
            long target = before[runs] * b / blocks;
            int r = bounds[b - 1];
            while (r < runs && before[r] < target) {
                r++;
            }
            bounds[b] = r;
        }
        bounds[blocks] = runs;
        return bounds;
    }

    /**
     * Cuts parents {@code [0, count)}, whose entries start at {@code start[i]}, into {@code blocks} blocks of whole
     * parents: {@code bounds[b]} is the last parent whose entries start at or before {@code b / blocks} of the way
     * through the entries (never before {@code bounds[b - 1]}).
     */
    static int[] parentBlocks(int[] start, int count, int blocks) {
        int entries = start[count] - start[0];
        int[] bounds = new int[blocks + 1];
        for (int b = 1; b < blocks; b++) {
            int target = start[0] + (int) ((long) entries * b / blocks);
            int i = Arrays.binarySearch(start, 0, count + 1, target);
            bounds[b] = Math.max(bounds[b - 1], i >= 0 ? i : -i - 2);
        }
        bounds[blocks] = count;
        return bounds;
    }

    /**
     * Applies {@code u} to the parents of run {@code run} (one shard) in its writable store; sums the results.
     * Parents go in blocks: the root records of a block's structures are read first, then their first chunks
     * ({@link DynamicFormat#touch}), then the block is updated, so that the cache misses of reaching rows far
     * apart overlap.
     */
    private long applyRun(long[] key, int[] runStart, int run, ParentUpdate u) {
        int shardBits = level.shardBits();
        NodeStore store = level.writableRows((int) (key[runStart[run]] >>> 32) >>> shardBits);
        DynamicFormat impl = level.impl();
        int from = runStart[run];
        int to = runStart[run + 1];
        int[] roots = level.roots();
        int local = (1 << shardBits) - 1;
        long n = 0;
        int sink = 0;
        for (int k0 = from; k0 < to; k0 += TOUCH_BLOCK) {
            int k1 = Math.min(to, k0 + TOUCH_BLOCK);
            if (k1 - k0 > 1) {
                for (int k = k0; k < k1; k++) {
                    sink += impl.touch(store, roots[(int) (key[k] >>> 32)], 0);
                }
                for (int k = k0; k < k1; k++) {
                    sink += impl.touch(store, roots[(int) (key[k] >>> 32)], 1);
                }
            }
            for (int k = k0; k < k1; k++) {
                // Named to the node index before the write; a null check when the shard has none.
                store.invalidateNodeOrder((int) (key[k] >>> 32) & local);
                n += u.apply(store, (int) key[k]);
            }
        }
        if (sink == 42) {
            touched = sink;
        }
        return n;
    }

    /**
     * {@link DynamicLevel#values}: reads a batch laid out as for {@link #forEachShard} on {@code threads} threads,
     * each taking whole parents in blocks of about equal entries (R-MAT batches pile onto a few rows).
     */
    void read(int[] parents, int[] start, int count, int[] crd, double[] out, int threads) {
        int entries = start[count] - start[0];
        int[] bounds = parentBlocks(start, count, entries < SEQUENTIAL_BATCH || threads <= 1 ? 1 : 4 * threads);
        int blocks = bounds.length - 1;
        DynamicFormat impl = level.impl();
        int[] roots = level.roots();
        Parallel.forEachBlock(threads, blocks, blk -> {
            for (int i = bounds[blk]; i < bounds[blk + 1]; i++) {
                int p = parents[i];
                if (p < 0) {
                    Arrays.fill(out, start[i], start[i + 1], Double.NaN);
                } else {
                    impl.getSorted(level.storeOf(p), roots[p], crd, start[i], start[i + 1], out);
                }
            }
        });
    }
}
