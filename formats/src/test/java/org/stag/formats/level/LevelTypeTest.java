package org.stag.formats.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Capabilities and properties of the static level types against [Chou 2018], Table 1 (and bitmap's own row). */
class LevelTypeTest {
    private static final Capability V = Capability.COORDINATE_VALUE_ITERATION;
    private static final Capability P = Capability.COORDINATE_POSITION_ITERATION;

    private static void row(LevelType t, Set<Capability> caps, LocateCost locate, Set<Property> fixed,
                            Set<Property> configurable, Set<Property> defaults) {
        assertEquals(caps, t.capabilities(), t + " capabilities");
        assertEquals(locate, t.locateCost(), t + " locate cost");
        assertEquals(fixed, t.fixedProperties(), t + " fixed properties");
        assertEquals(configurable, t.configurableProperties(), t + " configurable properties");
        assertEquals(defaults, t.defaultProperties(), t + " default properties");
        StaticLevelFormat f = StaticLevelFormat.of(t);
        assertEquals(defaults, f.properties());
        assertEquals(caps, f.capabilities());
        assertEquals(t.formatName(), f.name());
    }

    @Test
    void denseIsValueIteratedLocatableInsertableFullAndCompact() {
        row(LevelType.DENSE, EnumSet.of(V, Capability.LOCATE, Capability.INSERT), LocateCost.CONSTANT,
                EnumSet.of(Property.FULL, Property.COMPACT), EnumSet.of(Property.ORDERED, Property.UNIQUE),
                EnumSet.of(Property.FULL, Property.ORDERED, Property.UNIQUE, Property.COMPACT));
    }

    @Test
    void compressedIsPositionIteratedAppendableAndCompact() {
        row(LevelType.COMPRESSED, EnumSet.of(P, Capability.APPEND), LocateCost.NONE,
                EnumSet.of(Property.COMPACT), EnumSet.of(Property.FULL, Property.ORDERED, Property.UNIQUE),
                EnumSet.of(Property.ORDERED, Property.UNIQUE, Property.COMPACT));
    }

    @Test
    void singletonIsPositionIteratedAppendableBranchlessAndCompactUnlessPadded() {
        // Table 1 has compact fixed; an ELL slot a row does not fill is an unlabeled position, so it may be declared away.
        row(LevelType.SINGLETON, EnumSet.of(P, Capability.APPEND), LocateCost.NONE,
                EnumSet.of(Property.BRANCHLESS),
                EnumSet.of(Property.FULL, Property.ORDERED, Property.UNIQUE, Property.COMPACT),
                EnumSet.of(Property.ORDERED, Property.UNIQUE, Property.BRANCHLESS, Property.COMPACT));
        assertEquals("singleton(noncompact)", StaticLevelFormat.SINGLETON_PADDED.name());
    }

    @Test
    void rangeIsValueIteratedOnlyNeitherFullNorCompact() {
        row(LevelType.RANGE, EnumSet.of(V), LocateCost.NONE, EnumSet.noneOf(Property.class),
                EnumSet.of(Property.ORDERED, Property.UNIQUE), EnumSet.of(Property.ORDERED, Property.UNIQUE));
    }

    @Test
    void offsetIsPositionIteratedBranchlessNotCompact() {
        row(LevelType.OFFSET, EnumSet.of(P), LocateCost.NONE, EnumSet.of(Property.BRANCHLESS),
                EnumSet.of(Property.ORDERED, Property.UNIQUE), EnumSet.of(Property.ORDERED, Property.UNIQUE, Property.BRANCHLESS));
    }

    @Test
    void hashedIsPositionIteratedLocatableInsertableUnorderedAndNotCompact() {
        row(LevelType.HASHED, EnumSet.of(P, Capability.LOCATE, Capability.INSERT), LocateCost.CONSTANT,
                EnumSet.noneOf(Property.class), EnumSet.of(Property.FULL, Property.UNIQUE), EnumSet.of(Property.UNIQUE));
    }

    @Test
    void vbyteIsPositionIteratedAndLocatedBySearchButNeitherAppendedNorInserted() {
        row(LevelType.VBYTE, EnumSet.of(P, Capability.LOCATE), LocateCost.LOGARITHMIC,
                EnumSet.of(Property.ORDERED, Property.UNIQUE, Property.COMPACT), EnumSet.noneOf(Property.class),
                EnumSet.of(Property.ORDERED, Property.UNIQUE, Property.COMPACT));
        assertTrue(StaticLevelFormat.VBYTE.iteratesRowInOrder());
    }

    @Test
    void bitmapIsDenseWithPresenceBitsSoNeitherFullNorCompact() {
        row(LevelType.BITMAP, EnumSet.of(V, Capability.LOCATE, Capability.INSERT), LocateCost.CONSTANT,
                EnumSet.of(Property.ORDERED, Property.UNIQUE), EnumSet.noneOf(Property.class),
                EnumSet.of(Property.ORDERED, Property.UNIQUE));
    }

    @Test
    void everyStaticLevelIteratesOneWayAndOnlyLocatableOnesInsert() {
        for (LevelType t : LevelType.values()) {
            assertTrue(t.capabilities().contains(V) ^ t.capabilities().contains(P), t + ": exactly one of V, P");
            assertFalse(t.capabilities().contains(Capability.SCHEMA_ITERATION), t.toString());
            // [Chou 2018], §3.4: insert_coord writes at the position locate returns. A level built whole (vbyte)
            // locates without inserting.
            assertTrue(!t.capabilities().contains(Capability.INSERT) || t.capabilities().contains(Capability.LOCATE), t.toString());
            assertEquals(t.capabilities().contains(Capability.INSERT), t.capabilities().contains(Capability.LOCATE)
                    && t != LevelType.VBYTE, t.toString());
            assertEquals(t.capabilities().contains(Capability.LOCATE), t.locateCost() != LocateCost.NONE, t.toString());
        }
    }

    @Test
    void modifiersChangeConfigurablePropertiesAndTheName() {
        StaticLevelFormat coo = StaticLevelFormat.COMPRESSED_NONUNIQUE;
        assertEquals("compressed(nonunique)", coo.name());
        assertEquals(EnumSet.of(Property.ORDERED, Property.COMPACT), coo.properties());
        StaticLevelFormat f = StaticLevelFormat.COMPRESSED.with(Property.FULL).without(Property.ORDERED);
        assertEquals("compressed(full,unordered)", f.name());
        assertTrue(f.is(Property.FULL));
        assertFalse(f.is(Property.ORDERED));
        assertEquals("singleton(nonunique)", StaticLevelFormat.SINGLETON_NONUNIQUE.name());
        assertEquals("dense(unordered,nonunique)", StaticLevelFormat.DENSE.without(Property.ORDERED).without(Property.UNIQUE).name());
        assertEquals("hashed(nonunique)", StaticLevelFormat.HASHED.without(Property.UNIQUE).name());
        assertEquals(StaticLevelFormat.COMPRESSED_NONUNIQUE, StaticLevelFormat.COMPRESSED.without(Property.UNIQUE));
    }

    @Test
    void fixedPropertiesCannotBeDroppedNorForeignOnesAdded() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StaticLevelFormat.DENSE.without(Property.FULL));
        assertTrue(e.getMessage().contains("always full"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> StaticLevelFormat.HASHED.with(Property.ORDERED));
        assertTrue(e.getMessage().contains("cannot be ordered"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> StaticLevelFormat.COMPRESSED.with(Property.BRANCHLESS));
        assertThrows(IllegalArgumentException.class, () -> StaticLevelFormat.SINGLETON.without(Property.BRANCHLESS));
        assertThrows(IllegalArgumentException.class, () -> StaticLevelFormat.BITMAP.without(Property.ORDERED));
        assertThrows(IllegalArgumentException.class, () -> StaticLevelFormat.BITMAP.with(Property.COMPACT));
    }

    /**
     * Which levels iterate a parent's row in order, each coordinate once ({@link LevelFormat#iteratesRowInOrder}, what
     * a fused row reduction asks): compressed and the ordered dynamic schemas; not dense or bitmap (a parent's whole
     * dimension), hashed (unordered), singleton (one child), non-unique compressed, or an unsorted block list.
     */
    @Test
    void rowsIteratedInOrderFollowFromCapabilitiesAndProperties() {
        assertTrue(StaticLevelFormat.COMPRESSED.iteratesRowInOrder());
        for (StaticLevelFormat f : new StaticLevelFormat[] {StaticLevelFormat.DENSE, StaticLevelFormat.BITMAP,
                StaticLevelFormat.HASHED, StaticLevelFormat.SINGLETON, StaticLevelFormat.COMPRESSED_NONUNIQUE}) {
            assertFalse(f.iteratesRowInOrder(), f.name());
        }
        for (String name : new String[] {"ctree", "bst", "rbtree", "ttree", "btree", "list", "blist", "vblist"}) {
            assertTrue(new DynamicLevelFormat(org.stag.formats.dynamic.BuiltinFormats.byName(name)).iteratesRowInOrder(), name);
        }
        assertFalse(new DynamicLevelFormat(org.stag.formats.dynamic.BuiltinFormats.byName("blist-unsorted")).iteratesRowInOrder());
    }
}
