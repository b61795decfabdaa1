package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.walk.Carried;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/**
 * Sorted singly linked list (schema {@code list}): one element per node, {@code list_head.h} the first
 * node. Updates merge the sorted batch into the list in one walk.
 */
public final class ListFormat extends SchemaFormat {

    public ListFormat() {
        this(Schemas.builtin("list"));
    }

    /** A list over another schema of the same shape (tests use it to check a schema drives storage). */
    public ListFormat(Schema schema) {
        super(schema, "list");
    }

    /** The arrays of one store, fetched once per operation. */
    private static final class View {
        final NodePool nodes;
        final FieldLayout e;
        final FieldLayout n;
        final int[] head;
        int[] crd;
        double[] val;
        int[] pos;
        int[] next;

        View(NodeStore s) {
            NodePool root = s.rootPool();
            head = root.ints(root.layout("h"));
            nodes = s.pool("list");
            e = nodes.layout("e");
            n = nodes.layout("n");
            refresh();
        }

        void refresh() {
            crd = nodes.ints(e);
            val = nodes.values(e);
            pos = nodes.positions(e);
            next = nodes.ints(n);
        }

        int newNode(int c, double v) {
            int h = nodes.alloc();
            refresh();
            crd[h] = c;
            setValue(h, v);
            return h;
        }

        /** Links node {@code h} after {@code prev}, or first in list {@code root} when {@code prev} is 0. */
        void linkAfter(int root, int prev, int h) {
            if (prev == 0) {
                head[root] = h;
            } else {
                next[prev] = h;
            }
        }

        void setValue(int h, double v) {
            Carried.set(val, pos, h, v);
        }

    }

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        if (from == to) {
            return;
        }
        int state = appendFirst(s, root, crd[from], val == null ? 1.0 : val[from]);
        for (int k = from + 1; k < to; k++) {
            state = appendRest(s, root, state, crd[k], val == null ? 1.0 : val[k]);
        }
    }

    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        View v = new View(s);
        int h = v.newNode(crd, val);
        v.head[root] = h;
        return h;
    }

    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        View v = new View(s);
        int h = v.newNode(crd, val);
        v.next[state] = h;
        return h;
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        View v = new View(s);
        v.nodes.ensureSpare(to - from);
        v.refresh();
        int added = 0;
        int prev = 0;
        int cur = v.head[root];
        for (int k = from; k < to; k++) {
            int c = crd[k];
            while (cur != 0 && v.crd[cur] < c) {
                prev = cur;
                cur = v.next[cur];
            }
            double x = val == null ? 1.0 : val[k];
            if (cur != 0 && v.crd[cur] == c) {
                v.setValue(cur, x);
                continue;
            }
            int h = v.newNode(c, x);
            v.next[h] = cur;
            v.linkAfter(root, prev, h);
            prev = h;
            added++;
        }
        return added;
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        View v = new View(s);
        int removed = 0;
        int prev = 0;
        int cur = v.head[root];
        for (int k = from; k < to && cur != 0; k++) {
            int c = crd[k];
            while (cur != 0 && v.crd[cur] < c) {
                prev = cur;
                cur = v.next[cur];
            }
            if (cur != 0 && v.crd[cur] == c) {
                int after = v.next[cur];
                v.linkAfter(root, prev, after);
                v.nodes.free(cur);
                cur = after;
                removed++;
            }
        }
        return removed;
    }

    @Override
    public void clear(NodeStore s, int root) {
        View v = new View(s);
        int h = v.head[root];
        while (h != 0) {
            int after = v.next[h];
            v.nodes.free(h);
            h = after;
        }
        v.head[root] = 0;
    }

    @Override
    public void check(NodeStore s, int root) {
        View v = new View(s);
        int limit = v.nodes.live();
        int seen = 0;
        int last = Integer.MIN_VALUE;
        for (int h = v.head[root]; h != 0; h = v.next[h]) {
            if (++seen > limit) {
                throw new IllegalStateException("list: cycle (more nodes reached than allocated)");
            }
            if (v.crd[h] <= last && seen > 1) {
                throw new IllegalStateException("list: coordinates not strictly increasing at node " + h
                        + " (" + last + " then " + v.crd[h] + ")");
            }
            last = v.crd[h];
        }
    }
}
