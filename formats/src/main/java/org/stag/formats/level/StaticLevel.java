package org.stag.formats.level;

/**
 * The storage of a static level format (dense, range, compressed, singleton, offset, hashed, bitmap, vbyte): what
 * every one of them holds besides its own arrays, its {@link StaticLevelFormat}.
 */
public abstract sealed class StaticLevel extends Level
        permits BitmapLevel, BlockedLevel, CoordinateLevel, DenseLevel, HashedLevel, OffsetLevel, RangeLevel,
        VbyteLevel {
    private final StaticLevelFormat format;

    StaticLevel(StaticLevelFormat format, int dimension) {
        super(dimension);
        this.format = format;
    }

    @Override
    public final StaticLevelFormat format() {
        return format;
    }
}
