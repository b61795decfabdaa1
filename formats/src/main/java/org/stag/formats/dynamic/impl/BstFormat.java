package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/**
 * Binary search tree (schema {@code bst}, [Chou 2021] Figure 5), one element per node, kept balanced as a
 * scapegoat tree ({@link ScapegoatTree}): nodes are exactly the paper's, the root record adds the
 * counters {@code n} and {@code max_n}, and depth stays within floor(log_{1/alpha} max_n).
 *
 * <p>A batch of k updates to a tree of n elements goes element by element (amortized O(k log n)) unless
 * n &le; {@value #BULK_RATIO} k, when one flatten, merge and balanced relink (O(n + k), sequential) is
 * cheaper than k descents. {@code build} links a perfectly balanced tree in O(n); appends insert at the
 * right end like any insert (amortized O(log n)) and so keep the depth bound.
 */
public final class BstFormat extends SchemaFormat {
    /** Galperin and Rivest's usual balance: depth at most log_{1/0.7} n + 1 &asymp; 1.94 log2 n + 1. */
    public static final double DEFAULT_ALPHA = 0.7;
    /** Batches of at least n / BULK_RATIO updates are merged by rebuilding the tree. */
    static final int BULK_RATIO = 4;

    private final TreeLayout layout;
    private final FieldLayout count;
    private final FieldLayout maxCount;
    private final ScapegoatTree.Rule rule;
    private final int bulkRatio;

    /** The shipped schema with alpha = {@value #DEFAULT_ALPHA}. */
    public BstFormat() {
        this(Schemas.builtin("bst"), DEFAULT_ALPHA, BULK_RATIO);
    }

    /** The scapegoat tree over another schema of the bst shape (e.g. a user's copy), with the default tuning. */
    public BstFormat(Schema schema) {
        this(schema, DEFAULT_ALPHA, BULK_RATIO);
    }

    /**
     * A scapegoat tree over another schema of the same shape (a root with one child field and int32
     * fields {@code n} and {@code max_n}; nodes with {@code seq = left, elem, right}).
     *
     * @param alpha     balance parameter in [0.5, 1): smaller keeps the tree lower but rebuilds more often
     * @param bulkRatio batches of at least n / bulkRatio updates rebuild the tree; 0 only rebuilds empty
     *                  trees (tests use it to run every update through the scapegoat rules)
     */
    public BstFormat(Schema schema, double alpha, int bulkRatio) {
        super(schema, "bst");
        this.layout = TreeLayout.of(schema, TreeSchema.of(schema));
        NodePool probe = TreeLayout.rootProbe(schema);
        this.count = probe.layout(TreeSchema.rootCounter(schema, "n"));
        this.maxCount = probe.layout(TreeSchema.rootCounter(schema, "max_n"));
        this.rule = new ScapegoatTree.Rule(alpha);
        if (bulkRatio < 0) {
            throw new IllegalArgumentException("negative bulk ratio " + bulkRatio);
        }
        this.bulkRatio = bulkRatio;
    }

    private ScapegoatTree tree(NodeStore s, int root) {
        return new ScapegoatTree(new TreeNodes(s, layout), s.rootPool(), layout.top(), count, maxCount, root, rule);
    }

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        ScapegoatTree t = tree(s, root);
        if (t.size() == 0) {
            t.build(crd, val, from, to);
        } else {
            insert(s, root, crd, val, from, to);
        }
    }

    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        tree(s, root).insert(crd, val);
        return 0;
    }

    /** Inserts at the right end (every comparison goes right); the state is unused. */
    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        tree(s, root).insert(crd, val);
        return state;
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        if (from >= to) {
            return 0;
        }
        ScapegoatTree t = tree(s, root);
        int k = to - from;
        if (t.size() <= (long) bulkRatio * k) {
            return t.mergeRebuild(crd, val, from, to);
        }
        t.reserve(k);
        int added = 0;
        for (int i = from; i < to; i++) {
            if (t.insert(crd[i], val == null ? 1.0 : val[i])) {
                added++;
            }
        }
        return added;
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        ScapegoatTree t = tree(s, root);
        int n = t.size();
        if (from >= to || n == 0) {
            return 0;
        }
        if (n <= (long) bulkRatio * (to - from)) {
            return t.filterRebuild(crd, from, to);
        }
        int removed = 0;
        for (int i = from; i < to; i++) {
            if (t.delete(crd[i])) {
                removed++;
            }
        }
        t.afterDeletes();
        return removed;
    }

    @Override
    public void clear(NodeStore s, int root) {
        tree(s, root).clear();
    }

    @Override
    public void check(NodeStore s, int root) {
        tree(s, root).check(name());
    }
}
