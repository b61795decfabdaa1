package org.stag.formats.dynamic.impl;

import java.util.Arrays;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;
import org.stag.formats.schema.MetadataType;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;
import org.stag.formats.schema.SizeBounds;

/**
 * T-tree (Lehman and Carey; schema {@code ttree}, [Chou 2021] Figure 6d): an AVL tree whose nodes hold sorted
 * blocks {@code e[0..B)}, {@code seq = l, {e}, r}. The block capacity {@code max} is the upper bound of
 * {@code B} in the schema; a node with a child holds at least {@code max / 2} elements (at least 1),
 * leaves 1 to {@code max}; {@code ht} is the AVL height (1 for a leaf).
 *
 * <p>Insert finds the bounding node (the one whose block spans the coordinate) and inserts into its
 * block; when the block is full its minimum moves down to the greatest-lower-bound node (the classic
 * T-tree), and a new leaf is only ever hung below a full node. Delete removes from the bounding node; a
 * node with a child that falls below the minimum borrows its greatest lower (or least upper) bound from a
 * leaf or half-leaf, emptied leaves are freed. Both are O(log n + max) per element; rotations keep the
 * fill invariant (a leaf that a double rotation makes internal is filled from its old parent). Build is
 * O(n): ceil(n / max) equally filled blocks as a perfectly balanced tree.
 */
public final class TtreeFormat extends SchemaFormat {
    private final TtreeNodes.Layout layout;
    private final int max;
    private final int min;

    /** The shipped schema (32 elements per node). */
    public TtreeFormat() {
        this(Schemas.builtin("ttree"));
    }

    /**
     * A T-tree over {@code schema}, which must have the shape of the shipped {@code ttree} schema; its
     * bound on {@code B} sets the block capacity.
     *
     * @throws IllegalArgumentException if the schema lacks a field the format needs
     */
    public TtreeFormat(Schema schema) {
        super(schema, "ttree");
        NodeType t = schema.nodeType("ttree").orElseThrow(() -> new IllegalArgumentException("schema has no node type 'ttree'"));
        Field e = require(t, "e", FieldKind.ELEMENT_ARRAY);
        require(t, "l", FieldKind.CHILD);
        require(t, "r", FieldKind.CHILD);
        MetadataType ht = require(t, "ht", FieldKind.METADATA).metadataType().orElseThrow();
        if (ht != MetadataType.INT8 && ht != MetadataType.UINT8) {
            throw new IllegalArgumentException("ttree: the AVL height ht must be int8 or uint8, not " + ht.keyword());
        }
        require(schema.root(), "r", FieldKind.CHILD);
        SizeBounds b = t.lengthBounds(e);
        if (!b.isBounded() || b.lower() > 1) {
            throw new IllegalArgumentException("ttree: e needs bounds [0 or 1, max] to be stored inline, not " + b);
        }
        this.max = Math.max(1, b.upper().getAsInt());
        this.min = Math.max(1, max / 2);
        this.layout = TtreeNodes.Layout.of(schema);
    }

    /** Elements a node holds at most (the schema's bound on {@code B}). */
    public int maxPerNode() {
        return max;
    }

    /** Elements a node with a child holds at least. */
    public int minPerInnerNode() {
        return min;
    }

