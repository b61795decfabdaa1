package org.stag.formats.dynamic.impl;

import java.util.Arrays;
import org.stag.formats.dynamic.ChunkArena;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/**
 * C-tree (schema {@code ctree}; Dhulipala, Blelloch and Shun, PLDI 2019): an element is a <em>head</em>
 * iff its coordinate hashes to one of a {@code 1/b} share of hash values ({@link CtreeHash}); heads live in
 * a balanced search tree of {@code ctree} nodes, each carrying in its arena chunk {@code t} the non-heads
 * that follow it up to the next head; the non-heads before the first head form the {@code prefix} chunk
 * {@code e} of the root record. Chunks therefore hold {@code b} elements on average, and the whole
 * structure (heads, chunks, tree shape) is a function of the set of coordinates alone.
 *
 * <p>The head tree is a treap whose priorities are a hash of the head, so it needs no balance field (see
 * {@link CtreeTreap}). Batch updates touch each affected chunk once: a sorted batch is cut into groups, one
 * per chunk it falls into (one tree search per group), and each group is merged into its chunk in one pass;
 * new heads split the merged run into new chunks. Cost per row: {@code O(g log(n/b) + k + g b)} for a
 * batch of {@code k} elements touching {@code g} chunks of a row of {@code n}.
 */
public final class CtreeFormat implements DynamicFormat {
    /**
     * Expected chunk size when none is given. Measured on the scale-20 Kronecker graph (31M edges, 2 threads),
     * 32 to 256 insert and delete batches at the same speed within noise, since a batch's cost is the cache
     * misses of reaching each row; larger chunks need fewer tree nodes (24 bytes each) and iterate faster
     * (1.3 ns per element at 128 against 1.7 at 64), while single inserts into rows of 10^5 elements were
     * fastest at 128 (the shift of half a chunk against one more tree level).
     */
    public static final int DEFAULT_EXPECTED_CHUNK = 128;

    private static final long NO_BOUND = Long.MAX_VALUE;

    private final Schema schema;
    private final int expectedChunk;
    private final long threshold;
    private final CtreeView.Layout layout;

    /** The shipped schema with the default expected chunk size. */
    public CtreeFormat() {
        this(DEFAULT_EXPECTED_CHUNK);
    }

    /** The shipped schema; heads are one coordinate in {@code expectedChunk} (at least 1). */
    public CtreeFormat(int expectedChunk) {
        this(Schemas.builtin("ctree"), expectedChunk);
    }

    /**
     * A C-tree over a schema of the shipped shape (a root with {@code e : elem[N]}, {@code r} and {@code N};
     * nodes with {@code h : elem}, {@code t : elem[N]}, {@code l}, {@code r} and {@code N}; both arrays
     * unbounded, so in the arena).
     *
     * @throws IllegalArgumentException if the schema does not have that shape or {@code expectedChunk < 1}
     */
    public CtreeFormat(Schema schema, int expectedChunk) {
        this.schema = schema;
        this.expectedChunk = expectedChunk;
        this.threshold = CtreeHash.threshold(expectedChunk);
        this.layout = layoutOf(schema);
    }

    private static CtreeView.Layout layoutOf(Schema schema) {
        NodeType rootType = schema.root();
        Field r = requireField(rootType, "r", FieldKind.CHILD);
        NodeType nodeType = schema.nodeType(r.target().orElseThrow()).orElseThrow();
        requireField(rootType, "e", FieldKind.ELEMENT_ARRAY);
        requireField(rootType, "N", FieldKind.SIZE);
        requireField(nodeType, "h", FieldKind.ELEMENT);
        requireField(nodeType, "t", FieldKind.ELEMENT_ARRAY);
        requireField(nodeType, "l", FieldKind.CHILD);
        requireField(nodeType, "r", FieldKind.CHILD);
        requireField(nodeType, "N", FieldKind.SIZE);
        // Field layouts depend only on the node types, so one probe store gives them for every store.
        NodeStore probe = new NodeStore(schema, ValueMode.NONE);
        NodePool rp = probe.pool(rootType.name());
        NodePool np = probe.pool(nodeType.name());
        CtreeView.Layout l = new CtreeView.Layout(rootType.name(), nodeType.name(),
                probe.poolIndex(rootType.name()), probe.poolIndex(nodeType.name()), rp.layout("e"), rp.layout("r"),
                rp.layout("N"), np.layout("h"), np.layout("t"), np.layout("l"), np.layout("r"), np.layout("N"));
        if (!l.prefixElems().inArena() || !l.tail().inArena()) {
            throw new IllegalArgumentException("ctree: schema " + schema.name()
                    + " must leave e and t unbounded (arena chunks); C-tree chunks have no size limit");
        }
        return l;
    }

