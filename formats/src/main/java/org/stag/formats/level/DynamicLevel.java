package org.stag.formats.level;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.stag.formats.dynamic.BatchScratch;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.NodeOrder;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ShardedRows;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.dynamic.ValueMode;
import org.stag.loaders.Parallel;

/**
 * A dynamic level: one structure of a {@link DynamicFormat} per parent position. Parents are grouped into
 * shards of {@code 2^shardBits} consecutive positions, each shard with its own {@link NodeStore}: the
 * structure of parent {@code p} lives in {@code store(p >>> shardBits)}, and {@code roots[p]} is its root
 * record there. A shard is used by one thread at a time, so shards are built and updated in parallel
 * without locks; readers fetch a shard's arrays once per shard, never per element.
 *
 * <p>In {@link ValueMode#POSITION} (a level that is not the last, or the last level of a tensor whose
 * values are not doubles) every element carries its position: the index of its subtree in the next
 * level, or of its value in the tensor's value array. Assembly hands out positions {@code 0, 1, …} in
 * the order elements are appended or built, so for an ordered build they increase with the coordinates,
 * as static levels' positions do. In {@link ValueMode#DOUBLE} (the last level of a double tensor) the
 * element carries its value and there are no positions; in {@link ValueMode#NONE} (the last level of a
 * pattern) it carries nothing.
 *
 * <p>Assembly: {@link #appendInit}, then per parent in position order either one bulk {@link #build}
 * or {@link #append} per element (seed 000's {@code append_first}/{@code append_rest}); or, for a last
 * level, {@link #buildRows} from CSR rows, shards in parallel. Afterwards the level takes batch updates
 * ({@link #insertBatch}, {@link #deleteBatch}; rows of a row level by {@link #insertRows} and
 * {@link #removeCoordinates}) and grows ({@link #growParents}).
 */
public final class DynamicLevel extends Level {
    private final DynamicLevelFormat format;
    private final DynamicFormat impl;
    private final ValueMode mode;
    private int shardBits;
    private NodeStore[] shards;
    private int[] roots = new int[0];
    private int size;
    /**
     * For a level with one parent (a row level): the position of each coordinate, -1 when absent; made by
     * the first {@link #positionOf} and kept by {@link #insertRows} and {@link #removeCoordinates}.
     */
    private int[] directory;
    /** Positions of coordinates {@link #removeCoordinates} took out, handed out again by {@link #insertRows}. */
    private int[] freed = new int[0];
    private int freedCount;
    /** The parent assembled last, and whether by appends (then {@code appendState} continues it). */
    private int lastParent = -1;
    private boolean appending;
    private int appendState;
    /**
     * The snapshots of the versioned graph this level belongs to, once one was taken ({@link #snapshot}); null
     * before: then stores change in place.
     */
    private SnapshotEpochs epochs;
    /**
     * The working arrays of {@link #forEachShard} (the batch's parents packed with their indices, where each shard's
     * run of them starts, the entries before each run): the level's own, made by the first batch and kept between
     * batches (20 bytes per parent of the largest batch so far, not counted by {@link #memoryBytes}), so that a
     * batch does not allocate and zero them; a level takes one batch at a time and a snapshot's copy takes none.
     */
    private BatchScratch shardScratch;
    /** Per shard, the epoch at which its store became current ({@link SnapshotEpochs}); empty without epochs. */
    private long[] birth = new long[0];
    /** Whether this is a snapshot's copy ({@link #snapshot}), which shares stores and must never change them. */
    private final boolean readOnly;

    DynamicLevel(DynamicLevelFormat format, int dimension, ValueMode mode) {
        super(dimension);
        this.format = format;
        this.impl = format.format();
        this.mode = mode;
        this.shardBits = ShardedRows.bitsFor(0);
        this.shards = new NodeStore[0];
        this.readOnly = false;
    }

    /**
     * A read-only copy of {@code o} as it is now ({@link #snapshot}): the same roots and stores (the array of
     * them copied, so that {@code o} can replace a store it writes), no directory, nothing to hand out again.
     */
    private DynamicLevel(DynamicLevel o) {
        super(o.dimension);
        this.parentSize = o.parentSize;
        this.format = o.format;
        this.impl = o.impl;
        this.mode = o.mode;
        this.shardBits = o.shardBits;
        this.shards = o.shards.clone();
        this.roots = o.roots;
        this.size = o.size;
        this.lastParent = o.lastParent;
        this.readOnly = true;
    }

