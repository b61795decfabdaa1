package org.stag.formats.level;

/** Invariants a level guarantees ([Chou 2018], §3.3); the compiler uses them to simplify merge loops. */
public enum Property {
    /** Every parent has every coordinate of the dimension as a child. */
    FULL,
    /** Siblings are in increasing coordinate order; runs of different parents follow their parents' order. */
    ORDERED,
    /** No two siblings have the same coordinate. */
    UNIQUE,
    /** Every parent has exactly one child (the lower levels of COO). */
    BRANCHLESS,
    /** No unlabeled position (empty bucket, cleared bit, empty slot) lies between two coordinates. */
    COMPACT
}
