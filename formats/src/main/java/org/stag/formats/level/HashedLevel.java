package org.stag.formats.level;

import java.util.Arrays;

/**
 * A hashed level: each parent owns a segment {@code crd[seg[p] .. seg[p+1])} of an open-addressing hash
 * table with linear probing; empty buckets hold -1 ([Chou 2018], Table 2). Assembled by insert.
 *
 * <p>[Chou 2018] gives every parent the same width {@code W}, so {@code size = parentSize * W}. Graph rows are
 * skewed (a hub has 10^5 neighbours, most rows a handful), and a uniform width large enough for the hub
 * would multiply memory by the maximum degree. Here each segment has its own power-of-two capacity,
 * at least 1.5 times its number of children (load at most 2/3), with {@code seg} holding the bounds like
 * a compressed level's {@code pos}; {@code pos_bounds(p)} and {@code locate} read {@code seg[p]} and
 * {@code seg[p+1]} instead of multiplying by {@code W}. The uniform layout of [Chou 2018] is the special case
 * {@link #insertInitUniform}. Segments do not grow: positions must stay put once the next level refers
 * to them, so capacities are fixed at {@code insert_init} (a full segment is an error).
 *
 * <p>Buckets are chosen by a multiplicative hash of the coordinate, so strided coordinates do not pile up
 * in a few buckets as they would with the {@code i mod W} of [Chou 2018].
 */
public final class HashedLevel extends StaticLevel {
    /** Coordinate of an empty bucket. */
    public static final int EMPTY = -1;

    private int[] seg = new int[1];
    private int[] crd = new int[0];

    HashedLevel(StaticLevelFormat format, int dimension) {
        super(format, dimension);
    }

    /** The bucket count for a parent with {@code children} children: 0, or a power of two at least 1.5 times it. */
    public static int capacityFor(int children) {
        if (children <= 0) {
            return 0;
        }
        long want = children + ((children + 1L) >> 1);
        long cap = Long.highestOneBit(want);
        return checkedSize(cap < want ? cap << 1 : cap, "hashed segment");
    }

    /** {@code insert_init} with per-parent sizes: parent {@code p} will get at most {@code children[p]} children. */
    public void insertInit(int parentSize, int[] children) {
        this.parentSize = parentSize;
        seg = new int[checkedSize(parentSize + 1L, "hashed seg array")];
        long total = 0;
        for (int p = 0; p < parentSize; p++) {
            total += capacityFor(children[p]);
            seg[p + 1] = checkedSize(total, "hashed level");
        }
        crd = new int[seg[parentSize]];
        Arrays.fill(crd, EMPTY);
    }

    /** {@code insert_init} as in [Chou 2018]: every parent gets {@code width} buckets (a power of two). */
    public void insertInitUniform(int parentSize, int width) {
        if (width < 0 || Integer.bitCount(width) > 1) {
            throw new IllegalArgumentException("hashed width must be 0 or a power of two, not " + width);
        }
        this.parentSize = parentSize;
        int size = checkedSize((long) parentSize * width, "hashed level");
        seg = new int[checkedSize(parentSize + 1L, "hashed seg array")];
        for (int p = 0; p < parentSize; p++) {
            seg[p + 1] = seg[p] + width;
        }
        crd = new int[size];
        Arrays.fill(crd, EMPTY);
    }

    /** The home bucket offset of coordinate {@code i} in a segment of {@code mask + 1} buckets. */
    public static int home(int i, int mask) {
        int h = i * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    /** {@code locate}: the position of coordinate {@code i} among the children of {@code p}, or -1. */
    public int locate(int p, int i) {
        int base = seg[p];
        int mask = seg[p + 1] - base - 1;
        if (mask < 0) {
            return -1;
        }
        int s = home(i, mask);
        for (int probes = 0; probes <= mask; probes++) {
            int c = crd[base + s];
            if (c == i) {
                return base + s;
            }
            if (c == EMPTY) {
                return -1;
            }
            s = (s + 1) & mask;
        }
        return -1;
    }

    /**
     * {@code insert_coord} (after the {@code locate} it needs): stores coordinate {@code i} under {@code p}
     * unless present, and returns its position.
     *
     * @throws IllegalStateException if the parent's segment is full
     */
    public int insertCoord(int p, int i) {
        int base = seg[p];
        int mask = seg[p + 1] - base - 1;
        int s = mask < 0 ? 0 : home(i, mask);
        for (int probes = 0; probes <= mask; probes++) {
            int c = crd[base + s];
            if (c == i) {
                return base + s;
            }
            if (c == EMPTY) {
                crd[base + s] = i;
                return base + s;
            }
            s = (s + 1) & mask;
        }
        throw new IllegalStateException("hashed level: the " + (mask + 1) + " buckets of parent " + p
                + " are full; cannot insert " + i);
    }

    /** {@code pos_bounds} lower end: the first bucket of {@code p}. */
    public int posBegin(int p) {
        return seg[p];
    }

    /** {@code pos_bounds} upper end (exclusive). */
    public int posEnd(int p) {
        return seg[p + 1];
    }

    /** {@code pos_access}: the coordinate in bucket {@code q}, or {@link #EMPTY}. */
    public int coord(int q) {
        return crd[q];
    }

    @Override
    public boolean isLabeled(int q) {
        return crd[q] != EMPTY;
    }

    /** Segment bounds, {@code parentSize + 1} entries (not a copy). */
    public int[] seg() {
        return seg;
    }

    /** Buckets (not a copy). */
    public int[] crd() {
        return crd;
    }

    @Override
    public int size() {
        return crd.length;
    }

    @Override
    public long memoryBytes() {
        return 4L * (seg.length + crd.length);
    }
}