    /** Whether this is a snapshot's copy: batches refuse it ({@code Tensor.takesBatches} is false). */
    public boolean readOnly() {
        return readOnly;
    }

    /**
     * An immutable view of this level as it is now, for a snapshot of epoch {@code e.now()} that the caller
     * then opens ({@link SnapshotEpochs#open}). O(shards): the stores are shared, and this level copies a
     * store before it next changes one that an open snapshot reads (copy-on-write). The roots array is shared
     * too: batches never write an existing parent's entry (new parents get a new array). Every level of one
     * graph must use the same epochs.
     */
    public DynamicLevel snapshot(SnapshotEpochs e) {
        if (epochs == null) {
            epochs = e;
            birth = new long[shards.length];
            Arrays.fill(birth, e.now());
        } else if (epochs != e) {
            throw new IllegalStateException("dynamic level: snapshots of one level come from one SnapshotEpochs");
        }
        return new DynamicLevel(this);
    }

    /**
     * The store of shard {@code s}, ready to change: a copy of it first when an open snapshot reads it. Callers
     * of one batch touch distinct shards, so parallel calls never write the same slot.
     */
    private NodeStore writable(int s) {
        NodeStore store = writableRows(s);
        store.invalidateNodeOrder();
        return store;
    }

    /**
     * {@link #writable} for a write that names each parent it changes to the store first
     * ({@link NodeStore#invalidateNodeOrder(int)}), so that the store's node index lists only those again.
     */
    private NodeStore writableRows(int s) {
        if (readOnly) {
            throw new UnsupportedOperationException("dynamic level: a snapshot's copy is read-only");
        }
        if (epochs != null && epochs.heldSince(birth[s])) {
            shards[s] = shards[s].copy();
            birth[s] = epochs.now();
        }
        return shards[s];
    }

    /** The store of parent {@code p}, ready for a change of {@code p}'s structure only. */
    private NodeStore writableRow(int p) {
        NodeStore store = writableRows(p >>> shardBits);
        store.invalidateNodeOrder(p & ((1 << shardBits) - 1));
        return store;
    }

    @Override
    public DynamicLevelFormat format() {
        return format;
    }

    /** What elements carry: {@link ValueMode#POSITION}, {@link ValueMode#DOUBLE} values, or nothing ({@link ValueMode#NONE}). */
    public ValueMode mode() {
        return mode;
    }

    /** Whether elements carry the tensor's values rather than positions. */
    public boolean holdsValues() {
        return mode == ValueMode.DOUBLE;
    }

    /** Whether elements carry positions ({@link ValueMode#POSITION}); otherwise there are none. */
    public boolean carriesPositions() {
        return mode == ValueMode.POSITION;
    }

    /** {@code append_init} (once): one empty structure per parent position, parents sharded by count. */
    public void appendInit(int parentSize) {
        if (roots.length > 0 || size > 0) {
            throw new IllegalStateException("dynamic level: already initialised");
        }
        shardBits = ShardedRows.bitsFor(parentSize);
        growParents(parentSize);
    }

    /**
     * Adds parents {@code [parentSize(), parentSize)}, each with an empty structure, and the shards they
     * need (a dense row level that grew, or new rows of a dynamic row level). Not while assembling.
     */
    public void growParents(int parentSize) {
        int old = this.parentSize;
        if (parentSize < old) {
            throw new IllegalArgumentException("dynamic level: cannot shrink from " + old + " to " + parentSize + " parents");
        }
        int count = parentSize == 0 ? 1 : ((parentSize - 1) >>> shardBits) + 1;
        if (count > shards.length) {
            NodeStore[] more = Arrays.copyOf(shards, count);
            for (int s = shards.length; s < count; s++) {
                more[s] = impl.newStore(mode);
            }
            if (epochs != null) {
                int from = birth.length;
                birth = Arrays.copyOf(birth, count);
                Arrays.fill(birth, from, count, epochs.now());
            }
            shards = more;
        }
        roots = Arrays.copyOf(roots, parentSize);
        for (int s = old >>> shardBits; s < count && old < parentSize; s++) {
            int lo = Math.max(old, s << shardBits);
            int hi = (int) Math.min(parentSize, (long) (s + 1) << shardBits);
            NodeStore store = writable(s);
            store.rootPool().ensureSpare(hi - lo);
            for (int p = lo; p < hi; p++) {
                roots[p] = impl.newRoot(store);
            }
        }
        this.parentSize = parentSize;
    }

