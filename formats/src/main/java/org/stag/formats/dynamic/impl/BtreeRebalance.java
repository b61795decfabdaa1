package org.stag.formats.dynamic.impl;

/**
 * The structural steps of B-tree updates over one operation's {@link BtreeNodes}: inserting into a node,
 * splitting, moving keys between siblings through their separator, merging, and the upward passes that fix
 * overflow and underflow along the root-to-leaf path the operation descended. Leaves and internal nodes move
 * their keys and values alike ({@link BtreeNodes#keys(boolean)} and the other accessors by kind); internal
 * nodes also move their children.
 */
final class BtreeRebalance {
    private final BtreeNodes t;
    /** A split's result: the separator to insert into the parent and the new right sibling. */
    private int sepKey;
    private double sepVal;
    private int sepRight;
    private int[] scratchKeys;
    private double[] scratchVals;
    private int[] scratchKids;
    /**
     * Two siblings around separator slot {@code sep} ({@link #siblings}): whether they are leaves, their node
     * indices, first slots and key counts, and their kind's count array.
     */
    private boolean leaf;
    private int sep;
    private int l;
    private int r;
    private int lb0;
    private int rb0;
    private int kl;
    private int kr;
    private int[] count;

    BtreeRebalance(BtreeNodes t) {
        this.t = t;
    }

    // ---------------------------------------------------------------------------------- insertion

    /** Puts a key at index {@code i} of leaf {@code n}, which has room. */
    void insertInLeaf(int n, int i, int key, double v) {
        int slot = n * t.ml + i;
        t.moveLeaf(slot, slot + 1, t.lcount[n] - i);
        t.setLeaf(slot, key, v);
        t.lcount[n]++;
    }

    /** Puts key {@code i} and, right of it, child {@code i + 1} into internal node {@code n}, which has room. */
    private void insertInInner(int n, int i, int key, double v, int right) {
        int base = n * t.mi;
        int k = t.icount[n];
        int[] kid = t.kid;
        t.moveInner(base + i, base + i + 1, k - i);
        t.setInner(base + i, key, v);
        if (i == k) {
            kid[base + k] = t.last[n];
            t.last[n] = right;
        } else {
            // C[i+1 .. k-1] shift right; C[k] (cl) stays the last child.
            System.arraycopy(kid, base + i + 1, kid, base + i + 2, k - 1 - i);
            kid[base + i + 1] = right;
        }
        t.icount[n] = k + 1;
    }

    /**
     * Inserts {@code (key, v)} at index {@code i} of leaf {@code n}, the end of the path, splitting upward
     * if it is full. {@code atEnd}: the key is larger than every key of the tree; then a full node's left
     * sibling is filled up before anything splits, and a split leaves the new right node only the minimum,
     * so sorted appends leave full nodes behind. Returns, when {@code atEnd}, the leaf now holding the key
     * (the last leaf).
     */
    int insertIntoLeaf(int root, int n, int i, int key, double v, boolean atEnd) {
        if (t.lcount[n] < t.ml) {
            insertInLeaf(n, i, key, v);
            return n;
        }
        int room = atEnd && t.depth > 0 ? fillLeftSibling(t.depth - 1, t.ml) : 0;
        if (room > 0) {
            insertInLeaf(n, i - room, key, v);
            return n;
        }
        int right = split(true, n, i, key, v, 0, atEnd ? t.ml - t.minL : t.ml / 2);
        insertIntoParents(root, atEnd);
        return right;
    }

    /**
     * Fills up the left sibling of the last child of the path's node at {@code lvl} (an append's full node)
     * from that child, when the sibling has fewer than {@code most} keys; returns how many keys moved.
     */
    private int fillLeftSibling(int lvl, int most) {
        int p = t.pathNode[lvl];
        int s = t.icount[p] - 1;
        int room = most - t.keyCount(t.child(p, s));
        if (room > 0) {
            moveLeft(p, s, room);
        }
        return Math.max(room, 0);
    }

