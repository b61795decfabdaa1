package org.stag.loaders;

/** How the stored entries of a matrix stand for the whole matrix (Matrix Market's symmetry field). */
public enum Symmetry {
    /** Every entry is stored: a directed graph. */
    GENERAL,
    /** Entry (i, j) also stands for (j, i) with the same value: an undirected graph. */
    SYMMETRIC,
    /** Entry (i, j) also stands for (j, i) with the negated value; the diagonal is zero and never stored. */
    SKEW_SYMMETRIC;

    /** Whether the graph this stands for is undirected (both directions present). */
    public boolean undirected() {
        return this != GENERAL;
    }

    /** The Matrix Market word for this symmetry. */
    public String mtxName() {
        return switch (this) {
            case GENERAL -> "general";
            case SYMMETRIC -> "symmetric";
            case SKEW_SYMMETRIC -> "skew-symmetric";
        };
    }
}
