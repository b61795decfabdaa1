package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/**
 * Variable block linked list (GraphOne-like; [Chou 2021], Figure 6c): sorted blocks of any length, each a
 * run of the chunk arena ({@code e : elem[B]} with an unbounded {@code B}). A row's batch slice is merged
 * into the block(s) whose range it falls in, in place while the block's power-of-two run has room, else
 * into one new run per touched block; a sorted append grows the last block by doubling. So a batch costs
 * at most one new run per touched block, and ingesting new coordinates costs O(1) amortized copies.
 *
 * <p>Unbounded blocks would make a middle insertion shift a whole row, so blocks are split above
 * {@link #maxBlock()} elements (an algorithm parameter: the schema's size has no bound, which is what
 * puts blocks in the arena). Between the first and the last, blocks stay at least half full, as in
 * in {@link BlistFormat}; a block's run capacity c satisfies {@code B <= c < 4B}.
 */
public final class VblistFormat extends SchemaFormat {
    /**
     * Default block limit: a middle insertion moves at most this many elements (a few cache lines' worth
     * of work), while the per-block overhead of link, size, offset and capacity stays under 1% per element.
     */
    public static final int DEFAULT_MAX_BLOCK = 256;

    private final BlockListShape shape;
    private final int maxBlock;

    /** The shipped {@code vblist} schema with the default block limit. */
    public VblistFormat() {
        this(Schemas.builtin("vblist"), DEFAULT_MAX_BLOCK);
    }

    /**
     * A variable block list over {@code schema}, splitting blocks above {@code maxBlock} elements (a power
     * of two wastes no arena slots in full blocks).
     *
     * @throws IllegalArgumentException unless the schema is a sorted block list with unbounded compact
     *                                  blocks, or if {@code maxBlock < 1}
     */
    public VblistFormat(Schema schema, int maxBlock) {
        super(schema, schema.name());
        this.shape = BlockListShape.of(schema);
        if (shape.capacity() >= 0 || !shape.ordered() || shape.holes() || shape.size() == null) {
            throw new IllegalArgumentException("schema " + schema.name()
                    + " is not a variable block list: it needs e : elem[B] nonempty with an unbounded B, and seq");
        }
        if (maxBlock < 1) {
            throw new IllegalArgumentException("block limit must be positive: " + maxBlock);
        }
        this.maxBlock = maxBlock;
    }

    /** Most elements a block holds. */
    public int maxBlock() {
        return maxBlock;
    }

    private BlockView view(NodeStore s) {
        return new ArenaBlockView(s, shape, maxBlock);
    }

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        SortedBlocks.build(view(s), root, crd, val, from, to, true);
    }

    /** The append state is the last block's handle. */
    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        BlockView b = view(s);
        int h = b.newBlock(1);
        b.head[root] = h;
        put(b, h, crd, val);
        return h;
    }

    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        BlockView b = view(s);
        int h = state;
        int n = b.size[h];
        if (n == maxBlock) {
            int nh = b.newBlock(1);
            b.next[h] = nh;
            h = nh;
        } else {
            b.reserve(h, n + 1);
        }
        put(b, h, crd, val);
        return h;
    }

    private static void put(BlockView b, int h, int crd, double val) {
        int n = b.size[h];
        int slot = b.base(h) + n;
        b.crd[slot] = crd;
        b.setValue(slot, val);
        b.size[h] = n + 1;
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        return SortedBlocks.insert(view(s), root, crd, val, from, to);
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        return SortedBlocks.delete(view(s), root, crd, from, to);
    }




    @Override
    public void clear(NodeStore s, int root) {
        view(s).clear(root);
    }

    @Override
    public void check(NodeStore s, int root) {
        SortedBlocks.check(view(s), root, name());
    }
}
