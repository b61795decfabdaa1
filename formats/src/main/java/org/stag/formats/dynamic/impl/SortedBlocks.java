package org.stag.formats.dynamic.impl;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import org.stag.formats.dynamic.ChunkArena;

/**
 * The algorithms of sorted block linked lists, over any {@link BlockView}: elements increase within and
 * across blocks, and no reachable block is empty.
 *
 * <p>Compact lists (no empty slots: {@code blist}, {@code vblist}) also keep every block other than the
 * first and the last at least half full, {@code ceil(max / 2)} elements, so a list of n elements has at
 * most {@code 2 + n / ceil(max / 2)} blocks. Insertion preserves it because a block that overflows is
 * split into {@code ceil(T / max)} near-equal parts, each more than half full; deletion merges an
 * under-full block into its predecessor, or, if both do not fit in one block, moves elements over from
 * the predecessor until both are at least half full. Lists with empty slots ({@code blist-gaps},
 * {@code blist-fixed}) delete by emptying slots, without moving elements, and unlink blocks that become
 * empty; {@code blist-gaps} also trims its size so that the last used slot is never empty.
 *
 * <p>A batch is merged in one walk: each block takes the batch elements up to its last coordinate (the
 * last block takes the rest), found coordinates get their new values in place, and the new ones are
 * merged in from the back, in place, spilling into new blocks after it when the block overflows. Cost:
 * O(blocks walked + touched blocks' sizes + batch), no allocation but the new blocks.
 */
final class SortedBlocks {
    private SortedBlocks() {
    }

    /** Fewest elements of a block that is neither the first nor the last, in a compact list. */
    static int minFill(BlockView b) {
        return (b.maxSize + 1) / 2;
    }

    /**
     * Fills the empty list {@code root} with {@code c[from, to)}: full blocks, the rest in the last one. With
     * {@code exact} (a bulk build) each block gets exactly its elements' room ({@link BlockView#newBlockExact});
     * an insert into an empty list keeps the update path's room.
     */
    static void build(BlockView b, int root, int[] c, double[] v, int from, int to, boolean exact) {
        b.layOut(root, c, v, from, to, exact, false);
    }

    /** Merges the sorted, unique {@code c[from, to)} in; returns how many were new. */
    static int insert(BlockView b, int root, int[] c, double[] v, int from, int to) {
        if (from == to) {
            return 0;
        }
        int x = b.head[root];
        if (x == 0) {
            build(b, root, c, v, from, to, false);
            return to - from;
        }
        int added = 0;
        int k = from;
        while (k < to) {
            int nx = b.next[x];
            int last = b.crd[b.lastSlot(x)];
            if (nx != 0 && c[k] > last) {
                x = nx;
                continue;
            }
            int j = to;
            if (nx != 0) {
                j = k + 1;
                while (j < to && c[j] <= last) {
                    j++;
                }
            }
            added += mergeInto(b, x, c, v, k, j, nx == 0 && c[k] > last);
            k = j;
            // The parts a split made end at x's old last coordinate, below c[j]: go on after them.
            x = nx;
        }
        return added;
    }

