package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.dynamic.walk.Carried;
import org.stag.formats.dynamic.walk.SupertypeHandles;
import org.stag.formats.schema.Schema;

/**
 * The arrays of one store's B-tree nodes, fetched once per operation, and the path of one descent, which the
 * structural steps of updates work on.
 *
 * <p>Children are handles tagged with their subtype ({@link SupertypeHandles}). Internal node {@code n}
 * with {@code k} keys keeps keys in {@code ik[n * mi .. n * mi + k)} (the schema's {@code e}), children
 * {@code C[0..k)} in {@code kid[n * mi ..]} ({@code c}) and {@code C[k]} in {@code last[n]} ({@code cl});
 * leaf {@code n} keeps keys in {@code lk[n * ml .. n * ml + k)}. Values sit at the same index as keys.
 */
final class BtreeNodes {
    /** Longest root-to-leaf path: with at least two children per internal node, 2^31 keys need fewer than 32 levels. */
    static final int MAX_HEIGHT = 64;

    /**
     * Where the fields live, how child handles are tagged and how many keys nodes hold: the same in every store
     * of a schema, so derived once per format (looking layouts up per operation costs a map probe each).
     */
    record Layout(FieldLayout top, FieldLayout ie, FieldLayout ic, FieldLayout icl, FieldLayout ib, FieldLayout le,
            FieldLayout lb, SupertypeHandles handles, int innerTag, int leafTag, int mi, int ml) {
        static Layout of(Schema schema, int mi, int ml) {
            NodePool root = new NodePool(schema.root(), ValueMode.NONE);
            NodePool in = new NodePool(schema.nodeType("btree_internal").orElseThrow(), ValueMode.NONE);
            NodePool leaf = new NodePool(schema.nodeType("btree_leaf").orElseThrow(), ValueMode.NONE);
            SupertypeHandles h = new SupertypeHandles(schema, "btree");
            return new Layout(root.layout("r"), in.layout("e"), in.layout("c"), in.layout("cl"), in.layout("B"),
                    leaf.layout("e"), leaf.layout("B"), h, h.tagOf("btree_internal"), h.tagOf("btree_leaf"), mi, ml);
        }
    }

    final NodePool inner;
    final NodePool leaves;
    private final Layout at;
    /** {@code btree_root.r} of every root record in the store. */
    final int[] top;
    /** Most and fewest keys of internal nodes and leaves (the fewest for nodes other than the root). */
    final int mi;
    final int ml;
    final int minI;
    final int minL;
    int[] ik;
    double[] iv;
    int[] ip;
    int[] kid;
    int[] last;
    int[] icount;
    int[] lk;
    double[] lv;
    int[] lp;
    int[] lcount;
    /** Internal nodes from the root down ({@code pathNode}) and the child index taken in each ({@code pathIdx}). */
    int[] pathNode;
    int[] pathIdx;
    int depth;

    BtreeNodes(NodeStore s, Layout at) {
        top = s.rootPool().ints(at.top());
        inner = s.pool("btree_internal");
        leaves = s.pool("btree_leaf");
        this.at = at;
        this.mi = at.mi();
        this.ml = at.ml();
        this.minI = (mi + 1) / 2 - 1;
        this.minL = (ml + 1) / 2 - 1;
        refreshInner();
        refreshLeaves();
    }

    /** Starts an empty path (allocated on first use: reads that need none stay allocation-free). */
    void beginPath() {
        if (pathNode == null) {
            pathNode = new int[MAX_HEIGHT];
            pathIdx = new int[MAX_HEIGHT];
        }
        depth = 0;
    }

    /** Fetches the internal nodes' arrays again (after the pool may have grown). */
    private void refreshInner() {
        ik = inner.ints(at.ie());
        iv = inner.values(at.ie());
        ip = inner.positions(at.ie());
        kid = inner.ints(at.ic());
        last = inner.ints(at.icl());
        icount = inner.ints(at.ib());
    }

    /** Fetches the leaves' arrays again (after the pool may have grown). */
    private void refreshLeaves() {
        lk = leaves.ints(at.le());
        lv = leaves.values(at.le());
        lp = leaves.positions(at.le());
        lcount = leaves.ints(at.lb());
    }

    boolean isLeaf(int handle) {
        return at.handles().tag(handle) == at.leafTag();
    }

    int index(int handle) {
        return at.handles().index(handle);
    }

    int leafHandle(int n) {
        return at.handles().encode(n, at.leafTag());
    }

    int innerHandle(int n) {
        return at.handles().encode(n, at.innerTag());
    }

    /** A new empty leaf (index); refreshes the leaf arrays. */
    int newLeaf() {
        int n = leaves.alloc();
        refreshLeaves();
        return n;
    }

    /** A new empty internal node (index); refreshes the internal arrays. */
    int newInner() {
        int n = inner.alloc();
        refreshInner();
        return n;
    }

    /** Child {@code i} of internal node {@code n}: {@code c[i]}, or {@code cl} for {@code i == B}. */
    int child(int n, int i) {
        return i < icount[n] ? kid[n * mi + i] : last[n];
    }

    int keyCount(int handle) {
        return isLeaf(handle) ? lcount[index(handle)] : icount[index(handle)];
    }

    void push(int n, int i) {
        pathNode[depth] = n;
        pathIdx[depth] = i;
        depth++;
    }

    // Values: doubles, int positions, or nothing (pattern), parallel to the keys.

    double leafValue(int slot) {
        return Carried.get(lv, lp, slot);
    }

    double innerValue(int slot) {
        return Carried.get(iv, ip, slot);
    }

    void setLeaf(int slot, int key, double v) {
        lk[slot] = key;
        Carried.set(lv, lp, slot, v);
    }

    void setInner(int slot, int key, double v) {
        ik[slot] = key;
        Carried.set(iv, ip, slot, v);
    }

    /** Copies {@code k} leaf keys and values from slot {@code src} to {@code dst}; ranges may overlap. */
    void moveLeaf(int src, int dst, int k) {
        System.arraycopy(lk, src, lk, dst, k);
        Carried.move(lv, lp, src, dst, k);
    }

    /** Copies {@code k} internal keys and values (not children) from slot {@code src} to {@code dst}. */
    void moveInner(int src, int dst, int k) {
        System.arraycopy(ik, src, ik, dst, k);
        Carried.move(iv, ip, src, dst, k);
    }

    // Leaves and internal nodes alike, by kind: their keys, counts, stride, values.

    int[] keys(boolean leaf) {
        return leaf ? lk : ik;
    }

    int[] counts(boolean leaf) {
        return leaf ? lcount : icount;
    }

    int stride(boolean leaf) {
        return leaf ? ml : mi;
    }

    double value(boolean leaf, int slot) {
        return leaf ? leafValue(slot) : innerValue(slot);
    }

    void set(boolean leaf, int slot, int key, double v) {
        if (leaf) {
            setLeaf(slot, key, v);
        } else {
            setInner(slot, key, v);
        }
    }

    void move(boolean leaf, int src, int dst, int k) {
        if (leaf) {
            moveLeaf(src, dst, k);
        } else {
            moveInner(src, dst, k);
        }
    }

    /** Frees node {@code n} of the given kind. */
    void free(boolean leaf, int n) {
        (leaf ? leaves : inner).free(n);
    }
}
