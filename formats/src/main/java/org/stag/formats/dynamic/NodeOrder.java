package org.stag.formats.dynamic;

import java.util.Arrays;
import org.stag.formats.dynamic.walk.IndexShape;
import org.stag.formats.dynamic.walk.PlanField;
import org.stag.formats.dynamic.walk.WalkPlans;
import org.stag.formats.schema.Schema;

/**
 * A read-optimised index of one shard's binary search trees: for each parent of the shard, the handles of its
 * tree's nodes in in-order, in one flat array. Generated code visits a structure as the root record's own
 * elements and then, for each listed handle, that node's own elements: a loop over a flat array instead of a
 * walk that reads both child links of every node, whose next node is known only once the current one's link
 * has been loaded (a chain of dependent cache misses). The nodes' fields (C-tree: head, chunk offset and size)
 * are still read from the pools, so only the tree's shape is copied.
 *
 * <p>It exists for schemas of one shape ({@link IndexShape}, {@link #shapeOf}): a root record whose traversal is its elements and
 * then one scalar child of a node type {@code N}, and {@code N}'s traversal is {@code child, elements…, child},
 * both children of type {@code N}, no supertypes (C-tree, BST, red-black tree, T-tree). Since those schemas are ordered
 * the listed order is the coordinate order. {@link NodeStore#nodeOrder} makes it on first use and keeps it
 * across batches: a batch names the parents it changes ({@link NodeStore#invalidateNodeOrder(int)}) and the next
 * use lists only those again ({@link #patched}), so a batch of a few edges costs its rows, not the shard (a row
 * that gained or lost tree nodes moves the slices after it: a copy, not a walk); a write that names no parent,
 * or more than an eighth of the parents, makes it again. Memory: 4 bytes per parent of the shard plus 4 per tree node (kron scale 20 as
 * {@code dense,ctree}: about 5 MB beside the structure's 180 MB), plus 16 bytes per parent when the root's
 * elements are one arena run ({@link #rows}: C-tree, about 16 MB more), plus 12 bytes per node when the nodes'
 * own elements are a head and one arena run ({@link #heads}: C-tree, about 2.7 MB more).
 */
public final class NodeOrder {
    /** Parents {@code [0, parents)} of the shard (local numbering) that the index covers. */
    private final int parents;
    /** {@code nodes[start[lp], start[lp + 1])} are local parent {@code lp}'s tree nodes in in-order. */
    private final int[] start;
    private final int[] nodes;
    /**
     * For schemas whose root record's own elements are one arena run ({@link IndexShape#rootRun()}; C-tree's prefix), four
     * ints per local parent {@code lp}: the run's first and end arena slots, then {@code start[lp]} and
     * {@code start[lp + 1]}; else null. A row's whole set-up is then one 16-byte record instead of loads
     * from the roots, the root pool's offset and size arrays and {@link #start}.
     */
    private final int[] rows;
    /**
     * For schemas whose tree nodes' own elements are one scalar head and then one arena run ({@link IndexShape#head()};
     * C-tree's head and chunk), three ints per listed node, in the order of {@link #nodes}: the head's
     * coordinate, the run's first arena slot and its length; else null. A visit that needs no values reads a
     * node's whole set-up from them instead of the node's handle and then three pool arrays at that handle
     * (two dependent cache misses per node of a row reached at random, as BFS's pull reaches rows).
     */
    private final int[] heads;
    /** Where the walk reads, resolved once by {@link #build} (a patch per shard would look it up by name). */
    private final Access access;

    private NodeOrder(int[] start, int[] nodes, int[] rows, int[] heads, Access access) {
        this.parents = start.length - 1;
        this.start = start;
        this.nodes = nodes;
        this.rows = rows;
        this.heads = heads;
        this.access = access;
    }

    /**
     * The pools and field layouts an index reads, the same in every store of a schema and value mode (and in
     * copies): the root and node pools' indices, the tree's links, the root's run (null unless the shape has
     * one, {@link IndexShape#rootRun()}) and the nodes' head and run (null unless {@link IndexShape#head()}).
     */
    private record Access(int rootPool, int nodePool, FieldLayout child, FieldLayout first, FieldLayout second,
            FieldLayout runBase, FieldLayout runSize, int addend, FieldLayout hKey, FieldLayout hBase,
            FieldLayout hSize, int hAddend) {
        static Access of(NodePool[] pools, IndexShape shape) {
            int ri = indexOf(pools, shape.root().name());
            int ni = indexOf(pools, shape.node().name());
            NodePool rp = pools[ri];
            NodePool np = pools[ni];
            PlanField run = shape.rootRun();
            PlanField head = shape.head();
            PlanField chunk = shape.run();
            return new Access(ri, ni,
                    rp.layout(shape.rootChild().name()), np.layout(shape.first().name()), np.layout(shape.second().name()),
                    run == null ? null : rp.layout(run.name()), run == null ? null : sizeOf(rp, run),
                    run == null ? 0 : run.addend(), head == null ? null : np.layout(head.name()),
                    head == null ? null : np.layout(chunk.name()), head == null ? null : sizeOf(np, chunk),
                    head == null ? 0 : chunk.addend());
        }

        private static int indexOf(NodePool[] pools, String type) {
            int i = 0;
            while (!pools[i].type().name().equals(type)) {
                i++;
            }
            return i;
        }

        private static FieldLayout sizeOf(NodePool pool, PlanField array) {
            return pool.layout(array.field().arraySize().orElseThrow().sizeField().orElseThrow());
        }
    }

