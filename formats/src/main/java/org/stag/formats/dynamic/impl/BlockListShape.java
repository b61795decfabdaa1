package org.stag.formats.dynamic.impl;

import java.util.List;
import org.stag.formats.schema.Chain;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.SizeBounds;

/**
 * What a block linked list schema says, read from the schema rather than assumed: the root's link to
 * the first block, the block type's element array, its link to the next block and its size field (if
 * any), the block capacity, whether slots may be empty and whether elements are sorted.
 *
 * @param head     the root type's field pointing at the first block ({@code h})
 * @param block    the block node type ({@code blist}, {@code vblist})
 * @param elems    the block's element array ({@code e})
 * @param next     the block's link to the next block ({@code n})
 * @param size     the size field giving the array's length ({@code B}), or null for a constant length
 * @param capacity the most slots a block has (the size field's upper bound or the constant length), or
 *                 -1 when the array is unbounded and lives in the chunk arena
 * @param holes    whether slots among the used ones may be empty (the array is not {@code nonempty})
 * @param ordered  whether {@code seq} orders the elements, within and across blocks
 */
record BlockListShape(String head, String block, String elems, String next, String size, int capacity,
                      boolean holes, boolean ordered) {

    /**
     * Reads the shape of {@code schema}.
     *
     * @throws IllegalArgumentException unless the schema is a root with one link to a chain of blocks
     *                                  holding one element array (plus an optional size field)
     */
    static BlockListShape of(Schema schema) {
        NodeType root = schema.root();
        List<Field> rootFields = root.fields();
        if (rootFields.size() != 1 || rootFields.get(0).kind() != FieldKind.CHILD) {
            throw notABlockList(schema, "its root type " + root.name() + " must have exactly one field, a link to the first block");
        }
        Field head = rootFields.get(0);
        NodeType block = schema.nodeType(head.target().orElseThrow())
                .orElseThrow(() -> notABlockList(schema, "the root's link does not point at a node type"));
        Chain chain = block.chain().orElseThrow(() -> notABlockList(schema, block.name() + " is not a chain"));
        if (chain.position() != Chain.Position.AFTER_ELEMENTS) {
            throw notABlockList(schema, "the next block must follow the elements");
        }
        List<Field> elements = block.elementFields();
        if (elements.size() != 1 || elements.get(0).kind() != FieldKind.ELEMENT_ARRAY) {
            throw notABlockList(schema, block.name() + " must have exactly one element array");
        }
        Field e = elements.get(0);
        if (e.arraySize().orElseThrow().addend() != 0 && !e.arraySize().orElseThrow().isConstant()) {
            throw notABlockList(schema, "the element array's length must be a size field or a constant");
        }
        String size = e.arraySize().orElseThrow().sizeField().orElse(null);
        int expected = size == null ? 2 : 3;
        if (block.fields().size() != expected) {
            throw notABlockList(schema, block.name() + " may hold only the elements, the next link and their size");
        }
        SizeBounds bounds = block.lengthBounds(e);
        int capacity = bounds.isBounded() ? bounds.upper().getAsInt() : -1;
        if (capacity == 0) {
            throw notABlockList(schema, "blocks of capacity 0 hold nothing");
        }
        return new BlockListShape(head.name(), block.name(), e.name(), chain.link().name(), size, capacity,
                !e.nonempty(), block.ordered());
    }

    private static IllegalArgumentException notABlockList(Schema schema, String why) {
        return new IllegalArgumentException("schema " + schema.name() + " is not a block linked list: " + why);
    }
}
