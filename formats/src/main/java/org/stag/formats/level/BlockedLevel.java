package org.stag.formats.level;

import org.stag.formats.dynamic.ValueMode;
import org.stag.loaders.RowBlocks;

/**
 * A {@code compressed} last level with 64-bit positions: its parents in blocks of {@code 2^shardBits()}
 * ({@link RowBlocks}), each block a compressed level of its own with {@code int} positions local to it
 * ({@link #pos(int)}, {@link #crd(int)}) and the values beside them ({@link #val(int)} in
 * {@link ValueMode#DOUBLE}, nothing in {@link ValueMode#NONE}). A tensor gets it in place of a
 * {@link CompressedLevel} only when its entries pass {@link RowBlocks#limit()}; its format is still
 * {@code compressed}, and kernels are compiled for it apart because its elements carry values, not positions (as
 * a dynamic last level's do). Generated code reads a block's arrays into locals when a parent of another block is
 * entered, as it enters a dynamic level's shard, so a row loop loads them once per block.
 */
public final class BlockedLevel extends StaticLevel {
    private final RowBlocks rows;
    private final ValueMode mode;

    /**
     * A level over {@code rows} (adopted, not copied), whose parents are the rows.
     *
     * @throws IllegalArgumentException for {@link ValueMode#POSITION} (a blocked level is a last level), or when
     *                                  {@link ValueMode#DOUBLE} is asked of blocks without weights
     */
    public BlockedLevel(StaticLevelFormat format, int dimension, RowBlocks rows, ValueMode mode) {
        super(format, dimension);
        if (format.type() != LevelType.COMPRESSED || mode == ValueMode.POSITION
                || (mode == ValueMode.DOUBLE) != rows.weighted()) {
            throw new IllegalArgumentException("a blocked level is a compressed last level holding doubles or nothing,"
                    + " not " + format + " in " + mode);
        }
        this.rows = rows;
        this.mode = mode;
        this.parentSize = rows.rows();
    }

    /** What the elements carry: {@link ValueMode#DOUBLE} or {@link ValueMode#NONE}. */
    @Override
    public ValueMode mode() {
        return mode;
    }

    @Override
    public boolean holdsValues() {
        return mode == ValueMode.DOUBLE;
    }

    /** Log2 of the parents per block; parent {@code p} is in block {@code p >>> shardBits()}. */
    public int shardBits() {
        return rows.bits();
    }

    /** The number of blocks. */
    public int blockCount() {
        return rows.blockCount();
    }

    /** Block {@code b}'s positions: parent {@code p}'s children are {@code [pos[p - first], pos[p - first + 1])}. */
    public int[] pos(int b) {
        return rows.ptr(b);
    }

    /** Block {@code b}'s coordinates. */
    public int[] crd(int b) {
        return rows.col(b);
    }

    /** Block {@code b}'s values (in {@link ValueMode#DOUBLE}; null otherwise). */
    public double[] val(int b) {
        return rows.weights(b);
    }

    /** The blocks. */
    public RowBlocks rows() {
        return rows;
    }

    /** The stored entries (more than an int counts, possibly). */
    @Override
    public long entries() {
        return rows.entries();
    }

    /**
     * Positions are local to their block; as an int the level counts its entries, refused when more than an int
     * holds ({@link #entries()} counts them all).
     */
    @Override
    public int size() {
        return Math.toIntExact(rows.entries());
    }

    @Override
    public long memoryBytes() {
        return rows.memoryBytes();
    }

    @Override
    public String toString() {
        return format().name() + " in " + rows.blockCount() + " blocks of 2^" + rows.bits() + " rows, " + entries()
                + " entries";
    }
}
