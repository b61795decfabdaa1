package org.stag.formats.dynamic;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;

/**
 * Storage for unbounded array fields (C-tree chunks, variable blocks): coordinates, and values or
 * positions, in shared growable arrays. A chunk is a run {@code [offset, offset + capacity)}. Runs that
 * updates allocate ({@link #alloc(int)}) have power-of-two capacities, so that freed runs are reused through
 * one free list per size class; a bulk build allocates runs of exactly the size it fills
 * ({@link #allocExact(int)}), back to back, and {@link #free(int, int)} of such a run cuts it into
 * power-of-two pieces for the free lists. Arrays are replaced when they grow: fetch them again after an
 * allocation or call {@link #ensureSpare(long)}.
 *
 * <p>A <em>coded</em> arena (for {@code varint} arrays, {@link ChunkCodes}) has one byte array instead: its
 * slots are bytes, and a run holds a chunk's carried values and coordinate codes.
 */
public final class ChunkArena {
    private static final int CLASSES = 31;

    private final ValueMode mode;
    private int[] crd;
    private double[] val;
    private int[] pos;
    private byte[] bytes;
    private int top = 1;
    private final IntArrayList[] free = new IntArrayList[CLASSES];
    private long freeInts;

    public ChunkArena(ValueMode mode) {
        this(mode, false);
    }

    /** An arena of int slots, or with {@code coded} one of byte slots ({@link #bytes()}). */
    public ChunkArena(ValueMode mode, boolean coded) {
        this.mode = mode;
        if (coded) {
            bytes = new byte[64];
            return;
        }
        crd = new int[64];
        val = mode == ValueMode.DOUBLE ? new double[64] : null;
        pos = mode == ValueMode.POSITION ? new int[64] : null;
    }

    private int capacity() {
        return bytes != null ? bytes.length : crd.length;
    }

    private void resize(int keep) {
        if (bytes != null) {
            bytes = Arrays.copyOf(bytes, keep);
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

    /** A copy of {@code o}: its chunks {@code [0, top)} (arrays cut to them plus 1/8 spare) and free lists. */
    private ChunkArena(ChunkArena o) {
        this.mode = o.mode;
        int keep = (int) Math.min(o.capacity(), o.top + (o.top >> 3) + 64L);
        this.crd = o.crd == null ? null : Arrays.copyOf(o.crd, keep);
        this.val = o.val == null ? null : Arrays.copyOf(o.val, keep);
        this.pos = o.pos == null ? null : Arrays.copyOf(o.pos, keep);
        this.bytes = o.bytes == null ? null : Arrays.copyOf(o.bytes, keep);
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

    /**
     * Allocates a run of exactly {@code n >= 1} slots at the top of the arena (bump allocation, the free
     * lists are not searched); may replace the arrays. Bulk builds use it: a structure built whole knows each
     * chunk's final size, so consecutive calls lay the chunks out back to back in build order with no
     * power-of-two slack (kron20 as {@code dense,ctree}: 31.4 M slots instead of 44.7 M), and a scan that
     * follows build order reads the arena sequentially. The run's capacity is {@code n}; a chunk that grows
     * later moves to a power-of-two run and {@link #free(int, int)} hands this one to the free lists in pieces.
     *
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public int allocExact(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("exact run must hold at least one slot: " + n);
        }
        ensureSpare(n);
        int off = top;
        top += n;
        return off;
    }

    /**
     * Returns a run for reuse. A run whose capacity is not a power of two (from {@link #allocExact(int)}) is
     * cut into the power-of-two pieces of its capacity's binary form, largest first, each on its class's free
     * list: every slot goes back exactly once, and each piece is a run {@link #alloc(int)} can hand out again.
     *
     * @throws IllegalArgumentException if {@code capacity < 1}
     */
    public void free(int offset, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("run capacity must be at least 1: " + capacity);
        }
        int rest = capacity;
        int at = offset;
        while (rest != 0) {
            int piece = Integer.highestOneBit(rest);
            int cls = Integer.numberOfTrailingZeros(piece);
            if (free[cls] == null) {
                free[cls] = new IntArrayList();
            }
            free[cls].add(at);
            at += piece;
            rest -= piece;
        }
        freeInts += capacity;
    }

    /** Makes sure {@code n} more slots can be bump-allocated without replacing the arrays. */
    public void ensureSpare(long n) {
        long need = top + n;
        int length = capacity();
        if (need > length) {
            if (need > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("chunk arena cannot hold " + need + (bytes != null ? " bytes" : " elements"));
            }
            resize((int) Math.min(Integer.MAX_VALUE - 8L, Math.max(need, length + (length >> 1) + 64L)));
        }
    }

    /** The byte slots of a coded arena, or null. */
    public byte[] bytes() {
        return bytes;
    }

    /** Whether the slots are bytes ({@code varint} chunks). */
    public boolean coded() {
        return bytes != null;
    }

    /** Coordinates of all chunks (null in a coded arena). */
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
        long b = bytes != null ? bytes.length
                : 4L * crd.length + (val == null ? 0 : 8L * val.length) + (pos == null ? 0 : 4L * pos.length);
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
        if (keep >= capacity()) {
            return;
        }
        resize(keep);
    }
}
