package org.stag.formats.level;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The static (array-based) level types with their capabilities and properties. Dense, range, compressed,
 * singleton, offset and hashed are [Chou 2018], Table 1; bitmap and vbyte are stag's own. Singleton may also be
 * non-compact (a padded ELL slot, {@code crd} -1 where a row has fewer entries than slots), which Table 1
 * does not list.
 *
 * <p>Properties are either fixed (always held), configurable (a format may declare them or not, e.g.
 * {@code compressed(nonunique)} for the row level of COO), or never held.
 *
 * <p><b>Bitmap</b> is a dense level with a presence bit per position, for frontiers: positions are
 * {@code p * N + i} as in dense, so it keeps dense's coordinate value iteration, O(1) locate and insert
 * (set the bit); but a cleared bit is an unlabeled position, so unlike dense it is neither full nor
 * compact. Every coordinate has exactly one possible position, so it is always ordered and unique (not
 * configurable: the storage cannot express anything else). Iteration can skip 64 absent coordinates per
 * word.
 *
 * <p><b>Vbyte</b> is stag's own too: a compressed last level whose coordinates are byte codes (see its constant).
 */
public enum LevelType {
    /** {@code N}: coordinates {@code [0, N)} under every parent; positions {@code p * N + i}. */
    DENSE(EnumSet.of(Capability.COORDINATE_VALUE_ITERATION, Capability.LOCATE, Capability.INSERT),
            LocateCost.CONSTANT,
            EnumSet.of(Property.FULL, Property.COMPACT),
            EnumSet.of(Property.ORDERED, Property.UNIQUE),
            EnumSet.of(Property.ORDERED, Property.UNIQUE)),
    /**
     * {@code offset}, {@code N}, {@code M}: under the parent with coordinate {@code d} (a DIA diagonal), the
     * coordinates {@code [max(0, -offset[d]), min(N, M - offset[d]))} at positions {@code p * N + i}; positions
     * outside those bounds are unlabeled, so the level is neither full nor compact.
     */
    RANGE(EnumSet.of(Capability.COORDINATE_VALUE_ITERATION),
            LocateCost.NONE,
            EnumSet.noneOf(Property.class),
            EnumSet.of(Property.ORDERED, Property.UNIQUE),
            EnumSet.of(Property.ORDERED, Property.UNIQUE)),
    /** {@code pos}, {@code crd}: the children of {@code p} are {@code crd[pos[p] .. pos[p+1])}. */
    COMPRESSED(EnumSet.of(Capability.COORDINATE_POSITION_ITERATION, Capability.APPEND),
            LocateCost.NONE,
            EnumSet.of(Property.COMPACT),
            EnumSet.of(Property.FULL, Property.ORDERED, Property.UNIQUE),
            EnumSet.of(Property.ORDERED, Property.UNIQUE)),
    /**
     * {@code crd}: parent {@code p} has the single child {@code crd[p]} (the lower levels of COO); non-compact
     * (under a slot level, ELL), {@code crd[p] = -1} where {@code p} has no child.
     */
    SINGLETON(EnumSet.of(Capability.COORDINATE_POSITION_ITERATION, Capability.APPEND),
            LocateCost.NONE,
            EnumSet.of(Property.BRANCHLESS),
            EnumSet.of(Property.FULL, Property.ORDERED, Property.UNIQUE, Property.COMPACT),
            EnumSet.of(Property.ORDERED, Property.UNIQUE, Property.COMPACT)),
    /**
     * {@code offset}: parent position {@code p} (coordinate {@code i}, under a grandparent with coordinate
     * {@code d}) has the single child {@code i + offset[d]} at position {@code p}: DIA's column level.
     */
    OFFSET(EnumSet.of(Capability.COORDINATE_POSITION_ITERATION),
            LocateCost.NONE,
            EnumSet.of(Property.BRANCHLESS),
            EnumSet.of(Property.ORDERED, Property.UNIQUE),
            EnumSet.of(Property.ORDERED, Property.UNIQUE)),
    /** Per-parent open-addressing segments of {@code crd}, empty buckets -1. */
    HASHED(EnumSet.of(Capability.COORDINATE_POSITION_ITERATION, Capability.LOCATE, Capability.INSERT),
            LocateCost.CONSTANT,
            EnumSet.noneOf(Property.class),
            EnumSet.of(Property.FULL, Property.UNIQUE),
            EnumSet.of(Property.UNIQUE)),
    /** Dense positions with a presence bit each (see the class comment). */
    BITMAP(EnumSet.of(Capability.COORDINATE_VALUE_ITERATION, Capability.LOCATE, Capability.INSERT),
            LocateCost.CONSTANT,
            EnumSet.of(Property.ORDERED, Property.UNIQUE),
            EnumSet.noneOf(Property.class),
            EnumSet.noneOf(Property.class)),
    /**
     * A last level of difference-encoded byte codes ({@link VbyteLevel}): each parent's children visited in order
     * by decoding, located by a binary search over the heads of chunks of {@link VbyteCodes#CHUNK} ids and a decode
     * of one chunk. No random access to a position's coordinate, no append or insert: it is built whole from rows.
     */
    VBYTE(EnumSet.of(Capability.COORDINATE_POSITION_ITERATION, Capability.LOCATE),
            LocateCost.LOGARITHMIC,
            EnumSet.of(Property.ORDERED, Property.UNIQUE, Property.COMPACT),
            EnumSet.noneOf(Property.class),
            EnumSet.noneOf(Property.class));

    private final Set<Capability> capabilities;
    private final LocateCost locateCost;
    private final Set<Property> fixed;
    private final Set<Property> configurable;
    private final Set<Property> defaults;

    LevelType(EnumSet<Capability> capabilities, LocateCost locateCost, EnumSet<Property> fixed,
              EnumSet<Property> configurable, EnumSet<Property> configuredByDefault) {
        this.capabilities = Collections.unmodifiableSet(capabilities);
        this.locateCost = locateCost;
        this.fixed = Collections.unmodifiableSet(fixed);
        this.configurable = Collections.unmodifiableSet(configurable);
        EnumSet<Property> d = EnumSet.copyOf(fixed);
        d.addAll(configuredByDefault);
        this.defaults = Collections.unmodifiableSet(d);
    }

    /** The name in format strings, e.g. {@code compressed}. */
    public String formatName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The capabilities every level of this type has. */
    public Set<Capability> capabilities() {
        return capabilities;
    }

    /** How expensive locate is. */
    public LocateCost locateCost() {
        return locateCost;
    }

    /** Properties every level of this type has. */
    public Set<Property> fixedProperties() {
        return fixed;
    }

    /** Properties a format may declare or not (a (✓) in [Chou 2018], Table 1). */
    public Set<Property> configurableProperties() {
        return configurable;
    }

    /**
     * The properties of a level written without modifiers: the fixed ones, plus ordered and unique where
     * configurable ([Chou 2018], Figure 4: "all levels other than hashed are ordered and unique").
     */
    public Set<Property> defaultProperties() {
        return defaults;
    }
}
