package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.ChunkArena;
import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.walk.Carried;

/**
 * The arrays of one C-tree store as one operation sees them. A view is made per operation (a short-lived
 * object, so filling it costs no GC write barriers); arrays are fetched once and again only after an
 * allocation may have replaced them ({@link #allocNode()}, {@link #allocRun(int)}).
 *
 * <p>A chunk is named by its <em>owner</em>: a ctree node handle for the node's tail {@code t}, or 0 for
 * the prefix {@code e} of the structure {@link #root}. Every chunk is empty with no arena run (offset and
 * capacity 0) or holds {@code N >= 1} elements in a run of capacity at least {@code N}: exactly the size it
 * was built with after a bulk build ({@link ChunkArena#allocExact(int)}), a power of two once an update
 * moved it. Updates treat both alike: a chunk that no longer fits its run moves to a power-of-two run, and
 * {@link ChunkArena#free(int, int)} takes runs of any capacity.
 */
final class CtreeView {
    /** Schema fields, resolved once per format. */
    record Layout(String rootType, String nodeType, int rootPool, int nodePool, FieldLayout prefixElems,
            FieldLayout prefixTree, FieldLayout prefixSize, FieldLayout head, FieldLayout tail, FieldLayout left,
            FieldLayout right, FieldLayout tailSize) {
    }

    private final Layout layout;
    private final NodeStore store;
    /** The ctree pool and its arrays, fetched only once the structure has (or gets) a head. */
    private NodePool nodes;
    final ChunkArena arena;
    /** Root record of the structure being worked on (the owner of chunk 0). */
    int root;

    int[] prefixOff;
    int[] prefixCap;
    int[] prefixN;
    int[] tree;

    int[] key;
    double[] keyVal;
    int[] keyPos;
    int[] tailOff;
    int[] tailCap;
    int[] tailN;
    int[] left;
    int[] right;

    int[] crd;
    double[] val;
    int[] pos;

    /** No next head: {@link #bound} of the last chunk. */
    static final long NO_BOUND = Long.MAX_VALUE;
    /** Set by {@link #seek}: the chunk's owner, and the coordinate its chunk ends below. */
    int owner;
    long bound;

    /** A view of structure {@code root} of store {@code s}. */
    CtreeView(Layout layout, NodeStore s, int root) {
        this.layout = layout;
        this.store = s;
        arena = s.arena();
        at(root);
    }

    /**
     * The view of {@code s}'s structures that its updates reuse ({@link NodeStore#updateView()}), turned to
     * structure {@code root}: a batch updates thousands of rows of a store, and a view per row was most of
     * what a batch allocated.
     */
    static CtreeView forUpdate(Layout layout, NodeStore s, int root) {
        if (s.updateView() instanceof CtreeView v && v.layout == layout) {
            return v.at(root);
        }
        CtreeView v = new CtreeView(layout, s, root);
        s.updateView(v);
        return v;
    }

    /** Turns this view to structure {@code root} of its store, fetching every array again. */
    CtreeView at(int root) {
        NodePool roots = store.pool(layout.rootPool());
        this.root = root;
        prefixOff = roots.ints(layout.prefixElems());
        prefixCap = roots.capacities(layout.prefixElems());
        prefixN = roots.ints(layout.prefixSize());
        tree = roots.ints(layout.prefixTree());
        if (nodes != null || tree[root] != 0) {
            refreshNodes();
        }
        refreshArena();
        return this;
    }

    /**
     * Finds the chunk of {@code c}: its {@link #owner} is the largest head at or below {@code c} (0: the prefix),
     * and it ends below {@link #bound}, the next head ({@link #NO_BOUND} for the last chunk).
     */
    void seek(int c) {
        int[] k = key;
        int o = 0;
        long b = NO_BOUND;
        for (int x = tree[root]; x != 0; ) {
            if (k[x] <= c) {
                o = x;
                x = right[x];
            } else {
                b = k[x];
                x = left[x];
            }
        }
        owner = o;
        bound = b;
    }

    /** Set by {@link #seekHead}: head {@code c}'s node (0: {@code c} is not a head) and its parent (0: the root). */
    int found;
    int foundParent;

    /**
     * Finds what deleting {@code c} touches: {@link #owner} the largest head below {@code c} (0: the prefix),
     * {@link #found} the head {@code c} itself if present, with its {@link #foundParent}, and {@link #bound} the
     * coordinate the group ends below (the next head; past a found head, its successor).
     */
    void seekHead(int c) {
        int[] k = key;
        int pred = 0;
        int hit = 0;
        int hitParent = 0;
        int parent = 0;
        long b = NO_BOUND;
        for (int x = tree[root]; x != 0; ) {
            if (k[x] < c) {
                pred = x;
                parent = x;
                x = right[x];
            } else {
                if (k[x] == c) {
                    hit = x;
                    hitParent = parent;
                } else {
                    b = k[x];
                }
                parent = x;
                x = left[x];
            }
        }
        if (hit != 0 && right[hit] != 0) {
            // The head's chunk (joined to pred's) ends below its successor.
            int y = right[hit];
            while (left[y] != 0) {
                y = left[y];
            }
            b = k[y];
        }
        owner = pred;
        found = hit;
        foundParent = hitParent;
        bound = b;
    }

