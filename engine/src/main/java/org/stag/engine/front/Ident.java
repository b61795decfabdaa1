package org.stag.engine.front;

import java.util.Objects;

/**
 * A name where a name, not an expression, is expected: an index variable on the left of a definition, a
 * reduced index, an {@code Ord} entry, a call's function or outputs, a level format.
 *
 * @param name the name; {@code _} for an ignored call output
 */
public record Ident(SourcePos pos, String name) implements Node {

    /** The name of an ignored call output. */
    public static final String WILDCARD = "_";

    /** Checks that both parts are present. */
    public Ident {
        Objects.requireNonNull(pos, "pos");
        Objects.requireNonNull(name, "name");
    }

    /** Whether this is {@code _}, an output nobody reads. */
    public boolean isWildcard() {
        return name.equals(WILDCARD);
    }
}
