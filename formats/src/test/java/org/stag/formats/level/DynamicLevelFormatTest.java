package org.stag.formats.level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stag.formats.dynamic.impl.ListFormat;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.SchemaTraits;
import org.stag.formats.schema.Schemas;

/** Dynamic levels' capabilities and properties come from their schemas alone. */
class DynamicLevelFormatTest {

    @ParameterizedTest(name = "{0}: ordered={1} compact={2} branching={3}")
    @CsvSource({
        "list, true, true, false",
        "blist, true, true, false",
        "blist-gaps, true, false, false",
        "blist-fixed, true, false, false",
        "blist-unsorted, false, true, false",
        "vblist, true, true, false",
        "ttree, true, true, true",
        "bst, true, true, true",
        "rbtree, true, true, true",
        "ctree, true, true, true",
        "btree, true, true, true"})
    void traitsOfEveryShippedSchema(String name, boolean ordered, boolean compact, boolean branching) {
        assertEquals(new SchemaTraits(ordered, compact, branching), SchemaTraits.of(Schemas.builtin(name)));
        DynamicLevelFormat f = new DynamicLevelFormat(new SchemaOnlyFormat(name));
        EnumSet<Property> props = EnumSet.of(Property.UNIQUE);
        if (ordered) {
            props.add(Property.ORDERED);
        }
        if (compact) {
            props.add(Property.COMPACT);
        }
        assertEquals(props, f.properties());
        EnumSet<Capability> caps = EnumSet.of(Capability.SCHEMA_ITERATION, Capability.APPEND, Capability.INSERT);
        if (ordered && branching) {
            caps.add(Capability.LOCATE);
        }
        assertEquals(caps, f.capabilities());
        assertEquals(ordered && branching ? LocateCost.LOGARITHMIC : LocateCost.NONE, f.locateCost());
        assertEquals(name, f.name());
        assertTrue(f.dynamicFormat().isPresent());
    }

    @Test
    void listLevelHasNoLocateAndNoPositionRange() {
        DynamicLevelFormat f = new DynamicLevelFormat(new ListFormat());
        Set<Capability> c = f.capabilities();
        assertEquals(EnumSet.of(Capability.SCHEMA_ITERATION, Capability.APPEND, Capability.INSERT), c);
        assertEquals(EnumSet.of(Property.ORDERED, Property.UNIQUE, Property.COMPACT), f.properties());
    }

    @Test
    void aSchemaWithoutSeqOnASingleArrayIsUnordered() {
        Schema s = Schema.parse("bag", "def bag { e : elem[4] nonempty }\ndef root bag_head { h : bag }");
        assertEquals(new SchemaTraits(false, true, false), SchemaTraits.of(s));
        Schema chained = Schema.parse("seqless", "def node { e : elem nonempty\n l : node\n r : node }\n"
                + "def root top { r : node }");
        // Two children without seq: a tree, but its order is unknown, so no search.
        assertEquals(new SchemaTraits(false, true, true), SchemaTraits.of(chained));
        assertEquals(false, SchemaTraits.of(chained).searchable());
    }

    @Test
    void equalityFollowsNameAndSchemaNotInstance() {
        assertEquals(new DynamicLevelFormat(new ListFormat()), new DynamicLevelFormat(new ListFormat()));
        assertEquals(new DynamicLevelFormat(new ListFormat()).hashCode(), new DynamicLevelFormat(new ListFormat()).hashCode());
        assertNotEquals(new DynamicLevelFormat(new ListFormat()), new DynamicLevelFormat(new SchemaOnlyFormat("bst")));
    }
}
