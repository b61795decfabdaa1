package org.stag.formats.schema;

import java.util.List;

/**
 * An abstract node type ({@code def supertype NAME}): a child field of this type may point at a node of
 * any of its subtypes, e.g. a B-tree child is either an internal node or a leaf.
 *
 * @param name     the supertype name
 * @param subtypes names of the node types that extend it, in declaration order (never empty)
 */
public record Supertype(String name, List<String> subtypes) {

    /** Copies the subtype list. */
    public Supertype {
        subtypes = List.copyOf(subtypes);
    }
}