    /**
     * Splits full node {@code n} of the given kind with key {@code (key, v)} inserted at {@code i} (and, in an
     * internal node, child {@code right} right of it); the left keeps {@code keep} keys, the next becomes the
     * pending separator and the rest go to a new right sibling. Returns the new node.
     */
    private int split(boolean leaf, int n, int i, int key, double v, int right, int keep) {
        int r = leaf ? t.newLeaf() : t.newInner();
        int k = t.stride(leaf);
        scratch();
        int base = n * k;
        int[] keys = t.keys(leaf);
        for (int j = 0, src = base; j <= k; j++) {
            if (j == i) {
                scratchKeys[j] = key;
                scratchVals[j] = v;
            } else {
                scratchKeys[j] = keys[src];
                scratchVals[j] = t.value(leaf, src);
                src++;
            }
        }
        if (!leaf) {
            for (int j = 0, src = 0; j <= k + 1; j++) {
                scratchKids[j] = j == i + 1 ? right : t.child(n, src++);
            }
        }
        int rb = r * k;
        for (int j = 0; j <= k; j++) {
            if (j == keep) {
                continue;
            }
            int slot = j < keep ? base + j : rb + j - keep - 1;
            t.set(leaf, slot, scratchKeys[j], scratchVals[j]);
            if (!leaf) {
                t.kid[slot] = scratchKids[j];
            }
        }
        if (!leaf) {
            t.last[n] = scratchKids[keep];
            t.last[r] = scratchKids[k + 1];
        }
        t.counts(leaf)[n] = keep;
        t.counts(leaf)[r] = k - keep;
        sepKey = scratchKeys[keep];
        sepVal = scratchVals[keep];
        sepRight = leaf ? t.leafHandle(r) : t.innerHandle(r);
        return r;
    }

    private void scratch() {
        if (scratchKeys == null) {
            int m = Math.max(t.mi, t.ml) + 2;
            scratchKeys = new int[m];
            scratchVals = new double[m];
            scratchKids = new int[m];
        }
    }

    /** Inserts the pending separator and right sibling into the path's internal nodes, splitting upward. */
    private void insertIntoParents(int root, boolean atEnd) {
        int mi = t.mi;
        for (int lvl = t.depth - 1; ; lvl--) {
            if (lvl < 0) {
                int n = t.newInner();
                t.setInner(n * mi, sepKey, sepVal);
                t.kid[n * mi] = t.top[root];
                t.last[n] = sepRight;
                t.icount[n] = 1;
                t.top[root] = t.innerHandle(n);
                return;
            }
            int p = t.pathNode[lvl];
            int i = t.pathIdx[lvl];
            if (t.icount[p] < mi) {
                insertInInner(p, i, sepKey, sepVal, sepRight);
                return;
            }
            int room = atEnd && lvl > 0 ? fillLeftSibling(lvl - 1, mi) : 0;
            if (room > 0) {
                insertInInner(p, i - room, sepKey, sepVal, sepRight);
                return;
            }
            split(false, p, i, sepKey, sepVal, sepRight, atEnd ? mi - t.minI : mi / 2);
        }
    }

    // ------------------------------------------------------------------------ moves between siblings

    /** Reads children {@code s} and {@code s + 1} of internal node {@code p} and their separator. */
    private void siblings(int p, int s) {
        sep = p * t.mi + s;
        int lx = t.child(p, s);
        leaf = t.isLeaf(lx);
        l = t.index(lx);
        r = t.index(t.child(p, s + 1));
        count = t.counts(leaf);
        lb0 = l * t.stride(leaf);
        rb0 = r * t.stride(leaf);
        kl = count[l];
        kr = count[r];
    }

