package org.stag.formats.schema;

/**
 * What a node schema alone says about the level it stores, so that code generation can rely on it
 * without knowing the format's implementation. It reads only the schema: the level formats
 * ({@code DynamicLevelFormat}) and the interpreted and generated walks all take it from here.
 *
 * @param ordered   every node type visits its nonzeros in coordinate order: it has a {@code seq}, or its
 *                  traversal is a single scalar element or child (nothing to order)
 * @param compact   every element field is {@code nonempty}: no empty slot (coordinate -1) lies between
 *                  two stored coordinates
 * @param branching some node type has two or more child fields or a child array: a search from the root
 *                  descends one of several subtrees, so an ordered branching structure can be searched
 *                  in O(depth) (a tree), whereas a chain (list, block list) can only be scanned
 */
public record SchemaTraits(boolean ordered, boolean compact, boolean branching) {

    /** Derives the traits of {@code schema}. */
    public static SchemaTraits of(Schema schema) {
        boolean ordered = true;
        boolean compact = true;
        boolean branching = false;
        for (NodeType t : schema.nodeTypes()) {
            ordered &= t.ordered() || trivial(t);
            for (Field f : t.elementFields()) {
                compact &= f.nonempty();
            }
            int children = t.childFields().size();
            branching |= children >= 2 || t.childFields().stream().anyMatch(Field::isArray);
        }
        return new SchemaTraits(ordered, compact, branching);
    }

    /** At most one scalar step: a single element or a single child, which no order can disturb. */
    private static boolean trivial(NodeType t) {
        return t.traversal().size() <= 1 && t.traversal().stream().noneMatch(s -> s instanceof Step.ArrayLoop);
    }

    /** Whether a level of this schema offers {@code locate}: a search tree (ordered and branching). */
    public boolean searchable() {
        return ordered && branching;
    }
}
