package org.stag.formats.dynamic.impl;

import java.util.Arrays;
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
public final class CtreeFormat extends SchemaFormat {
    /**
     * Expected chunk size when none is given. Measured on the scale-20 Kronecker graph (31M edges, 2 threads),
     * 32 to 256 insert and delete batches at the same speed within noise, since a batch's cost is the cache
     * misses of reaching each row; larger chunks need fewer tree nodes (24 bytes each) and iterate faster
     * (1.3 ns per element at 128 against 1.7 at 64), while single inserts into rows of 10^5 elements were
     * fastest at 128 (the shift of half a chunk against one more tree level).
     */
    public static final int DEFAULT_EXPECTED_CHUNK = 128;

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
        super(schema, "ctree");
        if (schema.varint()) {
            throw new IllegalArgumentException("ctree: schema " + schema.name() + " has varint arrays; use the vctree format");
        }
        this.expectedChunk = expectedChunk;
        this.threshold = CtreeHash.threshold(expectedChunk);
        this.layout = layoutOf(schema);
    }

    static CtreeView.Layout layoutOf(Schema schema) {
        NodeType rootType = schema.root();
        Field r = require(rootType, "r", FieldKind.CHILD);
        NodeType nodeType = schema.nodeType(r.target().orElseThrow()).orElseThrow();
        require(rootType, "e", FieldKind.ELEMENT_ARRAY);
        require(rootType, "N", FieldKind.SIZE);
        require(nodeType, "h", FieldKind.ELEMENT);
        require(nodeType, "t", FieldKind.ELEMENT_ARRAY);
        require(nodeType, "l", FieldKind.CHILD);
        require(nodeType, "r", FieldKind.CHILD);
        require(nodeType, "N", FieldKind.SIZE);
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

    /** The expected chunk size {@code b}: one coordinate in {@code b} is a head. */
    public int expectedChunk() {
        return expectedChunk;
    }

    /** Whether coordinate {@code c} is a head (and so a tree node, never in a chunk). */
    public boolean isHead(int c) {
        return CtreeHash.isHead(c, threshold);
    }


    // ---------------------------------------------------------------- assembly

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        if (from >= to) {
            return;
        }
        CtreeView v = new CtreeView(layout, s, root);
        if (!CtreeAssembly.isEmpty(v)) {
            throw new IllegalStateException("ctree: build needs an empty structure");
        }
        CtreeAssembly.build(v, threshold, crd, val, from, to, true);
    }

    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        CtreeView v = new CtreeView(layout, s, root);
        if (!CtreeAssembly.isEmpty(v)) {
            throw new IllegalStateException("ctree: appendFirst needs an empty structure");
        }
        if (isHead(crd)) {
            v.tree[root] = CtreeAssembly.head(v, crd, val);
            return v.tree[root];
        }
        CtreeAssembly.appendToChunk(v, 0, crd, val);
        return 0;
    }

    /** The state is the last head appended (0 while elements still go to the prefix). */
    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        CtreeView v = new CtreeView(layout, s, root);
        if (isHead(crd)) {
            int z = CtreeAssembly.head(v, crd, val);
            CtreeTreap.appendMax(v, z);
            return z;
        }
        CtreeAssembly.appendToChunk(v, state, crd, val);
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
        return from >= to ? 0 : CtreeBatches.insert(CtreeView.forUpdate(layout, s, root), threshold, crd, val, from, to, old);
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        return delete(s, root, crd, from, to, null);
    }

    /** Reports the removed values from the delete's own descent. */
    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to, double[] old) {
        return from >= to ? 0 : CtreeBatches.delete(CtreeView.forUpdate(layout, s, root), crd, from, to, old);
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
            v.seek(crd[i]);
            int owner = v.owner;
            long bound = v.bound;
            int lo = v.off(owner);
            int end = lo + v.size(owner);
            for (; i < to && crd[i] < bound; i++) {
                int ci = crd[i];
                if (owner != 0 && ci == key[owner]) {
                    out[i] = v.keyValue(owner);
                    continue;
                }
                lo = Arrays.binarySearch(chunk, lo, end, ci);
                lo = lo < 0 ? -lo - 1 : lo;
                out[i] = lo == end || chunk[lo] != ci ? Double.NaN
                        : v.arenaValue(lo);
            }
        }
    }

    @Override
    public void clear(NodeStore s, int root) {
        new CtreeView(layout, s, root).clear();
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
