package org.stag.formats.dynamic.walk;

import java.util.List;
import org.stag.formats.schema.NodeType;

/**
 * What a child reference may point at: one target (a node type, or a supertype whose subtypes a handle tells
 * apart by a tag in its low bits, {@link SupertypeHandles}).
 *
 * @param id       the kind's number in its plan (targets numbered in the order child fields first name them)
 * @param target   the child fields' declared target
 * @param concrete the node types a reference may point at, in tag order
 * @param types    their numbers in the plan, in tag order
 * @param bits     the tag's bits: 0 for a node type (the reference is the node's index)
 */
public record RefKind(int id, String target, List<NodeType> concrete, int[] types, int bits) {

    public RefKind {
        concrete = List.copyOf(concrete);
        types = types.clone();
    }

    /** Whether references carry a subtype tag. */
    public boolean tagged() {
        return bits > 0;
    }

    /** The node number in the pool of reference {@code x}. */
    public int index(int x) {
        return x >>> bits;
    }

    /** The plan's number of the node type reference {@code x} points at. */
    public int typeOf(int x) {
        return types[x & ((1 << bits) - 1)];
    }

    @Override
    public int[] types() {
        return types.clone();
    }
}