    TtreeNodes nodes(NodeStore s) {
        return new TtreeNodes(s, layout, max, min);
    }

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        if (from == to) {
            return;
        }
        TtreeNodes t = nodes(s);
        if (t.top[root] != 0) {
            insert(s, root, crd, val, from, to);
            return;
        }
        int n = to - from;
        int blocks = (n + max - 1) / max;
        t.pool.ensureSpare(blocks);
        t.refresh();
        t.top[root] = buildBlocks(t, crd, val, from, n, blocks, 0, blocks);
    }

    /** Blocks {@code [lo, hi)} of the input as a balanced tree (recursion depth log2 of the block count). */
    private static int buildBlocks(TtreeNodes t, int[] crd, double[] val, int from, int n, int blocks, int lo, int hi) {
        if (lo >= hi) {
            return 0;
        }
        int mid = (lo + hi) >>> 1;
        int h = t.pool.alloc();
        int a = from + (int) ((long) mid * n / blocks);
        int b = from + (int) ((long) (mid + 1) * n / blocks);
        int base = h * t.max;
        System.arraycopy(crd, a, t.crd, base, b - a);
        if (t.val != null) {
            if (val != null) {
                System.arraycopy(val, a, t.val, base, b - a);
            } else {
                Arrays.fill(t.val, base, base + b - a, 1.0);
            }
        } else if (t.pos != null) {
            for (int k = a; k < b; k++) {
                t.pos[base + k - a] = val == null ? 1 : (int) val[k];
            }
        }
        t.count[h] = b - a;
        int l = buildBlocks(t, crd, val, from, n, blocks, lo, mid);
        int r = buildBlocks(t, crd, val, from, n, blocks, mid + 1, hi);
        t.left[h] = l;
        t.right[h] = r;
        t.height[h] = (byte) (1 + Math.max(t.heightOf(l), t.heightOf(r)));
        return h;
    }

    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        TtreeNodes t = nodes(s);
        if (t.top[root] != 0) {
            throw new IllegalStateException("ttree: appendFirst on a structure that is not empty");
        }
        int h = t.newLeaf(crd, val);
        t.top[root] = h;
        return h;
    }

    /** The state is the node holding the largest element (the end of the right spine). */
    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        TtreeNodes t = nodes(s);
        if (t.count[state] < t.max) {
            t.insertAt(state, t.count[state], crd, val);
            return state;
        }
        t.beginPath();
        for (int h = t.top[root]; h != 0; h = t.right[h]) {
            t.path[t.depth++] = h;
        }
        int leaf = t.newLeaf(crd, val);
        t.right[state] = leaf;
        t.rebalance(root);
        return leaf;
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        TtreeNodes t = nodes(s);
        int added = 0;
        for (int k = from; k < to; k++) {
            if (insertOne(t, root, crd[k], val == null ? 1.0 : val[k])) {
                added++;
            }
        }
        return added;
    }

    private static boolean insertOne(TtreeNodes t, int root, int c, double v) {
        int h = t.top[root];
        if (h == 0) {
            int leaf = t.newLeaf(c, v);
            t.top[root] = leaf;
            return true;
        }
        int max = t.max;
        t.beginPath();
        while (true) {
            t.path[t.depth++] = h;
            int base = h * max;
            int n = t.count[h];
            if (c < t.crd[base]) {
                if (t.left[h] != 0) {
                    h = t.left[h];
                    continue;
                }
                if (n < max) {
                    t.insertAt(h, 0, c, v);
                } else {
                    int leaf = t.newLeaf(c, v);
                    t.left[h] = leaf;
                    t.rebalance(root);
                }
                return true;
            }
            if (c > t.crd[base + n - 1]) {
                if (t.right[h] != 0) {
                    h = t.right[h];
                    continue;
                }
                if (n < max) {
                    t.insertAt(h, n, c, v);
                } else {
                    int leaf = t.newLeaf(c, v);
                    t.right[h] = leaf;
                    t.rebalance(root);
                }
                return true;
            }
            int p = Arrays.binarySearch(t.crd, base, base + n, c);
            if (p >= 0) {
                t.setValue(p, v);
                return false;
            }
            p = -p - 1 - base;
            if (n < max) {
                t.insertAt(h, p, c, v);
                return true;
            }
            // A full bounding node: its minimum makes room and moves down to the greatest lower bound.
            int mc = t.crd[base];
            double mv = t.value(base);
            t.move(base + 1, base, p - 1);
            t.crd[base + p - 1] = c;
            t.setValue(base + p - 1, v);
            pushGreatestLowerBound(t, root, h, mc, mv);
            return true;
        }
    }

    /** Adds {@code (c, v)}, smaller than every element of {@code h} and larger than every other, below {@code h}. */
    private static void pushGreatestLowerBound(TtreeNodes t, int root, int h, int c, double v) {
        int g = t.left[h];
        if (g == 0) {
            int leaf = t.newLeaf(c, v);
            t.left[h] = leaf;
            t.rebalance(root);
            return;
        }
        t.path[t.depth++] = g;
        while (t.right[g] != 0) {
            g = t.right[g];
            t.path[t.depth++] = g;
        }
        if (t.count[g] < t.max) {
            t.insertAt(g, t.count[g], c, v);
            return;
        }
        int leaf = t.newLeaf(c, v);
        t.right[g] = leaf;
        t.rebalance(root);
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        TtreeNodes t = nodes(s);
        int removed = 0;
        for (int k = from; k < to && t.top[root] != 0; k++) {
            if (deleteOne(t, root, crd[k])) {
                removed++;
            }
        }
        return removed;
    }

    private static boolean deleteOne(TtreeNodes t, int root, int c) {
        int max = t.max;
        int h = t.top[root];
        t.beginPath();
        while (h != 0) {
            t.path[t.depth++] = h;
            int base = h * max;
            if (c < t.crd[base]) {
                h = t.left[h];
            } else if (c > t.crd[base + t.count[h] - 1]) {
                h = t.right[h];
            } else {
                break;
            }
        }
        if (h == 0) {
            return false;
        }
        int base = h * max;
        int n = t.count[h];
        int p = Arrays.binarySearch(t.crd, base, base + n, c);
        if (p < 0) {
            return false;
        }
        t.move(p + 1, p, base + n - p - 1);
        t.count[h] = n - 1;
        t.afterRemoval(root);
        return true;
    }




    @Override
    public void clear(NodeStore s, int root) {
        TtreeNodes t = nodes(s);
        // Depth-first; a node's children are read before it is freed. The stack holds at most one pending
        // right child per level besides the node at hand.
        t.beginPath();
        int[] stack = t.path;
        int sp = 0;
        if (t.top[root] != 0) {
            stack[sp++] = t.top[root];
        }
        while (sp > 0) {
            int h = stack[--sp];
            if (t.right[h] != 0) {
                stack[sp++] = t.right[h];
            }
            if (t.left[h] != 0) {
                stack[sp++] = t.left[h];
            }
            t.pool.free(h);
        }
        t.top[root] = 0;
    }

    @Override
    public void check(NodeStore s, int root) {
        new TtreeChecker(nodes(s)).check(root);
    }
}