    private static Field requireField(NodeType t, String name, FieldKind kind) {
        Field f = t.field(name).orElseThrow(() -> new IllegalArgumentException(
                "ctree: node type " + t.name() + " has no field '" + name + "'"));
        if (f.kind() != kind) {
            throw new IllegalArgumentException("ctree: field " + t.name() + "." + name + " is " + f.kind() + ", expected " + kind);
        }
        return f;
    }

    @Override
    public String name() {
        return "ctree";
    }

    @Override
    public Schema schema() {
        return schema;
    }

    /** The expected chunk size {@code b}: one coordinate in {@code b} is a head. */
    public int expectedChunk() {
        return expectedChunk;
    }

    /** Whether coordinate {@code c} is a head (and so a tree node, never in a chunk). */
    public boolean isHead(int c) {
        return CtreeHash.isHead(c, threshold);
    }

    private static boolean isEmpty(CtreeView v) {
        return v.prefixN[v.root] == 0 && v.tree[v.root] == 0;
    }

    // ---------------------------------------------------------------- assembly

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        if (from >= to) {
            return;
        }
        CtreeView v = new CtreeView(layout, s, root);
        if (!isEmpty(v)) {
            throw new IllegalStateException("ctree: build needs an empty structure");
        }
        buildInto(v, crd, val, from, to, true);
    }

    /**
     * One pass finds the heads; chunks are copied into runs reserved up front; the treap comes from the
     * sorted heads by the linear Cartesian-tree construction (a stack of the right spine).
     *
     * <p>With {@code exact} (a bulk {@link #build}) every chunk gets a run of exactly its size
     * ({@link ChunkArena#allocExact(int)}): the prefix, then the heads' chunks in key order, back to back, so a
     * store built row by row holds each row's elements consecutively in row order, as a full-row scan reads
     * them, with no slack. An insert into an empty structure (a batch during streaming) keeps power-of-two
     * runs from the free lists, as every other update does, since it is likely to grow again.
     */
    private void buildInto(CtreeView v, int[] crd, double[] val, int from, int to, boolean exact) {
        CtreeScratch sc = CtreeScratch.get();
        int[] at = sc.ints;
        long[] hash = sc.longs;
        int m = 0;
        for (int k = from; k < to; k++) {
            long z = CtreeHash.mix(crd[k]);
            if (CtreeHash.isHead(z, threshold)) {
                if (m == at.length) {
                    at = sc.ints = Arrays.copyOf(at, 2 * m);
                }
                if (m == hash.length) {
                    hash = sc.longs = Arrays.copyOf(hash, 2 * m);
                }
                at[m] = k;
                hash[m] = z;
                m++;
            }
        }
        int prefix = (m > 0 ? at[0] : to) - from;
        long need = runSize(prefix, exact);
        for (int q = 0; q < m; q++) {
            need += runSize((q + 1 < m ? at[q + 1] : to) - at[q] - 1, exact);
        }
        // After these, allocations neither replace arrays nor need a refresh.
        v.arena.ensureSpare(need);
        v.refreshArena();
        if (m > 0) {
            v.reserveNodes(m);
        }
        if (prefix > 0) {
            fillChunk(v, 0, crd, val, from, prefix, exact);
        }
        int[] key = v.key;
        int[] left = v.left;
        int[] right = v.right;
        int sp = 0;
        for (int q = 0; q < m; q++) {
            int k = at[q];
            int z = v.nodes().alloc();
            key[z] = crd[k];
            v.setKeyValue(z, CtreeView.valueOf(val, k));
            int len = (q + 1 < m ? at[q + 1] : to) - k - 1;
            if (len > 0) {
                fillChunk(v, z, crd, val, k + 1, len, exact);
            }
            long p = hash[q];
            int last = 0;
            while (sp > 0 && sc.stackPrio[sp - 1] < p) {
                last = sc.stack[--sp];
            }
            left[z] = last;
            if (sp > 0) {
                right[sc.stack[sp - 1]] = z;
            }
            sc.ensureStack(sp);
            sc.stack[sp] = z;
            sc.stackPrio[sp] = p;
            sp++;
        }
        if (m > 0) {
            v.tree[v.root] = sc.stack[0];
        }
    }

    /** Gives chunk {@code owner} a run at build ({@link #runSize}) holding {@code crd[from, from + len)}. */
    private static void fillChunk(CtreeView v, int owner, int[] crd, double[] val, int from, int len, boolean exact) {
        int cap = runSize(len, exact);
        int off = exact ? v.arena.allocExact(cap) : v.arena.alloc(cap);
        v.copyIn(crd, val, from, off, len);
        v.setChunk(owner, off, len, cap);
    }

    /** The run a chunk of {@code len} elements gets at build: exactly {@code len}, or its power-of-two class (0: none). */
    private static int runSize(int len, boolean exact) {
        return len <= 0 ? 0 : exact ? len : ChunkArena.capacityFor(len);
    }

    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        CtreeView v = new CtreeView(layout, s, root);
        if (!isEmpty(v)) {
            throw new IllegalStateException("ctree: appendFirst needs an empty structure");
        }
        if (isHead(crd)) {
            int z = v.allocNode();
            v.key[z] = crd;
            v.setKeyValue(z, val);
            v.tree[root] = z;
            return z;
        }
        int off = v.allocRun(1);
        v.putArena(off, crd, val);
        v.setChunk(0, off, 1, 1);
        return 0;
    }

    /** The state is the last head appended (0 while elements still go to the prefix). */
    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        CtreeView v = new CtreeView(layout, s, root);
        if (isHead(crd)) {
            int z = v.allocNode();
            v.key[z] = crd;
            v.setKeyValue(z, val);
            CtreeTreap.appendMax(v, z);
            return z;
        }
        int off = v.off(state);
        int n = v.size(state);
        int cap = v.cap(state);
        if (n == cap) {
            int nc = ChunkArena.capacityFor(n + 1);
            int no = v.allocRun(nc);
            v.copyArena(off, no, n);
            v.freeRun(off, cap);
            off = no;
            cap = nc;
        }
        v.putArena(off + n, crd, val);
        v.setChunk(state, off, n + 1, cap);
        return state;
    }

    // ---------------------------------------------------------------- updates

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        return insert(s, root, crd, val, from, to, null);
    }

    /** Reports the replaced values from the insert's own descent: each chunk step records what it finds. */
    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to, double[] old) {
        if (from >= to) {
            return 0;
        }
        if (old != null) {
            Arrays.fill(old, from, to, Double.NaN);
        }
        CtreeView v = CtreeView.forUpdate(layout, s, root);
        if (isEmpty(v)) {
            buildInto(v, crd, val, from, to, false);
            return to - from;
        }
        int added = 0;
        int i = from;
        while (i < to) {
            // The chunk of crd[i]: its owner is the largest head <= crd[i] (0: the prefix); the group of
            // batch elements it takes ends below the next head.
            int c = crd[i];
            int[] key = v.key;
            int owner = 0;
            long bound = NO_BOUND;
            for (int x = v.tree[root]; x != 0; ) {
                int k = key[x];
                if (k <= c) {
                    owner = x;
                    x = v.right[x];
                } else {
                    bound = k;
                    x = v.left[x];
                }
            }
            if (owner != 0 && key[owner] == c) {
                if (old != null) {
                    old[i] = v.keyValue(owner);
                }
                v.setKeyValue(owner, CtreeView.valueOf(val, i));
                i++;
            }
            int j = i;
            boolean newHeads = false;
            while (j < to && crd[j] < bound) {
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

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        return delete(s, root, crd, from, to, null);
    }

    /** Reports the removed values from the delete's own descent. */
    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to, double[] old) {
        if (from >= to) {
            return 0;
        }
        if (old != null) {
            Arrays.fill(old, from, to, Double.NaN);
        }
        CtreeView v = CtreeView.forUpdate(layout, s, root);
        int removed = 0;
        int i = from;
        while (i < to) {
            // pred: the largest head below c (0: the prefix); found: the head c itself, if present.
            int c = crd[i];
            int[] key = v.key;
            int pred = 0;
            int found = 0;
            int foundParent = 0;
            int parent = 0;
            long bound = NO_BOUND;
            for (int x = v.tree[root]; x != 0; ) {
                int k = key[x];
                if (k < c) {
                    pred = x;
                    parent = x;
                    x = v.right[x];
                } else {
                    if (k == c) {
                        found = x;
                        foundParent = parent;
                    } else {
                        bound = k;
                    }
                    parent = x;
                    x = v.left[x];
                }
            }
            if (found != 0) {
                int y = v.right[found];
                if (y != 0) {
                    while (v.left[y] != 0) {
                        y = v.left[y];
                    }
                    bound = key[y];
                }
                int j = i + 1;
                while (j < to && crd[j] < bound) {
                    j++;
                }
                if (old != null) {
                    old[i] = v.keyValue(found);
                }
                removed += 1 + CtreeChunks.dissolve(v, found, foundParent, pred, crd, i + 1, j, old);
                i = j;
            } else {
                int j = i + 1;
                while (j < to && crd[j] < bound) {
                    j++;
                }
                removed += CtreeChunks.remove(v, pred, crd, i, j, old);
                i = j;
            }
        }
        return removed;
    }

    /**
     * Stage 0: the root record's words (the prefix chunk's offset, size and capacity, the tree's root), four
     * arrays; stage 1: every cache line of the prefix chunk (at most 16) and the tree's root node.
     */
    @Override
    public int touch(NodeStore s, int root, int stage) {
        NodePool rp = s.pool(layout.rootPool());
        int[] off = rp.ints(layout.prefixElems());
        int[] n = rp.ints(layout.prefixSize());
        int[] tree = rp.ints(layout.prefixTree());
        if (stage == 0) {
            return off[root] + n[root] + tree[root] + rp.capacities(layout.prefixElems())[root];
        }
        int[] crd = s.arena().crd();
        int o = off[root];
        int end = o + Math.min(n[root], 256);
        int x = 0;
        for (int i = o; i < end; i += 16) {
            x += crd[i];
        }
        int t = tree[root];
        if (t != 0) {
            NodePool np = s.pool(layout.nodePool());
            x += np.ints(layout.head())[t] + np.ints(layout.tail())[t];
        }
        return x;
    }

    // ---------------------------------------------------------------- lookups

    @Override
    public double get(NodeStore s, int root, int c) {
        double[] out = new double[1];
        getSorted(s, root, new int[] {c}, 0, 1, out);
        return out[0];
    }

    /**
     * One tree search per chunk the coordinates fall into (as {@link #insert} groups a batch), then a binary
     * search of the chunk from where the previous coordinate was found: the generic schema walk would redo
     * the descent and re-fetch the store's arrays for every coordinate.
     */
    @Override
    public void getSorted(NodeStore s, int root, int[] crd, int from, int to, double[] out) {
        if (from >= to) {
            return;
        }
        CtreeView v = new CtreeView(layout, s, root);
        int[] key = v.key;
        int[] chunk = v.crd;
        int i = from;
        while (i < to) {
            int c = crd[i];
            int owner = 0;
            long bound = NO_BOUND;
            for (int x = v.tree[root]; x != 0; ) {
                int k = key[x];
                if (k <= c) {
                    owner = x;
                    x = v.right[x];
                } else {
                    bound = k;
                    x = v.left[x];
                }
            }
            int lo = v.off(owner);
            int end = lo + v.size(owner);
            for (; i < to && crd[i] < bound; i++) {
                int ci = crd[i];
                if (owner != 0 && ci == key[owner]) {
                    out[i] = v.keyVal != null ? v.keyVal[owner] : v.keyPos != null ? v.keyPos[owner] : 1.0;
                    continue;
                }
                lo = lowerBound(chunk, lo, end, ci);
                out[i] = lo == end || chunk[lo] != ci ? Double.NaN
                        : v.val != null ? v.val[lo] : v.pos != null ? v.pos[lo] : 1.0;
            }
        }
    }

    /** The first index in {@code a[lo, hi)} (sorted) whose element is at least {@code c}. */
    private static int lowerBound(int[] a, int lo, int hi, int c) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < c) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    @Override
    public void clear(NodeStore s, int root) {
        CtreeView v = new CtreeView(layout, s, root);
        CtreeScratch sc = CtreeScratch.get();
        int sp = 0;
        int x = v.tree[root];
        while (x != 0 || sp > 0) {
            if (x == 0) {
                x = sc.stack[--sp];
            }
            int l = v.left[x];
            if (v.right[x] != 0) {
                sc.ensureStack(sp);
                sc.stack[sp++] = v.right[x];
            }
            v.freeRun(v.tailOff[x], v.tailCap[x]);
            v.freeNode(x);
            x = l;
        }
        v.freeRun(v.prefixOff[root], v.prefixCap[root]);
        v.setChunk(0, 0, 0, 0);
        v.tree[root] = 0;
    }

    @Override
    public void check(NodeStore s, int root) {
        CtreeView v = new CtreeView(layout, s, root);
        new CtreeCheck(v, threshold).run();
    }

    /** Depth of the head tree of {@code root} (0 when it has no heads); for tests and diagnostics. */
    public int depth(NodeStore s, int root) {
        CtreeView v = new CtreeView(layout, s, root);
        return CtreeCheck.depth(v);
    }
}
