package org.stag.formats.level;

import org.stag.formats.dynamic.ValueMode;

/**
 * The storage of one level of a tensor's coordinate hierarchy. Positions of level {@code k} are ints in
 * {@code [0, size())}; the parent of level 0 is the single root position 0. Each subclass exposes its
 * primitive arrays (for generated code, which reads them into locals), the level functions of [Chou 2018],
 * Table 2 (for interpreters and tests), and the assembly its capabilities imply (Table 3). A level is
 * assembled once, level by level, and read-only afterwards.
 */
public abstract sealed class Level permits StaticLevel, DynamicLevel {
    /** Largest number of positions a level may have (Java arrays are int-indexed). */
    public static final int MAX_SIZE = Integer.MAX_VALUE - 8;

    /** {@code N}: coordinates of this level are in {@code [0, N)}; grows only through a batch that may add vertices. */
    protected int dimension;
    /** {@code sz_{k-1}}: positions of the parent level, set by the level's init function. */
    protected int parentSize;

    Level(int dimension) {
        if (dimension < 0) {
            throw new IllegalArgumentException("negative dimension " + dimension);
        }
        this.dimension = dimension;
    }

    /** A new, not yet initialised level of format {@code f}; {@code mode} is how a dynamic level stores what follows an element. */
    public static Level create(LevelFormat f, int dimension, ValueMode mode) {
        if (f instanceof DynamicLevelFormat d) {
            return new DynamicLevel(d, dimension, mode);
        }
        StaticLevelFormat s = (StaticLevelFormat) f;
        return switch (s.type()) {
            case DENSE -> new DenseLevel(s, dimension);
            case COMPRESSED -> new CompressedLevel(s, dimension);
            case SINGLETON -> new SingletonLevel(s, dimension);
            case RANGE -> new RangeLevel(s, dimension);
            case OFFSET -> new OffsetLevel(s, dimension);
            case HASHED -> new HashedLevel(s, dimension);
            case BITMAP -> new BitmapLevel(s, dimension);
            case VBYTE -> throw new IllegalArgumentException("a vbyte level is built whole from its rows (VbyteBuilder)");
        };
    }

    /** The level's format. */
    public abstract LevelFormat format();

    /** {@code N}, the size of the dimension this level stores. */
    public final int dimension() {
        return dimension;
    }

    /** Positions of the parent level. */
    public final int parentSize() {
        return parentSize;
    }

    /** {@code sz_k}: the number of positions, labeled or not (the values of a last level are indexed by them). */
    public abstract int size();

    /**
     * The stored positions as a long: {@link #size()}, except for a last level that holds more than an int counts
     * ({@link BlockedLevel}, a dynamic level of values).
     */
    public long entries() {
        return size();
    }

    /**
     * Whether the elements of this (last) level carry the tensor's values inline, so that the tensor's value array
     * is empty: a dynamic level or a {@link BlockedLevel} in {@link ValueMode#DOUBLE}.
     */
    public boolean holdsValues() {
        return false;
    }

    /**
     * What a last level's elements carry: {@link ValueMode#POSITION} (the values array's index) for the static levels
     * but {@link BlockedLevel}, else the level's mode.
     */
    public ValueMode mode() {
        return ValueMode.POSITION;
    }

    /** Whether position {@code q} encodes a coordinate (false for an empty bucket or a cleared bit). */
    public boolean isLabeled(int q) {
        return true;
    }

    /** Bytes held by the level's arrays. */
    public abstract long memoryBytes();

    /** {@code parentSize * n}, or an exception naming the level if that does not fit an array. */
    static int checkedSize(long size, String what) {
        if (size > MAX_SIZE) {
            throw new IllegalArgumentException(what + " would need " + size + " positions, more than " + MAX_SIZE);
        }
        return (int) size;
    }
}