    /**
     * Merges {@code c[k, j)} into block {@code x}, which holds every coordinate of the list in their
     * range; splits x when it overflows. {@code append}: x is the last block and the slice lies beyond it,
     * so blocks are filled completely (a sorted append stream leaves full blocks). Returns how many
     * coordinates were new.
     */
    private static int mergeInto(BlockView b, int x, int[] c, double[] v, int k, int j, boolean append) {
        int n = b.holes ? b.compact(x) : b.size[x];
        int src = b.base(x);
        int fresh = j - k;
        if (!append) {
            // Present coordinates take their new value here; the backward merge then copies them as they are.
            fresh = 0;
            int[] crd = b.crd;
            int i = src;
            int end = src + n;
            for (int q = k; q < j; q++) {
                int cq = c[q];
                while (i < end && crd[i] < cq) {
                    i++;
                }
                if (i < end && crd[i] == cq) {
                    b.setValue(i, v == null ? 1.0 : v[q]);
                } else {
                    fresh++;
                }
            }
            if (fresh == 0) {
                return 0;
            }
        }
        int total = n + fresh;
        int max = b.maxSize;
        int parts = (total - 1) / max + 1;
        boolean moves = b.capacity(x) < Math.min(total, max);
        b.ensureSpare(parts - 1, (long) (parts - 1 + (moves ? 1 : 0)) * ChunkArena.capacityFor(max));
        // Backward merge, last part first, so x's own slots are overwritten only after they were read.
        int follow = b.next[x];
        int i = n - 1;
        int q = j - 1;
        for (int p = parts - 1; p >= 0; p--) {
            int sz = append
                    ? (p < parts - 1 ? max : total - (parts - 1) * max)
                    : total / parts + (p < total % parts ? 1 : 0);
            int h;
            int d;
            if (p > 0) {
                h = b.newBlock(sz);
                d = b.base(h);
                b.next[h] = follow;
                follow = h;
            } else {
                h = x;
                d = b.rewriteBase(x, sz);
            }
            int[] crd = b.crd;
            for (int w = d + sz - 1; w >= d; w--) {
                if (q >= k && (i < 0 || c[q] > crd[src + i])) {
                    crd[w] = c[q];
                    b.setValue(w, v == null ? 1.0 : v[q]);
                    q--;
                } else {
                    if (q >= k && c[q] == crd[src + i]) {
                        q--; // present: its value was set above
                    }
                    b.copySlot(src + i, w);
                    i--;
                }
            }
            b.setCount(h, sz);
        }
        b.next[x] = follow;
        b.commitRewrite(x);
        return fresh;
    }

    /** Removes the coordinates of the sorted, unique {@code c[from, to)} that are present; returns how many were. */
    static int delete(BlockView b, int root, int[] c, int from, int to) {
        int removed = 0;
        int prev = 0;
        int x = b.head[root];
        int k = from;
        int min = minFill(b);
        while (x != 0 && k < to) {
            int nx = b.next[x];
            int last = b.crd[b.lastSlot(x)];
            if (c[k] > last) {
                prev = x;
                x = nx;
                continue;
            }
            int j = k + 1;
            while (j < to && c[j] <= last) {
                j++;
            }
            int r = b.holes ? punch(b, x, c, k, j) : removeRun(b, x, c, k, j);
            k = j;
            removed += r;
            if (r > 0 && b.isEmpty(x)) {
                b.linkAfter(root, prev, nx);
                b.freeBlock(x);
                x = nx;
                continue;
            }
            if (r > 0 && !b.holes) {
                if (prev != 0 && nx != 0 && b.size[x] < min) {
                    if (b.size[prev] + b.size[x] <= b.maxSize) {
                        appendTo(b, prev, x);
                        b.next[prev] = nx;
                        b.freeBlock(x);
                        x = nx;
                        continue;
                    }
                    borrow(b, prev, x);
                } else {
                    b.shrinkToFit(x);
                }
            }
            prev = x;
            x = nx;
        }
        return removed;
    }

    /** Removes {@code c[k, j)} from compact block {@code x}, closing the gaps; returns how many were present. */
    private static int removeRun(BlockView b, int x, int[] c, int k, int j) {
        int[] crd = b.crd;
        int base = b.base(x);
        int end = base + b.size[x];
        int w = base;
        int q = k;
        for (int i = base; i < end; i++) {
            int ci = crd[i];
            while (q < j && c[q] < ci) {
                q++;
            }
            if (q < j && c[q] == ci) {
                q++;
                continue;
            }
            if (w != i) {
                b.copySlot(i, w);
            }
            w++;
        }
        int removed = end - w;
        b.size[x] = w - base;
        return removed;
    }

