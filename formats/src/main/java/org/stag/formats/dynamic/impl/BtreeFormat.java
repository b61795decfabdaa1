package org.stag.formats.dynamic.impl;

import java.util.Arrays;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.walk.SupertypeHandles;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;
import org.stag.formats.schema.SizeBounds;

/**
 * B-tree (schema {@code btree}, [Chou 2021] Figure 6g): keys in internal nodes and leaves, internal nodes
 * {@code seq = {c, e}, cl}, leaves {@code seq = {e}}, children tagged with their subtype
 * ({@link SupertypeHandles}). The most keys per node are the upper bounds of {@code B} in the schema
 * ({@code mi} internal, {@code ml} leaves, at least 3); every node but the root holds at least
 * {@code ceil(m / 2) - 1} keys, the root at least 1, and all leaves are at the same depth.
 *
 * <p>Insert descends with a path stack and splits full nodes upward (evenly; keys beyond the largest
 * one fill the left sibling first and split unevenly, so sorted appends leave full nodes). Delete
 * replaces a separator by its predecessor, then borrows from a sibling or merges upward. Both are
 * O(m log_m n) per key. Build lays out sorted input in O(n): the lowest height that holds it, as few
 * children per node as fit, keys spread evenly, so leaves come out nearly full.
 */
public final class BtreeFormat extends SchemaFormat {
    private final int mi;
    private final int ml;
    private final BtreeNodes.Layout layout;
    /** {@code cap[h]}: most keys a subtree of height h holds, up to the first height that holds any int count. */
    private final long[] cap;

    /** The shipped schema (up to 31 keys per node). */
    public BtreeFormat() {
        this(Schemas.builtin("btree"));
    }

    /**
     * A B-tree over {@code schema}, which must have the shape of the shipped {@code btree} schema; its
     * bounds on {@code B} set the node capacities.
     *
     * @throws IllegalArgumentException if the schema lacks a field the format needs or bounds a node below 3 keys
     */
    public BtreeFormat(Schema schema) {
        super(schema, "btree");
        NodeType in = type(schema, "btree_internal");
        NodeType leaf = type(schema, "btree_leaf");
        require(in, "c", FieldKind.CHILD_ARRAY);
        require(in, "cl", FieldKind.CHILD);
        require(schema.root(), "r", FieldKind.CHILD);
        this.mi = capacity(in);
        this.ml = capacity(leaf);
        if (in.lengthBounds(in.field("c").orElseThrow()).upper().orElse(-1) != mi) {
            throw new IllegalArgumentException("btree_internal: c and e must have the same bound");
        }
        this.layout = BtreeNodes.Layout.of(schema, mi, ml);
        long[] c = new long[BtreeNodes.MAX_HEIGHT];
        int h = 1;
        c[1] = ml;
        while (c[h] < Integer.MAX_VALUE) {
            h++;
            c[h] = (mi + 1) * c[h - 1] + mi;
        }
        this.cap = Arrays.copyOf(c, h + 1);
    }

    private static NodeType type(Schema schema, String name) {
        return schema.nodeType(name).orElseThrow(() -> new IllegalArgumentException("schema has no node type '" + name + "'"));
    }

    private static int capacity(NodeType t) {
        Field e = require(t, "e", FieldKind.ELEMENT_ARRAY);
        SizeBounds b = t.lengthBounds(e);
        if (!b.isBounded() || b.lower() > 1 || b.upper().getAsInt() < 3) {
            throw new IllegalArgumentException(t.name() + ": e needs bounds [0 or 1, m] with m >= 3, not " + b);
        }
        return b.upper().getAsInt();
    }

    /** Most keys of an internal node. */
    public int maxInnerKeys() {
        return mi;
    }

    /** Most keys of a leaf. */
    public int maxLeafKeys() {
        return ml;
    }

    /** The handle encoding of children and of the root's {@code r}. */
    public SupertypeHandles handles() {
        return layout.handles();
    }

    BtreeNodes nodes(NodeStore s) {
        return new BtreeNodes(s, layout);
    }

