package org.stag.formats.level;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.stag.formats.dynamic.DynamicFormat;
import org.stag.formats.schema.SchemaTraits;

/**
 * A dynamic (pointer-based) level: one structure of a {@link DynamicFormat} per parent position. Its
 * capabilities and properties are derived from the format's node schema ({@link SchemaTraits}), never
 * from its implementation:
 * <ul>
 *   <li>{@link Capability#SCHEMA_ITERATION}: generated map functions (any order) and iterators ({@code seq}
 *       order) visit a parent's elements; each yields a coordinate and a position of the next level.</li>
 *   <li>{@link Capability#APPEND}: {@code append_first}/{@code append_rest} per parent, and bulk {@code build}.</li>
 *   <li>{@link Capability#INSERT}: batch updates. Unlike a static insert into pre-sized positions, a
 *       present coordinate keeps its position and a new one gets a fresh position at the end.</li>
 *   <li>{@link Capability#LOCATE} only for search trees (ordered and branching schemas: bst, rbtree,
 *       ttree, btree, ctree): a search from the structure's root comparing against the elements in
 *       {@code seq} order and descending into the one child that can hold the coordinate, O(depth) —
 *       O(log n) for balanced trees, plus a chunk scan for C-trees ({@link LocateCost#LOGARITHMIC}).
 *       Chains (list, block lists) and unordered schemas do not offer it: finding a coordinate there is
 *       a linear scan, never better than co-iterating.</li>
 * </ul>
 * Properties: {@link Property#UNIQUE} (assembly and batch updates never store a coordinate twice),
 * {@link Property#ORDERED} iff the schema orders every node type, {@link Property#COMPACT} iff every
 * element field is {@code nonempty}; never full (only stored coordinates exist) nor branchless.
 */
public final class DynamicLevelFormat implements LevelFormat {
    private final DynamicFormat format;
    private final SchemaTraits traits;
    private final Set<Capability> capabilities;
    private final Set<Property> properties;

    public DynamicLevelFormat(DynamicFormat format) {
        this.format = Objects.requireNonNull(format);
        this.traits = SchemaTraits.of(format.schema());
        EnumSet<Capability> c = EnumSet.of(Capability.SCHEMA_ITERATION, Capability.APPEND, Capability.INSERT);
        if (traits.searchable()) {
            c.add(Capability.LOCATE);
        }
        EnumSet<Property> p = EnumSet.of(Property.UNIQUE);
        if (traits.ordered()) {
            p.add(Property.ORDERED);
        }
        if (traits.compact()) {
            p.add(Property.COMPACT);
        }
        this.capabilities = Collections.unmodifiableSet(c);
        this.properties = Collections.unmodifiableSet(p);
    }

    /** The format whose structures store the level. */
    public DynamicFormat format() {
        return format;
    }

    /** What the schema says about the level. */
    public SchemaTraits traits() {
        return traits;
    }

    @Override
    public String name() {
        return format.name();
    }

    @Override
    public Set<Capability> capabilities() {
        return capabilities;
    }

    @Override
    public Set<Property> properties() {
        return properties;
    }

    @Override
    public LocateCost locateCost() {
        return traits.searchable() ? LocateCost.LOGARITHMIC : LocateCost.NONE;
    }

    @Override
    public Optional<DynamicFormat> dynamicFormat() {
        return Optional.of(format);
    }

    /** Equal when the names and schemas are: two instances of one format describe the same level. */
    @Override
    public boolean equals(Object o) {
        return o instanceof DynamicLevelFormat d && d.format.name().equals(format.name())
                && d.format.schema().equals(format.schema());
    }

    @Override
    public int hashCode() {
        return format.name().hashCode() * 31 + format.schema().hashCode();
    }

    @Override
    public String toString() {
        return name();
    }
}
