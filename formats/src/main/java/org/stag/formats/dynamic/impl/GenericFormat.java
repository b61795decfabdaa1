package org.stag.formats.dynamic.impl;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.schema.Schema;

/**
 * A dynamic format for a user's schema that has no hand-written implementation, derived from the schema
 * model alone ({@link GenericShape} says which schemas qualify). {@code collect}, {@code get} and
 * {@code size} are those of every format, read off the schema by {@link org.stag.formats.dynamic.walk.SchemaWalk};
 * {@code build} splits the sorted elements evenly into nodes of at most the schema's capacity and lays them out
 * as a list (one child), a balanced tree (a child on each side) or a skip list (two children after the
 * elements: levels of nodes {@value #SKIP_FANOUT} times fewer each); {@code insert} and {@code delete} collect
 * the structure, merge the batch and build again, so they cost O(structure + batch) per call. Metadata fields (counters, colours, heights) are left
 * at zero: nothing that reads the structure needs them, and the generic format keeps no invariant of its
 * own beyond order and node fill.
 */
public final class GenericFormat implements DynamicFormat {
    private final Schema schema;
    private final GenericShape shape;
    private final String name;
    /** Nodes per level of a skip list: each node's run below holds up to this many minus one. */
    static final int SKIP_FANOUT = 4;

    /**
     * A generic format over {@code schema}, named {@code name} in format strings. Compiled kernels are
     * cached by format string, so the name must identify the schema's content: a file's path as given, or
     * {@link #contentName(Schema)}.
     *
     * @throws IllegalArgumentException naming the schema and what is not supported, for a schema outside
     *                                  the class {@link GenericShape} describes
     */
    public GenericFormat(Schema schema, String name) {
        this.schema = schema;
        this.shape = GenericShape.of(schema);
        this.name = name;
    }

    /** A generic format over {@code schema}, named by {@link #contentName(Schema)}. */
    public GenericFormat(Schema schema) {
        this(schema, contentName(schema));
    }

    /**
     * The schema's name and 8 hex digits of its source text, e.g. {@code blocks5@1a2b3c4d}: schemas of one
     * name but different content (a user's {@code blist} beside the shipped one) get different names.
     */
    public static String contentName(Schema schema) {
        return schema.name() + "@" + String.format("%08x", schema.toSource().hashCode());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    /** The arrays of one store; fetched again after allocations, which may replace them. */
    private final class View {
        final NodeStore store;
        final NodePool nodes;
        final FieldLayout e;
        final FieldLayout sz;
        final FieldLayout lo;
        final FieldLayout hi;
        final FieldLayout up;
        final FieldLayout dn;
        final int[] rootChild;
        int[] crd;
        double[] val;
        int[] pos;
        int[] size;
        int[] before;
        int[] after;
        int[] parent;
        int[] down;

        View(NodeStore s) {
            store = s;
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

        void setValue(int slot, double v) {
            if (val != null) {
                val[slot] = v;
            } else if (pos != null) {
                pos[slot] = (int) v;
            }
        }

    }

    /**
     * The nodes of one structure in {@code seq} order, one at a time and without recursion (lists may be
     * long). The stack holds the ancestors still to visit: at most a tree's height, one node for a list,
     * and a whole list only for a list whose child comes before its elements; in a skip list, the
     * successors of the nodes above whose runs are being visited, one per level.
     */
    private static final class Walk {
        private final View v;
        private final IntArrayList stack = new IntArrayList();
        private int cur;

        Walk(View v, int root) {
            this.v = v;
            this.cur = v.rootChild[root];
        }

        /** The next node, or 0 after the last. The node returned may be freed before the next call. */
        int next() {
            while (cur != 0) {
                stack.add(cur);
                cur = v.before == null ? 0 : v.before[cur];
            }
            if (stack.isEmpty()) {
                return 0;
            }
            int h = stack.popInt();
            if (v.down != null) {
                // A skip list node: then the run below it, then its successor.
                if (v.after[h] != 0) {
                    stack.add(v.after[h]);
                }
                cur = v.down[h];
                return h;
            }
            cur = v.after == null ? 0 : v.after[h];
            return h;
        }
    }

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        View v = new View(s);
        if (v.rootChild[root] != 0) {
            throw new IllegalStateException(name() + ": build into a structure that is not empty");
        }
        int n = to - from;
        if (n == 0) {
            return;
        }
        int cap = shape.capacity();
        int blocks = (n + cap - 1) / cap;
        // Block b holds elements [start(b), start(b + 1)): sizes differ by at most one.
        int[] start = new int[blocks + 1];
        for (int b = 0; b <= blocks; b++) {
            start[b] = from + (int) ((long) n * b / blocks);
        }
        v.nodes.ensureSpare(blocks);
        v.refresh();
        int[] node = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            int h = v.nodes.alloc();
            node[b] = h;
            int k = start[b + 1] - start[b];
            for (int i = 0; i < k; i++) {
                v.crd[h * cap + i] = crd[start[b] + i];
                v.setValue(h * cap + i, val == null ? 1.0 : val[start[b] + i]);
            }
            if (v.size != null) {
                v.size[h] = k;
            }
        }
        int top;
        if (v.down != null) {
            long span = 1;
            while (span * SKIP_FANOUT < blocks) {
                span *= SKIP_FANOUT;
            }
            top = skipLink(v, node, 0, blocks, span);
        } else if (v.before != null && v.after != null) {
            top = link(v, node, 0, blocks, 0);
        } else {
            // A list: in seq order each node's child holds the blocks after it (or, for a child that
            // comes first, the blocks before it).
            boolean forward = v.after != null;
            int[] child = forward ? v.after : v.before;
            for (int b = 0; b + 1 < blocks; b++) {
                int from2 = forward ? node[b] : node[b + 1];
                int to2 = forward ? node[b + 1] : node[b];
                child[from2] = to2;
                if (v.parent != null) {
                    v.parent[to2] = from2;
                }
            }
            top = forward ? node[0] : node[blocks - 1];
        }
        v.rootChild[root] = top;
    }