    /** Widens the coordinate range to {@code [0, dimension)} (a batch that may add vertices). */
    public void growDimension(int dimension) {
        if (dimension < this.dimension) {
            throw new IllegalArgumentException("dynamic level: cannot shrink dimension " + this.dimension + " to " + dimension);
        }
        this.dimension = dimension;
    }

    /**
     * Bulk assembly of parent {@code p}'s structure from {@code crd[from, to)} (sorted, unique). In
     * {@link ValueMode#POSITION} the elements get positions {@code size(), size() + 1, …}, written to
     * {@code scratch[from, to)}, and the first is returned; in {@link ValueMode#DOUBLE} {@code scratch}
     * holds the values and -1 is returned ({@link ValueMode#NONE}: ignored).
     */
    public int build(int p, int[] crd, double[] scratch, int from, int to) {
        checkParent(p);
        int first = size;
        if (mode == ValueMode.POSITION) {
            for (int k = from; k < to; k++) {
                scratch[k] = size + (k - from);
            }
        }
        NodeStore store = storeOf(p);
        store.invalidateNodeOrder();
        impl.build(store, roots[p], crd, scratch, from, to);
        size += to - from;
        lastParent = p;
        appending = false;
        return mode == ValueMode.POSITION ? first : -1;
    }

    /**
     * Bulk assembly of every parent of a freshly initialised last level from CSR rows: parent {@code p}
     * gets {@code col[rowPtr[r], rowPtr[r + 1])} (sorted, unique) with {@code r = rowOf[p]}, or
     * {@code r = p} when {@code rowOf} is null (then every row is a parent; with {@code rowOf} every
     * non-empty row must be one, in row order). Elements carry the values {@code vals} at the same indices
     * in {@link ValueMode#DOUBLE} (null: every value 1, as every format reads a null value array), nothing in
     * {@link ValueMode#NONE}, and in {@link ValueMode#POSITION} their CSR index, so the values of a CSR
     * matrix index the level's positions as they are. Shards are built in parallel, each structure balanced
     * bottom-up by the format's {@code build}; nothing is sorted.
     */
    public void buildRows(int[] rowPtr, int[] rowOf, int[] col, double[] vals, int threads) {
        if (size > 0 || lastParent >= 0) {
            throw new IllegalStateException("dynamic level: already assembled");
        }
        boolean positions = mode == ValueMode.POSITION;
        LongAdder total = new LongAdder();
        Parallel.forEachBlock(threads, shards.length, s -> {
            NodeStore store = shards[s];
            store.invalidateNodeOrder();
            int lo = s << shardBits;
            int hi = (int) Math.min(parentSize, (long) (s + 1) << shardBits);
            // Positions are passed as doubles beside the coordinates: one scratch row per shard, reused.
            int longest = 0;
            for (int p = lo; p < hi && positions; p++) {
                int r = rowOf == null ? p : rowOf[p];
                longest = Math.max(longest, rowPtr[r + 1] - rowPtr[r]);
            }
            int[] crd = positions ? new int[longest] : null;
            double[] pos = positions ? new double[longest] : null;
            long n = 0;
            for (int p = lo; p < hi; p++) {
                int r = rowOf == null ? p : rowOf[p];
                int from = rowPtr[r];
                int to = rowPtr[r + 1];
                if (from == to) {
                    continue;
                }
                if (positions) {
                    System.arraycopy(col, from, crd, 0, to - from);
                    for (int k = from; k < to; k++) {
                        pos[k - from] = k;
                    }
                    impl.build(store, roots[p], crd, pos, 0, to - from);
                } else {
                    impl.build(store, roots[p], col, vals, from, to);
                }
                n += to - from;
            }
            store.trim();
            total.add(n);
        });
        size = Math.toIntExact(total.sum());
        lastParent = parentSize - 1;
    }

