package org.stag.formats.level;

import java.util.Arrays;
import java.util.Set;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.SnapshotEpochs;
import org.stag.formats.dynamic.ValueMode;

/**
 * The node stores of a {@link DynamicLevel}, one per shard, shared copy-on-write with snapshots: once a
 * snapshot was taken ({@link #holdFor}), a store an open snapshot reads is copied before it next changes
 * ({@link #writable}). Each store records the epoch at which it became current (its birth,
 * {@link SnapshotEpochs}). A snapshot's copy ({@link #readOnlyCopy}) shares the stores and refuses every write.
 */
final class ShardSet {
    private NodeStore[] stores;
    /**
     * The snapshots of the versioned graph this level belongs to, once one was taken; null before: then stores
     * change in place.
     */
    private SnapshotEpochs epochs;
    /** Per store, the epoch at which it became current; empty without epochs. */
    private long[] birth = new long[0];
    /** Whether this is a snapshot's copy, which shares stores and must never change them. */
    private final boolean readOnly;

    ShardSet() {
        this(new NodeStore[0], false);
    }

    private ShardSet(NodeStore[] stores, boolean readOnly) {
        this.stores = stores;
        this.readOnly = readOnly;
    }

    /** A read-only copy: the same stores (the array of them copied, so that this set can replace one it writes). */
    ShardSet readOnlyCopy() {
        return new ShardSet(stores.clone(), true);
    }

    boolean readOnly() {
        return readOnly;
    }

    /** Number of shards. */
    int count() {
        return stores.length;
    }

    /** The store of shard {@code s}, to read. */
    NodeStore store(int s) {
        return stores[s];
    }

    /** Bytes of the stores that {@code seen} does not hold yet; adds them (snapshots share stores). */
    long memoryBytes(Set<Object> seen) {
        long b = 0;
        for (NodeStore s : stores) {
            if (seen.add(s)) {
                b += s.memoryBytes();
            }
        }
        return b;
    }

    /** Adds empty stores of {@code format} up to {@code count} shards, born now. */
    void grow(int count, DynamicFormat format, ValueMode mode) {
        if (count <= stores.length) {
            return;
        }
        NodeStore[] more = Arrays.copyOf(stores, count);
        for (int s = stores.length; s < count; s++) {
            more[s] = format.newStore(mode);
        }
        if (epochs != null) {
            int from = birth.length;
            birth = Arrays.copyOf(birth, count);
            Arrays.fill(birth, from, count, epochs.now());
        }
        stores = more;
    }

    /**
     * Makes the stores copy-on-write under {@code e} (the first snapshot's epochs; every later one must name the
     * same): every store is born at {@code e.now()}.
     */
    void holdFor(SnapshotEpochs e) {
        if (epochs == null) {
            epochs = e;
            birth = new long[stores.length];
            Arrays.fill(birth, e.now());
        } else if (epochs != e) {
            throw new IllegalStateException("dynamic level: snapshots of one level come from one SnapshotEpochs");
        }
    }

    /**
     * The store of shard {@code s}, ready to change: a copy of it first when an open snapshot reads it. Callers
     * of one batch touch distinct shards, so parallel calls never write the same slot.
     *
     * @throws UnsupportedOperationException for a snapshot's copy
     */
    NodeStore writable(int s) {
        if (readOnly) {
            throw new UnsupportedOperationException("dynamic level: a snapshot's copy is read-only");
        }
        if (epochs != null && epochs.heldSince(birth[s])) {
            stores[s] = stores[s].copy();
            birth[s] = epochs.now();
        }
        return stores[s];
    }

    /** Shrinks every store's arrays after assembly. */
    void trim() {
        for (NodeStore s : stores) {
            s.trim();
        }
    }
}
