package org.stag.engine.lattice;

import java.util.List;
import org.stag.engine.cin.IndexExpr;

/**
 * How one loop visits its coordinates, read off its {@link MergeLattice}: the operands that drive it, those
 * iterated alongside without deciding (followers, advanced to each coordinate), those located, and for a
 * {@link Mode#POINT} loop the one coordinate {@code point} where the body can contribute.
 */
public record Merge(Mode mode, List<Integer> drivers, List<Integer> followers, List<Integer> locators, IndexExpr point) {
    /** Copies the lists. */
    public Merge {
        drivers = List.copyOf(drivers);
        followers = List.copyOf(followers);
        locators = List.copyOf(locators);
    }

    /** A merge without a point. */
    public Merge(Mode mode, List<Integer> drivers, List<Integer> followers, List<Integer> locators) {
        this(mode, drivers, followers, locators, null);
    }

    /** The kinds of merge. */
    public enum Mode {
        /** The body contributes nothing even with every operand present: no loop. */
        SKIP,
        /** The lattice has the empty point: the whole dimension, sparse operands follow or are located. */
        UNIVERSE,
        /** One operand is in every point: iterate it, locate the others. */
        ITERATE,
        /** Several operands are in every point (or one must be located into while others are iterated). */
        INTERSECT,
        /** No operand is in every point but the empty point vanishes: co-iterate, absent ones read their fill. */
        UNION,
        /** The body contributes only where the index equals a value known before the loop. */
        POINT
    }
}
