package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.dynamic.walk.Carried;

/**
 * The node arrays of a binary search tree (fields placed by a {@link TreeLayout}) in one store, fetched
 * once per operation, and the work both tree formats share: search, in-order flattening, merging a sorted
 * batch into a flattened tree, perfectly balanced linking and freeing. Array fields are refetched after an
 * allocation that grew the pool, so code that caches them in locals must reread them after
 * {@link #newNode} unless it called {@link #reserve} first.
 */
final class TreeNodes {
    final NodePool pool;
    private final TreeLayout layout;
    int[] crd;
    double[] val;
    int[] pos;
    int[] left;
    int[] right;
    /** Parent handles, or null when the schema has no parent field. */
    int[] parent;
    /** Colour bits, or null when the schema has no bool field. */
    byte[] colour;

    TreeNodes(NodeStore s, TreeLayout layout) {
        this.pool = s.pool(layout.nodeType());
        this.layout = layout;
        refresh();
    }

    /** Rereads the arrays (after the pool grew). */
    void refresh() {
        TreeLayout f = layout;
        crd = pool.ints(f.elem());
        val = pool.values(f.elem());
        pos = pool.positions(f.elem());
        left = pool.ints(f.left());
        right = pool.ints(f.right());
        parent = f.parent() == null ? null : pool.ints(f.parent());
        colour = f.colour() == null ? null : pool.bytes(f.colour());
    }

    /** Makes room for {@code k} new nodes, so that the next {@code k} {@link #newNode} calls keep the arrays. */
    void reserve(int k) {
        pool.ensureSpare(k);
        refresh();
    }

    /** A new node holding element {@code (c, v)}, all links null and colour 0. */
    int newNode(int c, double v) {
        int h = pool.alloc();
        if (h >= crd.length) {
            refresh(); // alloc grew the pool: every array was replaced
        }
        crd[h] = c;
        setValue(h, v);
        return h;
    }

    void setValue(int h, double v) {
        Carried.set(val, pos, h, v);
    }

    /** Copies the element (coordinate and value) of node {@code from} into node {@code to}. */
    void copyElement(int from, int to) {
        crd[to] = crd[from];
        Carried.move(val, pos, from, to, 1);
    }

    /** The node holding coordinate {@code c} in the subtree of {@code top}, or 0. */
    int find(int top, int c) {
        int[] k = crd;
        int[] l = left;
        int[] r = right;
        int h = top;
        while (h != 0) {
            int x = k[h];
            if (c < x) {
                h = l[h];
            } else if (c > x) {
                h = r[h];
            } else {
                return h;
            }
        }
        return 0;
    }

    /** Number of nodes in the subtree of {@code top} (an iterative walk on {@code sc.stack}). */
    int count(int top, TreeScratch sc) {
        if (top == 0) {
            return 0;
        }
        int[] l = left;
        int[] r = right;
        int[] stack = sc.stack;
        int sp = 0;
        int n = 0;
        stack[sp++] = top;
        while (sp > 0) {
            int h = stack[--sp];
            n++;
            // At most one pending node per level, plus the one being expanded: the stack stays below depth + 2.
            if (sp + 2 > stack.length) {
                stack = sc.growStack();
            }
            if (l[h] != 0) {
                stack[sp++] = l[h];
            }
            if (r[h] != 0) {
                stack[sp++] = r[h];
            }
        }
        return n;
    }

    /** Writes the nodes of the subtree of {@code top} in order into {@code sc.nodes} from 0; returns how many. */
    int flatten(int top, int sizeHint, TreeScratch sc) {
        int[] out = sc.nodes(sizeHint);
        int[] l = left;
        int[] r = right;
        int[] stack = sc.stack;
        int sp = 0;
        int k = 0;
        int h = top;
        while (true) {
            while (h != 0) {
                if (sp == stack.length) {
                    stack = sc.growStack();
                }
                stack[sp++] = h;
                h = l[h];
            }
            if (sp == 0) {
                return k;
            }
            h = stack[--sp];
            if (k == out.length) {
                out = sc.growNodes();
            }
            out[k++] = h;
            h = r[h];
        }
    }

