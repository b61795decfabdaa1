package org.stag.formats.dynamic.walk;

/**
 * The arrays of one store that a {@link SchemaWalk} reads, by the plan's field numbers ({@link PlanField#id()}).
 * They are fetched at the start of every read, as a store replaces its arrays when they grow. Values are null
 * where the store keeps none (positions in a store of doubles, and both in a store of coordinates only).
 */
public interface WalkArrays {
    /** Field {@code field}'s int array in its pool: child handles, sizes, inline coordinates, arena offsets. */
    int[] ints(int field);

    /** The values of inline element field {@code field}, or null. */
    double[] values(int field);

    /** The positions of inline element field {@code field}, or null. */
    int[] positions(int field);

    /** The chunk arena's coordinates. */
    int[] arenaCoordinates();

    /** The chunk arena's values, or null. */
    double[] arenaValues();

    /** The chunk arena's positions, or null. */
    int[] arenaPositions();
}
