package org.stag.formats.dynamic.impl;

import java.util.Arrays;
import org.stag.formats.dynamic.ChunkArena;
import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.walk.Carried;

/**
 * The arrays of one store's block linked lists, fetched once per operation, and how blocks are
 * allocated: block {@code h}'s slot {@code k} is at index {@code base(h) + k} of {@link #crd} (and of
 * {@link #val} or {@link #pos}). Subclasses place slots inline in the node pool ({@link InlineBlockView})
 * or in the chunk arena ({@link ArenaBlockView}). Allocation may replace the arrays: every method that
 * allocates refetches them, so callers reread the fields (never keep them in locals) across such calls.
 */
abstract class BlockView {
    /** Coordinate of an empty slot ([Chou 2021], Table 1). */
    static final int EMPTY = -1;

    final NodePool nodes;
    final FieldLayout elemsLayout;
    private final FieldLayout nextLayout;
    private final FieldLayout sizeLayout;
    /** First block of each structure, indexed by root record. */
    final int[] head;
    /** Most elements a block may hold. */
    final int maxSize;
    /** Whether used slots may be empty ({@link #EMPTY}). */
    final boolean holes;
    int[] next;
    /** Block sizes, or null when blocks have a constant number of slots. */
    int[] size;
    int[] crd;
    double[] val;
    int[] pos;

    BlockView(NodeStore s, BlockListShape shape, int maxSize) {
        NodePool root = s.rootPool();
        head = root.ints(root.layout(shape.head()));
        nodes = s.pool(shape.block());
        elemsLayout = nodes.layout(shape.elems());
        nextLayout = nodes.layout(shape.next());
        sizeLayout = shape.size() == null ? null : nodes.layout(shape.size());
        this.maxSize = maxSize;
        this.holes = shape.holes();
    }

    /** Refetches the pool's arrays (and the slot arrays); subclasses add theirs. */
    void refresh() {
        next = nodes.ints(nextLayout);
        size = sizeLayout == null ? null : nodes.ints(sizeLayout);
    }

    /** Index of block {@code h}'s slot 0. */
    abstract int base(int h);

    /** Slots block {@code h} has room for. */
    abstract int capacity(int h);

    /** Makes the next {@code blocks} block allocations, holding {@code slots} elements in all, keep the arrays. */
    abstract void ensureSpare(int blocks, long slots);

    /** A new unlinked block with room for {@code n} elements ({@code n <= maxSize}), holding none. */
    abstract int newBlock(int n);

    /**
     * A new unlinked block for a bulk build, to be filled with exactly {@code n} elements: blocks in the
     * arena get a run of exactly {@code n} slots, back to back with the build's previous ones
     * ({@link ArenaBlockView}); inline blocks have their fixed capacity, as from {@link #newBlock}.
     */
    int newBlockExact(int n) {
        return newBlock(n);
    }

    /** Frees block {@code h} and its slots. */
    abstract void freeBlock(int h);

    /** Gives block {@code h} room for {@code n} elements, keeping its current ones. */
    abstract void reserve(int h, int n);

    /**
     * Where to write block {@code h}'s new contents of {@code n} elements while its current ones stay
     * readable at {@link #base}: the same run when it is large enough (the writer must then not overtake
     * the reader), else a new one that {@link #commitRewrite} installs.
     */
    abstract int rewriteBase(int h, int n);

    /** Finishes a {@link #rewriteBase}: frees the replaced run, if any. */
    abstract void commitRewrite(int h);

    /** Gives back slack after block {@code h} shrank (arena runs); inline blocks keep their slots. */
    void shrinkToFit(int h) {
    }

    /** What is wrong with the storage of block {@code h} holding {@code used} slots, or null. */
    abstract String storageProblem(int h, int used);

    /** Frees every block of structure {@code root} and leaves it empty. */
    final void clear(int root) {
        int x = head[root];
        while (x != 0) {
            int nx = next[x];
            freeBlock(x);
            x = nx;
        }
        head[root] = 0;
    }

    /** Slots of block {@code h} in use: its size, or all of them for constant-length blocks. */
    final int used(int h) {
        return size != null ? size[h] : maxSize;
    }

