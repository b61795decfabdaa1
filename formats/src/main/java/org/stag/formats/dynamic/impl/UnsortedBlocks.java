package org.stag.formats.dynamic.impl;

import java.util.Arrays;

/**
 * The algorithms of the unsorted block linked list ({@code blist-unsorted}): compact blocks whose
 * elements are in no particular order, every block full except the first, which holds 1 to max
 * elements. New elements go to the first block (or a new first block when it is full); a deleted
 * element's slot takes the first block's last element, so blocks never thin out and n elements always
 * occupy {@code ceil(n / max)} blocks. Without order, finding an element means scanning the whole list
 * (as STINGER does); a batch is matched in one scan by binary search in the sorted batch, O(n log k).
 */
final class UnsortedBlocks {
    private UnsortedBlocks() {
    }

    /** Fills the empty list: the first block takes the remainder, then full blocks (so the result is sorted). */
    static void build(BlockView b, int root, int[] c, double[] v, int from, int to) {
        b.layOut(root, c, v, from, to, false, true);
    }

    /** Adds an element known to be absent to the first block, or to a new first block when it is full. */
    static void push(BlockView b, int root, int c, double v) {
        int h = b.head[root];
        if (h == 0 || b.size[h] == b.maxSize) {
            int nh = b.newBlock(1);
            b.next[nh] = h;
            b.head[root] = nh;
            h = nh;
        }
        int k = b.base(h) + b.size[h];
        b.crd[k] = c;
        b.setValue(k, v);
        b.size[h]++;
    }

    /** Merges the sorted, unique {@code c[from, to)} in; returns how many were new. */
    static int insert(BlockView b, int root, int[] c, double[] v, int from, int to) {
        int m = to - from;
        if (m == 0) {
            return 0;
        }
        long[] found = new long[(m + 63) >>> 6];
        int present = 0;
        int lo = c[from];
        int hi = c[to - 1];
        int[] crd = b.crd;
        for (int x = b.head[root]; x != 0 && present < m; x = b.next[x]) {
            int base = b.base(x);
            int end = base + b.size[x];
            for (int k = base; k < end; k++) {
                int ck = crd[k];
                if (ck < lo || ck > hi) {
                    continue;
                }
                int q = Arrays.binarySearch(c, from, to, ck);
                if (q >= 0) {
                    b.setValue(k, v == null ? 1.0 : v[q]);
                    found[(q - from) >>> 6] |= 1L << (q - from);
                    present++;
                }
            }
        }
        int fresh = m - present;
        b.ensureSpare(fresh / b.maxSize + 1, 0);
        for (int q = from; q < to; q++) {
            if ((found[(q - from) >>> 6] & (1L << (q - from))) == 0) {
                push(b, root, c[q], v == null ? 1.0 : v[q]);
            }
        }
        return fresh;
    }

    /** Removes the coordinates of {@code c[from, to)} that are present; returns how many were. */
    static int delete(BlockView b, int root, int[] c, int from, int to) {
        int m = to - from;
        if (m == 0) {
            return 0;
        }
        int removed = 0;
        int lo = c[from];
        int hi = c[to - 1];
        int[] crd = b.crd; // deletion frees blocks but allocates none, so the arrays stay
        int x = b.head[root];
        while (x != 0 && removed < m) {
            int base = b.base(x);
            int k = base;
            boolean switched = false;
            while (k < base + b.size[x]) {
                int ck = crd[k];
                if (ck < lo || ck > hi || Arrays.binarySearch(c, from, to, ck) < 0) {
                    k++;
                    continue;
                }
                removed++;
                // Fill the hole with the first block's last element, so only the first block is ever short.
                int h = b.head[root];
                b.copySlot(b.base(h) + b.size[h] - 1, k);
                b.size[h]--;
                if (h != x) {
                    k++; // the moved element came from the first block, which was scanned already
                }
                if (b.size[h] == 0) {
                    b.head[root] = b.next[h];
                    b.freeBlock(h);
                    if (h == x) {
                        x = b.head[root];
                        switched = true;
                        break;
                    }
                }
                if (removed == m) {
                    break;
                }
            }
            if (!switched) {
                x = b.next[x];
            }
        }
        return removed;
    }

    /** Writes the elements in storage order; returns the end. */
    static int collect(BlockView b, int root, int[] c, double[] v, int at) {
        for (int x = b.head[root]; x != 0; x = b.next[x]) {
            int n = b.size[x];
            b.read(b.base(x), n, c, v, at);
            at += n;
        }
        return at;
    }

    /** Checks block sizes (first 1..max, others full), markers, uniqueness and that the list ends. */
    static void check(BlockView b, int root, String name) {
        int limit = b.nodes.live();
        int seen = 0;
        int n = 0;
        for (int x = b.head[root]; x != 0; x = b.next[x]) {
            if (++seen > limit) {
                throw SortedBlocks.broken(name, "cycle: more blocks reached than allocated");
            }
            int used = b.size[x];
            String p = b.storageProblem(x, used);
            if (p != null) {
                throw SortedBlocks.broken(name, "block " + x + ": " + p);
            }
            if (used == 0) {
                throw SortedBlocks.broken(name, "empty block " + x + " is linked");
            }
            if (seen > 1 && used != b.maxSize) {
                throw SortedBlocks.broken(name, "block " + x + " is not the first but holds " + used
                        + " of " + b.maxSize + " elements");
            }
            n += used;
        }
        int[] all = new int[n];
        collect(b, root, all, null, 0);
        for (int c : all) {
            if (c < 0) {
                throw SortedBlocks.broken(name, "coordinate " + c + " in a nonempty array");
            }
        }
        Arrays.sort(all);
        for (int i = 1; i < n; i++) {
            if (all[i] == all[i - 1]) {
                throw SortedBlocks.broken(name, "coordinate " + all[i] + " stored twice");
            }
        }
    }
}
