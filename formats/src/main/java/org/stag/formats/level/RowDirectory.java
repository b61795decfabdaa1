package org.stag.formats.level;

import java.util.Arrays;
import java.util.Set;

/**
 * For a dynamic level with one parent (a row level): the position of each coordinate (-1 when absent), so that
 * a row is found in O(1) (4 bytes per coordinate of the dimension), and the positions of removed rows, handed
 * out again to new ones so that a matrix that keeps gaining and losing rows does not grow.
 */
final class RowDirectory {
    /** Position by coordinate, -1 when absent; null until the first {@link #positionOf}. */
    private int[] directory;
    /** Positions of removed coordinates, handed out again by {@link #reused}. */
    private int[] freed = new int[0];
    private int freedCount;

    /**
     * {@link DynamicLevel#insertRows}: each new coordinate takes a freed position while there is one, else a fresh
     * one, and is inserted under parent {@code p} of {@code level} with it.
     */
    void insertRows(DynamicLevel level, int p, int[] crd, int from, int to, int[] positions) {
        double[] pos = new double[to - from];
        for (int k = 0; k < pos.length; k++) {
            positions[from + k] = freedCount > 0 ? freed[--freedCount] : level.freshPosition();
            pos[k] = positions[from + k];
        }
        int added = level.impl().insert(level.writableRow(p), level.roots()[p], Arrays.copyOfRange(crd, from, to), pos, 0,
                pos.length);
        if (added != pos.length) {
            throw new IllegalStateException("dynamic level: " + (pos.length - added) + " of the new coordinates were present");
        }
        if (directory != null) {
            ensure(level.dimension());
            for (int k = from; k < to; k++) {
                directory[crd[k]] = positions[k];
            }
        }
    }

    /** {@link DynamicLevel#removeCoordinates}: the positions of the coordinates present are freed. */
    int removeCoordinates(DynamicLevel level, int p, int[] crd, int from, int to) {
        if (freed.length < freedCount + (to - from)) {
            freed = Arrays.copyOf(freed, Math.max(2 * freed.length, freedCount + (to - from)));
        }
        for (int k = from; k < to; k++) {
            int q = level.locate(p, crd[k]);
            if (q >= 0) {
                freed[freedCount++] = q;
            }
        }
        int removed = level.impl().delete(level.writableRow(p), level.roots()[p], crd, from, to);
        if (directory != null) {
            for (int k = from; k < to; k++) {
                if (crd[k] < directory.length) {
                    directory[crd[k]] = -1;
                }
            }
        }
        return removed;
    }

    /** The position of coordinate {@code i} of {@code level}'s one structure, or -1; the first call lists them. */
    int positionOf(DynamicLevel level, int i) {
        if (directory == null) {
            directory = new int[0];
            ensure(level.dimension());
            int n = level.structureSize(0);
            int[] crd = new int[n];
            double[] pos = new double[n];
            level.collect(0, crd, pos, 0);
            for (int k = 0; k < n; k++) {
                directory[crd[k]] = (int) pos[k];
            }
        }
        ensure(level.dimension());
        return i < directory.length ? directory[i] : -1;
    }

    /** Checks, once the directory exists, that it names exactly the coordinates {@code level} stores, each with its position. */
    void check(DynamicLevel level) {
        if (directory == null) {
            return;
        }
        String name = level.format().name();
        int n = level.structureSize(0);
        int[] crd = new int[n];
        double[] pos = new double[n];
        level.collect(0, crd, pos, 0);
        int listed = 0;
        for (int d : directory) {
            listed += d >= 0 ? 1 : 0;
        }
        for (int k = 0; k < n; k++) {
            if (crd[k] >= directory.length || directory[crd[k]] != (int) pos[k]) {
                throw new IllegalStateException("dynamic level " + name + ": the directory disagrees with the"
                        + " structure at coordinate " + crd[k]);
            }
        }
        if (listed != n) {
            throw new IllegalStateException("dynamic level " + name + ": the directory lists " + listed
                    + " coordinates, the structure holds " + n);
        }
    }

    /** Bytes of the directory (4 per coordinate once made) if {@code seen} does not hold it yet; adds it. */
    long memoryBytes(Set<Object> seen) {
        return directory != null && seen.add(directory) ? 4L * directory.length : 0;
    }

    /** Widens the directory to the dimension, new coordinates absent. */
    private void ensure(int dimension) {
        int old = directory.length;
        if (old < dimension) {
            directory = Arrays.copyOf(directory, dimension);
            Arrays.fill(directory, old, dimension, -1);
        }
    }
}
