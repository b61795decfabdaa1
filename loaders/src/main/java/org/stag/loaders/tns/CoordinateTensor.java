package org.stag.loaders.tns;

/**
 * A sparse tensor as a file lists it: its order, the size of each mode, and {@code count} entries, entry {@code e}
 * at 0-based coordinates {@code coords[m][e]} with value {@code values[e]} (in file order; the arrays may be longer).
 *
 * @param dims   the size of each mode
 * @param coords per mode, the entries' coordinates
 * @param values the entries' values
 * @param count  the number of entries
 */
public record CoordinateTensor(int[] dims, int[][] coords, double[] values, int count) {
    /** The number of modes. */
    public int order() {
        return dims.length;
    }
}