    /** Moves {@code d} keys from child {@code s + 1} of {@code p} through separator {@code s} into child {@code s}. */
    void moveLeft(int p, int s, int d) {
        siblings(p, s);
        t.set(leaf, lb0 + kl, t.ik[sep], t.innerValue(sep));
        t.move(leaf, rb0, lb0 + kl + 1, d - 1);
        t.setInner(sep, t.keys(leaf)[rb0 + d - 1], t.value(leaf, rb0 + d - 1));
        t.move(leaf, rb0 + d, rb0, kr - d);
        if (!leaf) {
            // The left node's children C[kl+1 .. kl+d] are the right node's C[0 .. d-1].
            int[] kid = t.kid;
            kid[lb0 + kl] = t.last[l];
            System.arraycopy(kid, rb0, kid, lb0 + kl + 1, d - 1);
            t.last[l] = kid[rb0 + d - 1];
            System.arraycopy(kid, rb0 + d, kid, rb0, kr - d);
        }
        count[l] = kl + d;
        count[r] = kr - d;
    }

    /** Moves {@code d} keys from child {@code s} of {@code p} through separator {@code s} into child {@code s + 1}. */
    void moveRight(int p, int s, int d) {
        siblings(p, s);
        t.move(leaf, rb0, rb0 + d, kr);
        t.set(leaf, rb0 + d - 1, t.ik[sep], t.innerValue(sep));
        t.move(leaf, lb0 + kl - d + 1, rb0, d - 1);
        t.setInner(sep, t.keys(leaf)[lb0 + kl - d], t.value(leaf, lb0 + kl - d));
        if (!leaf) {
            // The right node's children C[0 .. d-1] are the left node's C[kl-d+1 .. kl].
            int[] kid = t.kid;
            System.arraycopy(kid, rb0, kid, rb0 + d, kr);
            System.arraycopy(kid, lb0 + kl - d + 1, kid, rb0, d - 1);
            kid[rb0 + d - 1] = t.last[l];
            t.last[l] = kid[lb0 + kl - d];
        }
        count[l] = kl - d;
        count[r] = kr + d;
    }

    /** Merges child {@code s + 1} of {@code p} and separator {@code s} into child {@code s}; frees the right node. */
    private void merge(int p, int s) {
        siblings(p, s);
        t.set(leaf, lb0 + kl, t.ik[sep], t.innerValue(sep));
        t.move(leaf, rb0, lb0 + kl + 1, kr);
        if (!leaf) {
            int[] kid = t.kid;
            kid[lb0 + kl] = t.last[l];
            System.arraycopy(kid, rb0, kid, lb0 + kl + 1, kr);
            t.last[l] = t.last[r];
        }
        count[l] = kl + 1 + kr;
        t.free(leaf, r);
        removeFromInner(p, s);
    }

    /** Removes key {@code s} and child {@code s + 1} from internal node {@code p}. */
    private void removeFromInner(int p, int s) {
        int base = p * t.mi;
        int k = t.icount[p];
        t.moveInner(base + s + 1, base + s, k - s - 1);
        if (s + 1 == k) {
            t.last[p] = t.kid[base + k - 1];
        } else {
            System.arraycopy(t.kid, base + s + 2, t.kid, base + s + 1, k - s - 2);
        }
        t.icount[p] = k - 1;
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
            boolean leaf = t.isLeaf(x);
            int n = t.index(x);
            int k = t.counts(leaf)[n];
            if (t.depth == 0) {
                if (k == 0) {
                    t.top[root] = leaf ? 0 : t.last[n];
                    t.free(leaf, n);
                }
                return;
            }
            int min = leaf ? t.minL : t.minI;
            if (k >= min) {
                return;
            }
            int p = t.pathNode[t.depth - 1];
            int i = t.pathIdx[t.depth - 1];
            if (i > 0 && t.keyCount(t.child(p, i - 1)) > min) {
                moveRight(p, i - 1, 1);
                return;
            }
            if (i < t.icount[p] && t.keyCount(t.child(p, i + 1)) > min) {
                moveLeft(p, i, 1);
                return;
            }
            merge(p, i > 0 ? i - 1 : i);
            t.depth--;
            x = t.innerHandle(p);
        }
    }
}