    /**
     * {@code append_first} / {@code append_rest}: appends coordinate {@code i} to parent {@code p}'s
     * structure (parents in non-decreasing order, coordinates of one parent increasing). Returns the new
     * element's position, or -1 in {@link ValueMode#DOUBLE}, where {@code value} is stored, and in
     * {@link ValueMode#NONE}, where it is ignored.
     */
    public int append(int p, int i, double value) {
        int position = size;
        double carried = mode == ValueMode.POSITION ? position : value;
        storeOf(p).invalidateNodeOrder();
        if (appending && p == lastParent) {
            appendState = impl.appendRest(storeOf(p), roots[p], appendState, i, carried);
        } else {
            checkParent(p);
            appendState = impl.appendFirst(storeOf(p), roots[p], i, carried);
            lastParent = p;
            appending = true;
        }
        size++;
        return mode == ValueMode.POSITION ? position : -1;
    }

    /** Each parent is assembled once, parents in increasing order. */
    private void checkParent(int p) {
        if (p <= lastParent || p >= parentSize) {
            throw new IllegalArgumentException("dynamic level: parent " + p + " already assembled (last was "
                    + lastParent + ") or out of range 0.." + (parentSize - 1));
        }
    }

    /**
     * Inserts coordinates {@code crd[from, to)} (sorted, unique, none present) under parent {@code p} and
     * writes each one's position to {@code positions[from, to)}: a position freed by
     * {@link #removeCoordinates} while there is one, else a fresh one ({@code size()}, {@code size() + 1},
     * …). How a row level takes new rows; the caller grows the level below to {@link #size()} parents.
     * {@link ValueMode#POSITION} only; the calling thread does the work.
     */
    public void insertRows(int p, int[] crd, int from, int to, int[] positions) {
        if (mode != ValueMode.POSITION) {
            throw new IllegalStateException("dynamic level: rows with positions in a level of " + mode);
        }
        double[] pos = new double[to - from];
        for (int k = 0; k < pos.length; k++) {
            positions[from + k] = freedCount > 0 ? freed[--freedCount] : size++;
            pos[k] = positions[from + k];
        }
        int added = impl.insert(writableRow(p), roots[p], Arrays.copyOfRange(crd, from, to), pos, 0, pos.length);
        if (added != pos.length) {
            throw new IllegalStateException("dynamic level: " + (pos.length - added) + " of the new coordinates were present");
        }
        if (directory != null) {
            ensureDirectory();
            for (int k = from; k < to; k++) {
                directory[crd[k]] = positions[k];
            }
        }
    }

    /**
     * Removes coordinates {@code crd[from, to)} (sorted, unique) from parent {@code p}'s structure in
     * {@link ValueMode#POSITION} and returns how many were present: how a row level lets go of rows that
     * emptied. Their positions are handed out again by {@link #insertRows}, so the structures below them
     * must be empty.
     */
    public int removeCoordinates(int p, int[] crd, int from, int to) {
        if (mode != ValueMode.POSITION) {
            throw new IllegalStateException("dynamic level: removeCoordinates is for a level of positions, not " + mode);
        }
        if (freed.length < freedCount + (to - from)) {
            freed = Arrays.copyOf(freed, Math.max(2 * freed.length, freedCount + (to - from)));
        }
        for (int k = from; k < to; k++) {
            int q = locate(p, crd[k]);
            if (q >= 0) {
                freed[freedCount++] = q;
            }
        }
        int removed = impl.delete(writableRow(p), roots[p], crd, from, to);
        if (directory != null) {
            for (int k = from; k < to; k++) {
                if (crd[k] < directory.length) {
                    directory[crd[k]] = -1;
                }
            }
        }
        return removed;
    }

