package org.stag.formats.dynamic.impl;

/**
 * One operation on a red-black tree stored in schema {@code rbtree}: parent pointers in {@code p}, colour
 * in {@code c} (1 red, 0 black). Insert and delete are the iterative CLRS algorithms (Cormen et al.,
 * chapter 13), relinking nodes rather than moving elements, so a node keeps its element for life; the
 * delete fix-up tracks the parent of the doubly black position explicitly instead of writing a sentinel's
 * parent. Height stays below 2 log2(n + 1).
 */
final class RedBlackTree {
    static final byte RED = 1;
    static final byte BLACK = 0;

    private final TreeNodes t;
    private final int[] top;
    private final int root;
    private final TreeScratch sc;

    RedBlackTree(TreeNodes t, int[] top, int root, TreeScratch sc) {
        this.t = t;
        this.top = top;
        this.root = root;
        this.sc = sc;
    }

    /** Makes room for {@code k} new nodes without moving the arrays. */
    void reserve(int k) {
        t.reserve(k);
    }

    /** The leftmost node of the subtree of {@code h}, or 0. */
    private int first(int h) {
        return end(h, t.left);
    }

    /** The node reached from {@code h} by following {@code side} links to the end, or 0 when {@code h} is 0. */
    private static int end(int h, int[] side) {
        if (h != 0) {
            while (side[h] != 0) {
                h = side[h];
            }
        }
        return h;
    }

    /** The in-order successor of {@code h}, or 0 (parent pointers, no stack). */
    private int next(int h) {
        int[] r = t.right;
        int[] p = t.parent;
        if (r[h] != 0) {
            return first(r[h]);
        }
        int up = p[h];
        while (up != 0 && h == r[up]) {
            h = up;
            up = p[up];
        }
        return up;
    }

    boolean isEmpty() {
        return top[root] == 0;
    }

    /** The number of nodes, or {@code limit + 1} when there are more than {@code limit}: O(min(n, limit) + log n). */
    int sizeUpTo(int limit) {
        int n = 0;
        for (int h = first(top[root]); h != 0 && n <= limit; h = next(h)) {
            n++;
        }
        return n;
    }

    /** Inserts {@code (c, v)}, or sets the value when {@code c} is present; returns the new node, or 0 if present. */
    int insert(int c, double v) {
        int[] k = t.crd;
        int[] l = t.left;
        int[] r = t.right;
        int y = 0;
        int x = top[root];
        while (x != 0) {
            y = x;
            int kx = k[x];
            if (c < kx) {
                x = l[x];
            } else if (c > kx) {
                x = r[x];
            } else {
                t.setValue(x, v);
                return 0;
            }
        }
        int z = t.newNode(c, v);
        t.parent[z] = y;
        if (y == 0) {
            top[root] = z;
        } else if (c < t.crd[y]) {
            t.left[y] = z;
        } else {
            t.right[y] = z;
        }
        t.colour[z] = RED;
        fixInsert(z);
        return z;
    }

    /**
     * Appends {@code (c, v)}, larger than every element, as the right child of {@code last}, the largest
     * node (looked up when {@code last} is 0 or has a right child); returns the new node.
     */
    int append(int last, int c, double v) {
        if (last == 0 || t.right[last] != 0) {
            last = last(); // not handed the largest node: find it
        }
        int z = t.newNode(c, v);
        if (last == 0) {
            top[root] = z;
            return z;
        }
        t.parent[z] = last;
        t.right[last] = z;
        t.colour[z] = RED;
        fixInsert(z);
        return z;
    }

    /** The largest node, or 0 when empty. */
    int last() {
        return end(top[root], t.right);
    }

    private void fixInsert(int z) {
        int[] p = t.parent;
        byte[] col = t.colour;
        while (true) {
            int zp = p[z];
            if (zp == 0 || col[zp] == BLACK) {
                break;
            }
            int g = p[zp]; // zp is red, so it is not the top
            // The two cases are mirror images: "near" is the side of g that zp is on.
            boolean leftSide = zp == t.left[g];
            int[] near = leftSide ? t.left : t.right;
            int[] far = leftSide ? t.right : t.left;
            int u = far[g];
            if (u != 0 && col[u] == RED) {
                col[zp] = BLACK;
                col[u] = BLACK;
                col[g] = RED;
                z = g;
            } else {
                if (z == far[zp]) {
                    z = zp;
                    rotate(z, near, far);
                    zp = p[z];
                }
                col[zp] = BLACK;
                col[g] = RED;
                rotate(g, far, near);
            }
        }
        col[top[root]] = BLACK;
    }

    /** Replaces the subtree of {@code u} by that of {@code v} (may be 0) in {@code u}'s parent. */
    private void transplant(int u, int v) {
        int up = t.parent[u];
        if (up == 0) {
            top[root] = v;
        } else if (u == t.left[up]) {
            t.left[up] = v;
        } else {
            t.right[up] = v;
        }
        if (v != 0) {
            t.parent[v] = up;
        }
    }

