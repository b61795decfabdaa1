package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.ChunkCodes;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/**
 * Compressed C-tree (schema {@code vctree}; Aspen's difference-encoded chunks): the heads, the head treap and
 * the chunking of {@link CtreeFormat}, with every chunk (the prefix and each head's tail, both {@code varint}
 * arrays) a byte run of the coordinates' differences ({@link ChunkCodes}), after the values the elements carry.
 * About one byte per coordinate on graphs whose rows are dense in id ranges, against four.
 *
 * <p>Updates decode the chunk a batch group falls into, merge and encode it again ({@link VctreeBatches}), so a
 * batch costs {@code O(g log(n/b) + k + g b)} per row as for {@code ctree}, with decoding in the {@code g b}.
 * Reads decode: {@link #collect} a whole structure, {@link #get} and {@link #getSorted} one chunk per group of
 * coordinates after a head-tree search. The schema walk does not read varint arrays, so this format reads its
 * own structure, and generated kernels decode inline (the engine's schema level code).
 */
public final class VctreeFormat extends SchemaFormat {
    private final long threshold;
    private final CtreeView.Layout layout;

    /** The shipped schema with {@code ctree}'s default expected chunk size. */
    public VctreeFormat() {
        this(Schemas.builtin("vctree"), CtreeFormat.DEFAULT_EXPECTED_CHUNK);
    }

