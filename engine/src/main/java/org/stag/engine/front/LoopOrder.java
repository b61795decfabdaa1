package org.stag.engine.front;

import java.util.List;
import java.util.Objects;

/** {@code Ord i, j}: the loop order of a definition, outermost first; it lists every index variable once. */
public record LoopOrder(SourcePos pos, List<Ident> indices) implements Node {

    /** Copies the indices. */
    public LoopOrder {
        Objects.requireNonNull(pos, "pos");
        indices = List.copyOf(indices);
    }
}