    // ------------------------------------------------------------------------------------- build

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        if (from == to) {
            return;
        }
        BtreeNodes t = nodes(s);
        if (t.top[root] != 0) {
            insert(s, root, crd, val, from, to);
            return;
        }
        int n = to - from;
        int h = 1;
        while (cap[h] < n) {
            h++;
        }
        t.top[root] = buildSubtree(t, crd, val, from, n, h);
    }

    /**
     * The subtree of height {@code h} holding {@code crd[from, from + k)}: as few children as can hold
     * the keys (at least two), keys spread evenly. Recursion depth is the height, O(log n).
     */
    private int buildSubtree(BtreeNodes t, int[] crd, double[] val, int from, int k, int h) {
        if (h == 1) {
            int n = t.newLeaf();
            int base = n * ml;
            System.arraycopy(crd, from, t.lk, base, k);
            if (t.lv != null) {
                if (val != null) {
                    System.arraycopy(val, from, t.lv, base, k);
                } else {
                    Arrays.fill(t.lv, base, base + k, 1.0);
                }
            } else if (t.lp != null) {
                for (int j = 0; j < k; j++) {
                    t.lp[base + j] = val == null ? 1 : (int) val[from + j];
                }
            }
            t.lcount[n] = k;
            return t.leafHandle(n);
        }
        int children = (int) Math.max(2, (k + cap[h - 1] + 1) / (cap[h - 1] + 1));
        int n = t.newInner();
        int spread = k - (children - 1);
        int share = spread / children;
        int extra = spread % children;
        int at = from;
        for (int j = 0; j < children; j++) {
            int len = share + (j < extra ? 1 : 0);
            int child = buildSubtree(t, crd, val, at, len, h - 1);
            at += len;
            if (j < children - 1) {
                t.kid[n * mi + j] = child;
                t.setInner(n * mi + j, crd[at], val == null ? 1.0 : val[at]);
                at++;
            } else {
                t.last[n] = child;
            }
        }
        t.icount[n] = children - 1;
        return t.innerHandle(n);
    }

    // ------------------------------------------------------------------------------------ append

    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        BtreeNodes t = nodes(s);
        if (t.top[root] != 0) {
            throw new IllegalStateException("btree: appendFirst on a structure that is not empty");
        }
        int n = t.newLeaf();
        t.setLeaf(n * ml, crd, val);
        t.lcount[n] = 1;
        t.top[root] = t.leafHandle(n);
        return n;
    }

    /** The state is the index of the last leaf. */
    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        BtreeNodes t = nodes(s);
        int k = t.lcount[state];
        if (k < ml) {
            t.setLeaf(state * ml + k, crd, val);
            t.lcount[state] = k + 1;
            return state;
        }
        t.beginPath();
        int x = t.top[root];
        while (!t.isLeaf(x)) {
            int n = t.index(x);
            t.push(n, t.icount[n]);
            x = t.last[n];
        }
        return new BtreeRebalance(t).insertIntoLeaf(root, state, k, crd, val, true);
    }

    // ------------------------------------------------------------------------------------ insert

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        BtreeNodes t = nodes(s);
        BtreeRebalance r = new BtreeRebalance(t);
        int added = 0;
        for (int k = from; k < to; k++) {
            if (insertOne(t, r, root, crd[k], val == null ? 1.0 : val[k])) {
                added++;
            }
        }
        return added;
    }

    private boolean insertOne(BtreeNodes t, BtreeRebalance r, int root, int c, double v) {
        int x = t.top[root];
        if (x == 0) {
            appendFirst(t, root, c, v);
            return true;
        }
        t.beginPath();
        boolean rightmost = true;
        while (true) {
            // In the node: a present key takes the value; else the index of the child (or leaf slot) for c.
            boolean leaf = t.isLeaf(x);
            int n = t.index(x);
            int k = t.counts(leaf)[n];
            int base = n * t.stride(leaf);
            int p = Arrays.binarySearch(t.keys(leaf), base, base + k, c);
            if (p >= 0) {
                t.set(leaf, p, c, v);
                return false;
            }
            int i = -p - 1 - base;
            rightmost &= i == k;
            if (leaf) {
                r.insertIntoLeaf(root, n, i, c, v, rightmost);
                return true;
            }
            t.push(n, i);
            x = t.child(n, i);
        }
    }

    private void appendFirst(BtreeNodes t, int root, int c, double v) {
        int n = t.newLeaf();
        t.setLeaf(n * ml, c, v);
        t.lcount[n] = 1;
        t.top[root] = t.leafHandle(n);
    }

    // ------------------------------------------------------------------------------------ delete

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        BtreeNodes t = nodes(s);
        BtreeRebalance r = new BtreeRebalance(t);
        int removed = 0;
        for (int k = from; k < to && t.top[root] != 0; k++) {
            if (deleteOne(t, r, root, crd[k])) {
                removed++;
            }
        }
        return removed;
    }

    private boolean deleteOne(BtreeNodes t, BtreeRebalance r, int root, int c) {
        int x = t.top[root];
        t.beginPath();
        while (!t.isLeaf(x)) {
            int n = t.index(x);
            int base = n * mi;
            int p = Arrays.binarySearch(t.ik, base, base + t.icount[n], c);
            if (p >= 0) {
                // A separator: its predecessor, the last key of the last leaf below child j, takes its place.
                int j = p - base;
                t.push(n, j);
                int y = t.child(n, j);
                while (!t.isLeaf(y)) {
                    int m = t.index(y);
                    t.push(m, t.icount[m]);
                    y = t.last[m];
                }
                int leaf = t.index(y);
                int slot = leaf * ml + t.lcount[leaf] - 1;
                t.setInner(p, t.lk[slot], t.leafValue(slot));
                t.lcount[leaf]--;
                r.afterRemoval(root, y);
                return true;
            }
            int i = -p - 1 - base;
            t.push(n, i);
            x = t.child(n, i);
        }
        int n = t.index(x);
        int base = n * ml;
        int k = t.lcount[n];
        int p = Arrays.binarySearch(t.lk, base, base + k, c);
        if (p < 0) {
            return false;
        }
        t.moveLeaf(p + 1, p, base + k - p - 1);
        t.lcount[n] = k - 1;
        r.afterRemoval(root, x);
        return true;
    }

    // ------------------------------------------------------------------------------------- reads




    @Override
    public void clear(NodeStore s, int root) {
        BtreeNodes t = nodes(s);
        int x = t.top[root];
        t.top[root] = 0;
        if (x == 0) {
            return;
        }
        // Post-order: a leaf is freed when reached, an internal node once its last child is done.
        t.beginPath();
        int sp = 0;
        while (true) {
            if (t.isLeaf(x)) {
                t.leaves.free(t.index(x));
            } else {
                int n = t.index(x);
                t.pathNode[sp] = n;
                t.pathIdx[sp] = 0;
                sp++;
                x = t.child(n, 0);
                continue;
            }
            while (sp > 0 && t.pathIdx[sp - 1] == t.icount[t.pathNode[sp - 1]]) {
                t.inner.free(t.pathNode[--sp]);
            }
            if (sp == 0) {
                return;
            }
            x = t.child(t.pathNode[sp - 1], ++t.pathIdx[sp - 1]);
        }
    }

    @Override
    public void check(NodeStore s, int root) {
        new BtreeChecker(nodes(s), layout.handles()).check(root);
    }
}
