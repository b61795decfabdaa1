package org.stag.engine.front;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A tensor format as a list of level names, outermost first, spelled as on the command line:
 * {@code list}, {@code dense, ctree}.
 *
 * @param levels lower-case level names
 */
public record Format(SourcePos pos, List<Ident> levels) implements Node {

    /** Copies the levels; a format has at least one. */
    public Format {
        Objects.requireNonNull(pos, "pos");
        levels = List.copyOf(levels);
        if (levels.isEmpty()) {
            throw new IllegalArgumentException("a format has at least one level");
        }
    }

    /** The level names, outermost first. */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        for (Ident l : levels) {
            out.add(l.name());
        }
        return out;
    }
}
