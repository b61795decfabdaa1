package org.stag.formats.schema;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A concrete node type ({@code def NAME { ... }}): its fields, optional supertype, whether it is the
 * root (the handle of the whole data structure), and the traversal order its {@code seq} attribute implies.
 * Immutable; equal when name, supertype, root flag, fields, ordering and traversal are equal.
 */
public final class NodeType {
    private final String name;
    private final String supertype;
    private final boolean root;
    private final List<Field> fields;
    private final boolean ordered;
    private final List<Step> traversal;
    private final Chain chain;

    /**
     * @param name      the type name
     * @param supertype the supertype it extends, or empty
     * @param root      whether this is the schema's root type
     * @param fields    fields in declaration order
     * @param ordered   whether a {@code seq} attribute orders the node's nonzeros
     * @param traversal the steps of the traversal (see {@link #traversal()})
     */
    NodeType(String name, Optional<String> supertype, boolean root, List<Field> fields, boolean ordered,
                    List<Step> traversal) {
        this.name = Objects.requireNonNull(name);
        this.supertype = supertype.orElse(null);
        this.root = root;
        this.fields = List.copyOf(fields);
        this.ordered = ordered;
        this.traversal = List.copyOf(traversal);
        this.chain = findChain();
    }

    /** The type name. */
    public String name() {
        return name;
    }

    /** The supertype this type extends, if any. */
    public Optional<String> supertype() {
        return Optional.ofNullable(supertype);
    }

    /** Whether this is the root type: the preallocated handle that assembly receives as {@code ret}. */
    public boolean isRoot() {
        return root;
    }

    /** All fields in declaration order. */
    public List<Field> fields() {
        return fields;
    }

    /** The field with this name, if any. */
    public Optional<Field> field(String fieldName) {
        return fields.stream().filter(f -> f.name().equals(fieldName)).findFirst();
    }

    /** The fields that store nonzeros (scalar and array), in declaration order. */
    public List<Field> elementFields() {
        return fields.stream().filter(Field::holdsElements).toList();
    }

    /** The fields that reference child nodes (scalar and array), in declaration order. */
    public List<Field> childFields() {
        return fields.stream().filter(Field::holdsChildren).toList();
    }

    /** The size fields, in declaration order. */
    public List<Field> sizeFields() {
        return fields.stream().filter(f -> f.kind() == FieldKind.SIZE).toList();
    }

    /** The metadata fields, in declaration order. */
    public List<Field> metadataFields() {
        return fields.stream().filter(f -> f.kind() == FieldKind.METADATA).toList();
    }

    /** The parent pointer, if the type has one. */
    public Optional<Field> parentField() {
        return fields.stream().filter(f -> f.kind() == FieldKind.PARENT).findFirst();
    }

    /**
     * Whether a {@code seq} attribute orders this node's nonzeros: if so, {@link #traversal()} visits
     * them in increasing coordinate order; otherwise nothing is known about their order.
     */
    public boolean ordered() {
        return ordered;
    }

    /**
     * The steps that visit every element and child field exactly once: the {@code seq} order when
     * {@link #ordered()}, otherwise declaration order (each array alone in its own loop). Empty for a
     * node with neither elements nor children.
     */
    public List<Step> traversal() {
        return traversal;
    }

    /** The single-child chain, when this type is a list-like node that code can walk with a loop. */
    public Optional<Chain> chain() {
        return Optional.ofNullable(chain);
    }

    /**
     * Bounds on the number of slots of an array field: {@code [n, n]} for a constant {@code n}, else the
     * size field's bounds plus the addend. An absent upper bound means the array is stored out of line.
     *
     * @throws IllegalArgumentException if {@code arrayField} is not an array field of this type
     */
    public SizeBounds lengthBounds(Field arrayField) {
        if (!arrayField.isArray() || !fields.contains(arrayField)) {
            throw new IllegalArgumentException("'" + arrayField.name() + "' is not an array field of " + name);
        }
        ArraySize size = arrayField.arraySize().orElseThrow();
        if (size.isConstant()) {
            return SizeBounds.of(size.addend(), size.addend());
        }
        Field sizeField = field(size.sizeField().orElseThrow()).orElseThrow();
        return sizeField.bounds().orElseThrow().plus(size.addend());
    }

    /** A chain needs exactly one child field, scalar, of this very type, wholly before or after the elements. */
    private Chain findChain() {
        List<Field> children = childFields();
        if (children.size() != 1) {
            return null;
        }
        Field link = children.get(0);
        if (link.kind() != FieldKind.CHILD || !link.target().orElseThrow().equals(name)) {
            return null;
        }
        int childStep = -1;
        int firstElement = Integer.MAX_VALUE;
        int lastElement = -1;
        for (int i = 0; i < traversal.size(); i++) {
            if (traversal.get(i) instanceof Step.Child) {
                childStep = i;
            } else {
                firstElement = Math.min(firstElement, i);
                lastElement = i;
            }
        }
        if (lastElement < childStep) {
            return new Chain(link, Chain.Position.AFTER_ELEMENTS);
        }
        if (firstElement > childStep) {
            return new Chain(link, Chain.Position.BEFORE_ELEMENTS);
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof NodeType)) {
            return false;
        }
        NodeType t = (NodeType) o;
        return name.equals(t.name) && Objects.equals(supertype, t.supertype) && root == t.root
                && ordered == t.ordered && fields.equals(t.fields) && traversal.equals(t.traversal);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, supertype, root, fields, ordered, traversal);
    }

    @Override
    public String toString() {
        return "NodeType[" + name + "]";
    }
}