    /**
     * Rotates {@code x} down towards {@code near}: its {@code far} child takes its place. With the left and
     * right links as {@code near} and {@code far} it is a left rotation; swapped, a right one.
     */
    private void rotate(int x, int[] near, int[] far) {
        int[] p = t.parent;
        int y = far[x];
        far[x] = near[y];
        if (near[y] != 0) {
            p[near[y]] = x;
        }
        transplant(x, y);
        near[y] = x;
        p[x] = y;
    }

    /** Removes {@code c}; returns whether it was present. */
    boolean delete(int c) {
        int z = t.find(top[root], c);
        if (z == 0) {
            return false;
        }
        int[] p = t.parent;
        int[] l = t.left;
        int[] r = t.right;
        byte[] col = t.colour;
        int x;
        int xp;
        byte removed;
        if (l[z] == 0 || r[z] == 0) {
            x = l[z] == 0 ? r[z] : l[z];
            xp = p[z];
            removed = col[z];
            transplant(z, x);
        } else {
            // Two children: z's successor y (no left child) takes z's place and colour.
            int y = first(r[z]);
            removed = col[y];
            x = r[y];
            if (p[y] == z) {
                xp = y;
            } else {
                xp = p[y];
                transplant(y, x);
                r[y] = r[z];
                p[r[y]] = y;
            }
            transplant(z, y);
            l[y] = l[z];
            p[l[y]] = y;
            col[y] = col[z];
        }
        if (removed == BLACK) {
            fixDelete(x, xp);
        }
        t.pool.free(z);
        return true;
    }

    private boolean black(int h) {
        return black(t, h);
    }

    /** Whether node {@code h} of {@code t} is black (a null link is). */
    static boolean black(TreeNodes t, int h) {
        return h == 0 || t.colour[h] == BLACK;
    }

    /** Restores the black height after a black node was removed above position {@code x} (child of {@code xp}). */
    private void fixDelete(int x, int xp) {
        int[] p = t.parent;
        byte[] col = t.colour;
        while (x != top[root] && black(x)) {
            // x may be 0; its sibling is not, because x's side is one black short. The two cases are mirror
            // images: "near" is the side of xp that x is on.
            boolean leftSide = x == t.left[xp];
            int[] near = leftSide ? t.left : t.right;
            int[] far = leftSide ? t.right : t.left;
            int w = far[xp];
            if (col[w] == RED) {
                col[w] = BLACK;
                col[xp] = RED;
                rotate(xp, near, far);
                w = far[xp];
            }
            if (black(near[w]) && black(far[w])) {
                col[w] = RED;
                x = xp;
                xp = p[x];
            } else {
                if (black(far[w])) {
                    col[near[w]] = BLACK;
                    col[w] = RED;
                    rotate(w, far, near);
                    w = far[xp];
                }
                col[w] = col[xp];
                col[xp] = BLACK;
                col[far[w]] = BLACK;
                rotate(xp, near, far);
                x = top[root];
            }
        }
        if (x != 0) {
            col[x] = BLACK;
        }
    }

    /**
     * Links the in-order nodes {@code a[0, n)} into a valid red-black tree in O(n): perfectly balanced
     * (middle node on top), so every null link lies at depth H or H + 1 with H = floor(log2 n) the depth
     * of the deepest nodes; those are red and all others black, giving every path H black nodes. A single
     * node stays black (it is the top).
     */
    private void linkAll(int[] a, int n) {
        int deepest = n == 0 ? 0 : 31 - Integer.numberOfLeadingZeros(n);
        top[root] = t.linkColoured(a, 0, n, 0, 0, deepest == 0 ? -1 : deepest);
    }

    /** Fills the empty tree with {@code c[from, to)}, its nodes allocated in order. */
    void build(int[] c, double[] v, int from, int to) {
        linkAll(t.newNodes(c, v, from, to, sc), to - from);
    }

    /** Merges the sorted batch in by one flatten, merge and relink of {@code n} nodes: O(n + k). Returns how many were new. */
    int mergeRebuild(int n, int[] bc, double[] bv, int from, int to) {
        n = t.flatten(top[root], n, sc);
        t.reserve(to - from);
        int m = t.merge(sc.nodes, n, bc, bv, from, to, sc);
        linkAll(sc.merged, m);
        return m - n;
    }

    /** Removes the batch's coordinates by one flatten, filter and relink of {@code n} nodes: O(n + k). Returns how many were present. */
    int filterRebuild(int n, int[] bc, int from, int to) {
        n = t.flatten(top[root], n, sc);
        int m = t.remove(sc.nodes, n, bc, from, to);
        linkAll(sc.nodes, m);
        return n - m;
    }

    void clear() {
        t.freeAll(top[root]);
        top[root] = 0;
    }
}
