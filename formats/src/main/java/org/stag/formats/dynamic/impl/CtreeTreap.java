package org.stag.formats.dynamic.impl;

/**
 * The head tree of a C-tree as a treap: a binary search tree on head coordinates that is a max-heap on
 * {@link CtreeHash#priority}. All operations are loops over the view's arrays: no recursion, no allocation.
 *
 * <p>Why a treap: priorities are recomputed from the keys, so balance needs no stored field (Aspen's
 * weight-balanced trees keep a subtree size per node, red-black trees a colour and a parent or a path
 * stack, AVL trees a height); the shape is the unique treap of the set of heads, so it cannot drift with the
 * update history, and its expected depth is about {@code 2 ln m} for {@code m} heads. Split and join, the
 * primitives of Aspen's batch operations, are single top-down loops. The bound is in expectation over the
 * hash: a fixed hash lets someone who knows it choose coordinates that make the tree deep, which costs time
 * but, with no recursion anywhere, never the stack.
 */
final class CtreeTreap {
    private CtreeTreap() {
    }

    /** Makes {@code x} (0: none) the right child of {@code parent} if {@code toRight}, else its left child. */
    private static void setChild(int[] left, int[] right, int parent, boolean toRight, int x) {
        if (toRight) {
            right[parent] = x;
        } else {
            left[parent] = x;
        }
    }

    /** Inserts the fresh node {@code z} (key set, no children) into the tree of {@code v.root}. */
    static void insert(CtreeView v, int z) {
        int[] key = v.key;
        int[] left = v.left;
        int[] right = v.right;
        int k = key[z];
        long p = CtreeHash.priority(k);
        int parent = 0;
        int x = v.tree[v.root];
        while (x != 0 && CtreeHash.priority(key[x]) > p) {
            parent = x;
            x = k < key[x] ? left[x] : right[x];
        }
        // Split the subtree x by k: keys below k go down z's left side, keys above down its right side.
        int lo = z;
        boolean loRight = false;
        int hi = z;
        boolean hiRight = true;
        while (x != 0) {
            if (key[x] < k) {
                setChild(left, right, lo, loRight, x);
                lo = x;
                loRight = true;
                x = right[x];
            } else {
                setChild(left, right, hi, hiRight, x);
                hi = x;
                hiRight = false;
                x = left[x];
            }
        }
        setChild(left, right, lo, loRight, 0);
        setChild(left, right, hi, hiRight, 0);
        if (parent == 0) {
            v.tree[v.root] = z;
        } else if (k < key[parent]) {
            left[parent] = z;
        } else {
            right[parent] = z;
        }
    }

    /** Inserts {@code z}, whose key exceeds every key in the tree, walking down the right spine only. */
    static void appendMax(CtreeView v, int z) {
        int[] key = v.key;
        int[] right = v.right;
        long p = CtreeHash.priority(key[z]);
        int parent = 0;
        int x = v.tree[v.root];
        while (x != 0 && CtreeHash.priority(key[x]) > p) {
            parent = x;
            x = right[x];
        }
        v.left[z] = x;
        right[z] = 0;
        if (parent == 0) {
            v.tree[v.root] = z;
        } else {
            right[parent] = z;
        }
    }

    /** Unlinks node {@code x}, a child of {@code parent} (0: x is the root), joining its two subtrees. */
    static void remove(CtreeView v, int x, int parent) {
        int[] key = v.key;
        int[] left = v.left;
        int[] right = v.right;
        int a = left[x];
        int b = right[x];
        // The hook is the slot the joined tree goes into: node h's left or right child, or the root.
        int h = parent;
        boolean hRight = parent != 0 && right[parent] == x;
        while (a != 0 && b != 0) {
            int top;
            boolean topRight;
            if (CtreeHash.priority(key[a]) > CtreeHash.priority(key[b])) {
                top = a;
                topRight = true;
                a = right[a];
            } else {
                top = b;
                topRight = false;
                b = left[b];
            }
            link(v, h, hRight, top);
            h = top;
            hRight = topRight;
        }
        link(v, h, hRight, a != 0 ? a : b);
    }

    private static void link(CtreeView v, int h, boolean hRight, int child) {
        if (h == 0) {
            v.tree[v.root] = child;
        } else if (hRight) {
            v.right[h] = child;
        } else {
            v.left[h] = child;
        }
    }
}
