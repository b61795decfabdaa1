package org.stag.formats.dynamic.impl;

import java.util.List;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.FieldKind;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.SizeBounds;
import org.stag.formats.schema.Step;

/**
 * The class of schemas {@link GenericFormat} can build, read off a schema's model: a root record whose one
 * child field points at a single node type {@code T}; {@code T} holds one element field (a scalar, or an
 * array sized by a bounded size field) and one or two children of type {@code T}, at most one before and
 * one after the elements in {@code seq}, or two after them. That covers linked lists and block linked lists
 * of any capacity (one child after, or before, the elements), binary search trees of elements or of blocks
 * (one child on each side) and skip lists ({@code seq = e, d, n}: the first child {@code d} holds the run
 * of lower-level nodes between the node and its successor {@code n} on its own level). Anything else is
 * refused by {@link #of} with one line naming the schema and the reason.
 *
 * @param rootChild  the root's child field (the handle of the first node)
 * @param node       the node type {@code T}
 * @param elem       T's element field
 * @param size       T's size field, or null for a scalar element
 * @param capacity   elements per node at most (1 for a scalar element)
 * @param minFill    elements per node at least, when the structure has more than one node
 * @param before     the child visited before the elements, or null
 * @param after      the child visited (last) after the elements, or null: in a skip list the successor
 * @param down       in a skip list, the child visited first after the elements (the run below); else null
 * @param parent     T's parent field, or null
 */
record GenericShape(String rootChild, String node, String elem, String size, int capacity, int minFill,
                    String before, String after, String down, String parent) {

    /**
     * Reads the shape of {@code schema}.
     *
     * @throws IllegalArgumentException naming the schema and what of it the generic format cannot build
     */
    static GenericShape of(Schema schema) {
        NodeType root = schema.root();
        List<Field> rootChildren = root.childFields();
        if (!root.elementFields().isEmpty()) {
            throw refuse(schema, "the root type '" + root.name() + "' holds elements; the root may only point at the first node");
        }
        if (rootChildren.size() != 1 || rootChildren.get(0).isArray()) {
            throw refuse(schema, "the root type '" + root.name() + "' must have exactly one scalar child field");
        }
        if (!root.sizeFields().isEmpty()) {
            throw refuse(schema, "the root type '" + root.name() + "' has a size field");
        }
        Field rootChild = rootChildren.get(0);
        if (rootChild.nonempty()) {
            throw refuse(schema, "the root's child '" + rootChild.name() + "' is nonempty, so a structure could never be empty");
        }
        String target = rootChild.target().orElseThrow();
        NodeType t = schema.nodeType(target).orElseThrow(() -> refuse(schema,
                "the root's child '" + rootChild.name() + "' has supertype '" + target + "'; supertypes are not supported"));
        if (schema.nodeTypes().size() != 2) {
            throw refuse(schema, "it has " + schema.nodeTypes().size() + " node types; only a root and one node type are supported");
        }
        if (t.supertype().isPresent()) {
            throw refuse(schema, "node type '" + t.name() + "' has a supertype; supertypes are not supported");
        }
        if (!t.ordered()) {
            throw refuse(schema, "node type '" + t.name() + "' has no seq: unordered nonzeros are not supported");
        }
        if (t.elementFields().size() != 1) {
            throw refuse(schema, "node type '" + t.name() + "' has " + t.elementFields().size()
                    + " element fields; exactly one is supported");
        }
        Field elem = t.elementFields().get(0);
        String sizeName = null;
        int capacity = 1;
        int minFill = 1;
        if (elem.isArray()) {
            if (elem.arraySize().orElseThrow().isConstant() || elem.arraySize().orElseThrow().addend() != 0) {
                throw refuse(schema, "element array '" + elem.name() + "' must be sized by a size field alone, e.g. elem[B]");
            }
            sizeName = elem.arraySize().orElseThrow().sizeField().orElseThrow();
            SizeBounds b = t.lengthBounds(elem);
            if (!b.isBounded() || b.upper().getAsInt() < 1) {
                throw refuse(schema, "element array '" + elem.name() + "' needs an upper size bound of at least 1, e.g. "
                        + sizeName + " : size in [1, 8]");
            }
            capacity = b.upper().getAsInt();
            minFill = Math.max(1, b.lower());
            // Splitting n elements evenly over ceil(n / capacity) nodes fills each to at least this.
            if (minFill > (capacity + 1) / 2) {
                throw refuse(schema, "size field '" + sizeName + "' has lower bound " + b.lower() + " above half its upper bound "
                        + capacity + "; nodes cannot always be filled that far");
            }
        }
        String before = null;
        String after = null;
        String down = null;
        boolean seenElem = false;
        for (Step s : t.traversal()) {
            if (s instanceof Step.Child c) {
                Field f = c.field();
                if (!f.target().orElseThrow().equals(t.name())) {
                    throw refuse(schema, "child '" + f.name() + "' of '" + t.name() + "' points at another type; children must be of type '"
                            + t.name() + "'");
                }
                if (f.nonempty()) {
                    throw refuse(schema, "child '" + f.name() + "' of '" + t.name() + "' is nonempty; the last nodes of a list or tree"
                            + " have no child");
                }
                if (seenElem && after != null && before == null && down == null) {
                    // e, d, n: a skip list, whose first child holds the keys up to the second's.
                    down = after;
                    after = f.name();
                    continue;
                }
                if (seenElem ? after != null : before != null) {
                    throw refuse(schema, "node type '" + t.name() + "' has " + (!seenElem ? "two children before its elements"
                            : down != null ? "three children after its elements" : "a child before its elements and two after them"));
                }
                if (seenElem) {
                    after = f.name();
                } else {
                    before = f.name();
                }
            } else if (s instanceof Step.ArrayLoop loop && loop.members().size() != 1) {
                throw refuse(schema, "seq of '" + t.name() + "' interleaves arrays; child arrays are not supported");
            } else {
                seenElem = true;
            }
        }
        for (Field f : t.childFields()) {
            if (f.kind() == FieldKind.CHILD_ARRAY) {
                throw refuse(schema, "child array '" + f.name() + "' of '" + t.name() + "' is not supported");
            }
        }
        if (before == null && after == null) {
            throw refuse(schema, "node type '" + t.name() + "' has no child of its own type to link nodes");
        }
        String parent = null;
        if (t.parentField().isPresent() && down != null) {
            throw refuse(schema, "parent field '" + t.parentField().get().name() + "' in a skip list is not supported");
        }
        if (t.parentField().isPresent()) {
            Field p = t.parentField().get();
            if (!p.target().orElse(t.name()).equals(t.name())) {
                throw refuse(schema, "parent field '" + p.name() + "' must point at '" + t.name() + "'");
            }
            parent = p.name();
        }
        return new GenericShape(rootChild.name(), t.name(), elem.name(), sizeName, capacity, minFill, before, after, down,
                parent);
    }

    private static IllegalArgumentException refuse(Schema schema, String reason) {
        return new IllegalArgumentException("schema " + schema.name() + ": the generic format cannot build it: " + reason);
    }
}
