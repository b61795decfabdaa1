package org.stag.formats.level;

/**
 * A dense level: no storage but {@code N}; the child of position {@code p} with coordinate {@code i} is
 * at {@code p * N + i} (seed 001, Table 2). Assembly is insert, which has nothing to do.
 */
public final class DenseLevel extends Level {
    private final StaticLevelFormat format;
    private int size;

    DenseLevel(StaticLevelFormat format, int dimension) {
        super(dimension);
        this.format = format;
    }

    @Override
    public StaticLevelFormat format() {
        return format;
    }

    /** {@code insert_init}: fixes the number of parents, hence {@code size = parentSize * N}. */
    public void insertInit(int parentSize) {
        this.parentSize = parentSize;
        this.size = checkedSize((long) parentSize * dimension, "dense level");
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
