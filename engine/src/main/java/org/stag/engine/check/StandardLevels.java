package org.stag.engine.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.stag.formats.level.Capability;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.schema.Schemas;
import org.stag.formats.tensor.FormatParser;

/**
 * {@link LevelCatalog#standard()}: static levels plus the shipped node schemas whose names are identifiers.
 * What a level can do is its {@link LevelFormat}'s answer, never restated here.
 */
final class StandardLevels implements LevelCatalog {

    /** Declared after the constants the constructor reads. */
    static final StandardLevels INSTANCE = new StandardLevels();

    private final List<String> names;
    /** Level formats by name, parsed on first use: a schema is read only when a program names it. */
    private final Map<String, LevelFormat> formats = new ConcurrentHashMap<>();

    private StandardLevels() {
        List<String> all = new ArrayList<>(FormatParser.staticNames());
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
        return isKnown(level) && format(level).has(Capability.LOCATE);
    }

    /** The format of the known level {@code level}. */
    LevelFormat format(String level) {
        return formats.computeIfAbsent(level, StandardLevels::parse);
    }

    /** A static level alone, or a shipped schema (a format string cannot hold a singleton without its parent). */
    static LevelFormat parse(String level) {
        for (LevelType t : LevelType.values()) {
            if (t.formatName().equals(level)) {
                return StaticLevelFormat.of(t);
            }
        }
        return FormatParser.parse(level).levels().get(0);
    }
}
