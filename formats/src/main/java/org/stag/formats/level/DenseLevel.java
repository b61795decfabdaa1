package org.stag.formats.level;

/**
 * A dense level: no storage but {@code N}; the child of position {@code p} with coordinate {@code i} is
 * at {@code p * N + i} ([Chou 2018], Table 2). Assembly is insert, which has nothing to do.
 */
public final class DenseLevel extends StaticLevel {
    private int size;

    DenseLevel(StaticLevelFormat format, int dimension) {
        super(format, dimension);
    }

    /** {@code insert_init}: fixes the number of parents, hence {@code size = parentSize * N}. */
    public void insertInit(int parentSize) {
        this.parentSize = parentSize;
        this.size = checkedSize((long) parentSize * dimension, "dense level");
    }

    /**
     * Widens a top level (one parent) to {@code dimension} coordinates, each a new position with nothing
     * below it yet: how a dense row level takes a batch that adds vertices.
     */
    public void growTop(int dimension) {
        if (parentSize != 1 || dimension < this.dimension) {
            throw new IllegalStateException("dense level: only a top level grows, and only wider (" + parentSize
                    + " parents, " + this.dimension + " to " + dimension + ")");
        }
        this.dimension = dimension;
        this.size = dimension;
    }

    /** A level equal to this one as it is now, which later growth of this one does not change (a snapshot's). */
    public DenseLevel copy() {
        DenseLevel d = new DenseLevel(format(), dimension);
        d.parentSize = parentSize;
        d.size = size;
        return d;
    }

    /** {@code coord_access} and {@code locate}: the position of coordinate {@code i} under {@code p} (always present). */
    public int locate(int p, int i) {
        return p * dimension + i;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public long memoryBytes() {
        return 0;
    }
}
