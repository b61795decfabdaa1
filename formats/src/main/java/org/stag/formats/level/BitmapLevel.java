package org.stag.formats.level;

/**
 * A bitmap level: dense positions {@code p * N + i}, each with a presence bit in {@code long} words (bit
 * {@code q & 63} of word {@code q >>> 6} for position {@code q}). See {@link LevelType#BITMAP} for its
 * capabilities and properties. Assembled by insert: {@code insert_coord} sets the bit.
 */
public final class BitmapLevel extends StaticLevel {
    private long[] words = new long[0];
    private int size;

    BitmapLevel(StaticLevelFormat format, int dimension) {
        super(format, dimension);
    }

    /** {@code insert_init}: {@code parentSize * N} positions, all absent. */
    public void insertInit(int parentSize) {
        this.parentSize = parentSize;
        this.size = checkedSize((long) parentSize * dimension, "bitmap level");
        this.words = new long[(int) ((size + 63L) >>> 6)];
    }

    /**
     * {@code insert_init} over given words, all zero, of exactly the length {@code parentSize * N} positions
     * need: how a runtime reuses a dead bitmap's words instead of allocating new ones.
     *
     * @throws IllegalArgumentException if the words do not fit the positions or are not all zero
     */
    public void insertInit(int parentSize, long[] clearedWords) {
        int positions = checkedSize((long) parentSize * dimension, "bitmap level");
        if (clearedWords.length != (int) ((positions + 63L) >>> 6)) {
            throw new IllegalArgumentException(clearedWords.length + " words for " + positions + " bitmap positions");
        }
        for (long w : clearedWords) {
            if (w != 0) {
                throw new IllegalArgumentException("the words of a new bitmap level must be clear");
            }
        }
        this.parentSize = parentSize;
        this.size = positions;
        this.words = clearedWords;
    }

    /** {@code insert_coord}: marks coordinate {@code i} under {@code p} present; returns its position. */
    public int insertCoord(int p, int i) {
        int q = p * dimension + i;
        words[q >>> 6] |= 1L << q;
        return q;
    }

    /** {@code coord_access} / {@code locate}: the position of {@code i} under {@code p}, or -1 if its bit is clear. */
    public int locate(int p, int i) {
        int q = p * dimension + i;
        return (words[q >>> 6] & (1L << q)) != 0 ? q : -1;
    }

    @Override
    public boolean isLabeled(int q) {
        return (words[q >>> 6] & (1L << q)) != 0;
    }

    /** The first present position in {@code [from, to)}, or -1: skips 64 absent positions per word. */
    public int nextSetBit(int from, int to) {
        return nextSetBit(words, from, to);
    }

    /** The first set bit in {@code [from, to)} of {@code words}, or -1 (for generated code too). */
    public static int nextSetBit(long[] words, int from, int to) {
        if (from >= to) {
            return -1;
        }
        int w = from >>> 6;
        long bits = words[w] & (-1L << from);
        while (true) {
            if (bits != 0) {
                int q = (w << 6) + Long.numberOfTrailingZeros(bits);
                return q < to ? q : -1;
            }
            if (++w >= words.length || (w << 6) >= to) {
                return -1;
            }
            bits = words[w];
        }
    }

    /** Number of present positions. */
    public int cardinality() {
        int c = 0;
        for (long w : words) {
            c += Long.bitCount(w);
        }
        return c;
    }

    /** The presence words (not a copy). */
    public long[] words() {
        return words;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public long memoryBytes() {
        return 8L * words.length;
    }
}
