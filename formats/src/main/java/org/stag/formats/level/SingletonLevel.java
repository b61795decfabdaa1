package org.stag.formats.level;

import java.util.Arrays;

/**
 * A singleton level: parent position {@code p} has exactly the one child {@code crd[p]} at position
 * {@code p} ([Chou 2018], Figure 3a). Assembled by append: one {@link #appendCoord} per parent, in order.
 * A non-compact singleton (ELL's column level, under a slot level) may leave a parent without a child: its
 * position is unlabeled, {@code crd[p] = -1} ({@link #EMPTY}); it is assembled by {@link #insertInit} and
 * {@link #insertCoord}.
 */
public final class SingletonLevel extends CoordinateLevel {
    /** The coordinate of a position with no child (a padded slot of a non-compact singleton). */
    public static final int EMPTY = -1;

    SingletonLevel(StaticLevelFormat format, int dimension) {
        super(format, dimension, new int[0]);
    }

    /** {@code append_init}: one child per parent, so {@code crd} has {@code parentSize} entries. */
    public void appendInit(int parentSize) {
        this.parentSize = parentSize;
        this.crd = new int[parentSize];
        this.count = 0;
    }

    /** {@code append_coord}: the child of the next parent; returns its position (the parent's). */
    public int appendCoord(int i) {
        return put(i);
    }

    /** Padded assembly: {@code parentSize} positions, every one unlabeled until {@link #insertCoord}. */
    public void insertInit(int parentSize) {
        this.parentSize = parentSize;
        this.crd = new int[parentSize];
        Arrays.fill(crd, EMPTY);
        this.count = parentSize;
    }

    /** Padded assembly: parent position {@code p} gets child {@code i} (at position {@code p}). */
    public void insertCoord(int p, int i) {
        crd[p] = i;
    }

    @Override
    public boolean isLabeled(int q) {
        return crd[q] != EMPTY;
    }

    /** {@code append_finalize}: checks the level is branchless (every parent got its child). */
    public void appendFinalize() {
        if (count != parentSize) {
            throw new IllegalStateException("singleton level: " + count + " children for " + parentSize
                    + " parents; every parent needs exactly one");
        }
    }

    /** {@code pos_bounds} lower end: {@code p}. */
    public int posBegin(int p) {
        return p;
    }

    /** {@code pos_bounds} upper end: {@code p + 1}. */
    public int posEnd(int p) {
        return p + 1;
    }

    @Override
    public long memoryBytes() {
        return 4L * crd.length;
    }

    @Override
    public String toString() {
        return format().name() + " crd=" + Arrays.toString(crd);
    }
}
