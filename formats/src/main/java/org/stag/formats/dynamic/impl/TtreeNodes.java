package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.dynamic.walk.Carried;
import org.stag.formats.schema.Schema;

/**
 * The arrays of one store's T-tree nodes, fetched once per operation, and the structural steps every
 * operation shares: element moves, AVL rotations and rebalancing along a root-to-node path. Node
 * {@code h} keeps its elements in slots {@code h * max .. h * max + count[h]} of {@link #crd} (and of the
 * value or position array), as the schema's inline {@code e[B]} says.
 */
final class TtreeNodes {
    /** Longest root-to-node path: an AVL tree of 2^31 nodes is at most 45 high. */
    static final int MAX_HEIGHT = 64;

    /**
     * Where the fields live. Layouts follow from the node type alone, so they are the same in every store
     * of a schema and are derived once per format (looking them up per operation costs a map probe each).
     */
    record Layout(FieldLayout top, FieldLayout e, FieldLayout l, FieldLayout r, FieldLayout b, FieldLayout ht) {
        static Layout of(Schema schema) {
            NodePool root = new NodePool(schema.root(), ValueMode.NONE);
            NodePool t = new NodePool(schema.nodeType("ttree").orElseThrow(), ValueMode.NONE);
            return new Layout(root.layout("r"), t.layout("e"), t.layout("l"), t.layout("r"), t.layout("B"), t.layout("ht"));
        }
    }

    final NodePool pool;
    private final Layout at;
    /** {@code ttree_root.r} of every root record in the store. */
    final int[] top;
    final int max;
    final int min;
    int[] crd;
    double[] val;
    int[] pos;
    int[] left;
    int[] right;
    int[] count;
    byte[] height;
    /** Nodes from the tree's top down to the node an operation works on: {@code path[0 .. depth)}. */
    int[] path;
    int depth;

    TtreeNodes(NodeStore s, Layout at, int max, int min) {
        top = s.rootPool().ints(at.top());
        pool = s.pool("ttree");
        this.at = at;
        this.max = max;
        this.min = min;
        refresh();
    }

    /** Starts an empty path (allocated on first use: reads that need none stay allocation-free). */
    void beginPath() {
        if (path == null) {
            path = new int[MAX_HEIGHT];
        }
        depth = 0;
    }

    /** Fetches the arrays again (after the pool may have grown). */
    void refresh() {
        crd = pool.ints(at.e());
        val = pool.values(at.e());
        pos = pool.positions(at.e());
        left = pool.ints(at.l());
        right = pool.ints(at.r());
        count = pool.ints(at.b());
        height = pool.bytes(at.ht());
    }

    /** A new leaf holding one element; refreshes the arrays. */
    int newLeaf(int c, double v) {
        int h = pool.alloc();
        refresh();
        crd[h * max] = c;
        setValue(h * max, v);
        count[h] = 1;
        height[h] = 1;
        return h;
    }

    void setValue(int slot, double v) {
        Carried.set(val, pos, slot, v);
    }

    double value(int slot) {
        return Carried.get(val, pos, slot);
    }

    /** Copies {@code k} elements (coordinates and values) from slot {@code src} to slot {@code dst}; ranges may overlap. */
    void move(int src, int dst, int k) {
        System.arraycopy(crd, src, crd, dst, k);
        Carried.move(val, pos, src, dst, k);
    }

    /** Puts an element at index {@code p} of node {@code h}, which has room. */
    void insertAt(int h, int p, int c, double v) {
        int slot = h * max + p;
        move(slot, slot + 1, count[h] - p);
        crd[slot] = c;
        setValue(slot, v);
        count[h]++;
    }

    /** Moves the last {@code k} elements of {@code from} to the front of {@code to} (from's elements are all smaller). */
    void takeFromLeft(int to, int from, int k) {
        int base = to * max;
        move(base, base + k, count[to]);
        move(from * max + count[from] - k, base, k);
        count[from] -= k;
        count[to] += k;
    }

