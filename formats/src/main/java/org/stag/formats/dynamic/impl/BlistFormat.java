package org.stag.formats.dynamic.impl;

import org.stag.formats.dynamic.NodeStore;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/**
 * Block linked lists (STINGER-like; [Chou 2021], Figures 6b and 7): blocks of a bounded number of slots,
 * stored inline in the node pool, linked from {@code blist_head.h}. The schema decides the variant and
 * the block capacity (the size field's upper bound, or the constant array length):
 * <ul>
 *   <li>{@link Variant#SORTED} ({@code blist}): {@code e : elem[B] nonempty} with {@code seq}; compact
 *       sorted blocks, blocks between the first and the last at least half full;</li>
 *   <li>{@link Variant#GAPS} ({@code blist-gaps}): {@code e : elem[B]}; deletions leave empty slots
 *       (coordinate -1) among {@code e[0, B)}, B trimmed so that {@code e[B - 1]} is never empty;</li>
 *   <li>{@link Variant#FIXED} ({@code blist-fixed}): {@code e : elem[C]}, no size field; empty slots
 *       anywhere;</li>
 *   <li>{@link Variant#UNSORTED} ({@code blist-unsorted}): no {@code seq}; compact blocks in no order,
 *       all full but the first.</li>
 * </ul>
 * The sorted variants share one implementation ({@code SortedBlocks}), with empty slots or without.
 */
public final class BlistFormat extends SchemaFormat {
    /** Which block linked list a schema describes. */
    public enum Variant {
        /** Compact sorted blocks with a size. */
        SORTED,
        /** Sorted blocks with a size and empty slots below it. */
        GAPS,
        /** Sorted blocks of a constant number of slots, any of which may be empty. */
        FIXED,
        /** Compact blocks with a size, elements unordered. */
        UNSORTED
    }

    private final BlockListShape shape;
    private final Variant variant;

    /** The default variant over the shipped {@code blist} schema. */
    public BlistFormat() {
        this(Schemas.builtin("blist"));
    }

    /**
     * A block linked list over {@code schema}; the variant and block capacity are read from it.
     *
     * @throws IllegalArgumentException unless the schema is one of the four block linked list shapes
     */
    public BlistFormat(Schema schema) {
        super(schema, schema.name());
        this.shape = BlockListShape.of(schema);
        this.variant = variantOf(shape, schema.name());
    }

    /** The format over the shipped schema {@code name}: {@code blist}, {@code blist-gaps}, {@code blist-fixed} or {@code blist-unsorted}. */
    public static BlistFormat builtin(String name) {
        return new BlistFormat(Schemas.builtin(name));
    }

    private static Variant variantOf(BlockListShape shape, String name) {
        if (shape.capacity() < 0) {
            throw new IllegalArgumentException("schema " + name + " has unbounded blocks; that is a vblist");
        }
        boolean sized = shape.size() != null;
        if (shape.ordered()) {
            if (!shape.holes()) {
                if (sized) {
                    return Variant.SORTED;
                }
            } else {
                return sized ? Variant.GAPS : Variant.FIXED;
            }
        } else if (!shape.holes() && sized) {
            return Variant.UNSORTED;
        }
        throw new IllegalArgumentException("schema " + name + " is not a supported block linked list variant"
                + " (sorted: elem[B] nonempty, elem[B] or elem[C]; unsorted: elem[B] nonempty)");
    }

    /** The variant the schema describes. */
    public Variant variant() {
        return variant;
    }

    /** Slots per block. */
    public int blockCapacity() {
        return shape.capacity();
    }

    @Override
    public boolean ordered() {
        return variant != Variant.UNSORTED;
    }

    private BlockView view(NodeStore s) {
        return new InlineBlockView(s, shape);
    }

    @Override
    public void build(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        if (ordered()) {
            SortedBlocks.build(view(s), root, crd, val, from, to, true);
        } else {
            UnsortedBlocks.build(view(s), root, crd, val, from, to);
        }
    }

    /**
     * Sorted variants: the append state is the slot index of the last element appended, {@code h * C + k},
     * which names both the block and the position in it (the fixed variant has no size to read).
     */
    @Override
    public int appendFirst(NodeStore s, int root, int crd, double val) {
        BlockView b = view(s);
        if (!ordered()) {
            UnsortedBlocks.push(b, root, crd, val);
            return b.head[root];
        }
        int h = b.newBlock(1);
        b.head[root] = h;
        return put(b, h, 0, crd, val);
    }

    @Override
    public int appendRest(NodeStore s, int root, int state, int crd, double val) {
        BlockView b = view(s);
        if (!ordered()) {
            UnsortedBlocks.push(b, root, crd, val);
            return b.head[root];
        }
        int cap = b.maxSize;
        int h = state / cap;
        int k = state - h * cap + 1;
        if (k == cap) {
            int nh = b.newBlock(1);
            b.next[h] = nh;
            h = nh;
            k = 0;
        }
        return put(b, h, k, crd, val);
    }

    /** Writes slot {@code k} of block {@code h}, the block's last; returns the slot index. */
    private static int put(BlockView b, int h, int k, int crd, double val) {
        int slot = b.base(h) + k;
        b.crd[slot] = crd;
        b.setValue(slot, val);
        if (b.size != null) {
            b.size[h] = k + 1;
        }
        return slot;
    }

    @Override
    public int insert(NodeStore s, int root, int[] crd, double[] val, int from, int to) {
        return ordered()
                ? SortedBlocks.insert(view(s), root, crd, val, from, to)
                : UnsortedBlocks.insert(view(s), root, crd, val, from, to);
    }

    @Override
    public int delete(NodeStore s, int root, int[] crd, int from, int to) {
        return ordered()
                ? SortedBlocks.delete(view(s), root, crd, from, to)
                : UnsortedBlocks.delete(view(s), root, crd, from, to);
    }




    @Override
    public void clear(NodeStore s, int root) {
        view(s).clear(root);
    }

    @Override
    public void check(NodeStore s, int root) {
        if (ordered()) {
            SortedBlocks.check(view(s), root, name());
        } else {
            UnsortedBlocks.check(view(s), root, name());
        }
    }
}
