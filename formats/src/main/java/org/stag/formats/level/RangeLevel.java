package org.stag.formats.level;

/**
 * A range level ([Chou 2018], Figure 3c and Table 2): DIA's row level. Under the parent whose coordinate is
 * {@code d} (a diagonal, the slot level's coordinate, which for a top dense slot level is also its position),
 * the children are the coordinates {@code [max(0, -offset[d]), min(N, M - offset[d]))}, at positions
 * {@code p * N + i} as in a dense level; positions outside those bounds are unlabeled (the padding of a
 * diagonal that leaves the matrix). {@code offset} and {@code M} are those of the {@link OffsetLevel} below,
 * which shares the array (the paper's two levels over one data structure). Assembled by insert, which has
 * nothing to store.
 */
public final class RangeLevel extends StaticLevel {
    private int[] offset = new int[0];
    private int columns;
    private int size;

    RangeLevel(StaticLevelFormat format, int dimension) {
        super(format, dimension);
    }

    /**
     * {@code insert_init}: {@code parentSize} parents (diagonals), the offsets of the level below ({@code
     * offset[d]} for parent coordinate {@code d}) and its dimension {@code columns} ({@code M}).
     */
    public void insertInit(int parentSize, int[] offset, int columns) {
        if (offset.length < parentSize) {
            throw new IllegalArgumentException("range level: " + offset.length + " offsets for " + parentSize + " parents");
        }
        this.parentSize = parentSize;
        this.offset = offset;
        this.columns = columns;
        this.size = checkedSize((long) parentSize * dimension, "range level");
    }

    /** {@code coord_bounds} lower end under parent coordinate {@code d}. */
    public int coordBegin(int d) {
        return Math.max(0, -offset[d]);
    }

    /** {@code coord_bounds} upper end (exclusive) under parent coordinate {@code d}. */
    public int coordEnd(int d) {
        return (int) Math.min(dimension, (long) columns - offset[d]);
    }

    /** {@code coord_access}: the position of coordinate {@code i} under parent position {@code p}. */
    public int locate(int p, int i) {
        return p * dimension + i;
    }

    /** The offsets, indexed by the parent coordinate (shared with the offset level; not a copy). */
    public int[] offset() {
        return offset;
    }

    /** {@code M}: the dimension of the offset level below, which bounds each diagonal. */
    public int columns() {
        return columns;
    }

    /** A position is labeled when its coordinate lies within its diagonal's bounds. */
    @Override
    public boolean isLabeled(int q) {
        int d = q / Math.max(1, dimension);
        int i = q - d * dimension;
        return i >= coordBegin(d) && i < coordEnd(d);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public long memoryBytes() {
        return 0;
    }

    @Override
    public String toString() {
        return format().name() + " N=" + dimension + " M=" + columns + " x " + parentSize;
    }
}
