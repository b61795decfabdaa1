package org.stag.formats.level;

/**
 * How expensive {@link Capability#LOCATE} is. [Chou 2018] assumes locate is cheap, so the compiler iterates
 * over the sparser operands and locates into the others; with a logarithmic locate that is still right
 * when the iterated operand is much sparser, but co-iteration may win when both are about equally dense.
 */
public enum LocateCost {
    /** The level cannot locate. */
    NONE,
    /** O(1): dense and bitmap arithmetic, expected O(1) hash probing. */
    CONSTANT,
    /** O(depth) search from a structure's root: the ordered, branching dynamic levels (trees). */
    LOGARITHMIC
}