    /**
     * Links blocks {@code [lo, hi)} into a skip list level whose nodes are {@code span} blocks apart (the
     * blocks between two of them form the run below the first, {@code span / SKIP_FANOUT} apart); returns
     * the level's first node. Levels are log to the base {@link #SKIP_FANOUT}.
     */
    private static int skipLink(View v, int[] node, int lo, int hi, long span) {
        if (lo >= hi) {
            return 0;
        }
        int prev = 0;
        for (long p = lo; p < hi; p += span) {
            int h = node[(int) p];
            v.down[h] = span == 1 ? 0 : skipLink(v, node, (int) p + 1, (int) Math.min(p + span, hi), span / SKIP_FANOUT);
            if (prev != 0) {
                v.after[prev] = h;
            }
            prev = h;
        }
        return node[lo];
    }

    /** Links blocks {@code [lo, hi)} into a balanced tree under {@code up}; returns its top node. Depth is log. */
    private static int link(View v, int[] node, int lo, int hi, int up) {
        if (lo >= hi) {
            return 0;
        }
        int mid = (lo + hi) >>> 1;
        int h = node[mid];
        v.before[h] = link(v, node, lo, mid, h);
        v.after[h] = link(v, node, mid + 1, hi, h);
        if (v.parent != null) {
            v.parent[h] = up;
        }
        return h;
    }

