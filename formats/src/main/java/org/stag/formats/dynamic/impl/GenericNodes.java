package org.stag.formats.dynamic.impl;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.walk.Carried;

/**
 * The nodes of one store in a {@link GenericFormat}'s {@link GenericShape}, with their arrays fetched once (and
 * again after allocations, which may replace them), and the structural steps of building: filling nodes
 * evenly, linking them as a list, a balanced tree or a skip list, and hanging a new last node on the right
 * spine of a tree.
 */
final class GenericNodes {
    /** Nodes per level of a skip list: each node's run below holds up to this many minus one. */
    static final int SKIP_FANOUT = 4;

    final NodeStore store;
    final NodePool nodes;
    final int cap;
    private final FieldLayout e;
    private final FieldLayout sz;
    private final FieldLayout lo;
    private final FieldLayout hi;
    private final FieldLayout up;
    private final FieldLayout dn;
    final int[] rootChild;
    int[] crd;
    double[] val;
    int[] pos;
    int[] size;
    int[] before;
    int[] after;
    int[] parent;
    int[] down;

    GenericNodes(NodeStore s, GenericShape shape) {
        store = s;
        cap = shape.capacity();
        NodePool root = s.rootPool();
        rootChild = root.ints(root.layout(shape.rootChild()));
        nodes = s.pool(shape.node());
        e = nodes.layout(shape.elem());
        sz = shape.size() == null ? null : nodes.layout(shape.size());
        lo = shape.before() == null ? null : nodes.layout(shape.before());
        hi = shape.after() == null ? null : nodes.layout(shape.after());
        up = shape.parent() == null ? null : nodes.layout(shape.parent());
        dn = shape.down() == null ? null : nodes.layout(shape.down());
        refresh();
    }

    void refresh() {
        crd = nodes.ints(e);
        val = nodes.values(e);
        pos = nodes.positions(e);
        size = sz == null ? null : nodes.ints(sz);
        before = lo == null ? null : nodes.ints(lo);
        after = hi == null ? null : nodes.ints(hi);
        parent = up == null ? null : nodes.ints(up);
        down = dn == null ? null : nodes.ints(dn);
    }

    int count(int h) {
        return size == null ? 1 : size[h];
    }

    /** Stores {@code crd} (and its value) in slot {@code slot} of the element arrays. */
    void put(int slot, int c, double v) {
        crd[slot] = c;
        Carried.set(val, pos, slot, v);
    }

    /** A new node holding {@code crd} alone. */
    int single(int c, double v) {
        int x = nodes.alloc();
        refresh();
        put(x * cap, c, v);
        if (size != null) {
            size[x] = 1;
        }
        return x;
    }

