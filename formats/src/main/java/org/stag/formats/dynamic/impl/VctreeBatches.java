package org.stag.formats.dynamic.impl;

import java.util.Arrays;

/**
 * Batch updates of one compressed C-tree structure ({@link VctreeFormat}), chunk by chunk as {@link CtreeBatches}
 * does them: a sorted batch is cut into groups, one per chunk it falls into (one head-tree search per group);
 * each group's chunk is decoded, merged with the group (or cleared of it) and encoded again. New heads split
 * the merged run into new chunks; a deleted head's chunk joins its predecessor's. Each reports per batch entry,
 * when asked, the value it replaced or removed (NaN where the entry was absent).
 */
final class VctreeBatches {
    private VctreeBatches() {
    }

    /** Inserts the sorted batch {@code crd[from, to)} (non-empty); returns how many were new. */
    static int insert(CtreeView v, long threshold, int[] crd, double[] val, int from, int to, double[] old) {
        if (old != null) {
            Arrays.fill(old, from, to, Double.NaN);
        }
        int added = 0;
        int i = from;
        while (i < to) {
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
            while (j < to && crd[j] < v.bound) {
                j++;
            }
            if (j > i) {
                added += merge(v, threshold, owner, crd, val, i, j, old);
            }
            i = j;
        }
        return added;
    }

    /** Merges the group {@code crd[from, to)} into chunk {@code owner}, splitting at new heads; returns how many were new. */
    private static int merge(CtreeView v, long threshold, int owner, int[] bc, double[] bv, int from, int to, double[] old) {
        VctreeRuns.Scratch sc = VctreeRuns.Scratch.get();
        sc.ensure(v.size(owner));
        int n = VctreeRuns.read(v, owner, sc.crd, sc.val, 0);
        sc.ensureOut(n + to - from);
        int[] mc = sc.crd;
        double[] mv = sc.val;
        int[] oc = sc.outCrd;
        double[] ov = sc.outVal;
        int a = 0;
        int b = from;
        int m = 0;
        int added = 0;
        while (a < n || b < to) {
            if (b == to || (a < n && mc[a] < bc[b])) {
                oc[m] = mc[a];
                ov[m++] = mv[a++];
            } else {
                if (a < n && mc[a] == bc[b]) {
                    if (old != null) {
                        old[b] = mv[a];
                    }
                    a++;
                } else {
                    added++;
                }
                oc[m] = bc[b];
                ov[m++] = CtreeView.valueOf(bv, b++);
            }
        }
        // Only batch elements can be new heads; the chunk's own elements are not heads.
        int cut = 0;
        while (cut < m && !CtreeHash.isHead(oc[cut], threshold)) {
            cut++;
        }
        VctreeRuns.write(v, owner, oc, ov, 0, cut, false);
        while (cut < m) {
            int z = CtreeAssembly.head(v, oc[cut], ov[cut]);
            CtreeTreap.insert(v, z);
            int e = cut + 1;
            while (e < m && !CtreeHash.isHead(oc[e], threshold)) {
                e++;
            }
            VctreeRuns.write(v, z, oc, ov, cut + 1, e - cut - 1, false);
            cut = e;
        }
        return added;
    }

    /** Removes the sorted batch {@code crd[from, to)} (non-empty); returns how many were present. */
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
                removed += 1 + dissolve(v, found, foundParent, pred, crd, i + 1, j, old);
            } else {
                removed += remove(v, pred, crd, i, j, old, -1);
            }
            i = j;
        }
        return removed;
    }

    /**
     * Removes {@code crd[from, to)} from chunk {@code owner}; with {@code join >= 0} (a head being deleted),
     * first appends head {@code join}'s chunk to it. Returns how many were present.
     */
    private static int remove(CtreeView v, int owner, int[] bc, int from, int to, double[] old, int join) {
        VctreeRuns.Scratch sc = VctreeRuns.Scratch.get();
        int n = v.size(owner) + (join > 0 ? v.size(join) : 0);
        sc.ensure(n);
        int k = VctreeRuns.read(v, owner, sc.crd, sc.val, 0);
        if (join > 0) {
            VctreeRuns.read(v, join, sc.crd, sc.val, k);
        }
        int[] mc = sc.crd;
        double[] mv = sc.val;
        int m = 0;
        int b = from;
        int removed = 0;
        for (int a = 0; a < n; a++) {
            while (b < to && bc[b] < mc[a]) {
                b++;
            }
            if (b < to && bc[b] == mc[a]) {
                if (old != null) {
                    old[b] = mv[a];
                }
                removed++;
                b++;
                continue;
            }
            mc[m] = mc[a];
            mv[m++] = mv[a];
        }
        if (removed == 0 && join <= 0) {
            return 0;
        }
        VctreeRuns.write(v, owner, mc, mv, 0, m, false);
        return removed;
    }

    /** Deletes head {@code x}: its chunk, less {@code crd[from, to)}, joins chunk {@code pred}; returns how many of those were present. */
    private static int dissolve(CtreeView v, int x, int parent, int pred, int[] bc, int from, int to, double[] old) {
        int removed = remove(v, pred, bc, from, to, old, x);
        v.freeRun(v.off(x), v.cap(x));
        v.setChunk(x, 0, 0, 0);
        CtreeTreap.remove(v, x, parent);
        v.freeNode(x);
        return removed;
    }
}
