package org.stag.engine.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stag.formats.schema.Schemas;

/** {@link LevelCatalog#standard()}: static levels plus the shipped node schemas whose names are identifiers. */
final class StandardLevels implements LevelCatalog {

    private static final List<String> STATIC = List.of("dense", "compressed", "singleton", "hashed", "bitmap");
    private static final Set<String> LOCATE = Set.of("dense", "hashed", "bitmap");

    /** Declared after the constants the constructor reads. */
    static final StandardLevels INSTANCE = new StandardLevels();

    private final List<String> names;

    private StandardLevels() {
        List<String> all = new ArrayList<>(STATIC);
        for (String s : Schemas.builtinNames()) {
            // Variants such as blist-gaps exist for experiments; a program cannot spell a '-' in a name.
            if (s.matches("[a-z][a-z0-9_]*") && !all.contains(s)) {
                all.add(s);
            }
        }
        this.names = List.copyOf(all);
    }

    @Override
    public List<String> names() {
        return names;
    }

    @Override
    public boolean canLocate(String level) {
        return LOCATE.contains(level);
    }
}
