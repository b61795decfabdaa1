package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.schema.Schema;

/**
 * A dynamic format for a user's schema that has no hand-written implementation, derived from the schema
 * model alone ({@link GenericShape} says which schemas qualify). {@code collect}, {@code get} and
 * {@code size} are those of every format, read off the schema by {@link org.stag.formats.dynamic.walk.SchemaWalk};
 * {@code build} splits the sorted elements evenly into nodes of at most the schema's capacity and lays them out
 * as a list (one child), a balanced tree (a child on each side) or a skip list (two children after the
 * elements: levels of nodes {@value GenericNodes#SKIP_FANOUT} times fewer each); {@code insert} and {@code delete} collect
 * the structure, merge the batch and build again, so they cost O(structure + batch) per call. Metadata fields (counters, colours, heights) are left
 * at zero: nothing that reads the structure needs them, and the generic format keeps no invariant of its
 * own beyond order and node fill.
 */
public final class GenericFormat extends SchemaFormat {
    private final GenericShape shape;

    /**
     * A generic format over {@code schema}, named {@code name} in format strings. Compiled kernels are
     * cached by format string, so the name must identify the schema's content: a file's path as given, or
     * {@link #contentName(Schema)}.
     *
     * @throws IllegalArgumentException naming the schema and what is not supported, for a schema outside
     *                                  the class {@link GenericShape} describes
     */
    public GenericFormat(Schema schema, String name) {
        super(schema, name);
        if (schema.varint()) {
            throw new IllegalArgumentException("schema " + schema.name() + ": varint arrays are stored only by the"
                    + " vctree format (the C-tree's shape); a generic format keeps plain int runs");
        }
        this.shape = GenericShape.of(schema);
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
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        GenericNodes v = nodes(s);
        if (v.rootChild[root] != 0) {
            throw new IllegalStateException(name() + ": build into a structure that is not empty");
        }
        if (to > from) {
            v.rootChild[root] = v.layOut(crd, val, from, to);
        }
    }

    private GenericNodes nodes(NodeStore s) {
        return new GenericNodes(s, shape);
    }

    /**
     * The append state is the handle of the last node in {@code seq} order; in a skip list, of the last node
     * on the top level, whose successor each new node becomes (appends keep order but not the levels: the
     * next {@code insert} or {@code delete} rebuilds them).
     */
    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        build(s, root, new int[] {crd}, new double[] {val}, 0, 1);
        return nodes(s).rootChild[root];
    }

    /**
     * Fills the last node, then starts a new one: at the end of a list, at the top of a list whose child
     * comes first, or on the right spine of a tree ({@link GenericNodes#appendToSpine}).
     */
    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        GenericNodes v = nodes(s);
        if (v.size != null && v.size[state] < v.cap) {
            v.put(state * v.cap + v.size[state]++, crd, val);
            return state;
        }
        int x = v.single(crd, val);
        if (v.after == null) {
            // The child comes first: the new last node becomes the top.
            int top = v.rootChild[root];
            v.before[x] = top;
            v.setParent(top, x);
            v.rootChild[root] = x;
        } else if (v.before == null) {
            v.after[state] = x;
            v.setParent(x, state);
        } else {
            v.appendToSpine(root, state, x);
        }
        return x;
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
        GenericNodes v = nodes(s);
        GenericNodes.Walk w = v.new Walk(root);
        for (int h = w.next(); h != 0; h = w.next()) {
            v.nodes.free(h);
        }
        v.rootChild[root] = 0;
    }

    @Override
    public void check(NodeStore s, int root) {
        GenericNodes v = nodes(s);
        GenericNodes.Walk w = v.new Walk(root);
        int cap = v.cap;
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

    private void checkParent(GenericNodes v, int h, int[] child) {
        if (child != null && child[h] != 0 && v.parent[child[h]] != h) {
            throw new IllegalStateException(name() + ": node " + child[h] + " does not name its parent " + h);
        }
    }
}
