package org.stag.formats.dynamic;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;

/**
 * Storage for unbounded array fields (C-tree chunks, variable blocks): coordinates, and values or
 * positions, in shared growable arrays. A chunk is a run {@code [offset, offset + capacity)}; capacities
 * are powers of two so that freed runs can be reused through one free list per size class. Arrays are
 * replaced when they grow: fetch them again after {@link #alloc(int)} or call {@link #ensureSpare(long)}.
 */
public final class ChunkArena {
    private static final int CLASSES = 31;

    private final ValueMode mode;
    private int[] crd = new int[64];
    private double[] val;
    private int[] pos;
    private int top = 1;
    private final IntArrayList[] free = new IntArrayList[CLASSES];
    private long freeInts;

    public ChunkArena(ValueMode mode) {
        this.mode = mode;
        val = mode == ValueMode.DOUBLE ? new double[64] : null;
        pos = mode == ValueMode.POSITION ? new int[64] : null;
    }

    /** A copy of {@code o}: its chunks {@code [0, top)} (arrays cut to them plus 1/8 spare) and free lists. */
    private ChunkArena(ChunkArena o) {
        this.mode = o.mode;
        int keep = (int) Math.min(o.crd.length, o.top + (o.top >> 3) + 64L);
        this.crd = Arrays.copyOf(o.crd, keep);
        this.val = o.val == null ? null : Arrays.copyOf(o.val, keep);
        this.pos = o.pos == null ? null : Arrays.copyOf(o.pos, keep);
        this.top = o.top;
        for (int c = 0; c < CLASSES; c++) {
            if (o.free[c] != null && !o.free[c].isEmpty()) {
                free[c] = new IntArrayList(o.free[c]);
            }
        }
        this.freeInts = o.freeInts;
    }

    /** A deep copy: the same chunks at the same offsets, in arrays of its own. */
    public ChunkArena copy() {
        return new ChunkArena(this);
    }

    /** The smallest capacity class that holds {@code n} elements (a power of two, at least 1). */
    public static int capacityFor(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    /** Allocates a run of {@code capacity} (a power of two) slots; may replace the arrays. */
    public int alloc(int capacity) {
        int cls = Integer.numberOfTrailingZeros(capacity);
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        IntArrayList list = free[cls];
        if (list != null && !list.isEmpty()) {
            freeInts -= capacity;
            return list.popInt();
        }
        ensureSpare(capacity);
        int off = top;
        top += capacity;
        return off;
    }

    /** Returns a run for reuse. */
    public void free(int offset, int capacity) {
        int cls = Integer.numberOfTrailingZeros(capacity);
        if (free[cls] == null) {
            free[cls] = new IntArrayList();
        }
        free[cls].add(offset);
        freeInts += capacity;
    }

    /** Makes sure {@code n} more slots can be bump-allocated without replacing the arrays. */
    public void ensureSpare(long n) {
        long need = top + n;
        if (need > crd.length) {
            if (need > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("chunk arena cannot hold " + need + " elements");
            }
            int cap = (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(need, crd.length + (crd.length >> 1) + 64L));
            crd = Arrays.copyOf(crd, cap);
            if (val != null) {
                val = Arrays.copyOf(val, cap);
            }
            if (pos != null) {
                pos = Arrays.copyOf(pos, cap);
            }
        }
    }

    /** Coordinates of all chunks. */
    public int[] crd() {
        return crd;
    }

    /** Values of all chunks ({@link ValueMode#DOUBLE}), or null. */
    public double[] val() {
        return val;
    }

    /** Positions of all chunks ({@link ValueMode#POSITION}), or null. */
    public int[] pos() {
        return pos;
    }

    /** What the elements carry. */
    public ValueMode mode() {
        return mode;
    }

    /** Slots handed out and not freed. */
    public long liveSlots() {
        return top - 1 - freeInts;
    }

    /** Bytes held by the arena's arrays. */
    public long memoryBytes() {
        long b = 4L * crd.length + (val == null ? 0 : 8L * val.length) + (pos == null ? 0 : 4L * pos.length);
        for (IntArrayList l : free) {
            if (l != null) {
                b += 4L * l.elements().length;
            }
        }
        return b;
    }

    /** Shrinks the arrays to what has been handed out plus 1/8 spare (see {@link NodePool#trim()}). */
    public void trim() {
        int keep = (int) Math.min(Integer.MAX_VALUE - 8L, top + (top >> 3) + 64L);
        if (keep >= crd.length) {
            return;
        }
        crd = Arrays.copyOf(crd, keep);
        if (val != null) {
            val = Arrays.copyOf(val, keep);
        }
        if (pos != null) {
            pos = Arrays.copyOf(pos, keep);
        }
    }
}
