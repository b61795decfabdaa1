package org.stag.formats.level;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;

/**
 * A static level type with its configurable properties decided, e.g. {@code compressed(nonunique)}.
 * Declaring a configurable property away is always possible (it is a weaker promise); declaring one the
 * type cannot have, or leaving out a fixed one, is an error. Whether the data satisfy a declared
 * {@link Property#FULL} is checked when a tensor is built.
 */
public record StaticLevelFormat(LevelType type, Set<Property> properties) implements LevelFormat {

    /** {@code dense}: full, ordered, unique, compact. */
    public static final StaticLevelFormat DENSE = of(LevelType.DENSE);
    /** {@code compressed}: ordered, unique, compact. */
    public static final StaticLevelFormat COMPRESSED = of(LevelType.COMPRESSED);
    /** {@code compressed(nonunique)}: the row level of COO. */
    public static final StaticLevelFormat COMPRESSED_NONUNIQUE = COMPRESSED.without(Property.UNIQUE);
    /** {@code singleton}: ordered, unique, branchless, compact. */
    public static final StaticLevelFormat SINGLETON = of(LevelType.SINGLETON);
    /** {@code singleton(nonunique)}: a middle level of higher-order COO. */
    public static final StaticLevelFormat SINGLETON_NONUNIQUE = SINGLETON.without(Property.UNIQUE);
    /** {@code singleton(noncompact)}: ELL's column level, -1 where a slot of a row is empty. */
    public static final StaticLevelFormat SINGLETON_PADDED = SINGLETON.without(Property.COMPACT);
    /** {@code range}: DIA's row level, ordered and unique. */
    public static final StaticLevelFormat RANGE = of(LevelType.RANGE);
    /** {@code offset}: DIA's column level, ordered, unique and branchless. */
    public static final StaticLevelFormat OFFSET = of(LevelType.OFFSET);
    /** {@code hashed}: unique. */
    public static final StaticLevelFormat HASHED = of(LevelType.HASHED);
    /** {@code bitmap}: ordered, unique. */
    public static final StaticLevelFormat BITMAP = of(LevelType.BITMAP);
    /** {@code vbyte}: ordered, unique, compact; a last level of byte codes. */
    public static final StaticLevelFormat VBYTE = of(LevelType.VBYTE);

    /**
     * @throws IllegalArgumentException if a fixed property is missing or a property is neither fixed nor configurable
     */
    public StaticLevelFormat {
        Objects.requireNonNull(type);
        EnumSet<Property> p = properties.isEmpty() ? EnumSet.noneOf(Property.class) : EnumSet.copyOf(properties);
        for (Property f : type.fixedProperties()) {
            if (!p.contains(f)) {
                throw new IllegalArgumentException(type.formatName() + " levels are always " + word(f, true));
            }
        }
        for (Property q : p) {
            if (!type.fixedProperties().contains(q) && !type.configurableProperties().contains(q)) {
                throw new IllegalArgumentException(type.formatName() + " levels cannot be " + word(q, true)
                        + " (Chou et al., Format Abstraction for Sparse Tensor Algebra Compilers, 2018, Table 1)");
            }
        }
        properties = Collections.unmodifiableSet(p);
    }

    private static final Property[] PROPERTIES = Property.values();

    /** Same type and properties; compared property by property, without iterators (the runtime compares formats per kernel run). */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof StaticLevelFormat s) || s.type != type) {
            return false;
        }
        for (Property p : PROPERTIES) {
            if (properties.contains(p) != s.properties.contains(p)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = type.hashCode();
        for (Property p : PROPERTIES) {
            if (properties.contains(p)) {
                h = 31 * h + p.ordinal() + 1;
            }
        }
        return h;
    }

    /** The type with its default properties. */
    public static StaticLevelFormat of(LevelType type) {
        return new StaticLevelFormat(type, type.defaultProperties());
    }

    /** This format with {@code p} declared. */
    public StaticLevelFormat with(Property p) {
        EnumSet<Property> s = EnumSet.copyOf(properties);
        s.add(p);
        return new StaticLevelFormat(type, s);
    }

    /** This format with {@code p} not declared. */
    public StaticLevelFormat without(Property p) {
        EnumSet<Property> s = EnumSet.copyOf(properties);
        s.remove(p);
        return new StaticLevelFormat(type, s);
    }

    /** The type name followed by the modifiers that differ from the defaults, e.g. {@code compressed(full,nonunique)}. */
    @Override
    public String name() {
        StringJoiner mods = new StringJoiner(",", "(", ")").setEmptyValue("");
        for (Property p : Property.values()) {
            boolean dflt = type.defaultProperties().contains(p);
            if (properties.contains(p) != dflt) {
                mods.add(word(p, !dflt));
            }
        }
        return type.formatName() + mods;
    }

    @Override
    public Set<Capability> capabilities() {
        return type.capabilities();
    }

    @Override
    public LocateCost locateCost() {
        return type.locateCost();
    }

    /** The modifier word for a property held ({@code unique}) or not ({@code nonunique}). */
    static String word(Property p, boolean held) {
        return switch (p) {
            case FULL -> held ? "full" : "nonfull";
            case ORDERED -> held ? "ordered" : "unordered";
            case UNIQUE -> held ? "unique" : "nonunique";
            case BRANCHLESS -> held ? "branchless" : "branching";
            case COMPACT -> held ? "compact" : "noncompact";
        };
    }

    @Override
    public String toString() {
        return name();
    }
}
