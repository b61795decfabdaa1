package org.stag.formats.level;

/**
 * What code may do with a level ([Chou 2018], §3.2 and §3.4; [Chou 2021], §4 for dynamic levels). The
 * compiler chooses loops, random accesses and output assembly from these alone.
 */
public enum Capability {
    /** V: {@code coord_bounds} gives a coordinate range; {@code coord_access} maps a coordinate to its position (and whether it is present). */
    COORDINATE_VALUE_ITERATION,
    /** P: {@code pos_bounds} gives a position range per parent; {@code pos_access} reads the coordinate at a position (and whether it is labeled). */
    COORDINATE_POSITION_ITERATION,
    /**
     * Dynamic levels: the stored elements of one parent are visited by map functions and iterators
     * generated from the node schema ([Chou 2021], §4.2–4.3), in {@code seq} order when the schema is
     * ordered; each element yields its coordinate and its position in the next level (or its value).
     * There is no position range, so neither V nor P applies.
     */
    SCHEMA_ITERATION,
    /** {@code locate(p, i)}: the position of coordinate {@code i} among the children of {@code p}, or absent. See {@link LocateCost}. */
    LOCATE,
    /**
     * Static levels: {@code insert_init / insert_coord / insert_finalize} with positions given by
     * {@code locate}, in any order. Dynamic levels: batch updates (merge a sorted batch of coordinates into
     * one parent's structure; present coordinates keep their position, new ones get fresh positions).
     */
    INSERT,
    /**
     * Static levels: {@code append_init / append_coord / append_edges / append_finalize}, children of
     * each parent appended in order, parents in position order. Dynamic levels: {@code append_first /
     * append_rest} and bulk {@code build} of the [Chou 2021] assembly interface.
     */
    APPEND
}
