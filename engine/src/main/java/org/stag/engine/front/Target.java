package org.stag.engine.front;

import java.util.List;
import java.util.Objects;

/** The left-hand side of a definition: a variable and, for a tensor, one index variable per dimension. */
public record Target(SourcePos pos, String name, List<Ident> indices) implements Node {

    /** Copies the indices. */
    public Target {
        Objects.requireNonNull(pos, "pos");
        Objects.requireNonNull(name, "name");
        indices = List.copyOf(indices);
    }
}