    /**
     * Elements {@code [from, to)} split evenly into nodes of at most {@link #cap} (sizes differ by at most one),
     * linked in {@code seq} order; returns the top node.
     */
    int layOut(int[] c, double[] v, int from, int to) {
        int n = to - from;
        int blocks = (n + cap - 1) / cap;
        nodes.ensureSpare(blocks);
        refresh();
        int[] node = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            int h = nodes.alloc();
            node[b] = h;
            int start = from + (int) ((long) n * b / blocks);
            int k = from + (int) ((long) n * (b + 1) / blocks) - start;
            for (int i = 0; i < k; i++) {
                put(h * cap + i, c[start + i], v == null ? 1.0 : v[start + i]);
            }
            if (size != null) {
                size[h] = k;
            }
        }
        if (down != null) {
            long span = 1;
            while (span * SKIP_FANOUT < blocks) {
                span *= SKIP_FANOUT;
            }
            return skipLink(node, 0, blocks, span);
        }
        if (before != null && after != null) {
            return link(node, 0, blocks, 0);
        }
        // A list: in seq order each node's child holds the blocks after it (or, for a child that comes first,
        // the blocks before it).
        boolean forward = after != null;
        int[] child = forward ? after : before;
        for (int b = 0; b + 1 < blocks; b++) {
            int from2 = forward ? node[b] : node[b + 1];
            int to2 = forward ? node[b + 1] : node[b];
            child[from2] = to2;
            setParent(to2, from2);
        }
        return forward ? node[0] : node[blocks - 1];
    }

    /**
     * Links blocks {@code [lo, hi)} into a skip list level whose nodes are {@code span} blocks apart (the
     * blocks between two of them form the run below the first, {@code span / SKIP_FANOUT} apart); returns
     * the level's first node. Levels are log to the base {@link #SKIP_FANOUT}.
     */
    private int skipLink(int[] node, int lo, int hi, long span) {
        if (lo >= hi) {
            return 0;
        }
        int prev = 0;
        for (long p = lo; p < hi; p += span) {
            int h = node[(int) p];
            down[h] = span == 1 ? 0 : skipLink(node, (int) p + 1, (int) Math.min(p + span, hi), span / SKIP_FANOUT);
            if (prev != 0) {
                after[prev] = h;
            }
            prev = h;
        }
        return node[lo];
    }

    /** Links blocks {@code [lo, hi)} into a balanced tree under {@code up}; returns its top node. Depth is log. */
    private int link(int[] node, int lo, int hi, int up) {
        if (lo >= hi) {
            return 0;
        }
        int mid = (lo + hi) >>> 1;
        int h = node[mid];
        before[h] = link(node, lo, mid, h);
        after[h] = link(node, mid + 1, hi, h);
        setParent(h, up);
        return h;
    }

    /**
     * Hangs new last node {@code x} of the tree under {@code root} after {@code last} on its right spine, where
     * spine nodes whose left subtrees are equally high merge like the digits of a binary counter: the tree so
     * stays within twice the optimal height, at O(log^2 n) per new node.
     */
    void appendToSpine(int root, int last, int x) {
        after[last] = x;
        setParent(x, last);
        IntArrayList spine = new IntArrayList();
        for (int h = rootChild[root]; h != 0; h = after[h]) {
            spine.add(h);
        }
        while (spine.size() >= 2) {
            int b = spine.getInt(spine.size() - 1);
            int a = spine.getInt(spine.size() - 2);
            if (leftHeight(a) != leftHeight(b)) {
                break;
            }
            // a.left < a < b.left < b becomes b over (a over a.left and b.left).
            int p = spine.size() >= 3 ? spine.getInt(spine.size() - 3) : 0;
            int bl = before[b];
            after[a] = bl;
            setParent(bl, a);
            before[b] = a;
            setParent(a, b);
            if (p == 0) {
                rootChild[root] = b;
            } else {
                after[p] = b;
            }
            setParent(b, p);
            spine.removeInt(spine.size() - 2);
        }
    }

    /** Height of the left subtree of {@code h} along its leftmost path (exact for the perfect subtrees of the spine). */
    private int leftHeight(int h) {
        int d = 0;
        for (int c = before[h]; c != 0; c = before[c]) {
            d++;
        }
        return d;
    }

    void setParent(int child, int p) {
        if (parent != null && child != 0) {
            parent[child] = p;
        }
    }

    /**
     * The nodes of one structure in {@code seq} order, one at a time and without recursion (lists may be
     * long). The stack holds the ancestors still to visit: at most a tree's height, one node for a list,
     * and a whole list only for a list whose child comes before its elements; in a skip list, the
     * successors of the nodes above whose runs are being visited, one per level.
     */
    final class Walk {
        private final IntArrayList stack = new IntArrayList();
        private int cur;

        Walk(int root) {
            this.cur = rootChild[root];
        }

        /** The next node, or 0 after the last. The node returned may be freed before the next call. */
        int next() {
            while (cur != 0) {
                stack.add(cur);
                cur = before == null ? 0 : before[cur];
            }
            if (stack.isEmpty()) {
                return 0;
            }
            int h = stack.popInt();
            if (down != null) {
                // A skip list node: then the run below it, then its successor.
                if (after[h] != 0) {
                    stack.add(after[h]);
                }
                cur = down[h];
                return h;
            }
            cur = after == null ? 0 : after[h];
            return h;
        }
    }
}
