package org.stag.formats.level;

import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ValueMode;

/**
 * Assembly of a {@link DynamicLevel} one parent at a time, parents in increasing order: one bulk
 * {@link DynamicFormat#build} per parent, or appends ({@code append_first} / {@code append_rest}) that carry the
 * format's append state from one coordinate of a parent to the next.
 */
final class LevelAppender {
    private final DynamicLevel level;
    /** The parent assembled last, and whether by appends (then {@code appendState} continues it). */
    private int lastParent;
    private boolean appending;
    private int appendState;

    LevelAppender(DynamicLevel level, int lastParent) {
        this.level = level;
        this.lastParent = lastParent;
    }

    int lastParent() {
        return lastParent;
    }

    /** See {@link DynamicLevel#build}. */
    int build(int p, int[] crd, double[] scratch, int from, int to) {
        checkParent(p);
        long size = level.entries();
        int first = (int) size;
        boolean positions = level.mode() == ValueMode.POSITION;
        if (positions) {
            for (int k = from; k < to; k++) {
                scratch[k] = size + (k - from);
            }
        }
        NodeStore store = level.storeOf(p);
        store.invalidateNodeOrder();
        level.impl().build(store, level.roots()[p], crd, scratch, from, to);
        level.grew(to - from);
        lastParent = p;
        appending = false;
        return positions ? first : -1;
    }

    /** See {@link DynamicLevel#append}. */
    int append(int p, int i, double value) {
        int position = (int) level.entries();
        boolean positions = level.mode() == ValueMode.POSITION;
        double carried = positions ? position : value;
        NodeStore store = level.storeOf(p);
        store.invalidateNodeOrder();
        DynamicFormat impl = level.impl();
        if (appending && p == lastParent) {
            appendState = impl.appendRest(store, level.roots()[p], appendState, i, carried);
        } else {
            checkParent(p);
            appendState = impl.appendFirst(store, level.roots()[p], i, carried);
            lastParent = p;
            appending = true;
        }
        level.grew(1);
        return positions ? position : -1;
    }

    /** Refuses a bulk build of every parent once anything was assembled. */
    void checkFresh() {
        if (level.entries() > 0 || lastParent >= 0) {
            throw new IllegalStateException("dynamic level: already assembled");
        }
    }

    /** Every parent was assembled at once (from rows). */
    void assembledAll() {
        lastParent = level.parentSize - 1;
    }

    /** Each parent is assembled once, parents in increasing order. */
    private void checkParent(int p) {
        if (p <= lastParent || p >= level.parentSize) {
            throw new IllegalArgumentException("dynamic level: parent " + p + " already assembled (last was "
                    + lastParent + ") or out of range 0.." + (level.parentSize - 1));
        }
    }
}