    /** Frees every run and node of the structure, leaving it empty. */
    void clear() {
        TreeScratch sc = TreeScratch.get();
        int sp = 0;
        int x = tree[root];
        while (x != 0 || sp > 0) {
            if (x == 0) {
                x = sc.headStack[--sp];
            }
            int l = left[x];
            if (right[x] != 0) {
                sc.ensureStack(sp);
                sc.headStack[sp++] = right[x];
            }
            freeRun(tailOff[x], tailCap[x]);
            freeNode(x);
            x = l;
        }
        freeRun(prefixOff[root], prefixCap[root]);
        setChunk(0, 0, 0, 0);
        tree[root] = 0;
    }

    /** The ctree pool. */
    NodePool nodes() {
        if (nodes == null) {
            nodes = store.pool(layout.nodePool());
        }
        return nodes;
    }

    /** Makes sure {@code k} nodes can be allocated without replacing the node arrays, and fetches them. */
    void reserveNodes(int k) {
        nodes().ensureSpare(k);
        refreshNodes();
    }

    /** Fetches the node arrays (again, after an allocation may have replaced them). */
    void refreshNodes() {
        NodePool nodes = nodes();
        key = nodes.ints(layout.head());
        keyVal = nodes.values(layout.head());
        keyPos = nodes.positions(layout.head());
        tailOff = nodes.ints(layout.tail());
        tailCap = nodes.capacities(layout.tail());
        tailN = nodes.ints(layout.tailSize());
        left = nodes.ints(layout.left());
        right = nodes.ints(layout.right());
    }

    /** Fetches the arena arrays again. */
    void refreshArena() {
        crd = arena.crd();
        val = arena.val();
        pos = arena.pos();
    }

    /** A new ctree node, all fields zero. */
    int allocNode() {
        int x = nodes().alloc();
        refreshNodes();
        return x;
    }

    /** Returns node {@code x} to the pool (its chunk must already be freed). */
    void freeNode(int x) {
        nodes.free(x);
    }

    /** A run of {@code capacity} arena slots (a power of two), from the free lists if one is there. */
    int allocRun(int capacity) {
        int off = arena.alloc(capacity);
        refreshArena();
        return off;
    }

    /** Frees a run; a capacity of 0 stands for "no run". */
    void freeRun(int off, int capacity) {
        if (capacity > 0) {
            arena.free(off, capacity);
        }
    }

    // ---- chunks by owner (0 = prefix of root, else a node's tail)

    int off(int owner) {
        return owner == 0 ? prefixOff[root] : tailOff[owner];
    }

    int size(int owner) {
        return owner == 0 ? prefixN[root] : tailN[owner];
    }

    int cap(int owner) {
        return owner == 0 ? prefixCap[root] : tailCap[owner];
    }

    void setChunk(int owner, int off, int n, int cap) {
        if (owner == 0) {
            prefixOff[root] = off;
            prefixN[root] = n;
            prefixCap[root] = cap;
        } else {
            tailOff[owner] = off;
            tailN[owner] = n;
            tailCap[owner] = cap;
        }
    }

    void setSize(int owner, int n) {
        if (owner == 0) {
            prefixN[root] = n;
        } else {
            tailN[owner] = n;
        }
    }

    /**
     * Whether a chunk of {@code n} elements should move out of a run of capacity {@code cap}: it no longer
     * fits, or it uses under a quarter of the run (the factor-2 gap to the growth threshold keeps an
     * insert/delete cycle from reallocating every time).
     */
    static boolean needsRealloc(int n, int cap) {
        return n > cap || (n == 0 ? cap > 0 : cap >= 4 * ChunkArena.capacityFor(n));
    }

    /**
     * Moves the chunk of {@code owner}, now holding {@code n} elements at its current run, into a run sized
     * for them (or frees it when {@code n == 0}).
     */
    void resize(int owner, int n) {
        int off = off(owner);
        int cap = cap(owner);
        if (n == 0) {
            freeRun(off, cap);
            setChunk(owner, 0, 0, 0);
            return;
        }
        int nc = ChunkArena.capacityFor(n);
        int no = allocRun(nc);
        copyArena(off, no, n);
        freeRun(off, cap);
        setChunk(owner, no, n, nc);
    }

    // ---- values

    /** Value of batch entry {@code k} ({@code 1.0} when the batch carries none). */
    static double valueOf(double[] vals, int k) {
        return vals == null ? 1.0 : vals[k];
    }

    void setArenaValue(int i, double v) {
        Carried.set(val, pos, i, v);
    }

    /** Writes element {@code (c, v)} at arena slot {@code i}. */
    void putArena(int i, int c, double v) {
        crd[i] = c;
        setArenaValue(i, v);
    }

    /** Copies {@code n} arena slots (coordinates and values), overlapping ranges allowed. */
    void copyArena(int from, int to, int n) {
        System.arraycopy(crd, from, crd, to, n);
        Carried.move(val, pos, from, to, n);
    }

    /** Moves one element (coordinate and value) from arena slot {@code from} to {@code to}. */
    void move(int from, int to) {
        copyArena(from, to, 1);
    }

    /** Copies {@code n} elements of a batch into the arena. */
    void copyIn(int[] bc, double[] bv, int from, int to, int n) {
        System.arraycopy(bc, from, crd, to, n);
        Carried.write(val, pos, to, bv, from, n);
    }

    /** The value stored at arena slot {@code i} ({@code 1.0} in a store without values). */
    double arenaValue(int i) {
        return Carried.get(val, pos, i);
    }

    /** The value of head {@code x} ({@code 1.0} in a store without values). */
    double keyValue(int x) {
        return Carried.get(keyVal, keyPos, x);
    }

    void setKeyValue(int x, double v) {
        Carried.set(keyVal, keyPos, x, v);
    }
}
