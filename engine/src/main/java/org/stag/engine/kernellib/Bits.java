package org.stag.engine.kernellib;

/** Bitmap scanning for generated code. */
public final class Bits {
    private Bits() {
    }

    /** The first set bit in {@code [from, to)} of {@code words}, or -1. */
    public static int next(long[] words, int from, int to) {
        return org.stag.formats.level.BitmapLevel.nextSetBit(words, from, to);
    }
}