    /** The shape of {@code schema} when an index exists for it ({@link NodeOrder}), else null. */
    public static IndexShape shapeOf(Schema schema) {
        return WalkPlans.of(schema).index();
    }

    /**
     * The index of the trees under {@code roots[from, to)}, all in the store of {@code pools} (one per node type,
     * in the schema's order): an in-order walk of each
     * with an explicit stack.
     */
    static NodeOrder build(NodePool[] pools, IndexShape shape, int[] roots, int from, int to) {
        Access a = Access.of(pools, shape);
        NodePool rp = pools[a.rootPool()];
        NodePool np = pools[a.nodePool()];
        int[] child = rp.ints(a.child());
        int[] first = np.ints(a.first());
        int[] second = np.ints(a.second());
        int count = to - from;
        int[] start = new int[count + 1];
        InOrder walk = new InOrder(new int[Math.max(16, np.live())]);
        for (int lp = 0; lp < count; lp++) {
            start[lp] = walk.n;
            int h = roots[from + lp];
            walk.append(h == 0 ? 0 : child[h], first, second);
        }
        int n = walk.n;
        start[count] = n;
        int[] rows = a.runBase() == null ? null : new int[4 * count];
        if (rows != null) {
            for (int lp = 0; lp < count; lp++) {
                rows[4 * lp + 2] = start[lp];
                rows[4 * lp + 3] = start[lp + 1];
            }
        }
        int[] nodes = n == walk.nodes.length ? walk.nodes : Arrays.copyOf(walk.nodes, n);
        NodeOrder o = new NodeOrder(start, nodes, rows, a.hKey() == null ? null : new int[3 * n], a);
        o.relist(pools, roots, from, null, count);
        return o;
    }

    /**
     * This index with local parents {@code dirty[0, n)} (in any order, repeats allowed) listed again from the
     * structures as they are now: their root runs ({@link #rows}), node handles and head triples ({@link #heads}).
     * When each still has as many tree nodes as listed, in place (this); else a new index whose other parents'
     * slices are copied over, not walked again (this one is then spent: it shares its arrays).
     */
    NodeOrder patched(NodePool[] pools, int[] roots, int from, int[] dirty, int n) {
        int[] child = pools[access.rootPool()].ints(access.child());
        NodePool np = pools[access.nodePool()];
        int[] first = np.ints(access.first());
        int[] second = np.ints(access.second());
        int[] lps = Arrays.copyOf(dirty, n);
        Arrays.sort(lps);
        int m = 0;
        for (int d = 0; d < n; d++) {
            if (m == 0 || lps[d] != lps[m - 1]) {
                lps[m++] = lps[d];
            }
        }
        // Every changed parent's nodes, one after another: parent lps[d] has walk[at[d], at[d + 1]).
        InOrder walk = new InOrder(new int[64]);
        int[] at = new int[m + 1];
        boolean sameCounts = true;
        for (int d = 0; d < m; d++) {
            at[d] = walk.n;
            int h = roots[from + lps[d]];
            walk.append(h == 0 ? 0 : child[h], first, second);
            sameCounts &= walk.n - at[d] == start[lps[d] + 1] - start[lps[d]];
        }
        at[m] = walk.n;
        NodeOrder o = this;
        if (!sameCounts) {
            int total = nodes.length + walk.n;
            for (int d = 0; d < m; d++) {
                total -= start[lps[d] + 1] - start[lps[d]];
            }
            int[] moved = new int[total];
            int[] movedHeads = heads == null ? null : new int[3 * total];
            // Parents before the first changed one keep their slices and starts: one copy. From there, each
            // clean run is copied, each changed parent's new nodes written, and start (and rows' ranges) moved.
            int lp0 = lps[0];
            int w = start[lp0];
            int old = w;
            copyRun(moved, movedHeads, 0, 0, w);
            int d = 0;
            for (int lp = lp0; lp <= parents; lp++) {
                int oldStart = start[lp];
                int now = w + (oldStart - old);
                if (d < m && lps[d] == lp) {
                    copyRun(moved, movedHeads, w, old, oldStart - old);
                    w = now;
                    System.arraycopy(walk.nodes, at[d], moved, w, at[d + 1] - at[d]);
                    w += at[d + 1] - at[d];
                    old = start[lp + 1];
                    d++;
                }
                start[lp] = now;
                if (rows != null) {
                    if (lp > 0) {
                        rows[4 * lp - 1] = now;
                    }
                    if (lp < parents) {
                        rows[4 * lp + 2] = now;
                    }
                }
            }
            copyRun(moved, movedHeads, w, old, nodes.length - old);
            o = new NodeOrder(start, moved, rows, movedHeads, access);
        } else {
            for (int d = 0; d < m; d++) {
                System.arraycopy(walk.nodes, at[d], nodes, start[lps[d]], at[d + 1] - at[d]);
            }
        }
        o.relist(pools, roots, from, lps, m);
        return o;
    }

