package org.stag.engine.front;

import java.util.Objects;

/**
 * One dimension of a tensor type: {@code [ctree[N]]}, or {@code [N]} for a dense one.
 *
 * @param level the level format, lower case ({@code dense} when the source names none)
 */
public record Dimension(SourcePos pos, Ident level, Size size) implements Node {

    /** Name of the level format a dimension has when none is written. */
    public static final String DEFAULT_LEVEL = "dense";

    /** Checks that all parts are present. */
    public Dimension {
        Objects.requireNonNull(pos, "pos");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(size, "size");
    }
}
