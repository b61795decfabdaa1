package org.stag.formats.level;

import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ValueMode;

/**
 * A dynamic level: one structure of a {@link DynamicFormat} per parent position, all in one
 * {@link NodeStore}; {@code roots[p]} is the root record of parent {@code p}'s structure.
 *
 * <p>In {@link ValueMode#POSITION} (a level that is not the last, or the last level of a tensor whose
 * values are not doubles) every element carries its position: the index of its subtree in the next
 * level, or of its value in the tensor's value array. Assembly hands out positions {@code 0, 1, …} in
 * the order elements are appended or built, so for an ordered build they increase with the coordinates,
 * as static levels' positions do. In {@link ValueMode#DOUBLE} (the last level of a double tensor) the
 * element carries its value, as in {@code DynamicMatrix}, and there are no positions. In
 * {@link ValueMode#NONE} (the last level of a pattern tensor, whose values are
 * {@link org.stag.formats.tensor.ConstantValues constant}) elements carry only their coordinates.
 *
 * <p>Assembly: {@link #appendInit}, then per parent in position order either one bulk {@link #build}
 * or {@link #append} per element (seed 000's {@code append_first}/{@code append_rest}).
 */
public final class DynamicLevel extends Level {
    private final DynamicLevelFormat format;
    private final DynamicFormat impl;
    private final ValueMode mode;
    private final NodeStore store;
    private int[] roots = new int[0];
    private int size;
    /** The parent assembled last, and whether by appends (then {@code appendState} continues it). */
    private int lastParent = -1;
    private boolean appending;
    private int appendState;

    DynamicLevel(DynamicLevelFormat format, int dimension, ValueMode mode) {
        super(dimension);
        this.format = format;
        this.impl = format.format();
        this.mode = mode;
        this.store = impl.newStore(mode);
    }

    @Override
    public DynamicLevelFormat format() {
        return format;
    }

    /** What elements carry besides their coordinate: a position, a double value, or nothing. */
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

    /** {@code append_init} (once): one empty structure per parent position. */
    public void appendInit(int parentSize) {
        if (roots.length > 0 || size > 0) {
            throw new IllegalStateException("dynamic level: already initialised");
        }
        this.parentSize = parentSize;
        store.rootPool().ensureSpare(parentSize);
        this.roots = new int[parentSize];
        for (int p = 0; p < parentSize; p++) {
            roots[p] = impl.newRoot(store);
        }
    }

    /**
     * Bulk assembly of parent {@code p}'s structure from {@code crd[from, to)} (sorted, unique). In
     * {@link ValueMode#POSITION} the elements get positions {@code size(), size() + 1, …}, written to
     * {@code scratch[from, to)}, and the first is returned; in {@link ValueMode#DOUBLE} {@code scratch}
     * holds the values and -1 is returned; in {@link ValueMode#NONE} it is not read and -1 is returned.
     */
    public int build(int p, int[] crd, double[] scratch, int from, int to) {
        checkParent(p);
        int first = size;
        if (mode == ValueMode.POSITION) {
            for (int k = from; k < to; k++) {
                scratch[k] = size + (k - from);
            }
        }
        impl.build(store, roots[p], crd, scratch, from, to);
        size += to - from;
        lastParent = p;
        appending = false;
        return mode == ValueMode.POSITION ? first : -1;
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
        if (appending && p == lastParent) {
            appendState = impl.appendRest(store, roots[p], appendState, i, carried);
        } else {
            checkParent(p);
            appendState = impl.appendFirst(store, roots[p], i, carried);
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
     * {@code locate} in {@link ValueMode#POSITION}: the position of coordinate {@code i} under {@code p},
     * or -1. O(depth) for search trees, a scan for chains (see {@link DynamicLevelFormat}).
     */
    public int locate(int p, int i) {
        double v = impl.get(store, roots[p], i);
        return Double.isNaN(v) ? -1 : (int) v;
    }

    /** Whether coordinate {@code i} is stored under {@code p} (any mode). */
    public boolean contains(int p, int i) {
        return !Double.isNaN(impl.get(store, roots[p], i));
    }

    /** The value of coordinate {@code i} under {@code p} in {@link ValueMode#DOUBLE}, or NaN when absent. */
    public double value(int p, int i) {
        return impl.get(store, roots[p], i);
    }

    /** Number of elements under parent {@code p}. */
    public int structureSize(int p) {
        return impl.size(store, roots[p]);
    }

    /**
     * Writes parent {@code p}'s elements in traversal order from {@code at}: coordinates to {@code crd},
     * positions (as doubles) or values to {@code val} (1.0 in {@link ValueMode#NONE}); returns the index
     * after the last.
     */
    public int collect(int p, int[] crd, double[] val, int at) {
        return impl.collect(store, roots[p], crd, val, at);
    }

    /** Checks every structure's invariants ({@link DynamicFormat#check}). */
    public void check() {
        for (int p = 0; p < parentSize; p++) {
            impl.check(store, roots[p]);
        }
    }

    /** Shrinks the store's arrays after assembly. */
    public void trim() {
        store.trim();
    }

    /** The format's implementation. */
    public DynamicFormat impl() {
        return impl;
    }

    /** The store holding every structure of the level. */
    public NodeStore store() {
        return store;
    }

    /** Root record of each parent's structure (not a copy). */
    public int[] roots() {
        return roots;
    }

    /** Number of elements: positions handed out (in {@link ValueMode#DOUBLE} and {@link ValueMode#NONE}, stored elements). */
    @Override
    public int size() {
        return size;
    }

    @Override
    public long memoryBytes() {
        return store.memoryBytes() + 4L * roots.length;
    }
}
