package org.stag.formats.dynamic.impl;

import java.util.Arrays;

/**
 * Batch updates of one C-tree structure ({@link CtreeFormat}): a sorted batch is cut into groups, one per
 * chunk it falls into (one tree search per group), and each group is merged into (or removed from) its chunk
 * in one pass ({@link CtreeChunks}); new heads split the merged run into new chunks. Each reports per batch
 * entry, when asked, the value it replaced or removed (NaN where the entry was absent), recorded in its own
 * descent.
 */
final class CtreeBatches {
    private CtreeBatches() {
    }

    /** Inserts the sorted batch {@code crd[from, to)} (non-empty) into {@code v}'s structure; returns how many were new. */
    static int insert(CtreeView v, long threshold, int[] crd, double[] val, int from, int to, double[] old) {
        if (old != null) {
            Arrays.fill(old, from, to, Double.NaN);
        }
        if (CtreeAssembly.isEmpty(v)) {
            CtreeAssembly.build(v, threshold, crd, val, from, to, false);
            return to - from;
        }
        int added = 0;
        int i = from;
        while (i < to) {
            // The chunk of crd[i] takes the group of batch elements below the next head.
            v.seek(crd[i]);
            int owner = v.owner;
            if (owner != 0 && v.key[owner] == crd[i]) {
                if (old != null) {
                    old[i] = v.keyValue(owner);
                }
                v.setKeyValue(owner, CtreeView.valueOf(val, i));
                i++;
            }
            int j = i;
            boolean newHeads = false;
            while (j < to && crd[j] < v.bound) {
                newHeads |= CtreeHash.isHead(crd[j], threshold);
                j++;
            }
            if (j > i) {
                added += newHeads ? CtreeChunks.split(v, owner, crd, val, i, j, threshold, old)
                        : CtreeChunks.merge(v, owner, crd, val, i, j, old);
            }
            i = j;
        }
        return added;
    }

    /** Removes the sorted batch {@code crd[from, to)} (non-empty) from {@code v}'s structure; returns how many were present. */
    static int delete(CtreeView v, int[] crd, int from, int to, double[] old) {
        if (old != null) {
            Arrays.fill(old, from, to, Double.NaN);
        }
        int removed = 0;
        int i = from;
        while (i < to) {
            // pred: the largest head below c (0: the prefix); found: the head c itself, if present.
            v.seekHead(crd[i]);
            int pred = v.owner;
            int found = v.found;
            int foundParent = v.foundParent;
            long bound = v.bound;
            int j = i + 1;
            while (j < to && crd[j] < bound) {
                j++;
            }
            if (found != 0) {
                if (old != null) {
                    old[i] = v.keyValue(found);
                }
                removed += 1 + CtreeChunks.dissolve(v, found, foundParent, pred, crd, i + 1, j, old);
            } else {
                removed += CtreeChunks.remove(v, pred, crd, i, j, old);
            }
            i = j;
        }
        return removed;
    }
}
