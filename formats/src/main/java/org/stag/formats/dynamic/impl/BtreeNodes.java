package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.dynamic.walk.SupertypeHandles;
import org.stag.formats.schema.Schema;

/**
 * The arrays of one store's B-tree nodes, fetched once per operation, and the structural steps updates
 * share: inserting into a node, splitting, moving keys between siblings through their separator, merging,
 * and the upward passes that fix overflow and underflow along a root-to-leaf path.
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
     * Where the fields live. Layouts follow from the node types alone, so they are the same in every store
     * of a schema and are derived once per format (looking them up per operation costs a map probe each).
     */
    record Layout(FieldLayout top, FieldLayout ie, FieldLayout ic, FieldLayout icl, FieldLayout ib, FieldLayout le,
            FieldLayout lb) {
        static Layout of(Schema schema) {
            NodePool root = new NodePool(schema.root(), ValueMode.NONE);
            NodePool in = new NodePool(schema.nodeType("btree_internal").orElseThrow(), ValueMode.NONE);
            NodePool leaf = new NodePool(schema.nodeType("btree_leaf").orElseThrow(), ValueMode.NONE);
            return new Layout(root.layout("r"), in.layout("e"), in.layout("c"), in.layout("cl"), in.layout("B"),
                    leaf.layout("e"), leaf.layout("B"));
        }
    }

    final NodePool inner;
    final NodePool leaves;
    private final Layout at;
    private final SupertypeHandles handles;
    private final int innerTag;
    private final int leafTag;
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
    /** A split's result: the separator to insert into the parent and the new right sibling. */
    private int sepKey;
    private double sepVal;
    private int sepRight;
    private int[] scratchKeys;
    private double[] scratchVals;
    private int[] scratchKids;

    BtreeNodes(NodeStore s, Layout at, SupertypeHandles handles, int innerTag, int leafTag, int mi, int ml) {
        top = s.rootPool().ints(at.top());
        inner = s.pool("btree_internal");
        leaves = s.pool("btree_leaf");
        this.at = at;
        this.handles = handles;
        this.innerTag = innerTag;
        this.leafTag = leafTag;
        this.mi = mi;
        this.ml = ml;
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
        return handles.tag(handle) == leafTag;
    }

    int index(int handle) {
        return handles.index(handle);
    }

    int leafHandle(int n) {
        return handles.encode(n, leafTag);
    }

    int innerHandle(int n) {
        return handles.encode(n, innerTag);
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
        return lv != null ? lv[slot] : lp != null ? lp[slot] : 1.0;
    }

    double innerValue(int slot) {
        return iv != null ? iv[slot] : ip != null ? ip[slot] : 1.0;
    }

    void setLeaf(int slot, int key, double v) {
        lk[slot] = key;
        if (lv != null) {
            lv[slot] = v;
        } else if (lp != null) {
            lp[slot] = (int) v;
        }
    }

    void setInner(int slot, int key, double v) {
        ik[slot] = key;
        if (iv != null) {
            iv[slot] = v;
        } else if (ip != null) {
            ip[slot] = (int) v;
        }
    }

    /** Copies {@code k} leaf keys and values from slot {@code src} to {@code dst}; ranges may overlap. */
    void moveLeaf(int src, int dst, int k) {
        System.arraycopy(lk, src, lk, dst, k);
        if (lv != null) {
            System.arraycopy(lv, src, lv, dst, k);
        } else if (lp != null) {
            System.arraycopy(lp, src, lp, dst, k);
        }
    }

    /** Copies {@code k} internal keys and values (not children) from slot {@code src} to {@code dst}. */
    void moveInner(int src, int dst, int k) {
        System.arraycopy(ik, src, ik, dst, k);
        if (iv != null) {
            System.arraycopy(iv, src, iv, dst, k);
        } else if (ip != null) {
            System.arraycopy(ip, src, ip, dst, k);
        }
    }

    /** Internal slot {@code slot} takes the key and value of leaf slot {@code leafSlot}. */
    private void innerFromLeaf(int slot, int leafSlot) {
        setInner(slot, lk[leafSlot], leafValue(leafSlot));
    }

    private void innerFromInner(int slot, int from) {
        setInner(slot, ik[from], innerValue(from));
    }

    private void leafFromInner(int leafSlot, int slot) {
        setLeaf(leafSlot, ik[slot], innerValue(slot));
    }

    // ---------------------------------------------------------------------------------- insertion

    /** Puts a key at index {@code i} of leaf {@code n}, which has room. */
    void insertInLeaf(int n, int i, int key, double v) {
        int slot = n * ml + i;
        moveLeaf(slot, slot + 1, lcount[n] - i);
        setLeaf(slot, key, v);
        lcount[n]++;
    }

    /** Puts key {@code i} and, right of it, child {@code i + 1} into internal node {@code n}, which has room. */
    private void insertInInner(int n, int i, int key, double v, int right) {
        int base = n * mi;
        int k = icount[n];
        moveInner(base + i, base + i + 1, k - i);
        setInner(base + i, key, v);
        if (i == k) {
            kid[base + k] = last[n];
            last[n] = right;
        } else {
            // C[i+1 .. k-1] shift right; C[k] (cl) stays the last child.
            System.arraycopy(kid, base + i + 1, kid, base + i + 2, k - 1 - i);
            kid[base + i + 1] = right;
        }
        icount[n] = k + 1;
    }

    /**
     * Inserts {@code (key, v)} at index {@code i} of leaf {@code n}, the end of the path, splitting upward
     * if it is full. {@code atEnd}: the key is larger than every key of the tree; then a full node's left
     * sibling is filled up before anything splits, and a split leaves the new right node only the minimum,
     * so sorted appends leave full nodes behind. Returns, when {@code atEnd}, the leaf now holding the key
     * (the last leaf).
     */
    int insertIntoLeaf(int root, int n, int i, int key, double v, boolean atEnd) {
        if (lcount[n] < ml) {
            insertInLeaf(n, i, key, v);
            return n;
        }
        if (atEnd && depth > 0) {
            int p = pathNode[depth - 1];
            int s = icount[p] - 1;
            int room = ml - lcount[index(child(p, s))];
            if (room > 0) {
                moveLeft(p, s, room);
                insertInLeaf(n, i - room, key, v);
                return n;
            }
        }
        int right = splitLeaf(n, i, key, v, atEnd ? ml - minL : ml / 2);
        insertIntoParents(root, atEnd);
        return right;
    }

    /** Splits full leaf {@code n} with {@code (key, v)} inserted at {@code i}; the left keeps {@code keep} keys. Returns the new leaf. */
    private int splitLeaf(int n, int i, int key, double v, int keep) {
        int r = newLeaf();
        int k = ml;
        scratch();
        int base = n * ml;
        for (int j = 0, src = base; j <= k; j++) {
            if (j == i) {
                scratchKeys[j] = key;
                scratchVals[j] = v;
            } else {
                scratchKeys[j] = lk[src];
                scratchVals[j] = leafValue(src);
                src++;
            }
        }
        for (int j = 0; j < keep; j++) {
            setLeaf(base + j, scratchKeys[j], scratchVals[j]);
        }
        lcount[n] = keep;
        sepKey = scratchKeys[keep];
        sepVal = scratchVals[keep];
        int rb = r * ml;
        for (int j = keep + 1; j <= k; j++) {
            setLeaf(rb + j - keep - 1, scratchKeys[j], scratchVals[j]);
        }
        lcount[r] = k - keep;
        sepRight = leafHandle(r);
        return r;
    }

    /** Splits full internal node {@code n} with key {@code i} and child {@code i + 1} inserted; the left keeps {@code keep} keys. */
    private void splitInner(int n, int i, int key, double v, int right, int keep) {
        int r = newInner();
        int k = mi;
        scratch();
        int base = n * mi;
        for (int j = 0, src = base; j <= k; j++) {
            if (j == i) {
                scratchKeys[j] = key;
                scratchVals[j] = v;
            } else {
                scratchKeys[j] = ik[src];
                scratchVals[j] = innerValue(src);
                src++;
            }
        }
        for (int j = 0, src = 0; j <= k + 1; j++) {
            scratchKids[j] = j == i + 1 ? right : child(n, src++);
        }
        for (int j = 0; j < keep; j++) {
            setInner(base + j, scratchKeys[j], scratchVals[j]);
            kid[base + j] = scratchKids[j];
        }
        last[n] = scratchKids[keep];
        icount[n] = keep;
        sepKey = scratchKeys[keep];
        sepVal = scratchVals[keep];
        int rb = r * mi;
        for (int j = keep + 1; j <= k; j++) {
            setInner(rb + j - keep - 1, scratchKeys[j], scratchVals[j]);
            kid[rb + j - keep - 1] = scratchKids[j];
        }
        last[r] = scratchKids[k + 1];
        icount[r] = k - keep;
        sepRight = innerHandle(r);
    }

    private void scratch() {
        if (scratchKeys == null) {
            int m = Math.max(mi, ml) + 2;
            scratchKeys = new int[m];
            scratchVals = new double[m];
            scratchKids = new int[m];
        }
    }

    /** Inserts the pending separator and right sibling into the path's internal nodes, splitting upward. */
    private void insertIntoParents(int root, boolean atEnd) {
        for (int lvl = depth - 1; ; lvl--) {
            if (lvl < 0) {
                int n = newInner();
                setInner(n * mi, sepKey, sepVal);
                kid[n * mi] = top[root];
                last[n] = sepRight;
                icount[n] = 1;
                top[root] = innerHandle(n);
                return;
            }
            int p = pathNode[lvl];
            int i = pathIdx[lvl];
            if (icount[p] < mi) {
                insertInInner(p, i, sepKey, sepVal, sepRight);
                return;
            }
            if (atEnd && lvl > 0) {
                int g = pathNode[lvl - 1];
                int s = icount[g] - 1;
                int room = mi - icount[index(child(g, s))];
                if (room > 0) {
                    moveLeft(g, s, room);
                    insertInInner(p, i - room, sepKey, sepVal, sepRight);
                    return;
                }
            }
            splitInner(p, i, sepKey, sepVal, sepRight, atEnd ? mi - minI : mi / 2);
        }
    }

    // ------------------------------------------------------------------------ moves between siblings

    /** Moves {@code d} keys from child {@code s + 1} of {@code p} through separator {@code s} into child {@code s}. */
    void moveLeft(int p, int s, int d) {
        int sep = p * mi + s;
        int lx = child(p, s);
        int rx = child(p, s + 1);
        int l = index(lx);
        int r = index(rx);
        if (isLeaf(lx)) {
            int lb0 = l * ml;
            int rb0 = r * ml;
            int kl = lcount[l];
            int kr = lcount[r];
            leafFromInner(lb0 + kl, sep);
            moveLeaf(rb0, lb0 + kl + 1, d - 1);
            innerFromLeaf(sep, rb0 + d - 1);
            moveLeaf(rb0 + d, rb0, kr - d);
            lcount[l] = kl + d;
            lcount[r] = kr - d;
        } else {
            int lb0 = l * mi;
            int rb0 = r * mi;
            int kl = icount[l];
            int kr = icount[r];
            innerFromInner(lb0 + kl, sep);
            moveInner(rb0, lb0 + kl + 1, d - 1);
            innerFromInner(sep, rb0 + d - 1);
            moveInner(rb0 + d, rb0, kr - d);
            // The left node's children C[kl+1 .. kl+d] are the right node's C[0 .. d-1].
            kid[lb0 + kl] = last[l];
            System.arraycopy(kid, rb0, kid, lb0 + kl + 1, d - 1);
            last[l] = kid[rb0 + d - 1];
            System.arraycopy(kid, rb0 + d, kid, rb0, kr - d);
            icount[l] = kl + d;
            icount[r] = kr - d;
        }
    }

    /** Moves {@code d} keys from child {@code s} of {@code p} through separator {@code s} into child {@code s + 1}. */
    void moveRight(int p, int s, int d) {
        int sep = p * mi + s;
        int lx = child(p, s);
        int rx = child(p, s + 1);
        int l = index(lx);
        int r = index(rx);
        if (isLeaf(lx)) {
            int lb0 = l * ml;
            int rb0 = r * ml;
            int kl = lcount[l];
            int kr = lcount[r];
            moveLeaf(rb0, rb0 + d, kr);
            leafFromInner(rb0 + d - 1, sep);
            moveLeaf(lb0 + kl - d + 1, rb0, d - 1);
            innerFromLeaf(sep, lb0 + kl - d);
            lcount[l] = kl - d;
            lcount[r] = kr + d;
        } else {
            int lb0 = l * mi;
            int rb0 = r * mi;
            int kl = icount[l];
            int kr = icount[r];
            moveInner(rb0, rb0 + d, kr);
            innerFromInner(rb0 + d - 1, sep);
            moveInner(lb0 + kl - d + 1, rb0, d - 1);
            innerFromInner(sep, lb0 + kl - d);
            // The right node's children C[0 .. d-1] are the left node's C[kl-d+1 .. kl].
            System.arraycopy(kid, rb0, kid, rb0 + d, kr);
            System.arraycopy(kid, lb0 + kl - d + 1, kid, rb0, d - 1);
            kid[rb0 + d - 1] = last[l];
            last[l] = kid[lb0 + kl - d];
            icount[l] = kl - d;
            icount[r] = kr + d;
        }
    }

    /** Merges child {@code s + 1} of {@code p} and separator {@code s} into child {@code s}; frees the right node. */
    private void merge(int p, int s) {
        int sep = p * mi + s;
        int lx = child(p, s);
        int rx = child(p, s + 1);
        int l = index(lx);
        int r = index(rx);
        if (isLeaf(lx)) {
            int kl = lcount[l];
            int kr = lcount[r];
            leafFromInner(l * ml + kl, sep);
            moveLeaf(r * ml, l * ml + kl + 1, kr);
            lcount[l] = kl + 1 + kr;
            leaves.free(r);
        } else {
            int kl = icount[l];
            int kr = icount[r];
            int lb0 = l * mi;
            innerFromInner(lb0 + kl, sep);
            moveInner(r * mi, lb0 + kl + 1, kr);
            kid[lb0 + kl] = last[l];
            System.arraycopy(kid, r * mi, kid, lb0 + kl + 1, kr);
            last[l] = last[r];
            icount[l] = kl + 1 + kr;
            inner.free(r);
        }
        removeFromInner(p, s);
    }

    /** Removes key {@code s} and child {@code s + 1} from internal node {@code p}. */
    private void removeFromInner(int p, int s) {
        int base = p * mi;
        int k = icount[p];
        moveInner(base + s + 1, base + s, k - s - 1);
        if (s + 1 == k) {
            last[p] = kid[base + k - 1];
        } else {
            System.arraycopy(kid, base + s + 2, kid, base + s + 1, k - s - 2);
        }
        icount[p] = k - 1;
    }

    // ---------------------------------------------------------------------------------- deletion

    /**
     * Restores the fill bounds after node {@code x} (a handle), the end of the path, lost a key: a
     * non-root node below its minimum borrows one key from a sibling with more than the minimum, else
     * merges with a sibling, and its parent may underflow in turn; an empty root is replaced by its only
     * child (or the tree becomes empty).
     */
    void afterRemoval(int root, int x) {
        while (true) {
            boolean leaf = isLeaf(x);
            int n = index(x);
            int k = leaf ? lcount[n] : icount[n];
            if (depth == 0) {
                if (k == 0) {
                    if (leaf) {
                        top[root] = 0;
                        leaves.free(n);
                    } else {
                        top[root] = last[n];
                        inner.free(n);
                    }
                }
                return;
            }
            int min = leaf ? minL : minI;
            if (k >= min) {
                return;
            }
            int p = pathNode[depth - 1];
            int i = pathIdx[depth - 1];
            if (i > 0 && keyCount(child(p, i - 1)) > min) {
                moveRight(p, i - 1, 1);
                return;
            }
            if (i < icount[p] && keyCount(child(p, i + 1)) > min) {
                moveLeft(p, i, 1);
                return;
            }
            merge(p, i > 0 ? i - 1 : i);
            depth--;
            x = innerHandle(p);
        }
    }
}
