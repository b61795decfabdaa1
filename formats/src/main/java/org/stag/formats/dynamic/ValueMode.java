package org.stag.formats.dynamic;

/** What an element carries besides its coordinate ([Chou 2021], Table 1: {@code fv}). */
public enum ValueMode {
    /** Nothing: a pattern (unweighted) level; every stored element has value 1. */
    NONE,
    /** A {@code double} value: the last level of a weighted tensor. */
    DOUBLE,
    /** An {@code int} position of the sub-structure of the next level (a level that is not the last). */
    POSITION
}
