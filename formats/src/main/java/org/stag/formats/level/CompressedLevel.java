package org.stag.formats.level;

import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;

/**
 * A compressed level: the children of position {@code p} are the coordinates {@code crd[pos[p] ..
 * pos[p+1])} ([Chou 2018], Figure 3b). Assembled by append (Table 3): {@link #appendInit}, then per parent
 * in position order {@link #appendCoord} for each child and {@link #appendEdges}, then
 * {@link #appendFinalize}.
 */
public final class CompressedLevel extends CoordinateLevel {
    private int[] pos = new int[1];

    CompressedLevel(StaticLevelFormat format, int dimension) {
        super(format, dimension, IntArrays.EMPTY_ARRAY);
    }

    /** {@code append_init}: {@code parentSize} parents, no children yet; {@code expected} sizes {@code crd}. */
    public void appendInit(int parentSize, int expected) {
        this.parentSize = parentSize;
        this.pos = new int[checkedSize(parentSize + 1L, "compressed pos array")];
        this.crd = new int[Math.max(0, expected)];
        this.count = 0;
    }

    /**
     * Adopts existing CSR arrays without copying: {@code pos} has {@code parentSize + 1} non-decreasing
     * entries from 0, the children of parent {@code p} are {@code crd[pos[p] .. pos[p+1])}. {@code crd} may be
     * longer than {@code pos[parentSize]} (a loader's spare capacity); the level reads only its prefix. The
     * caller keeps the arrays unchanged while the level is in use.
     *
     * @throws IllegalArgumentException if {@code pos} does not fit {@code parentSize} or {@code crd}
     */
    public void adopt(int parentSize, int[] pos, int[] crd) {
        if (pos.length != parentSize + 1 || pos[0] != 0 || pos[parentSize] > crd.length) {
            throw new IllegalArgumentException("compressed level: " + pos.length + " offsets for " + parentSize
                    + " parents over " + crd.length + " coordinates");
        }
        this.parentSize = parentSize;
        this.pos = pos;
        this.crd = crd;
        this.count = pos[parentSize];
    }

    /** {@code append_coord}: appends coordinate {@code i} and returns its position. */
    public int appendCoord(int i) {
        if (count == crd.length) {
            crd = IntArrays.grow(crd, count + 1);
        }
        return put(i);
    }

    /** {@code append_edges}: positions {@code [begin, end)} are the children of parent {@code p}. */
    public void appendEdges(int p, int begin, int end) {
        pos[p + 1] = end - begin;
    }

    /** {@code append_finalize}: turns the per-parent counts into segment bounds and trims {@code crd}. */
    public void appendFinalize() {
        int sum = pos[0];
        for (int p = 1; p <= parentSize; p++) {
            sum += pos[p];
            pos[p] = sum;
        }
        if (sum != count) {
            throw new IllegalStateException("compressed level: edges cover " + sum + " of " + count + " coordinates");
        }
        crd = IntArrays.trim(crd, count);
    }

    /** {@code pos_bounds} lower end: the first child position of {@code p}. */
    public int posBegin(int p) {
        return pos[p];
    }

    /** {@code pos_bounds} upper end (exclusive). */
    public int posEnd(int p) {
        return pos[p + 1];
    }

    /** The segment bounds, {@code parentSize + 1} entries (not a copy). */
    public int[] pos() {
        return pos;
    }

    @Override
    public long memoryBytes() {
        return 4L * (pos.length + crd.length);
    }

    @Override
    public String toString() {
        return format().name() + " pos=" + Arrays.toString(pos) + " crd=" + Arrays.toString(Arrays.copyOf(crd, count));
    }
}
