package org.stag.engine.loopir;

import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.LevelType;
import org.stag.formats.level.StaticLevelFormat;

/**
 * The level code of a level format: static levels by type (range and offset levels, DIA's, by their own, which read
 * their ancestors' coordinates), dynamic levels from their node schema.
 */
public final class LevelCodes {
    private LevelCodes() {
    }

    /**
     * Code for a level of format {@code f}; locals start with {@code prefix}; a dynamic level's elements carry
     * {@code mode} (positions unless it is the last level of a double tensor or of a pattern).
     */
    public static LevelCode of(LevelFormat f, String prefix, ValueMode mode) {
        if (f instanceof StaticLevelFormat s && s.type() == LevelType.VBYTE) {
            return new VbyteLevelCode(s, prefix, mode);
        }
        if (f instanceof StaticLevelFormat s) {
            return switch (s.type()) {
                case RANGE -> new RangeLevelCode(s, prefix);
                case OFFSET -> new OffsetLevelCode(s, prefix);
                // A compressed last level whose elements carry values or nothing holds 64-bit positions in row blocks.
                default -> s.type() == LevelType.COMPRESSED && mode != ValueMode.POSITION
                        ? new BlockedLevelCode(s, prefix, mode) : new StaticLevelCode(s, prefix);
            };
        }
        return new org.stag.engine.loopir.schema.SchemaLevelCode((DynamicLevelFormat) f, prefix, mode);
    }
}
