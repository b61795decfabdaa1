package org.stag.engine.reference;

import java.util.Arrays;

/** A coordinate tuple of a {@link RefTensor}, ordered lexicographically (outermost dimension first). */
public final class Coord implements Comparable<Coord> {
    private final int[] c;

    private Coord(int[] c) {
        this.c = c;
    }

    /** The coordinate {@code (c0, c1, ...)}; the empty tuple is the one coordinate of a scalar. */
    public static Coord of(int... c) {
        return new Coord(c.clone());
    }

    /** Number of components. */
    public int order() {
        return c.length;
    }

    /** Component {@code d}, outermost first. */
    public int get(int d) {
        return c[d];
    }

    /** The components as a fresh array. */
    public int[] toArray() {
        return c.clone();
    }

    @Override
    public int compareTo(Coord o) {
        return Arrays.compare(c, o.c);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Coord other && Arrays.equals(c, other.c);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(c);
    }

    @Override
    public String toString() {
        return Arrays.toString(c);
    }
}
