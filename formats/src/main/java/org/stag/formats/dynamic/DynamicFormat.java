package org.stag.formats.dynamic;

import org.stag.formats.dynamic.walk.SchemaWalk;
import org.stag.formats.schema.Schema;

/**
 * A dynamic level format: a node schema plus its assembly ([Chou 2021], §3.2) and batch updates. A
 * structure is named by the handle of its root record (an instance of the schema's root type) in a
 * {@link NodeStore}; one store may hold many structures (one per row of a matrix).
 *
 * <p>Coordinates are non-negative ints. Values are doubles in {@link ValueMode#DOUBLE} stores, int
 * positions (passed as exactly representable doubles) in {@link ValueMode#POSITION} stores, and ignored in
 * {@link ValueMode#NONE} stores. Batches are sorted by coordinate and free of duplicates; callers
 * (the dynamic level, through {@link UpdateBatch}) guarantee it.
 */
public interface DynamicFormat {
    /** The format's name, as written in format strings ({@code ctree}). */
    String name();

    /** The node schema the storage is derived from. */
    Schema schema();

    /**
     * Whether {@link #collect} yields coordinates in increasing order. An unordered format (a schema
     * without {@code seq}) collects in storage order; readers that need order sort each row.
     */
    default boolean ordered() {
        return true;
    }

    /** A new empty store for structures of this format. */
    default NodeStore newStore(ValueMode mode) {
        return new NodeStore(schema(), mode);
    }

    /** Allocates the root record of a new, empty structure. */
    default int newRoot(NodeStore s) {
        return s.rootPool().alloc();
    }

    /**
     * Bulk assembly: fills the empty structure {@code root} with {@code crd[from, to)} (sorted, unique)
     * and their values. Trees come out balanced.
     */
    void build(NodeStore s, int root, int[] crd, double[] val, int from, int to);

    /**
     * Appends the first element of an empty structure; returns the append state to pass to
     * {@link #appendRest}. Elements must come in increasing coordinate order.
     */
    int appendFirst(NodeStore s, int root, int crd, double val);

    /** Appends the next element (larger than all before); returns the new state. */
    int appendRest(NodeStore s, int root, int state, int crd, double val);

    /**
     * Merges {@code crd[from, to)} (sorted, unique) into the structure: new coordinates are inserted,
     * present ones get the new value. Returns how many were new.
     */
    int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to);

    /** Removes the coordinates {@code crd[from, to)} (sorted, unique) that are present; returns how many were. */
    int delete(NodeStore s, int root, int[] crd, int from, int to);

    /**
     * {@link #insert(NodeStore, int, int[], double[], int, int)} that also reports what it replaced: {@code old[k]}
     * becomes the value coordinate {@code crd[k]} had before ({@link #get}), NaN where it was not stored,
     * {@code k} in {@code [from, to)}; {@code old} null reports nothing. How a batch learns what it changed
     * without a lookup pass of its own; a format whose insert finds each coordinate anyway overrides it to
     * report from that one descent.
     */
    default int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to, double[] old) {
        if (old != null) {
            getSorted(s, root, crd, from, to, old);
        }
        return insert(s, root, crd, val, from, to);
    }

    /**
     * {@link #delete(NodeStore, int, int[], int, int)} that also reports what it removed, as
     * {@link #insert(NodeStore, int, int[], double[], int, int, double[])} does: {@code old[k]} the value of
     * {@code crd[k]} before, NaN where it was not stored.
     */
    default int delete(NodeStore s, int root, int[] crd, int from, int to, double[] old) {
        if (old != null) {
            getSorted(s, root, crd, from, to, old);
        }
        return delete(s, root, crd, from, to);
    }

    /**
     * A read-ahead hint with no effect: an update of structure {@code root} of {@code s} comes soon, so this reads
     * the words it will start from, its root record ({@code stage} 0) or, once that is cached, its first chunk or
     * node ({@code stage} 1). Batch loops call it for a block of structures before updating them
     * ({@code DynamicLevel}), so that the cache misses of reaching them overlap instead of coming one after the
     * other. Returns something it read (callers keep a sum, so the reads are not dropped); the default reads
     * nothing.
     */
    default int touch(NodeStore s, int root, int stage) {
        return 0;
    }

    /** Number of stored elements, counted by the schema-derived {@link SchemaWalk} (no format writes its own). */
    default int size(NodeStore s, int root) {
        return s.walk().size(root);
    }

    /**
     * Writes the elements in coordinate order (storage order when not {@link #ordered()}) into
     * {@code crd} and {@code val} (val may be null) from {@code at}; returns the position after the last
     * one written. Read off the schema by {@link SchemaWalk}, so it reads what generated code reads.
     */
    default int collect(NodeStore s, int root, int[] crd, double[] val, int at) {
        return s.walk().collect(root, crd, val, at);
    }

    /**
     * Value of coordinate {@code c}, or {@code Double.NaN} when it is not stored: a search descent where the
     * schema is a search tree, else a scan ({@link SchemaWalk#get}).
     */
    default double get(NodeStore s, int root, int c) {
        return s.walk().get(root, c);
    }

    /**
     * The values of coordinates {@code crd[from, to)} (sorted, unique) into {@code out[from, to)}, NaN where one
     * is not stored, as {@link #get} reads them one by one: how a batch learns what it replaces. A format whose
     * structure is searched in order overrides it to share the descent between neighbouring coordinates.
     */
    default void getSorted(NodeStore s, int root, int[] crd, int from, int to, double[] out) {
        for (int k = from; k < to; k++) {
            out[k] = get(s, root, crd[k]);
        }
    }

    /** Frees every node of the structure and leaves the root empty. */
    void clear(NodeStore s, int root);

    /**
     * Checks the structure's invariants (order, balance, fill bounds, …).
     *
     * @throws IllegalStateException naming the first invariant found broken
     */
    void check(NodeStore s, int root);
}
