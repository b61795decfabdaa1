package org.stag.formats.level;

import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.NodeOrder;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ShardedRows;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.dynamic.ValueMode;
import org.stag.loaders.RowBlocks;

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
 * or {@link #append} per element ({@code append_first}/{@code append_rest} of [Chou 2021]); or, for a last
 * level, {@link #buildRows} from CSR rows, shards in parallel. Afterwards the level takes batch updates
 * ({@link #insertBatch}, {@link #deleteBatch}; rows of a row level by {@link #insertRows} and
 * {@link #removeCoordinates}) and grows ({@link #growParents}).
 *
 * <p>Its parts: the stores, shared copy-on-write with snapshots ({@link ShardSet}); the spreading of work over
 * shards ({@link BatchScheduler}); a row level's directory of positions ({@link RowDirectory}).
 */
public final class DynamicLevel extends Level {
    private final DynamicLevelFormat format;
    private final DynamicFormat impl;
    private final ValueMode mode;
    private int shardBits;
    /** The shards' node stores, copy-on-write once a snapshot was taken. */
    private final ShardSet shards;
    private int[] roots = new int[0];
    /** Elements (a long: a last level of values may hold more than an int counts); positions stay ints. */
    private long size;
    /** A row level's positions by coordinate and the positions of removed rows. */
    private final RowDirectory directory;
    private final BatchScheduler scheduler = new BatchScheduler(this);
    /** Assembly one parent at a time ({@link #build}, {@link #append}). */
    private final LevelAppender appender;

    DynamicLevel(DynamicLevelFormat format, int dimension, ValueMode mode) {
        super(dimension);
        this.format = format;
        this.impl = format.format();
        this.mode = mode;
        this.shardBits = ShardedRows.bitsFor(0);
        this.shards = new ShardSet();
        this.directory = new RowDirectory();
        this.appender = new LevelAppender(this, -1);
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
        this.shards = o.shards.readOnlyCopy();
        this.roots = o.roots;
        this.size = o.size;
        this.directory = new RowDirectory();
        this.appender = new LevelAppender(this, o.appender.lastParent());
    }

    /** Whether this is a snapshot's copy: batches refuse it ({@code Tensor.takesBatches} is false). */
    public boolean readOnly() {
        return shards.readOnly();
    }

    /**
     * An immutable view of this level as it is now, for a snapshot of epoch {@code e.now()} that the caller
     * then opens ({@link SnapshotEpochs#open}). O(shards): the stores are shared, and this level copies a
     * store before it next changes one that an open snapshot reads (copy-on-write). The roots array is shared
     * too: batches never write an existing parent's entry (new parents get a new array). Every level of one
     * graph must use the same epochs.
     */
    public DynamicLevel snapshot(SnapshotEpochs e) {
        shards.holdFor(e);
        return new DynamicLevel(this);
    }

    /** The store of shard {@code s}, ready to change ({@link ShardSet#writable}), its node index dropped. */
    private NodeStore writable(int s) {
        NodeStore store = writableRows(s);
        store.invalidateNodeOrder();
        return store;
    }

    /** {@link #writable} for a write that names each parent it changes to the store first ({@link NodeStore#invalidateNodeOrder(int)}). */
    NodeStore writableRows(int s) {
        return shards.writable(s);
    }

    /** The store of parent {@code p}, ready for a change of {@code p}'s structure only. */
    NodeStore writableRow(int p) {
        NodeStore store = writableRows(p >>> shardBits);
        store.invalidateNodeOrder(p & ((1 << shardBits) - 1));
        return store;
    }

    @Override
    public DynamicLevelFormat format() {
        return format;
    }

    /** What elements carry: {@link ValueMode#POSITION}, {@link ValueMode#DOUBLE} values, or nothing ({@link ValueMode#NONE}). */
    @Override
    public ValueMode mode() {
        return mode;
    }

    /** Whether elements carry the tensor's values rather than positions. */
    @Override
    public boolean holdsValues() {
        return mode == ValueMode.DOUBLE;
    }

    /** Whether elements carry positions ({@link ValueMode#POSITION}); otherwise there are none. */
    public boolean carriesPositions() {
        return mode == ValueMode.POSITION;
    }

    /** {@code append_init} (once): one empty structure per parent position, parents sharded by count. */
    public void appendInit(int parentSize) {
        appendInit(parentSize, Integer.MAX_VALUE);
    }

    /**
     * {@link #appendInit(int)} with shards of at most {@code 2^maxShardBits} parents: a level built from row blocks
     * ({@link RowBlocks}) takes shards within its blocks, so that no shard's arena holds more entries than a block.
     */
    public void appendInit(int parentSize, int maxShardBits) {
        if (roots.length > 0 || size > 0) {
            throw new IllegalStateException("dynamic level: already initialised");
        }
        shardBits = Math.min(ShardedRows.bitsFor(parentSize), maxShardBits);
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
        shards.grow(count, impl, mode);
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
        return appender.build(p, crd, scratch, from, to);
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
        appender.checkFresh();
        size = scheduler.buildRows(RowBlocks.of(rowPtr.length - 1, rowPtr, col, vals), rowOf, threads);
        appender.assembledAll();
    }

    /**
     * {@link #buildRows(int[], int[], int[], double[], int)} from rows held in row blocks, whose entries may pass
     * 2^31 in {@link ValueMode#DOUBLE} and {@link ValueMode#NONE}: the level is initialised with shards no larger
     * than the blocks ({@link #appendInit(int, int)}) so that no shard's arena holds more than a block, and
     * each shard reads its rows from their block.
     */
    public void buildRows(RowBlocks rows, int[] rowOf, int threads) {
        appender.checkFresh();
        if (mode == ValueMode.POSITION && rows.entries() > MAX_SIZE) {
            throw new IllegalArgumentException("dynamic level: " + rows.entries() + " positions, more than " + MAX_SIZE);
        }
        size = scheduler.buildRows(rows, rowOf, threads);
        appender.assembledAll();
    }

    /**
     * {@code append_first} / {@code append_rest}: appends coordinate {@code i} to parent {@code p}'s
     * structure (parents in non-decreasing order, coordinates of one parent increasing). Returns the new
     * element's position, or -1 in {@link ValueMode#DOUBLE}, where {@code value} is stored, and in
     * {@link ValueMode#NONE}, where it is ignored.
     */
    public int append(int p, int i, double value) {
        return appender.append(p, i, value);
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
        directory.insertRows(this, p, crd, from, to, positions);
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
        return directory.removeCoordinates(this, p, crd, from, to);
    }

    /** A fresh position, {@link #size()}, which grows by one: for a new row that reuses none. */
    int freshPosition() {
        return (int) size++;
    }

    /** Adds {@code n} elements (or positions handed out) to the count: assembly appended them. */
    void grew(int n) {
        size += n;
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
        return directory.positionOf(this, i);
    }

    /**
     * Merges a batch into the structures of a last level ({@link ValueMode#DOUBLE} or {@link ValueMode#NONE}):
     * parent {@code parents[i]} (distinct, any order; a negative one is skipped) gets {@code crd[start[i],
     * start[i + 1])} (sorted, unique) with the values {@code vals} at the same indices (null in
     * {@link ValueMode#NONE}), shards in parallel ({@link BatchScheduler}). {@code old[k]} (when {@code old} is not
     * null) becomes the value {@code crd[k]} had before under its parent ({@link #value}), NaN where it was not
     * stored or the parent is negative. Returns how many coordinates were new.
     */
    public long insertBatch(int[] parents, int[] start, int count, int[] crd, double[] vals, int threads,
            double[] old) {
        long added = scheduler.update(parents, start, count, threads, old,
                (store, i) -> impl.insert(store, roots[parents[i]], crd, vals, start[i], start[i + 1], old));
        size += added;
        return added;
    }

    /**
     * Removes a batch laid out as in {@link #insertBatch}, reporting the removed values as it does; returns how
     * many coordinates were present.
     */
    public long deleteBatch(int[] parents, int[] start, int count, int[] crd, int threads, double[] old) {
        long removed = scheduler.update(parents, start, count, threads, old,
                (store, i) -> impl.delete(store, roots[parents[i]], crd, start[i], start[i + 1], old));
        size -= removed;
        return removed;
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
        scheduler.read(parents, start, count, crd, out, threads);
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
        directory.check(this);
        // Positions handed out stay counted when a structure of positions is changed through its format.
        if (mode != ValueMode.POSITION && total != size) {
            throw new IllegalStateException("dynamic level " + format.name() + ": " + size + " elements counted, "
                    + total + " stored");
        }
    }

    /** Shrinks every shard's arrays after assembly. */
    public void trim() {
        shards.trim();
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
        return shards.count();
    }

    /** The store of shard {@code s}: parents {@code [s << shardBits(), (s + 1) << shardBits())}. */
    public NodeStore store(int s) {
        return shards.store(s);
    }

    /**
     * The in-order index of shard {@code s}'s trees ({@link NodeOrder}; local parent {@code p - (s << shardBits)}),
     * made on first use after the shard last changed. For schemas of {@link NodeOrder#shapeOf a shape that has one}.
     */
    public NodeOrder nodeOrder(int s) {
        int lo = s << shardBits;
        int hi = (int) Math.min(parentSize, (long) (s + 1) << shardBits);
        return shards.store(s).nodeOrder(roots, lo, Math.max(lo, hi));
    }

    /** The store holding parent {@code p}'s structure. */
    public NodeStore storeOf(int p) {
        return shards.store(p >>> shardBits);
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
        return Math.toIntExact(size);
    }

    @Override
    public long entries() {
        return size;
    }

    @Override
    public long memoryBytes() {
        return memoryBytes(Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    /**
     * As {@link #memoryBytes()}, counting only the arrays and stores not yet in {@code seen} (and adding them):
     * levels of a graph and of its snapshots share stores and roots, each held once.
     */
    public long memoryBytes(Set<Object> seen) {
        return (seen.add(roots) ? 4L * roots.length : 0) + directory.memoryBytes(seen) + shards.memoryBytes(seen);
    }
}
