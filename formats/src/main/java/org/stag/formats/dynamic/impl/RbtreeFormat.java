package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/**
 * Red-black tree (schema {@code rbtree}, [Chou 2021] Figure 6e): one element per node, parent pointer {@code p},
 * colour {@code c} (1 red, 0 black), updated by the iterative CLRS insert and delete
 * ({@link RedBlackTree}), O(log n) each.
 *
 * <p>The schema keeps no element count, so {@link #size} walks the tree (O(n)). A batch of k updates goes
 * element by element unless the tree has at most {@value #BULK_RATIO} k elements; then one flatten, merge
 * and relink into a valid red-black tree costs O(n + k). The size is found by a walk that stops after
 * {@value #BULK_RATIO} k nodes and is skipped for batches below {@value #MIN_BULK_BATCH}, so small batches
 * never pay O(n). {@code build} links a perfectly balanced tree with its deepest level red in O(n);
 * {@code appendRest} hangs the new element under the previous one (the state) and runs the insert fix-up:
 * amortized O(1).
 */
public final class RbtreeFormat extends SchemaFormat {
    /** Batches of at least n / BULK_RATIO updates are merged by rebuilding the tree. */
    static final int BULK_RATIO = 4;
    /** Smaller batches never rebuild a nonempty tree. */
    static final int MIN_BULK_BATCH = 8;

    private final TreeLayout layout;
    private final int bulkRatio;

    /** The shipped schema. */
    public RbtreeFormat() {
        this(Schemas.builtin("rbtree"), BULK_RATIO);
    }

    /** The red-black tree over another schema of the rbtree shape (e.g. a user's copy), with the default tuning. */
    public RbtreeFormat(Schema schema) {
        this(schema, BULK_RATIO);
    }

    /**
     * A red-black tree over another schema of the same shape (a root with one child field; nodes with
     * {@code seq = left, elem, right}, a parent field and one bool field).
     *
     * @param bulkRatio batches of at least n / bulkRatio updates rebuild the tree; 0 only rebuilds empty
     *                  trees (tests use it to run every update through the fix-ups)
     */
    public RbtreeFormat(Schema schema, int bulkRatio) {
        super(schema, "rbtree");
        TreeSchema shape = TreeSchema.of(schema);
        if (shape.parent() == null || shape.colour() == null) {
            throw new IllegalArgumentException("schema " + schema.name() + " is not a red-black tree: node type '"
                    + shape.nodeType() + "' needs a parent field and one bool field");
        }
        if (bulkRatio < 0) {
            throw new IllegalArgumentException("negative bulk ratio " + bulkRatio);
        }
        this.bulkRatio = bulkRatio;
        this.layout = TreeLayout.of(schema, shape);
    }

    private RedBlackTree tree(NodeStore s, int root) {
        return new RedBlackTree(new TreeNodes(s, layout), s.rootPool().ints(layout.top()), root, TreeScratch.get());
    }

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        RedBlackTree t = tree(s, root);
        if (t.isEmpty()) {
            t.build(crd, val, from, to);
        } else {
            insert(s, root, crd, val, from, to);
        }
    }

    /** Returns the new node: the state is always the largest node. */
    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        return tree(s, root).append(0, crd, val);
    }

    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        return tree(s, root).append(state, crd, val);
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        if (from >= to) {
            return 0;
        }
        RedBlackTree t = tree(s, root);
        int k = to - from;
        int n = sizeIfRebuilding(t, k);
        if (n >= 0) {
            return t.mergeRebuild(n, crd, val, from, to);
        }
        t.reserve(k);
        int added = 0;
        for (int i = from; i < to; i++) {
            if (t.insert(crd[i], val == null ? 1.0 : val[i]) != 0) {
                added++;
            }
        }
        return added;
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        if (from >= to) {
            return 0;
        }
        RedBlackTree t = tree(s, root);
        int n = sizeIfRebuilding(t, to - from);
        if (n >= 0) {
            return n == 0 ? 0 : t.filterRebuild(n, crd, from, to);
        }
        int removed = 0;
        for (int i = from; i < to; i++) {
            if (t.delete(crd[i])) {
                removed++;
            }
        }
        return removed;
    }

    /**
     * The size of the tree when a batch of {@code k} should rebuild it (at most bulkRatio * k elements),
     * else -1. Batches below {@value #MIN_BULK_BATCH} only rebuild an empty tree: for them the size walk
     * would cost about as much as the updates.
     */
    private int sizeIfRebuilding(RedBlackTree t, int k) {
        if (t.isEmpty()) {
            return 0;
        }
        if (k < MIN_BULK_BATCH) {
            return -1;
        }
        int limit = (int) Math.min(Integer.MAX_VALUE - 1, (long) bulkRatio * k);
        int n = t.sizeUpTo(limit);
        return n <= limit ? n : -1;
    }

    @Override
    public void clear(NodeStore s, int root) {
        tree(s, root).clear();
    }

    @Override
    public void check(NodeStore s, int root) {
        new RbtreeChecker(new TreeNodes(s, layout), s.rootPool().ints(layout.top())[root]).check(name());
    }
}
