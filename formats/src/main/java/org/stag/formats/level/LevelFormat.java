package org.stag.formats.level;

import java.util.Optional;
import java.util.Set;
import org.stag.formats.dynamic.DynamicFormat;

/**
 * The format of one level of a coordinate hierarchy, as the compiler sees it: capabilities and
 * properties only ([Chou 2018], §3). Code generation must not depend on which implementation this is, so a
 * new level format needs no change to the code generator. The two implementations are
 * {@link StaticLevelFormat} (array-based levels of [Chou 2018] plus bitmap) and {@link DynamicLevelFormat}
 * (pointer-based levels described by a node schema, [Chou 2021]).
 */
public sealed interface LevelFormat permits StaticLevelFormat, DynamicLevelFormat {

    /** The name as written in format strings, with modifiers, e.g. {@code compressed(nonunique)} or {@code ctree}. */
    String name();

    /** What code may do with the level. */
    Set<Capability> capabilities();

    /** The invariants the level guarantees. */
    Set<Property> properties();

    /** How expensive {@link Capability#LOCATE} is ({@link LocateCost#NONE} without it). */
    LocateCost locateCost();

    /** Whether the level has capability {@code c}. */
    default boolean has(Capability c) {
        return capabilities().contains(c);
    }

    /** Whether the level guarantees property {@code p}. */
    default boolean is(Property p) {
        return properties().contains(p);
    }

    /**
     * Whether the stored children of one parent are visited as a row: one after the other by position or by the
     * schema's iterators ({@link Capability#COORDINATE_POSITION_ITERATION}, {@link Capability#SCHEMA_ITERATION}),
     * in increasing coordinate order, each coordinate once, any number of them ({@link Property#ORDERED},
     * {@link Property#UNIQUE}, not {@link Property#BRANCHLESS}). {@code compressed} and every ordered dynamic
     * level do; {@code dense} and {@code bitmap} (a parent's whole dimension), {@code hashed} (unordered),
     * {@code singleton} and non-unique levels do not.
     */
    default boolean iteratesRowInOrder() {
        return (has(Capability.COORDINATE_POSITION_ITERATION) || has(Capability.SCHEMA_ITERATION))
                && is(Property.ORDERED) && is(Property.UNIQUE) && !is(Property.BRANCHLESS);
    }

    /** The dynamic format whose schema drives generated iterators and assembly, for a dynamic level. */
    default Optional<DynamicFormat> dynamicFormat() {
        return Optional.empty();
    }
}
