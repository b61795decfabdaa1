package org.stag.loaders;

/** The kind of the stored values: none (every edge has weight 1), integers or reals. */
public enum ValueKind {
    /** No values: an unweighted graph; every present entry has value 1. */
    PATTERN,
    /** Integer values: doubles, with an exact {@code long} column beside them when one is beyond 2^53 ({@link ExactValues}). */
    INTEGER,
    /** Real values. */
    REAL;

    /** Whether entries carry a value of their own. */
    public boolean weighted() {
        return this != PATTERN;
    }

    /** The Matrix Market field word. */
    public String mtxName() {
        return switch (this) {
            case PATTERN -> "pattern";
            case INTEGER -> "integer";
            case REAL -> "real";
        };
    }
}
