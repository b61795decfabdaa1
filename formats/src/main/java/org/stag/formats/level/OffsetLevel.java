package org.stag.formats.level;

import java.util.Arrays;

/**
 * An offset level ([Chou 2018], Figure 3c and Table 2): DIA's column level. Parent position {@code p}, whose
 * coordinate is {@code i} and whose own parent's coordinate is {@code d} (the diagonal), has the single child
 * {@code i + offset[d]}, at position {@code p}: no coordinate is stored, only one offset per diagonal. The
 * parent is a {@link RangeLevel}, which keeps every child within {@code [0, N)}, or a compressed level (DIA
 * with sparsely filled diagonals, {@code dense,compressed,offset}), whose assembly stores only rows whose child
 * is in range.
 */
public final class OffsetLevel extends StaticLevel {
    private int[] offset = new int[0];
    private int size;

    OffsetLevel(StaticLevelFormat format, int dimension) {
        super(format, dimension);
    }

    /** {@code append_init}: one child per parent position; {@code offset[d]} shifts the rows of diagonal {@code d}. */
    public void init(int parentSize, int[] offset) {
        this.parentSize = parentSize;
        this.offset = offset;
        this.size = parentSize;
    }

    /** {@code pos_bounds} lower end: {@code p}. */
    public int posBegin(int p) {
        return p;
    }

    /** {@code pos_bounds} upper end: {@code p + 1}. */
    public int posEnd(int p) {
        return p + 1;
    }

    /** {@code pos_access}: the coordinate of the child of a parent with coordinate {@code i} under diagonal {@code d}. */
    public int coord(int i, int d) {
        return i + offset[d];
    }

    /** The offsets by diagonal coordinate (not a copy). */
    public int[] offset() {
        return offset;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public long memoryBytes() {
        return 4L * offset.length;
    }

    @Override
    public String toString() {
        return format().name() + " offset=" + Arrays.toString(offset);
    }
}