    /**
     * A compressed C-tree over a schema of {@code ctree}'s shape whose chunk arrays are {@code varint}.
     *
     * @throws IllegalArgumentException if the schema does not have that shape or {@code expectedChunk < 1}
     */
    public VctreeFormat(Schema schema, int expectedChunk) {
        super(schema, "vctree");
        this.threshold = CtreeHash.threshold(expectedChunk);
        this.layout = CtreeFormat.layoutOf(schema);
        if (!schema.varint()) {
            throw new IllegalArgumentException("vctree: schema " + schema.name() + " must declare its chunk arrays varint");
        }
    }

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        if (from >= to) {
            return;
        }
        CtreeView v = new CtreeView(layout, s, root);
        if (!CtreeAssembly.isEmpty(v)) {
            throw new IllegalStateException("vctree: build needs an empty structure");
        }
        fill(v, crd, val, from, to, true);
    }

    /** Lays {@code crd[from, to)} out in an empty structure: exact runs for a bulk build, power-of-two ones else. */
    private void fill(CtreeView v, int[] crd, double[] val, int from, int to, boolean exact) {
        int k = from;
        while (k < to && !CtreeHash.isHead(crd[k], threshold)) {
            k++;
        }
        VctreeRuns.write(v, 0, crd, val, from, k - from, exact);
        while (k < to) {
            int z = CtreeAssembly.head(v, crd[k], CtreeView.valueOf(val, k));
            CtreeTreap.appendMax(v, z);
            int e = k + 1;
            while (e < to && !CtreeHash.isHead(crd[e], threshold)) {
                e++;
            }
            VctreeRuns.write(v, z, crd, val, k + 1, e - k - 1, exact);
            k = e;
        }
    }

    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        CtreeView v = new CtreeView(layout, s, root);
        if (!CtreeAssembly.isEmpty(v)) {
            throw new IllegalStateException("vctree: appendFirst needs an empty structure");
        }
        return appendRest(s, root, 0, crd, val);
    }

    /** The state is the last head appended (0 while elements still go to the prefix). */
    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        CtreeView v = new CtreeView(layout, s, root);
        if (CtreeHash.isHead(crd, threshold)) {
            int z = CtreeAssembly.head(v, crd, val);
            CtreeTreap.appendMax(v, z);
            return z;
        }
        VctreeRuns.Scratch sc = VctreeRuns.Scratch.get();
        int n = v.size(state);
        sc.ensure(n + 1);
        VctreeRuns.read(v, state, sc.crd, sc.val, 0);
        sc.crd[n] = crd;
        sc.val[n] = val;
        VctreeRuns.write(v, state, sc.crd, sc.val, 0, n + 1, false);
        return state;
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        return insert(s, root, crd, val, from, to, null);
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to, double[] old) {
        if (from >= to) {
            return 0;
        }
        CtreeView v = CtreeView.forUpdate(layout, s, root);
        if (CtreeAssembly.isEmpty(v)) {
            if (old != null) {
                java.util.Arrays.fill(old, from, to, Double.NaN);
            }
            fill(v, crd, val, from, to, false);
            return to - from;
        }
        return VctreeBatches.insert(v, threshold, crd, val, from, to, old);
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        return delete(s, root, crd, from, to, null);
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to, double[] old) {
        return from >= to ? 0 : VctreeBatches.delete(CtreeView.forUpdate(layout, s, root), crd, from, to, old);
    }

    /** Stage 0: the root record's words; stage 1: the prefix run's first bytes and the tree's root. */
    @Override
    public int touch(NodeStore s, int root, int stage) {
        CtreeView v = new CtreeView(layout, s, root);
        if (stage == 0) {
            return v.prefixOff[root] + v.prefixN[root] + v.tree[root];
        }
        int t = v.tree[root];
        return v.arena.bytes()[v.prefixOff[root]] + (t != 0 ? v.key[t] : 0);
    }

    // ---------------------------------------------------------------- reads

    @Override
    public int size(NodeStore s, int root) {
        CtreeView v = new CtreeView(layout, s, root);
        int n = v.prefixN[root];
        TreeScratch sc = TreeScratch.get();
        int sp = 0;
        for (int x = v.tree[root]; x != 0 || sp > 0; ) {
            if (x == 0) {
                x = sc.headStack[--sp];
            }
            n += 1 + v.tailN[x];
            if (v.right[x] != 0) {
                sc.ensureStack(sp);
                sc.headStack[sp++] = v.right[x];
            }
            x = v.left[x];
        }
        return n;
    }

    @Override
    public int collect(NodeStore s, int root, int[] crd, double[] val, int at) {
        CtreeView v = new CtreeView(layout, s, root);
        VctreeRuns.Scratch scr = VctreeRuns.Scratch.get();
        at = copyChunk(v, 0, scr, crd, val, at);
        TreeScratch sc = TreeScratch.get();
        int sp = 0;
        int x = v.tree[root];
        while (x != 0 || sp > 0) {
            while (x != 0) {
                sc.ensureStack(sp);
                sc.headStack[sp++] = x;
                x = v.left[x];
            }
            x = sc.headStack[--sp];
            crd[at] = v.key[x];
            if (val != null) {
                val[at] = v.keyValue(x);
            }
            at = copyChunk(v, x, scr, crd, val, at + 1);
            x = v.right[x];
        }
        return at;
    }

    private static int copyChunk(CtreeView v, int owner, VctreeRuns.Scratch scr, int[] crd, double[] val, int at) {
        int n = v.size(owner);
        scr.ensure(n);
        VctreeRuns.read(v, owner, scr.crd, scr.val, 0);
        System.arraycopy(scr.crd, 0, crd, at, n);
        if (val != null) {
            System.arraycopy(scr.val, 0, val, at, n);
        }
        return at + n;
    }

    @Override
    public double get(NodeStore s, int root, int c) {
        double[] out = new double[1];
        getSorted(s, root, new int[] {c}, 0, 1, out);
        return out[0];
    }

    /** One head-tree search and one chunk decode per group of coordinates that fall into the same chunk. */
    @Override
    public void getSorted(NodeStore s, int root, int[] crd, int from, int to, double[] out) {
        CtreeView v = new CtreeView(layout, s, root);
        VctreeRuns.Scratch sc = VctreeRuns.Scratch.get();
        int i = from;
        while (i < to) {
            v.seek(crd[i]);
            int owner = v.owner;
            sc.ensure(v.size(owner));
            int n = VctreeRuns.read(v, owner, sc.crd, sc.val, 0);
            int lo = 0;
            for (; i < to && crd[i] < v.bound; i++) {
                int ci = crd[i];
                if (owner != 0 && ci == v.key[owner]) {
                    out[i] = v.keyValue(owner);
                    continue;
                }
                lo = java.util.Arrays.binarySearch(sc.crd, lo, n, ci);
                lo = lo < 0 ? -lo - 1 : lo;
                out[i] = lo == n || sc.crd[lo] != ci ? Double.NaN : sc.val[lo];
            }
        }
    }

    @Override
    public void clear(NodeStore s, int root) {
        new CtreeView(layout, s, root).clear();
    }

    /**
     * Checks every invariant: the head tree is a treap of heads in key order, every chunk a well-formed run
     * within its capacity of non-heads between its head and the next, the prefix below the first head.
     */
    @Override
    public void check(NodeStore s, int root) {
        CtreeView v = new CtreeView(layout, s, root);
        int[] all = new int[size(s, root)];
        double[] vals = new double[all.length];
        collect(s, root, all, vals, 0);
        for (int k = 1; k < all.length; k++) {
            if (all[k] <= all[k - 1]) {
                throw new IllegalStateException("vctree: coordinates out of order at " + k + ": " + all[k - 1] + ", " + all[k]);
            }
        }
        checkChunk(v, 0, -1);
        TreeScratch sc = TreeScratch.get();
        int sp = 0;
        for (int x = v.tree[root]; x != 0 || sp > 0; ) {
            if (x == 0) {
                x = sc.headStack[--sp];
            }
            if (!CtreeHash.isHead(v.key[x], threshold)) {
                throw new IllegalStateException("vctree: node key " + v.key[x] + " is not a head");
            }
            for (int child : new int[] {v.left[x], v.right[x]}) {
                if (child != 0 && CtreeHash.priority(v.key[child]) > CtreeHash.priority(v.key[x])) {
                    throw new IllegalStateException("vctree: heap order broken below head " + v.key[x]);
                }
            }
            checkChunk(v, x, v.key[x]);
            if (v.right[x] != 0) {
                sc.ensureStack(sp);
                sc.headStack[sp++] = v.right[x];
            }
            x = v.left[x];
        }
    }

    private void checkChunk(CtreeView v, int owner, int head) {
        int n = v.size(owner);
        if (n == 0) {
            if (v.cap(owner) != 0) {
                throw new IllegalStateException("vctree: empty chunk holds a run of " + v.cap(owner) + " bytes");
            }
            return;
        }
        int w = VctreeRuns.width(v);
        int[] crd = new int[n];
        VctreeRuns.read(v, owner, crd, new double[n], 0);
        int end = v.off(owner) + w * n + ChunkCodes.length(crd, 0, n);
        if (end - v.off(owner) > v.cap(owner)) {
            throw new IllegalStateException("vctree: chunk of " + n + " overflows its run of " + v.cap(owner) + " bytes");
        }
        ChunkCodes.check(v.arena.bytes(), v.off(owner) + w * n, end, n);
        for (int c : crd) {
            if (c <= head || CtreeHash.isHead(c, threshold)) {
                throw new IllegalStateException("vctree: chunk element " + c + (c <= head ? " is not above its head " + head
                        : " is a head"));
            }
        }
    }
}