    /**
     * The append state is the handle of the last node in {@code seq} order; in a skip list, of the last node
     * on the top level, whose successor each new node becomes (appends keep order but not the levels: the
     * next {@code insert} or {@code delete} rebuilds them).
     */
    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        build(s, root, new int[] {crd}, new double[] {val}, 0, 1);
        return new View(s).rootChild[root];
    }

    /**
     * Fills the last node, then starts a new one: at the end of a list, at the top of a list whose child
     * comes first, or on the right spine of a tree, where spine nodes whose left subtrees are equally
     * high merge like the digits of a binary counter; the tree so stays within twice the optimal height,
     * at O(log^2 n) per new node.
     */
    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        View v = new View(s);
        int cap = shape.capacity();
        if (v.size != null && v.size[state] < cap) {
            int slot = state * cap + v.size[state];
            v.crd[slot] = crd;
            v.setValue(slot, val);
            v.size[state]++;
            return state;
        }
        int x = v.nodes.alloc();
        v.refresh();
        v.crd[x * cap] = crd;
        v.setValue(x * cap, val);
        if (v.size != null) {
            v.size[x] = 1;
        }
        if (v.after == null) {
            // The child comes first: the new last node becomes the top.
            int top = v.rootChild[root];
            v.before[x] = top;
            setParent(v, top, x);
            v.rootChild[root] = x;
            return x;
        }
        v.after[state] = x;
        setParent(v, x, state);
        if (v.before == null) {
            return x;
        }
        IntArrayList spine = new IntArrayList();
        for (int h = v.rootChild[root]; h != 0; h = v.after[h]) {
            spine.add(h);
        }
        while (spine.size() >= 2) {
            int b = spine.getInt(spine.size() - 1);
            int a = spine.getInt(spine.size() - 2);
            if (leftHeight(v, a) != leftHeight(v, b)) {
                break;
            }
            // a.left < a < b.left < b becomes b over (a over a.left and b.left).
            int p = spine.size() >= 3 ? spine.getInt(spine.size() - 3) : 0;
            int bl = v.before[b];
            v.after[a] = bl;
            setParent(v, bl, a);
            v.before[b] = a;
            setParent(v, a, b);
            if (p == 0) {
                v.rootChild[root] = b;
            } else {
                v.after[p] = b;
            }
            setParent(v, b, p);
            spine.removeInt(spine.size() - 2);
        }
        return x;
    }

    /** Height of the left subtree of {@code h} along its leftmost path (exact for the perfect subtrees of the spine). */
    private static int leftHeight(View v, int h) {
        int d = 0;
        for (int c = v.before[h]; c != 0; c = v.before[c]) {
            d++;
        }
        return d;
    }

    private static void setParent(View v, int child, int parent) {
        if (v.parent != null && child != 0) {
            v.parent[child] = parent;
        }
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        int n = size(s, root);
        int[] oldCrd = new int[n];
        double[] oldVal = new double[n];
        collect(s, root, oldCrd, oldVal, 0);
        int[] mc = new int[n + to - from];
        double[] mv = new double[mc.length];
        int i = 0;
        int j = from;
        int m = 0;
        int added = 0;
        while (i < n || j < to) {
            if (j == to || (i < n && oldCrd[i] < crd[j])) {
                mc[m] = oldCrd[i];
                mv[m++] = oldVal[i++];
            } else {
                if (i < n && oldCrd[i] == crd[j]) {
                    i++;
                } else {
                    added++;
                }
                mc[m] = crd[j];
                mv[m++] = val == null ? 1.0 : val[j];
                j++;
            }
        }
        clear(s, root);
        build(s, root, mc, mv, 0, m);
        return added;
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        int n = size(s, root);
        int[] oldCrd = new int[n];
        double[] oldVal = new double[n];
        collect(s, root, oldCrd, oldVal, 0);
        int m = 0;
        int j = from;
        for (int i = 0; i < n; i++) {
            while (j < to && crd[j] < oldCrd[i]) {
                j++;
            }
            if (j < to && crd[j] == oldCrd[i]) {
                continue;
            }
            oldCrd[m] = oldCrd[i];
            oldVal[m++] = oldVal[i];
        }
        if (m == n) {
            return 0;
        }
        clear(s, root);
        build(s, root, oldCrd, oldVal, 0, m);
        return n - m;
    }

    @Override
    public void clear(NodeStore s, int root) {
        View v = new View(s);
        Walk w = new Walk(v, root);
        for (int h = w.next(); h != 0; h = w.next()) {
            v.nodes.free(h);
        }
        v.rootChild[root] = 0;
    }

    @Override
    public void check(NodeStore s, int root) {
        View v = new View(s);
        Walk w = new Walk(v, root);
        int cap = shape.capacity();
        long previous = Long.MIN_VALUE;
        boolean single = v.rootChild[root] != 0 && (v.before == null || v.before[v.rootChild[root]] == 0)
                && (v.after == null || v.after[v.rootChild[root]] == 0);
        for (int h = w.next(); h != 0; h = w.next()) {
            int c = v.count(h);
            if (c < 1 || c > cap || (!single && c < shape.minFill())) {
                throw new IllegalStateException(name() + ": node " + h + " holds " + c + " elements, outside [" + shape.minFill()
                        + ", " + cap + "]");
            }
            for (int i = 0; i < c; i++) {
                int x = v.crd[h * cap + i];
                if (x < 0 || x <= previous) {
                    throw new IllegalStateException(name() + ": coordinate " + x + " in node " + h + " is out of order after " + previous);
                }
                previous = x;
            }
            if (v.parent != null) {
                checkParent(v, h, v.before);
                checkParent(v, h, v.after);
            }
        }
        if (v.parent != null && v.rootChild[root] != 0 && v.parent[v.rootChild[root]] != 0) {
            throw new IllegalStateException(name() + ": the top node has a parent");
        }
    }

    private void checkParent(View v, int h, int[] child) {
        if (child != null && child[h] != 0 && v.parent[child[h]] != h) {
            throw new IllegalStateException(name() + ": node " + child[h] + " does not name its parent " + h);
        }
    }
}
