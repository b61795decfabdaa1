package org.stag.formats.schema;

import java.util.OptionalInt;

/**
 * Inclusive bounds {@code [lower, upper]} on a size, {@code upper} empty for {@code *} (unbounded).
 * Code generation stores an array inline when its length has an upper bound and out of line otherwise.
 *
 * @param lower the least value, at least 0
 * @param upper the greatest value, or empty when unbounded
 */
public record SizeBounds(int lower, OptionalInt upper) {

    /** {@code [0, *]}: what a size field without an {@code in} clause allows. */
    public static final SizeBounds UNBOUNDED = new SizeBounds(0, OptionalInt.empty());

    /** Checks the bounds are non-negative and ordered. */
    public SizeBounds {
        if (lower < 0 || (upper.isPresent() && upper.getAsInt() < lower)) {
            throw new IllegalArgumentException("bad size bounds [" + lower + ", " + upper + "]");
        }
    }

    /** {@code [lower, upper]}. */
    public static SizeBounds of(int lower, int upper) {
        return new SizeBounds(lower, OptionalInt.of(upper));
    }

    /** {@code [lower, *]}. */
    public static SizeBounds atLeast(int lower) {
        return new SizeBounds(lower, OptionalInt.empty());
    }

    /** Whether there is an upper bound. */
    public boolean isBounded() {
        return upper.isPresent();
    }

    /** These bounds with {@code n} added to both ends (for {@code [B + n]} arrays). */
    public SizeBounds plus(int n) {
        return new SizeBounds(lower + n, upper.isPresent() ? OptionalInt.of(upper.getAsInt() + n) : OptionalInt.empty());
    }

    /** Source syntax, e.g. {@code [1, 4]} or {@code [0, *]}. */
    @Override
    public String toString() {
        return "[" + lower + ", " + (upper.isPresent() ? Integer.toString(upper.getAsInt()) : "*") + "]";
    }
}
