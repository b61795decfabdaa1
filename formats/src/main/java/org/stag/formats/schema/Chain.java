package org.stag.formats.schema;

/**
 * A single-child chain: the node type has exactly one child field, a scalar pointing at its own type,
 * and that child comes entirely before or after the node's elements in the traversal. Code generation
 * can then follow {@code link} in a loop instead of recursing (the paper's tail-call optimisation for
 * linked lists), so long lists cannot overflow the stack.
 *
 * @param link     the child field that continues the chain
 * @param position where the child lies relative to the node's elements in {@link NodeType#traversal()}
 */
public record Chain(Field link, Position position) {

    /** Where the chain's child lies relative to the elements of the node. */
    public enum Position {
        /** The child precedes all elements (a list in reverse coordinate order). */
        BEFORE_ELEMENTS,
        /** The child follows all elements (a list in coordinate order, e.g. {@code seq = e, n}). */
        AFTER_ELEMENTS
    }
}