    /**
     * In a level with one parent (a row level), the position of coordinate {@code i}, or -1 when it is not
     * stored: O(1) through a directory of the dimension's coordinates (4 bytes each, in
     * {@link #memoryBytes}) that the first call makes.
     */
    public int positionOf(int i) {
        if (mode != ValueMode.POSITION || parentSize != 1) {
            throw new IllegalStateException("dynamic level: positionOf needs a level of positions with one parent");
        }
        if (directory == null) {
            directory = new int[0];
            ensureDirectory();
            int n = structureSize(0);
            int[] crd = new int[n];
            double[] pos = new double[n];
            collect(0, crd, pos, 0);
            for (int k = 0; k < n; k++) {
                directory[crd[k]] = (int) pos[k];
            }
        }
        ensureDirectory();
        return i < directory.length ? directory[i] : -1;
    }

    /** The directory names exactly the stored coordinates, each with its position. */
    private void checkDirectory() {
        int n = structureSize(0);
        int[] crd = new int[n];
        double[] pos = new double[n];
        collect(0, crd, pos, 0);
        int listed = 0;
        for (int d : directory) {
            listed += d >= 0 ? 1 : 0;
        }
        for (int k = 0; k < n; k++) {
            if (crd[k] >= directory.length || directory[crd[k]] != (int) pos[k]) {
                throw new IllegalStateException("dynamic level " + format.name() + ": the directory disagrees with the"
                        + " structure at coordinate " + crd[k]);
            }
        }
        if (listed != n) {
            throw new IllegalStateException("dynamic level " + format.name() + ": the directory lists " + listed
                    + " coordinates, the structure holds " + n);
        }
    }

    /** Widens the directory to the dimension, new coordinates absent. */
    private void ensureDirectory() {
        int old = directory.length;
        if (old < dimension) {
            directory = Arrays.copyOf(directory, dimension);
            Arrays.fill(directory, old, dimension, -1);
        }
    }

    /**
     * Merges a batch into the structures of a last level ({@link ValueMode#DOUBLE} or {@link ValueMode#NONE}):
     * parent {@code parents[i]} (distinct, any order; a negative one is skipped) gets {@code crd[start[i], start[i + 1])} (sorted,
     * unique) with the values {@code vals} at the same indices (null in {@link ValueMode#NONE}). Shards are
     * updated in parallel, each by one thread. Returns how many coordinates were new.
     */
    public long insertBatch(int[] parents, int[] start, int count, int[] crd, double[] vals, int threads) {
        return insertBatch(parents, start, count, crd, vals, threads, null);
    }

    /**
     * {@link #insertBatch(int[], int[], int, int[], double[], int)} reporting what it replaced: {@code old[k]}
     * becomes the value {@code crd[k]} had before under its parent ({@link #value}), NaN where it was not stored
     * or the parent is negative; {@code old} null reports nothing ({@link DynamicFormat#insert(NodeStore, int,
     * int[], double[], int, int, double[])}).
     */
    public long insertBatch(int[] parents, int[] start, int count, int[] crd, double[] vals, int threads,
            double[] old) {
        if (old != null) {
            fillSkipped(parents, start, count, old);
        }
        long added = forEachShard(parents, start, count, threads, (store, i) -> {
            int p = parents[i];
            return impl.insert(store, roots[p], crd, vals, start[i], start[i + 1], old);
        });
        size = Math.toIntExact(size + added);
        return added;
    }

    /** Removes a batch (laid out as in {@link #insertBatch}); returns how many coordinates were present. */
    public long deleteBatch(int[] parents, int[] start, int count, int[] crd, int threads) {
        return deleteBatch(parents, start, count, crd, threads, null);
    }

    /** {@link #deleteBatch(int[], int[], int, int[], int)} reporting the removed values as {@code insertBatch} does. */
    public long deleteBatch(int[] parents, int[] start, int count, int[] crd, int threads, double[] old) {
        if (old != null) {
            fillSkipped(parents, start, count, old);
        }
        long removed = forEachShard(parents, start, count, threads, (store, i) -> {
            int p = parents[i];
            return impl.delete(store, roots[p], crd, start[i], start[i + 1], old);
        });
        size = Math.toIntExact(size - removed);
        return removed;
    }

    /** NaN for the entries of negative parents, which a batch skips. */
    private static void fillSkipped(int[] parents, int[] start, int count, double[] old) {
        for (int i = 0; i < count; i++) {
            if (parents[i] < 0) {
                Arrays.fill(old, start[i], start[i + 1], Double.NaN);
            }
        }
    }

