package org.stag.formats.dynamic.impl;

import java.util.Arrays;
import org.stag.formats.dynamic.ChunkArena;

/**
 * Chunk-level steps of C-tree updates, each applied to one chunk and the slice of a sorted batch that falls
 * into it: merge (no new heads), split (new heads cut the merged run into new chunks), remove, and dissolve
 * (a deleted head's tail joins the previous chunk). Each touches its chunk once, moving runs in bulk.
 */
final class CtreeChunks {
    /**
     * Ranges up to this length are searched linearly: the scans of a group advance monotonically, so they
     * cost no more than the merge's moves, and streaming through a cold chunk beats a binary search's chain
     * of dependent cache misses.
     */
    private static final int LINEAR = 256;

    private CtreeChunks() {
    }

    /**
     * Merges non-head batch elements {@code [from, to)} into the chunk of {@code owner}; returns how many were new.
     * {@code old[k]} (when not null) gets the value a present element had before (absent ones are left alone).
     */
    static int merge(CtreeView v, int owner, int[] bc, double[] bv, int from, int to, double[] old) {
        int off = v.off(owner);
        int n = v.size(owner);
        int cap = v.cap(owner);
        if (to - from == 1) {
            int c = bc[from];
            int p = Arrays.binarySearch(v.crd, off, off + n, c);
            if (p >= 0) {
                if (old != null) {
                    old[from] = v.arenaValue(p);
                }
                v.setArenaValue(p, CtreeView.valueOf(bv, from));
                return 0;
            }
            int at = -p - 1 - off;
            if (n < cap) {
                v.copyArena(off + at, off + at + 1, n - at);
                v.putArena(off + at, c, CtreeView.valueOf(bv, from));
                v.setSize(owner, n + 1);
            } else {
                int nc = ChunkArena.capacityFor(n + 1);
                int no = v.allocRun(nc);
                v.copyArena(off, no, at);
                v.putArena(no + at, c, CtreeView.valueOf(bv, from));
                v.copyArena(off + at, no + at + 1, n - at);
                v.freeRun(off, cap);
                v.setChunk(owner, no, n + 1, nc);
            }
            return 1;
        }
        int[] a = v.crd;
        int end = off + n;
        if (n + (to - from) <= cap) {
            return mergeInPlace(v, owner, bc, bv, from, to, old);
        }
        // Present coordinates take their new value now; the merge below then keeps the chunk's copy.
        int present = 0;
        for (int k = from, p = off; k < to; k++) {
            p = gallop(a, p, end, bc[k]);
            if (p < end && a[p] == bc[k]) {
                if (old != null) {
                    old[k] = v.arenaValue(p);
                }
                v.setArenaValue(p, CtreeView.valueOf(bv, k));
                present++;
                p++;
            }
        }
        int nn = n + (to - from) - present;
        if (nn == n) {
            return 0;
        }
        if (nn <= cap) {
            // In place, from the back, so nothing is overwritten before it has moved; runs move in bulk.
            int w = off + nn - 1;
            int p = end - 1;
            for (int k = to - 1; k >= from; k--) {
                int c = bc[k];
                int q = shiftAbove(v, a, off, p, w, c);
                w -= p - q;
                p = q;
                if (p >= off && a[p] == c) {
                    v.move(p, w);
                    p--;
                } else {
                    v.putArena(w, c, CtreeView.valueOf(bv, k));
                }
                w--;
            }
            v.setSize(owner, nn);
        } else {
            int nc = ChunkArena.capacityFor(nn);
            int no = v.allocRun(nc);
            a = v.crd;
            int w = no;
            int p = off;
            for (int k = from; k < to; k++) {
                int c = bc[k];
                int q = gallop(a, p, end, c);
                v.copyArena(p, w, q - p);
                w += q - p;
                p = q;
                if (p < end && a[p] == c) {
                    v.move(p, w);
                    p++;
                } else {
                    v.putArena(w, c, CtreeView.valueOf(bv, k));
                }
                w++;
            }
            v.copyArena(p, w, end - p);
            v.freeRun(off, cap);
            v.setChunk(owner, no, nn, nc);
        }
        return nn - n;
    }

    /**
     * One step of a merge from the back: finds {@code q}, the last of {@code a(off..p]} below {@code c} or
     * {@code off - 1} (so {@code a(q..p]} are above {@code c}), moves {@code a(q..p]} up in bulk to end at {@code w},
     * and returns {@code q}; the caller moves {@code p} to {@code q} and {@code w} down by as many.
     */
    private static int shiftAbove(CtreeView v, int[] a, int off, int p, int w, int c) {
        int q = gallopBack(a, off, p, c);
        int run = p - q;
        if (run > 0) {
            v.copyArena(q + 1, w - run + 1, run);
        }
        return q;
    }

