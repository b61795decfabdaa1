package org.stag.formats.schema;

/** What a field of a node holds. */
public enum FieldKind {
    /** {@code elem}: one stored nonzero (coordinate and value, or a nonempty subtensor). */
    ELEMENT,
    /** {@code elem[S]}: an array of stored nonzeros. */
    ELEMENT_ARRAY,
    /** {@code T}: a reference to a child node of type (or supertype) T. */
    CHILD,
    /** {@code T[S]}: an array of references to child nodes. */
    CHILD_ARRAY,
    /** {@code parent}: a reference back to the node's parent. */
    PARENT,
    /** {@code size}: an integer that gives the length of array fields. */
    SIZE,
    /** {@code bool} or {@code [u]intN}: data that stores no nonzero, e.g. a colour or a height. */
    METADATA;

    /** Whether fields of this kind are arrays. */
    public boolean isArray() {
        return this == ELEMENT_ARRAY || this == CHILD_ARRAY;
    }

    /** Whether fields of this kind store nonzeros. */
    public boolean holdsElements() {
        return this == ELEMENT || this == ELEMENT_ARRAY;
    }

    /** Whether fields of this kind reference child nodes (parent pointers are not children). */
    public boolean holdsChildren() {
        return this == CHILD || this == CHILD_ARRAY;
    }
}
