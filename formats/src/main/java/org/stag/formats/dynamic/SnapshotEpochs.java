package org.stag.formats.dynamic;

import java.util.TreeMap;

/**
 * The snapshots open on one versioned structure, by epoch: what copy-on-write asks before changing a node store.
 * Snapshot {@code k} (the {@code k}-th taken, from 0) has epoch {@code k}. A store records the epoch in force
 * when it became current (its birth: {@link #now()}); every snapshot taken since then and before the store was
 * replaced reads it. So a live store must be copied before it changes exactly when some open snapshot has an
 * epoch at or after the store's birth ({@link #heldSince}); with none open, stores change in place.
 *
 * <p>Thread-safe: snapshots are closed from any thread. A close that races with a writer's question makes at
 * worst one copy that was not needed.
 */
public final class SnapshotEpochs {
    /** Open snapshots per epoch (one each, unless a caller opens an epoch twice). */
    private final TreeMap<Long, Integer> open = new TreeMap<>();
    private long next;

    /** The epoch the next snapshot gets: the birth of a store made or copied now. */
    public synchronized long now() {
        return next;
    }

    /** Registers a new snapshot and returns its epoch. */
    public synchronized long open() {
        long e = next++;
        open.merge(e, 1, Integer::sum);
        return e;
    }

    /** Lets snapshot {@code epoch} go; a second close of the same epoch is refused. */
    public synchronized void close(long epoch) {
        Integer c = open.get(epoch);
        if (c == null) {
            throw new IllegalStateException("snapshot epoch " + epoch + " is not open");
        }
        if (c == 1) {
            open.remove(epoch);
        } else {
            open.put(epoch, c - 1);
        }
    }

    /** Whether an open snapshot has an epoch at or after {@code birth}: it reads a store born then. */
    public synchronized boolean heldSince(long birth) {
        return !open.isEmpty() && open.lastKey() >= birth;
    }

    /** Number of open snapshots. */
    public synchronized int openCount() {
        int n = 0;
        for (int c : open.values()) {
            n += c;
        }
        return n;
    }
}
