package org.stag.formats.dynamic;

/**
 * Whether an update batch may add vertices: name rows or columns at or beyond the matrix's current
 * size. The same rule applies to rows and to columns; a matrix grows to just cover the largest id named.
 */
public enum BatchGrowth {
    /** Every row and column must already be in the matrix; the default. */
    FIXED,
    /** Rows and columns beyond the matrix are added (empty rows, empty columns in between). */
    ADD_VERTICES
}
