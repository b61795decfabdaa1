package org.stag.engine.lower;

import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.StaticLevelFormat;

/** The level code of a level format: static levels by type, dynamic levels from their node schema. */
public final class LevelCodes {
    private LevelCodes() {
    }

    /** Code for a level of format {@code f}; locals start with {@code prefix}. */
    public static LevelCode of(LevelFormat f, String prefix, boolean holdsValues) {
        if (f instanceof StaticLevelFormat s) {
            return new StaticLevelCode(s, prefix);
        }
        return dynamic((DynamicLevelFormat) f, prefix, holdsValues);
    }

    private static LevelCode dynamic(DynamicLevelFormat f, String prefix, boolean holdsValues) {
        return new org.stag.engine.lower.schema.SchemaLevelCode(f, prefix, holdsValues);
    }
}
