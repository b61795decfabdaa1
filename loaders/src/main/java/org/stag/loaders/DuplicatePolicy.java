package org.stag.loaders;

import java.util.Locale;

/**
 * What to do when the same (row, column) is stored more than once, including the mirror of a
 * symmetric entry that is also stored explicitly. The default is {@link #SUM}, the convention of
 * Matrix Market readers that assemble a sparse matrix (MATLAB, SciPy); for unweighted graphs every
 * policy but {@link #ERROR} just keeps one edge.
 */
public enum DuplicatePolicy {
    /** Refuse the input, naming the line of the second occurrence. */
    ERROR,
    /** Keep the value that comes first in the file. */
    FIRST,
    /** Keep the value that comes last in the file. */
    LAST,
    /** Add the values. */
    SUM,
    /** Keep the smallest value (shortest parallel edge). */
    MIN;

    /** Parses {@code error|first|last|sum|min}, case-insensitively. */
    public static DuplicatePolicy parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new BadInputException("unknown duplicate policy '" + text + "' (expected error, first, last, sum or min)");
        }
    }

    /** Combines the value kept so far with a later one. */
    public double combine(double kept, double later) {
        return switch (this) {
            case FIRST, ERROR -> kept;
            case LAST -> later;
            case SUM -> kept + later;
            case MIN -> Math.min(kept, later);
        };
    }
}