    /**
     * Records that block {@code h} holds its elements compactly in slots {@code [0, n)}: sets the size, or,
     * without a size field, marks the slots after them empty.
     */
    final void setCount(int h, int n) {
        if (size != null) {
            size[h] = n;
        } else {
            int b = base(h);
            Arrays.fill(crd, b + n, b + maxSize, EMPTY);
        }
    }

    /** Index of the last non-empty slot of block {@code h}, or -1 when it has none. */
    final int lastSlot(int h) {
        int b = base(h);
        for (int k = b + used(h) - 1; k >= b; k--) {
            if (crd[k] != EMPTY) {
                return k;
            }
        }
        return -1;
    }

    /** Whether block {@code h} holds no element. */
    final boolean isEmpty(int h) {
        return holes ? lastSlot(h) < 0 : size[h] == 0;
    }

    /** Number of elements in block {@code h}. */
    final int count(int h) {
        if (!holes) {
            return size[h];
        }
        int b = base(h);
        int n = 0;
        for (int k = b + used(h) - 1; k >= b; k--) {
            if (crd[k] != EMPTY) {
                n++;
            }
        }
        return n;
    }

    /** Moves block {@code h}'s elements to slots {@code [0, n)} in order, empties the rest; returns n. */
    final int compact(int h) {
        int b = base(h);
        int end = b + used(h);
        int w = b;
        for (int k = b; k < end; k++) {
            if (crd[k] != EMPTY) {
                if (w != k) {
                    copySlot(k, w);
                }
                w++;
            }
        }
        int n = w - b;
        if (size != null) {
            size[h] = n;
        } else {
            Arrays.fill(crd, w, end, EMPTY);
        }
        return n;
    }

    /**
     * Fills the empty list {@code root} with {@code c[from, to)} in blocks of {@link #maxSize}: full blocks,
     * the remainder in the last one (or, with {@code remainderFirst}, in the first). With {@code exact} (a bulk
     * build) each block gets exactly its elements' room ({@link #newBlockExact}); else the update path's room.
     */
    final void layOut(int root, int[] c, double[] v, int from, int to, boolean exact, boolean remainderFirst) {
        int n = to - from;
        if (n == 0) {
            return;
        }
        int blocks = (n - 1) / maxSize + 1;
        ensureSpare(blocks, exact ? n : (long) blocks * ChunkArena.capacityFor(maxSize));
        int prev = 0;
        int len = remainderFirst ? n - (blocks - 1) * maxSize : Math.min(maxSize, n);
        for (int p = from; p < to; p += len, len = Math.min(maxSize, to - p)) {
            int h = exact ? newBlockExact(len) : newBlock(len);
            write(base(h), c, v, p, len);
            setCount(h, len);
            linkAfter(root, prev, h);
            prev = h;
        }
    }

    /** Links block {@code h} after {@code prev}, or as the first block of list {@code root} when {@code prev} is 0. */
    final void linkAfter(int root, int prev, int h) {
        if (prev == 0) {
            head[root] = h;
        } else {
            next[prev] = h;
        }
    }

    /** Sets the value of the element in slot {@code k}. */
    final void setValue(int k, double v) {
        Carried.set(val, pos, k, v);
    }

    /** Copies the element in slot {@code from} to slot {@code to}. */
    final void copySlot(int from, int to) {
        move(from, to, 1);
    }

    /** Empties slot {@code k}. */
    final void clearSlot(int k) {
        crd[k] = EMPTY;
        setValue(k, 0);
    }

    /** Moves {@code n} elements from slot {@code from} to slot {@code to} (the runs may overlap). */
    final void move(int from, int to, int n) {
        System.arraycopy(crd, from, crd, to, n);
        Carried.move(val, pos, from, to, n);
    }

    /** Writes the batch's elements {@code c[from, from + n)} (values {@code v}, or 1 when null) to slots {@code [to, to + n)}. */
    final void write(int to, int[] c, double[] v, int from, int n) {
        System.arraycopy(c, from, crd, to, n);
        Carried.write(val, pos, to, v, from, n);
    }

    /** Copies {@code n} elements from slot {@code from} out to {@code c} and {@code v} (v may be null) at {@code at}. */
    final void read(int from, int n, int[] c, double[] v, int at) {
        System.arraycopy(crd, from, c, at, n);
        if (v != null) {
            Carried.read(val, pos, from, v, at, n);
        }
    }
}
