package org.stag.formats.level;

/**
 * A static level that stores one coordinate per position, {@code crd[q]} for positions {@code [0, size())}:
 * compressed and singleton levels, which differ only in how positions group under parents.
 */
public abstract sealed class CoordinateLevel extends StaticLevel permits CompressedLevel, SingletonLevel {
    /** The coordinates; the first {@link #size()} are the level's, the rest spare capacity. */
    int[] crd;
    /** Positions stored. */
    int count;

    CoordinateLevel(StaticLevelFormat format, int dimension, int[] crd) {
        super(format, dimension);
        this.crd = crd;
    }

    /** Stores coordinate {@code i} at the next position (the array has room) and returns that position. */
    final int put(int i) {
        crd[count] = i;
        return count++;
    }

    /** {@code pos_access}: the coordinate at position {@code q}. */
    public final int coord(int q) {
        return crd[q];
    }

    /** The coordinates (not a copy): {@link #size()} entries, or more where the array has spare capacity. */
    public final int[] crd() {
        return crd;
    }

    @Override
    public final int size() {
        return count;
    }
}