    /** Empties the slots of block {@code x} holding {@code c[k, j)}; returns how many there were. */
    private static int punch(BlockView b, int x, int[] c, int k, int j) {
        int[] crd = b.crd;
        int base = b.base(x);
        int end = base + b.used(x);
        int q = k;
        int removed = 0;
        for (int i = base; i < end && q < j; i++) {
            int ci = crd[i];
            if (ci == BlockView.EMPTY) {
                continue;
            }
            while (q < j && c[q] < ci) {
                q++;
            }
            if (q < j && c[q] == ci) {
                b.clearSlot(i);
                removed++;
                q++;
            }
        }
        if (removed > 0 && b.size != null) {
            // Keep the last used slot non-empty, so that it holds the block's largest coordinate.
            int n = b.size[x];
            while (n > 0 && crd[base + n - 1] == BlockView.EMPTY) {
                n--;
            }
            b.size[x] = n;
        }
        return removed;
    }

    /** Moves all of block {@code x}'s elements to the end of block {@code prev}, which has room. */
    private static void appendTo(BlockView b, int prev, int x) {
        int sp = b.size[prev];
        int sx = b.size[x];
        b.reserve(prev, sp + sx);
        b.move(b.base(x), b.base(prev) + sp, sx);
        b.size[prev] = sp + sx;
        b.size[x] = 0;
    }

    /** Moves elements from the end of {@code prev} to the front of {@code x} until both are at least half full. */
    private static void borrow(BlockView b, int prev, int x) {
        int sp = b.size[prev];
        int sx = b.size[x];
        int keep = (sp + sx + 1) / 2;
        int m = sp - keep;
        b.reserve(x, sx + m);
        int bx = b.base(x);
        b.move(bx, bx + m, sx);
        b.move(b.base(prev) + keep, bx, m);
        b.size[prev] = keep;
        b.size[x] = sx + m;
        b.shrinkToFit(prev);
        b.shrinkToFit(x);
    }

    /**
     * Checks order, that no linked block is empty, slot markers, sizes against the storage, the fill of
     * compact lists, trimmed sizes with empty slots, and that no two blocks share slots.
     */
    static void check(BlockView b, int root, String name) {
        int limit = b.nodes.live();
        int seen = 0;
        long last = -1;
        int min = minFill(b);
        LongArrayList runs = new LongArrayList();
        for (int x = b.head[root], prev = 0; x != 0; prev = x, x = b.next[x]) {
            if (++seen > limit) {
                throw broken(name, "cycle: more blocks reached than allocated");
            }
            int used = b.used(x);
            String p = b.storageProblem(x, used);
            if (p != null) {
                throw broken(name, "block " + x + ": " + p);
            }
            int base = b.base(x);
            int live = 0;
            for (int k = base; k < base + used; k++) {
                int c = b.crd[k];
                if (c == BlockView.EMPTY && b.holes) {
                    continue;
                }
                if (c < 0) {
                    throw broken(name, "block " + x + " slot " + (k - base) + " holds "
                            + (c == BlockView.EMPTY ? "an empty slot, but the array is nonempty" : "coordinate " + c));
                }
                if (c <= last) {
                    throw broken(name, "coordinates not increasing at block " + x + " slot " + (k - base)
                            + " (" + last + " then " + c + ")");
                }
                last = c;
                live++;
            }
            if (live == 0) {
                throw broken(name, "empty block " + x + " is linked");
            }
            if (b.holes && b.size != null && b.crd[base + used - 1] == BlockView.EMPTY) {
                throw broken(name, "block " + x + " ends with an empty slot (its size is not trimmed)");
            }
            if (!b.holes && prev != 0 && b.next[x] != 0 && used < min) {
                throw broken(name, "block " + x + " between the first and the last holds " + used
                        + " elements, fewer than " + min);
            }
            runs.add(((long) base << 32) | b.capacity(x));
        }
        checkDisjoint(runs, name);
    }

    /** Runs {@code (base << 32) | capacity} must not overlap. */
    static void checkDisjoint(LongArrayList runs, String name) {
        long[] r = runs.toLongArray();
        Arrays.sort(r);
        for (int i = 1; i < r.length; i++) {
            long end = (r[i - 1] >>> 32) + (int) r[i - 1];
            if (end > (r[i] >>> 32)) {
                throw broken(name, "two blocks share slots at " + (r[i] >>> 32));
            }
        }
    }

    static IllegalStateException broken(String name, String what) {
        return new IllegalStateException(name + ": " + what);
    }
}