    /**
     * {@link #merge} of a group that fits the chunk's run even if every element is new: one pass from the back,
     * which moves the chunk's elements above each batch element up in bulk and finds the present ones on the
     * way (the two-pass merge first scans the chunk for them to know the merged size). A present element takes
     * its new value and moves up like the others, leaving one slot free below the merged part; once the batch
     * is placed, the merged part moves down over the free slots (a copy of at most the chunk, only when some
     * element was present: weight updates and re-inserts).
     */
    private static int mergeInPlace(CtreeView v, int owner, int[] bc, double[] bv, int from, int to, double[] old) {
        int off = v.off(owner);
        int n = v.size(owner);
        int[] a = v.crd;
        int top = off + n + (to - from);
        // Invariant: w - p is the batch elements left plus the present ones met, so w > p while any are left.
        int w = top - 1;
        int p = off + n - 1;
        int present = 0;
        for (int k = to - 1; k >= from; k--) {
            int c = bc[k];
            int q = shiftAbove(v, a, off, p, w, c);
            w -= p - q;
            p = q;
            if (p >= off && a[p] == c) {
                if (old != null) {
                    old[k] = v.arenaValue(p);
                }
                v.setArenaValue(p, CtreeView.valueOf(bv, k));
                v.move(p, w);
                p--;
                present++;
            } else {
                v.putArena(w, c, CtreeView.valueOf(bv, k));
            }
            w--;
        }
        // [off, p] never moved; the merged part is [w + 1, top), present slots above p.
        if (present > 0) {
            v.copyArena(w + 1, p + 1, top - (w + 1));
        }
        v.setSize(owner, n + (to - from) - present);
        return (to - from) - present;
    }

    /**
     * The first index in {@code [lo, hi)} whose coordinate is at least {@code c} ({@code hi} if none): a scan
     * over short ranges, else exponential then binary search, so successive calls over a chunk cost
     * {@code O(g log(n/g))} at most.
     */
    private static int gallop(int[] a, int lo, int hi, int c) {
        if (hi - lo <= LINEAR) {
            while (lo < hi && a[lo] < c) {
                lo++;
            }
            return lo;
        }
        if (a[lo] >= c) {
            return lo;
        }
        int below = lo;
        int step = 1;
        int probe = lo + 1;
        while (probe < hi && a[probe] < c) {
            below = probe;
            step <<= 1;
            probe = below + step;
        }
        // Chunks hold distinct coordinates: a hit is the first index at or above c, a miss gives its insertion point.
        int i = Arrays.binarySearch(a, below + 1, Math.min(probe, hi), c);
        return i >= 0 ? i : -i - 1;
    }

    /** The last index in {@code [lo, hi]} whose coordinate is at most {@code c} ({@code lo - 1} if none). */
    private static int gallopBack(int[] a, int lo, int hi, int c) {
        if (hi < lo || a[hi] <= c) {
            return hi;
        }
        int above = hi;
        int step = 1;
        int probe = hi - 1;
        while (probe >= lo && a[probe] > c) {
            above = probe;
            step <<= 1;
            probe = above - step;
        }
        int l = Math.max(probe, lo - 1);
        int r = above - 1;
        while (l < r) {
            int m = (l + r + 1) >> 1;
            if (a[m] <= c) {
                l = m;
            } else {
                r = m - 1;
            }
        }
        return l;
    }

    /**
     * Merges batch elements {@code [from, to)}, some of them new heads, with the chunk of {@code owner} in
     * scratch, then cuts the result at the new heads: the part before the first stays with {@code owner},
     * each new head becomes a tree node carrying the part up to the next. Returns how many were new.
     */
    static int split(CtreeView v, int owner, int[] bc, double[] bv, int from, int to, long threshold, double[] old) {
        TreeScratch sc = TreeScratch.get();
        int off = v.off(owner);
        int n = v.size(owner);
        int cap = v.cap(owner);
        sc.ensureBuf(n + to - from);
        int[] mc = sc.bufCrd;
        double[] mv = sc.bufVal;
        int[] heads = sc.ints(to - from);
        int[] a = v.crd;
        int end = off + n;
        int w = 0;
        int h = 0;
        int p = off;
        for (int k = from; k < to; k++) {
            int c = bc[k];
            int q = gallop(a, p, end, c);
            copyToScratch(v, p, mc, mv, w, q - p);
            w += q - p;
            p = q;
            if (p < end && a[p] == c) {
                if (old != null) {
                    old[k] = v.arenaValue(p);
                }
                p++;
            }
            if (CtreeHash.isHead(c, threshold)) {
                heads[h++] = w;
            }
            mc[w] = c;
            mv[w++] = CtreeView.valueOf(bv, k);
        }
        copyToScratch(v, p, mc, mv, w, end - p);
        w += end - p;
        int total = w;
        int keep = heads[0];
        if (CtreeView.needsRealloc(keep, cap)) {
            v.freeRun(off, cap);
            cap = keep == 0 ? 0 : ChunkArena.capacityFor(keep);
            off = keep == 0 ? 0 : v.allocRun(cap);
        }
        copyOut(v, mc, mv, 0, off, keep);
        v.setChunk(owner, off, keep, cap);
        for (int q = 0; q < h; q++) {
            int s = heads[q];
            int len = (q + 1 < h ? heads[q + 1] : total) - s - 1;
            int z = v.allocNode();
            v.key[z] = mc[s];
            v.setKeyValue(z, mv[s]);
            if (len > 0) {
                int nc = ChunkArena.capacityFor(len);
                int no = v.allocRun(nc);
                copyOut(v, mc, mv, s + 1, no, len);
                v.setChunk(z, no, len, nc);
            }
            CtreeTreap.insert(v, z);
        }
        return total - n;
    }