    /** Copies listed nodes {@code [old, old + len)} (and their head triples) to {@code [w, w + len)} of the given arrays. */
    private void copyRun(int[] toNodes, int[] toHeads, int w, int old, int len) {
        System.arraycopy(nodes, old, toNodes, w, len);
        if (toHeads != null) {
            System.arraycopy(heads, 3 * old, toHeads, 3 * w, 3 * len);
        }
    }

    /**
     * Writes the root runs and head triples of local parents {@code lps[0, m)} (null: parents {@code [0, m)}),
     * whose nodes are listed.
     */
    private void relist(NodePool[] pools, int[] roots, int from, int[] lps, int m) {
        if (rows != null) {
            NodePool rp = pools[access.rootPool()];
            int[] runBase = rp.ints(access.runBase());
            int[] runSize = rp.ints(access.runSize());
            for (int d = 0; d < m; d++) {
                int lp = lps == null ? d : lps[d];
                int h = roots[from + lp];
                if (h != 0) {
                    rows[4 * lp] = runBase[h];
                    rows[4 * lp + 1] = runBase[h] + runSize[h] + access.addend();
                }
            }
        }
        if (heads != null) {
            NodePool np = pools[access.nodePool()];
            int[] hKey = np.ints(access.hKey());
            int[] hBase = np.ints(access.hBase());
            int[] hSize = np.ints(access.hSize());
            for (int d = 0; d < m; d++) {
                int lp = lps == null ? d : lps[d];
                for (int k = start[lp]; k < start[lp + 1]; k++) {
                    int x = nodes[k];
                    heads[3 * k] = hKey[x];
                    heads[3 * k + 1] = hBase[x];
                    heads[3 * k + 2] = hSize[x] + access.hAddend();
                }
            }
        }
    }

    /** An in-order walk with an explicit stack, appending handles to a growing array. */
    private static final class InOrder {
        int[] nodes;
        int n;
        private int[] stack = new int[64];

        InOrder(int[] nodes) {
            this.nodes = nodes;
        }

        /** Appends the nodes of the tree rooted at {@code x} (0: none) in in-order. */
        void append(int x, int[] first, int[] second) {
            int sp = 0;
            while (true) {
                while (x != 0) {
                    if (sp == stack.length) {
                        stack = Arrays.copyOf(stack, 2 * sp);
                    }
                    stack[sp++] = x;
                    x = first[x];
                }
                if (sp == 0) {
                    return;
                }
                x = stack[--sp];
                if (n == nodes.length) {
                    nodes = Arrays.copyOf(nodes, 2 * n);
                }
                nodes[n++] = x;
                x = second[x];
            }
        }
    }

    /** A copy with arrays of its own, for a copy of its store ({@link NodeStore#copy}). */
    NodeOrder copy() {
        return new NodeOrder(start.clone(), nodes.clone(), rows == null ? null : rows.clone(),
                heads == null ? null : heads.clone(), access);
    }

    /** How many parents (from the shard's first) the index covers. */
    public int parents() {
        return parents;
    }

    /** Per local parent, where its nodes start in {@link #nodes()}; one entry more than {@link #parents()}. */
    public int[] start() {
        return start;
    }

    /** Tree node handles, each parent's in in-order. */
    public int[] nodes() {
        return nodes;
    }

    /**
     * Per local parent {@code lp}, {@code rows[4 lp, 4 lp + 4)}: the root's run {@code [first, end)} of arena
     * slots and its nodes' range {@code [start[lp], start[lp + 1])} in {@link #nodes()}; null unless the
     * schema's {@link IndexShape#rootRun()} is an arena run.
     */
    public int[] rows() {
        return rows;
    }

    /**
     * For the listed node at {@code k} of {@link #nodes()}, {@code heads[3 k, 3 k + 3)}: its head's coordinate,
     * its run's first arena slot and the run's length; null unless the schema has a {@link IndexShape#head()} in the arena.
     */
    public int[] heads() {
        return heads;
    }

    /** Bytes held. */
    public long memoryBytes() {
        return 4L * start.length + 4L * nodes.length + (rows == null ? 0 : 4L * rows.length)
                + (heads == null ? 0 : 4L * heads.length);
    }
}