    /** One parent's part of a batch: entry {@code i} of the batch's parents, in its shard's store. */
    @FunctionalInterface
    private interface ParentUpdate {
        int apply(NodeStore store, int i);
    }

    /** Batches of fewer entries are applied in the calling thread: handing them to the pool costs more. */
    private static final int SEQUENTIAL_BATCH = 2048;

    /**
     * Runs {@code u} for the parents {@code [0, count)} of a batch whose parent {@code i} has the entries
     * {@code [start[i], start[i + 1])}, grouped by shard, shards in parallel; sums the results.
     */
    private long forEachShard(int[] parents, int[] start, int count, int threads, ParentUpdate u) {
        int entries = start[count] - start[0];
        if (mode == ValueMode.POSITION) {
            throw new IllegalStateException("dynamic level: batch updates of a level of positions go through insertRows");
        }
        // Order the entries by parent: (parent, index) packed in a long sorts by parent. One pass packs them and,
        // taking them to be sorted (batches come sorted by row), cuts them into runs of one shard each and counts
        // each run's entries; a batch out of order is sorted and cut again.
        if (shardScratch == null) {
            shardScratch = new BatchScratch();
        }
        long[] key = shardScratch.longs(0, count);
        int[] runStart = shardScratch.ints(0, count + 1);
        long[] before = shardScratch.longs(1, count + 1);
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
        int blocks = Math.min(runs, 8 * threads);
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
        Parallel.forEachBlock(threads, blocks, blk -> {
            long n = 0;
            for (int run = bounds[blk]; run < bounds[blk + 1]; run++) {
                n += applyRun(key, runStart, run, u);
            }
            sum.add(n);
        });
        return sum.sum();
    }

    /** Parents whose structures are read ahead together ({@link #applyRun}). */
    private static final int TOUCH_BLOCK = 32;
    /** What the reads ahead read, so that they stay; never used otherwise. */
    private static volatile int touched;

