package org.stag.formats.dynamic;

import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * Working arrays that one batch at a time borrows and the next batch reuses, so that applying a large batch
 * allocates only what outlives it (the changes it reports, the levels' own growth): a batch of 10^6 updates
 * sorts, packs and unpacks about 115 MB of keys, rows, columns and values, which freshly allocated per batch
 * keep the young collections busy copying the batches read ahead and the arenas that grow meanwhile.
 *
 * <p>Each array has a slot; {@code longs(slot, n)} returns the slot's array when it holds at least {@code n}
 * elements, else a new one of {@code n + n/8} that replaces it. The contents are whatever the last user left:
 * a caller writes every element it reads, and reads only its first {@code n}. Not thread-safe: the owner
 * (a {@code DynamicGraph}, under its lock) hands it to one batch at a time; two arrays borrowed at once must
 * have different slots.
 */
public final class BatchScratch {
    private static final int LONG = 0;
    private static final int INT = 1;
    private static final int DOUBLE = 2;
    private static final int BOOLEAN = 3;
    private static final int BYTE = 4;
    /** Per kind of array: its element type, its bytes per element and its number of slots. */
    private static final Class<?>[] TYPES = {long.class, int.class, double.class, boolean.class, byte.class};
    private static final int[] ELEMENT_BYTES = {8, 4, 8, 1, 1};
    private static final int[] SLOTS = {8, 12, 6, 4, 2};

    /** The arrays by kind and slot: each a primitive array of its kind's type, or null. */
    private final Object[][] arrays = new Object[TYPES.length][];

    public BatchScratch() {
        for (int kind = 0; kind < TYPES.length; kind++) {
            arrays[kind] = new Object[SLOTS[kind]];
        }
    }

    /** A {@code long[]} of at least {@code n} elements, the slot's (contents left as they were). */
    public long[] longs(int slot, int n) {
        return (long[]) borrow(LONG, slot, n);
    }

    /** An {@code int[]} of at least {@code n} elements, the slot's (contents left as they were). */
    public int[] ints(int slot, int n) {
        return (int[]) borrow(INT, slot, n);
    }

    /** A {@code double[]} of at least {@code n} elements, the slot's (contents left as they were). */
    public double[] doubles(int slot, int n) {
        return (double[]) borrow(DOUBLE, slot, n);
    }

    /** A {@code boolean[]} of at least {@code n} elements, the slot's (contents left as they were). */
    public boolean[] booleans(int slot, int n) {
        return (boolean[]) borrow(BOOLEAN, slot, n);
    }

    /** A {@code byte[]} of at least {@code n} elements, the slot's (contents left as they were). */
    public byte[] bytes(int slot, int n) {
        return (byte[]) borrow(BYTE, slot, n);
    }

    /** The array of {@code kind} in {@code slot}, replaced by a larger one when it holds fewer than {@code n}. */
    private Object borrow(int kind, int slot, int n) {
        Object a = arrays[kind][slot];
        if (a == null || Array.getLength(a) < n) {
            a = Array.newInstance(TYPES[kind], grown(n));
            arrays[kind][slot] = a;
        }
        return a;
    }

    /** Bytes the arrays held now take (for memory accounting). */
    public long memoryBytes() {
        long s = 0;
        for (int kind = 0; kind < TYPES.length; kind++) {
            for (Object a : arrays[kind]) {
                s += a == null ? 0 : (long) ELEMENT_BYTES[kind] * Array.getLength(a);
            }
        }
        return s;
    }

    /** Drops every array (the next batch allocates afresh). */
    public void clear() {
        for (Object[] slots : arrays) {
            Arrays.fill(slots, null);
        }
    }

    private static int grown(int n) {
        return (int) Math.min(Integer.MAX_VALUE - 16, Math.max(16, n + (long) n / 8));
    }
}