    private static void copyToScratch(CtreeView v, int from, int[] mc, double[] mv, int to, int n) {
        System.arraycopy(v.crd, from, mc, to, n);
        if (v.val != null) {
            System.arraycopy(v.val, from, mv, to, n);
        } else if (v.pos != null) {
            for (int i = 0; i < n; i++) {
                mv[to + i] = v.pos[from + i];
            }
        }
    }

    private static void copyOut(CtreeView v, int[] mc, double[] mv, int from, int to, int n) {
        System.arraycopy(mc, from, v.crd, to, n);
        if (v.val != null) {
            System.arraycopy(mv, from, v.val, to, n);
        } else if (v.pos != null) {
            for (int i = 0; i < n; i++) {
                v.pos[to + i] = (int) mv[from + i];
            }
        }
    }

    /**
     * Removes the batch coordinates {@code [from, to)} present in the chunk of {@code owner}; returns how many were.
     * {@code old[k]} (when not null) gets the value of a removed one.
     */
    static int remove(CtreeView v, int owner, int[] bc, int from, int to, double[] old) {
        int off = v.off(owner);
        int n = v.size(owner);
        if (n == 0) {
            return 0;
        }
        int end = off + n;
        int nn;
        if (to - from == 1) {
            int p = Arrays.binarySearch(v.crd, off, end, bc[from]);
            if (p < 0) {
                return 0;
            }
            if (old != null) {
                old[from] = v.arenaValue(p);
            }
            v.copyArena(p + 1, p, end - p - 1);
            nn = n - 1;
        } else {
            // Survivors between hits move down in bulk; p is the next survivor, w where it goes.
            int[] a = v.crd;
            int w = off;
            int p = off;
            for (int k = from, q = off; k < to && q < end; k++) {
                q = gallop(a, q, end, bc[k]);
                if (q < end && a[q] == bc[k]) {
                    if (old != null) {
                        old[k] = v.arenaValue(q);
                    }
                    v.copyArena(p, w, q - p);
                    w += q - p;
                    p = ++q;
                }
            }
            if (p == w) {
                return 0;
            }
            v.copyArena(p, w, end - p);
            nn = n - (p - w);
        }
        v.setSize(owner, nn);
        if (CtreeView.needsRealloc(nn, v.cap(owner))) {
            v.resize(owner, nn);
        }
        return n - nn;
    }

    /**
     * Deletes head {@code x} (child of {@code parent}): its tail, less the batch coordinates {@code [from, to)},
     * is appended to the chunk of {@code pred}, the previous head or the prefix. Returns how many tail
     * elements the batch removed.
     */
    static int dissolve(CtreeView v, int x, int parent, int pred, int[] bc, int from, int to, double[] old) {
        int off = v.tailOff[x];
        int n = v.tailN[x];
        int cap = v.tailCap[x];
        int end = off + n;
        int[] a = v.crd;
        int hits = 0;
        for (int k = from, p = off; k < to && p < end; k++) {
            p = gallop(a, p, end, bc[k]);
            if (p < end && a[p] == bc[k]) {
                if (old != null) {
                    old[k] = v.arenaValue(p);
                }
                hits++;
                p++;
            }
        }
        int keep = n - hits;
        if (keep > 0) {
            int doff = v.off(pred);
            int dn = v.size(pred);
            int dcap = v.cap(pred);
            int nn = dn + keep;
            if (nn > dcap) {
                int nc = ChunkArena.capacityFor(nn);
                int no = v.allocRun(nc);
                v.copyArena(doff, no, dn);
                v.freeRun(doff, dcap);
                doff = no;
                dcap = nc;
                a = v.crd;
            }
            int w = doff + dn;
            int p = off;
            for (int k = from, q = off; k < to && q < end; k++) {
                q = gallop(a, q, end, bc[k]);
                if (q < end && a[q] == bc[k]) {
                    v.copyArena(p, w, q - p);
                    w += q - p;
                    p = ++q;
                }
            }
            v.copyArena(p, w, end - p);
            v.setChunk(pred, doff, nn, dcap);
        }
        v.freeRun(off, cap);
        CtreeTreap.remove(v, x, parent);
        v.freeNode(x);
        return hits;
    }
}