    /**
     * Applies {@code u} to the parents of run {@code run} (one shard) in its writable store; sums the results.
     * Parents go in blocks: the root records of a block's structures are read first, then their first chunks
     * ({@link DynamicFormat#touch}), then the block is updated, so that the cache misses of reaching rows far
     * apart overlap.
     */
    private long applyRun(long[] key, int[] runStart, int run, ParentUpdate u) {
        NodeStore store = writableRows((int) (key[runStart[run]] >>> 32) >>> shardBits);
        int from = runStart[run];
        int to = runStart[run + 1];
        int[] roots = this.roots;
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
     * {@code locate} in {@link ValueMode#POSITION}: the position of coordinate {@code i} under {@code p},
     * or -1. O(depth) for search trees, a scan for chains (see {@link DynamicLevelFormat}).
     */
    public int locate(int p, int i) {
        double v = impl.get(storeOf(p), roots[p], i);
        return Double.isNaN(v) ? -1 : (int) v;
    }

    /** Whether coordinate {@code i} is stored under {@code p} (any mode). */
    public boolean contains(int p, int i) {
        return !Double.isNaN(impl.get(storeOf(p), roots[p], i));
    }

    /** The value of coordinate {@code i} under {@code p} in {@link ValueMode#DOUBLE}, or NaN when absent. */
    public double value(int p, int i) {
        return impl.get(storeOf(p), roots[p], i);
    }

    /**
     * Reads a batch laid out as in {@link #insertBatch}: {@code out[k]} becomes what {@link #value} reads for
     * coordinate {@code crd[k]} under {@code parents[i]}, {@code k} in {@code [start[i], start[i + 1])}, NaN
     * when it is not stored or the parent is negative. Large batches are read on {@code threads} threads,
     * each taking whole parents; no store is changed, so snapshots may share them.
     */
    public void values(int[] parents, int[] start, int count, int[] crd, double[] out, int threads) {
        int entries = start[count] - start[0];
        int blocks = entries < SEQUENTIAL_BATCH || threads <= 1 ? 1 : 4 * threads;
        // Blocks of about equal entries, not parents: R-MAT batches pile onto a few rows.
        int[] bounds = new int[blocks + 1];
        for (int b = 1; b < blocks; b++) {
            int target = start[0] + (int) ((long) entries * b / blocks);
            int i = Arrays.binarySearch(start, 0, count + 1, target);
            bounds[b] = Math.max(bounds[b - 1], i >= 0 ? i : -i - 2);
        }
        bounds[blocks] = count;
        Parallel.forEachBlock(threads, blocks, blk -> {
            for (int i = bounds[blk]; i < bounds[blk + 1]; i++) {
                int p = parents[i];
                if (p < 0) {
                    Arrays.fill(out, start[i], start[i + 1], Double.NaN);
                } else {
                    impl.getSorted(storeOf(p), roots[p], crd, start[i], start[i + 1], out);
                }
            }
        });
    }

    /** Number of elements under parent {@code p}. */
    public int structureSize(int p) {
        return impl.size(storeOf(p), roots[p]);
    }

    /**
     * Writes parent {@code p}'s elements in traversal order from {@code at}: coordinates to {@code crd},
     * positions (as doubles) or values to {@code val} (1.0 in {@link ValueMode#NONE}); returns the index
     * after the last.
     */
    public int collect(int p, int[] crd, double[] val, int at) {
        return impl.collect(storeOf(p), roots[p], crd, val, at);
    }

    /**
     * Checks every structure's invariants ({@link DynamicFormat#check}) and, for a level of values or none,
     * that they hold {@link #size()} elements in all.
     */
    public void check() {
        long total = 0;
        for (int p = 0; p < parentSize; p++) {
            impl.check(storeOf(p), roots[p]);
            total += impl.size(storeOf(p), roots[p]);
        }
        if (directory != null) {
            checkDirectory();
        }
        // Positions handed out stay counted when a structure of positions is changed through its format.
        if (mode != ValueMode.POSITION && total != size) {
            throw new IllegalStateException("dynamic level " + format.name() + ": " + size + " elements counted, "
                    + total + " stored");
        }
    }

    /** Shrinks every shard's arrays after assembly. */
    public void trim() {
        for (NodeStore s : shards) {
            s.trim();
        }
    }

    /** The format's implementation. */
    public DynamicFormat impl() {
        return impl;
    }

    /** log2 of the parents per shard. */
    public int shardBits() {
        return shardBits;
    }

    /** Number of shards. */
    public int shardCount() {
        return shards.length;
    }

    /** The store of shard {@code s}: parents {@code [s << shardBits(), (s + 1) << shardBits())}. */
    public NodeStore store(int s) {
        return shards[s];
    }

    /**
     * The in-order index of shard {@code s}'s trees ({@link NodeOrder}; local parent {@code p - (s << shardBits)}),
     * made on first use after the shard last changed. For schemas of {@link NodeOrder#shapeOf a shape that has one}.
     */
    public NodeOrder nodeOrder(int s) {
        int lo = s << shardBits;
        int hi = (int) Math.min(parentSize, (long) (s + 1) << shardBits);
        return shards[s].nodeOrder(roots, lo, Math.max(lo, hi));
    }

    /** The store holding parent {@code p}'s structure. */
    public NodeStore storeOf(int p) {
        return shards[p >>> shardBits];
    }

    /** Root record of each parent's structure in its shard (not a copy; replaced when parents are added). */
    public int[] roots() {
        return roots;
    }

    /**
     * Number of elements: positions handed out (in {@link ValueMode#POSITION}, including those of
     * structures later emptied), else stored elements.
     */
    @Override
    public int size() {
        return size;
    }

    @Override
    public long memoryBytes() {
        long b = 4L * roots.length + (directory == null ? 0 : 4L * directory.length);
        for (NodeStore s : shards) {
            b += s.memoryBytes();
        }
        return b;
    }

    /**
     * As {@link #memoryBytes()}, counting only the arrays and stores not yet in {@code seen} (and adding them):
     * levels of a graph and of its snapshots share stores and roots, each held once.
     */
    public long memoryBytes(Set<Object> seen) {
        long b = 0;
        if (seen.add(roots)) {
            b += 4L * roots.length;
        }
        if (directory != null && seen.add(directory)) {
            b += 4L * directory.length;
        }
        for (NodeStore s : shards) {
            if (seen.add(s)) {
                b += s.memoryBytes();
            }
        }
        return b;
    }
}
