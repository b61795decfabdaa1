package org.stag.formats.dynamic;

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
    private final long[][] longs = new long[8][];
    private final int[][] ints = new int[12][];
    private final double[][] doubles = new double[6][];
    private final boolean[][] booleans = new boolean[4][];
    private final byte[][] bytes = new byte[2][];

    /** A {@code long[]} of at least {@code n} elements, the slot's (contents left as they were). */
    public long[] longs(int slot, int n) {
        long[] a = longs[slot];
        if (a == null || a.length < n) {
            a = new long[grown(n)];
            longs[slot] = a;
        }
        return a;
    }

    /** An {@code int[]} of at least {@code n} elements, the slot's (contents left as they were). */
    public int[] ints(int slot, int n) {
        int[] a = ints[slot];
        if (a == null || a.length < n) {
            a = new int[grown(n)];
            ints[slot] = a;
        }
        return a;
    }

    /** A {@code double[]} of at least {@code n} elements, the slot's (contents left as they were). */
    public double[] doubles(int slot, int n) {
        double[] a = doubles[slot];
        if (a == null || a.length < n) {
            a = new double[grown(n)];
            doubles[slot] = a;
        }
        return a;
    }

    /** A {@code boolean[]} of at least {@code n} elements, the slot's (contents left as they were). */
    public boolean[] booleans(int slot, int n) {
        boolean[] a = booleans[slot];
        if (a == null || a.length < n) {
            a = new boolean[grown(n)];
            booleans[slot] = a;
        }
        return a;
    }

    /** A {@code byte[]} of at least {@code n} elements, the slot's (contents left as they were). */
    public byte[] bytes(int slot, int n) {
        byte[] a = bytes[slot];
        if (a == null || a.length < n) {
            a = new byte[grown(n)];
            bytes[slot] = a;
        }
        return a;
    }

    /** Bytes the arrays held now take (for memory accounting). */
    public long memoryBytes() {
        long s = 0;
        for (long[] a : longs) {
            s += a == null ? 0 : 8L * a.length;
        }
        for (int[] a : ints) {
            s += a == null ? 0 : 4L * a.length;
        }
        for (double[] a : doubles) {
            s += a == null ? 0 : 8L * a.length;
        }
        for (boolean[] a : booleans) {
            s += a == null ? 0 : a.length;
        }
        for (byte[] a : bytes) {
            s += a == null ? 0 : a.length;
        }
        return s;
    }

    /** Drops every array (the next batch allocates afresh). */
    public void clear() {
        java.util.Arrays.fill(longs, null);
        java.util.Arrays.fill(ints, null);
        java.util.Arrays.fill(doubles, null);
        java.util.Arrays.fill(booleans, null);
        java.util.Arrays.fill(bytes, null);
    }

    private static int grown(int n) {
        return (int) Math.min(Integer.MAX_VALUE - 16, Math.max(16, n + (long) n / 8));
    }
}