    /**
     * Merges the sorted, unique batch {@code bc[from, to)} into the in-order nodes {@code a[0, n)}: present
     * coordinates take the batch value, absent ones get new nodes (the caller reserved {@code to - from}).
     * Writes the merged nodes in order into {@code sc.merged} from 0; returns how many.
     */
    int merge(int[] a, int n, int[] bc, double[] bv, int from, int to, TreeScratch sc) {
        int[] out = sc.merged(n + to - from);
        int i = 0;
        int j = from;
        int k = 0;
        while (i < n && j < to) {
            int h = a[i];
            int c = crd[h];
            int d = bc[j];
            if (c < d) {
                out[k++] = h;
                i++;
            } else if (c > d) {
                out[k++] = newNode(d, bv == null ? 1.0 : bv[j]);
                j++;
            } else {
                setValue(h, bv == null ? 1.0 : bv[j]);
                out[k++] = h;
                i++;
                j++;
            }
        }
        while (i < n) {
            out[k++] = a[i++];
        }
        for (; j < to; j++) {
            out[k++] = newNode(bc[j], bv == null ? 1.0 : bv[j]);
        }
        return k;
    }

    /**
     * Frees the nodes of the in-order list {@code a[0, n)} whose coordinates are in the sorted batch
     * {@code bc[from, to)} and closes the gaps; returns how many nodes remain.
     */
    int remove(int[] a, int n, int[] bc, int from, int to) {
        int j = from;
        int k = 0;
        for (int i = 0; i < n; i++) {
            int h = a[i];
            int c = crd[h];
            while (j < to && bc[j] < c) {
                j++;
            }
            if (j < to && bc[j] == c) {
                pool.free(h);
                j++;
            } else {
                a[k++] = h;
            }
        }
        return k;
    }

    /**
     * Links the in-order nodes {@code a[lo, hi)} into a perfectly balanced tree (the middle node on top,
     * so its height is floor(log2(hi - lo))) and returns its top. Recursion depth is that height.
     */
    int link(int[] a, int lo, int hi) {
        if (lo >= hi) {
            return 0;
        }
        int mid = (lo + hi) >>> 1;
        int h = a[mid];
        left[h] = link(a, lo, mid);
        right[h] = link(a, mid + 1, hi);
        return h;
    }

    /**
     * As {@link #link}, also setting parent pointers ({@code up} above the top) and colours: 1 for the
     * nodes at depth {@code redDepth}, 0 elsewhere.
     */
    int linkColoured(int[] a, int lo, int hi, int up, int depth, int redDepth) {
        if (lo >= hi) {
            return 0;
        }
        int mid = (lo + hi) >>> 1;
        int h = a[mid];
        parent[h] = up;
        colour[h] = (byte) (depth == redDepth ? 1 : 0);
        left[h] = linkColoured(a, lo, mid, h, depth + 1, redDepth);
        right[h] = linkColoured(a, mid + 1, hi, h, depth + 1, redDepth);
        return h;
    }

    /** Allocates nodes for {@code crd[from, to)} in order into {@code sc.nodes} (in-order handles are then mostly consecutive). */
    int[] newNodes(int[] c, double[] v, int from, int to, TreeScratch sc) {
        int n = to - from;
        int[] out = sc.nodes(n);
        reserve(n);
        for (int k = 0; k < n; k++) {
            out[k] = newNode(c[from + k], v == null ? 1.0 : v[from + k]);
        }
        return out;
    }

    /**
     * Frees every node of the subtree of {@code top} without a stack: right rotations turn the left spine
     * into a right-going list, whose head is freed each time it has no left child.
     */
    void freeAll(int top) {
        int[] l = left;
        int[] r = right;
        int h = top;
        while (h != 0) {
            int x = l[h];
            if (x != 0) {
                l[h] = r[x];
                r[x] = h;
                h = x;
            } else {
                int next = r[h];
                pool.free(h);
                h = next;
            }
        }
    }

    /**
     * A check of in-order traversal: node {@code h}, met after a node of coordinate {@code last}, must hold a
     * coordinate that is not negative and above {@code last}. Returns it; throws naming the tree {@code name}.
     */
    int checkInOrder(String name, int h, long last) {
        int c = crd[h];
        if (c < 0) {
            throw new IllegalStateException(name + ": negative coordinate " + c + " at node " + h);
        }
        if (c <= last) {
            throw new IllegalStateException(name + ": BST order broken at node " + h + " (coordinate " + c + " after " + last + ")");
        }
        return c;
    }
}
