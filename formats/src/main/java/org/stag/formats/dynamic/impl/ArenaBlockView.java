package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.ChunkArena;
import org.stag.formats.dynamic.NodeStore;

/**
 * Blocks whose slots are a run of the chunk arena (an unbounded array): the block's element field holds
 * the run's offset and the pool's capacity array its capacity. A block holding {@code n} elements has a run
 * of capacity {@code c} with {@code n <= c < 4n}: a bulk build gives each block a run of exactly its size
 * ({@link #newBlockExact}, {@link ChunkArena#allocExact}), back to back in build order; updates give
 * power-of-two runs, which double as a block grows (so growth copies O(1) per element, amortized) and are
 * halved back when a block falls to a quarter.
 */
final class ArenaBlockView extends BlockView {
    private final ChunkArena arena;
    /** Run offset of each block (the element field's int slot). */
    int[] off;
    /** Run capacity of each block. */
    int[] cap;
    /** A run replaced by {@link #rewriteBase} and not yet freed (capacity 0: none). */
    private int pendingOff;
    private int pendingCap;

    ArenaBlockView(NodeStore s, BlockListShape shape, int maxSize) {
        super(s, shape, maxSize);
        arena = s.arena();
        refresh();
    }

    @Override
    void refresh() {
        super.refresh();
        off = nodes.ints(elemsLayout);
        cap = nodes.capacities(elemsLayout);
        crd = arena.crd();
        val = arena.val();
        pos = arena.pos();
    }

    @Override
    int base(int h) {
        return off[h];
    }

    @Override
    int capacity(int h) {
        return cap[h];
    }

    @Override
    void ensureSpare(int blocks, long slots) {
        nodes.ensureSpare(blocks);
        arena.ensureSpare(slots);
        refresh();
    }

    @Override
    int newBlock(int n) {
        int h = nodes.alloc();
        giveRun(h, ChunkArena.capacityFor(n), false);
        return h;
    }

    @Override
    int newBlockExact(int n) {
        int h = nodes.alloc();
        giveRun(h, n, true);
        return h;
    }

    /**
     * Gives block {@code h} a new run of capacity {@code c}: exactly {@code c} slots after the arena's last run
     * ({@code exact}), else a power of two from the free lists. Returns the run's offset.
     */
    private int giveRun(int h, int c, boolean exact) {
        int o = exact ? arena.allocExact(c) : arena.alloc(c);
        refresh();
        off[h] = o;
        cap[h] = c;
        return o;
    }

    @Override
    void freeBlock(int h) {
        arena.free(off[h], cap[h]);
        nodes.free(h);
    }

    @Override
    void reserve(int h, int n) {
        if (cap[h] < n) {
            relocate(h, ChunkArena.capacityFor(n));
        }
    }

    @Override
    void shrinkToFit(int h) {
        int n = size[h];
        if (n > 0 && cap[h] >= 4 * n) {
            relocate(h, ChunkArena.capacityFor(n));
        }
    }

    /** Moves block {@code h}'s elements to a new run of capacity {@code c}. */
    private void relocate(int h, int c) {
        int oldOff = off[h];
        int oldCap = cap[h];
        move(oldOff, giveRun(h, c, false), size[h]);
        arena.free(oldOff, oldCap);
    }

    @Override
    int rewriteBase(int h, int n) {
        if (cap[h] >= n) {
            return off[h];
        }
        pendingOff = off[h];
        pendingCap = cap[h];
        return giveRun(h, ChunkArena.capacityFor(n), false);
    }

    @Override
    void commitRewrite(int h) {
        if (pendingCap > 0) {
            arena.free(pendingOff, pendingCap);
            pendingCap = 0;
        }
    }

    @Override
    String storageProblem(int h, int used) {
        int c = cap[h];
        if (c < 1) {
            return "arena capacity " + c + " is not positive";
        }
        if (off[h] < 1 || (long) off[h] + c > crd.length) {
            return "arena run [" + off[h] + ", " + ((long) off[h] + c) + ") outside the arena";
        }
        if (used > c) {
            return "size " + used + " exceeds its arena capacity " + c;
        }
        if (used > maxSize) {
            return "size " + used + " exceeds the block limit " + maxSize;
        }
        if (used > 0 && c >= 4 * used) {
            return "arena capacity " + c + " is 4 or more times its size " + used;
        }
        return null;
    }
}