    /** Moves the first {@code k} elements of {@code from} to the end of {@code to} (from's elements are all larger). */
    void takeFromRight(int to, int from, int k) {
        int base = from * max;
        move(base, to * max + count[to], k);
        move(base + k, base, count[from] - k);
        count[from] -= k;
        count[to] += k;
    }

    int heightOf(int h) {
        return h == 0 ? 0 : height[h];
    }

    /** Replaces {@code path[i]} by {@code now} in its parent (or as the tree's top node). */
    void link(int i, int root, int now) {
        if (i == 0) {
            top[root] = now;
            return;
        }
        int p = path[i - 1];
        if (left[p] == path[i]) {
            left[p] = now;
        } else {
            right[p] = now;
        }
    }

    /**
     * Restores heights and AVL balance on {@code path[0 .. depth)}, bottom up, after the subtree of
     * {@code path[depth - 1]} changed shape; stops as soon as a subtree's height is unchanged.
     */
    void rebalance(int root) {
        for (int i = depth - 1; i >= 0; i--) {
            int h = path[i];
            int old = height[h];
            int t = balance(h);
            if (t != h) {
                link(i, root, t);
            } else if (height[h] == old) {
                return;
            }
        }
    }

    /** Fixes the height of {@code a} and rotates if its children's heights differ by two; returns the subtree's top. */
    private int balance(int a) {
        int hl = heightOf(left[a]);
        int hr = heightOf(right[a]);
        if (Math.abs(hl - hr) <= 1) {
            height[a] = (byte) (1 + Math.max(hl, hr));
            return a;
        }
        // The two cases are mirror images: "near" is the higher side.
        boolean leftHigh = hl > hr;
        int[] near = leftHigh ? left : right;
        int[] far = leftHigh ? right : left;
        int s = near[a];
        if (heightOf(near[s]) >= heightOf(far[s])) {
            return rotate(a, near, far);
        }
        int c = far[s];
        boolean sparseLeaf = left[c] == 0 && right[c] == 0 && count[c] < min;
        near[a] = rotate(s, far, near);
        rotate(a, near, far);
        if (sparseLeaf) {
            // c, a leaf until now, has two children; s had a child (c), so it holds at least min.
            if (leftHigh) {
                takeFromLeft(c, s, min - count[c]);
            } else {
                takeFromRight(c, s, min - count[c]);
            }
        }
        return c;
    }

    /**
     * Rotates {@code a} down towards {@code far}: its {@code near} child takes its place (with the left links
     * as {@code near}, a right rotation). Returns the new top.
     */
    private int rotate(int a, int[] near, int[] far) {
        int b = near[a];
        near[a] = far[b];
        far[b] = a;
        fixHeight(a);
        fixHeight(b);
        return b;
    }

    private void fixHeight(int h) {
        height[h] = (byte) (1 + Math.max(heightOf(left[h]), heightOf(right[h])));
    }

    /**
     * Restores the fill invariant after {@code path[depth - 1]} lost one element: an emptied leaf is
     * freed; a node with a child that fell below {@code min} takes its greatest lower bound (or least
     * upper bound) from the end of its left (or start of its right) subtree, whose donor may in turn need
     * the same; at most one leaf is freed, then heights and balance are restored.
     */
    void afterRemoval(int root) {
        int h = path[depth - 1];
        while (true) {
            int l = left[h];
            int r = right[h];
            if (l == 0 && r == 0) {
                if (count[h] == 0) {
                    link(depth - 1, root, 0);
                    pool.free(h);
                    depth--;
                    rebalance(root);
                }
                return;
            }
            if (count[h] >= min) {
                return;
            }
            // The donor: the greatest node of the left subtree, else the least of the right one.
            boolean fromLeft = l != 0;
            int[] inward = fromLeft ? right : left;
            int d = fromLeft ? l : r;
            path[depth++] = d;
            while (inward[d] != 0) {
                d = inward[d];
                path[depth++] = d;
            }
            if (fromLeft) {
                takeFromLeft(h, d, 1);
            } else {
                takeFromRight(h, d, 1);
            }
            h = d;
        }
    }
}
