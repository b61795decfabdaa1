package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.impl.ListFormat;
import org.stag.formats.level.Capability;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.Property;
import org.stag.formats.level.StaticLevelFormat;
import org.stag.formats.schema.Schemas;

/** Format strings: what parses to what, and one test per error. */
class FormatParserTest {

    @Test
    void staticLevelNames() {
        Format coo = FormatParser.parse("compressed(nonunique),singleton(nonunique),singleton");
        assertEquals(List.of(StaticLevelFormat.COMPRESSED_NONUNIQUE, StaticLevelFormat.SINGLETON_NONUNIQUE,
                StaticLevelFormat.SINGLETON), coo.levels());
        assertEquals(Format.coo(3), coo);
        Format f = FormatParser.parse("dense,hashed,bitmap,compressed");
        assertEquals(List.of(StaticLevelFormat.DENSE, StaticLevelFormat.HASHED, StaticLevelFormat.BITMAP,
                StaticLevelFormat.COMPRESSED), f.levels());
        assertTrue(f.hasIdentityOrder());
        assertEquals(List.of("dense", "range", "compressed", "singleton", "offset", "hashed", "bitmap", "vbyte"),
                FormatParser.staticNames());
    }

    @Test
    void caseAndWhitespaceDoNotMatter() {
        Format f = FormatParser.parse("  Dense ,\tCOMPRESSED ( NonUnique ) ,singleton ; ORDER = 2, 0 , 1  ");
        assertEquals(FormatParser.parse("dense,compressed(nonunique),singleton;order=2,0,1"), f);
        assertEquals("dense,compressed(nonunique),singleton;order=2,0,1", f.toString());
    }

    @Test
    void modeOrderSyntax() {
        Format csc = FormatParser.parse("dense,compressed;order=1,0");
        assertEquals(Format.csc(), csc);
        assertArrayEquals(new int[] {1, 0}, csc.modeOrder());
        assertEquals(1, csc.modeOfLevel(0));
        assertEquals(0, csc.levelOfMode(1));
        assertEquals(Format.csr(), FormatParser.parse("dense,compressed;order=0,1"));
        assertEquals("dense,compressed", FormatParser.parse("dense,compressed;order=0,1").toString());
    }

    @Test
    void modifiersDeclareConfigurableProperties() {
        LevelFormat full = FormatParser.parse("compressed(full,unordered)").level(0);
        assertTrue(full.is(Property.FULL));
        assertFalse(full.is(Property.ORDERED));
        assertEquals("dense(unordered)", FormatParser.parse("dense(unordered)").level(0).name());
        // Redundant modifiers (what the type always or never has) are accepted and change nothing.
        assertEquals(StaticLevelFormat.DENSE, FormatParser.parse("dense(full,ordered,unique)").level(0));
        assertEquals(StaticLevelFormat.HASHED, FormatParser.parse("hashed(unordered)").level(0));
        assertEquals(StaticLevelFormat.BITMAP, FormatParser.parse("bitmap(nonfull)").level(0));
    }

    @Test
    void toStringParsesBackToTheSameFormat() {
        for (int order = 1; order <= 3; order++) {
            for (Format f : Model.formats(order, Model.STATIC)) {
                for (int[] p : Model.permutations(order)) {
                    Format g = f.withOrder(p);
                    assertEquals(g, FormatParser.parse(g.toString()), g.toString());
                }
            }
        }
        Format odd = Format.of(StaticLevelFormat.COMPRESSED.with(Property.FULL).without(Property.ORDERED),
                StaticLevelFormat.DENSE.without(Property.UNIQUE));
        assertEquals(odd, FormatParser.parse(odd.toString()));
    }

    @Test
    void dynamicLevelsComeFromTheRegistry() {
        Format f = FormatParser.parse("dense,list");
        assertTrue(f.level(1) instanceof DynamicLevelFormat);
        assertTrue(f.level(1).has(Capability.SCHEMA_ITERATION));
        assertEquals(f, FormatParser.parse(f.toString()));
        DynamicFormats mine = new DynamicFormats().register("List", ListFormat::new)
                .register("mylist", () -> new ListFormat(Schemas.builtin("list")));
        assertEquals("list", FormatParser.parse("mylist", mine).level(0).name());
        assertEquals(List.of("list", "mylist"), List.copyOf(mine.names()));
        assertEquals(new java.util.TreeSet<>(org.stag.formats.dynamic.BuiltinFormats.names()),
                new java.util.TreeSet<>(DynamicFormats.builtin().names()));
    }

    @Test
    void everyShippedSchemaNameIsKnown() {
        for (String name : Schemas.builtinNames()) {
            DynamicFormats all = new DynamicFormats().register(name, ListFormat::new);
            assertTrue(FormatParser.parse("dense," + name, all).level(1) instanceof DynamicLevelFormat, name);
        }
    }

    private static FormatException error(String text, String part, int column) {
        return error(text, DynamicFormats.builtin(), part, column);
    }

    private static FormatException error(String text, DynamicFormatRegistry r, String part, int column) {
        FormatException e = assertThrows(FormatException.class, () -> FormatParser.parse(text, r));
        assertTrue(e.reason().contains(part), "expected '" + part + "' in: " + e.getMessage());
        assertEquals(column, e.column(), e.getMessage());
        assertEquals(text, e.input());
        assertTrue(e.getMessage().contains("\n  " + text + "\n  " + " ".repeat(column - 1) + "^"), e.getMessage());
        return e;
    }

    @Test
    void emptyFormat() {
        error("   ", "empty format", 4);
        error("", "empty format", 1);
    }

    @Test
    void unknownLevelNameListsTheKnownOnes() {
        FormatException e = error("dense,compresed", "unknown level format 'compresed'", 7);
        for (String known : List.of("dense", "range", "compressed", "singleton", "offset", "hashed", "bitmap", "list", "blist", "vblist",
                "ttree", "bst", "rbtree", "ctree", "btree", "blist-gaps")) {
            assertTrue(e.reason().contains(known), known + " in " + e.reason());
        }
    }

    @Test
    void shippedSchemaWithoutImplementation() {
        // A registry without C-trees, so the test holds whatever stag itself implements.
        DynamicFormats onlyLists = new DynamicFormats().register("list", ListFormat::new);
        error("dense,ctree", onlyLists, "has a schema but no registered implementation yet; implemented: list", 7);
    }

    @Test
    void missingLevel() {
        error("dense,,compressed", "missing level format", 7);
        error("dense,", "missing level format", 7);
        error("(full)", "expected a level format", 1);
    }

    @Test
    void unknownModifier() {
        error("compressed(sorted)", "unknown modifier 'sorted'; modifiers: compact, full, noncompact, nonfull, nonunique, ordered, unique, unordered", 12);
    }

    @Test
    void emptyModifier() {
        error("compressed()", "expected a modifier", 12);
    }

    @Test
    void unclosedModifiers() {
        error("compressed(nonunique", "expected ')' to close the modifiers, found the end", 21);
        error("compressed(nonunique singleton", "expected ')'", 22);
    }

    @Test
    void repeatedAndContradictoryModifiers() {
        error("compressed(full,full)", "'full' is repeated", 17);
        error("compressed(unique, nonunique)", "'nonunique' contradicts", 20);
    }

    @Test
    void propertiesATypeAlwaysHasCannotBeDenied() {
        error("dense(nonfull)", "dense levels are always full", 7);
        error("bitmap(unordered)", "bitmap levels are always ordered", 8);
    }

    @Test
    void propertiesATypeNeverHasCannotBeClaimed() {
        error("hashed(ordered)", "hashed levels cannot be ordered (Chou et al., Format Abstraction for Sparse Tensor Algebra Compilers, 2018, Table 1)", 8);
        error("bitmap(full)", "bitmap levels cannot be full", 8);
    }

    @Test
    void dynamicLevelsTakeNoModifiers() {
        error("dense,list(unordered)", "takes no modifiers", 12);
    }

    @Test
    void singletonNeedsAParentThatRepeatsCoordinatesOrASlotLevel() {
        error("singleton", "a singleton level needs a parent", 1);
        error("compressed,hashed(nonunique),singleton", "a singleton level needs a non-unique compressed or singleton parent", 30);
        // Under a unique parent the top level is ELL's slot level: it must be dense and the levels static.
        error("compressed,dense,singleton", "the slot level (level 0, the diagonals or the slots of a row) must be dense", 18);
        error("dense,ctree,singleton", "a format with a slot level holds static levels only, not ctree", 13);
    }

    @Test
    void diaAndEllParseWithASlotLevel() {
        Format dia = FormatParser.parse("dense,range,offset");
        assertEquals(Format.dia(), dia);
        assertEquals(2, dia.order());
        assertEquals(3, dia.depth());
        assertEquals(1, dia.slots());
        assertEquals(-1, dia.modeOfLevel(0));
        assertEquals(1, dia.levelOfMode(0));
        assertEquals("dense,range,offset", dia.toString());
        Format ell = FormatParser.parse("Dense, Dense, Singleton");
        assertEquals(Format.ell(), ell);
        assertEquals("dense,dense,singleton(noncompact)", ell.toString());
        assertEquals(ell, FormatParser.parse(ell.toString()));
        Format sparseDiagonals = FormatParser.parse("dense,compressed,offset");
        assertEquals(2, sparseDiagonals.order());
        Format transposed = FormatParser.parse("dense,range,offset;order=1,0");
        assertEquals(1, transposed.modeOfLevel(1));
        assertEquals("dense,range,offset;order=1,0", transposed.toString());
        assertEquals(3, FormatParser.parse("dense,range,offset,compressed").order());
        assertEquals(3, FormatParser.parse("dense,dense,dense,singleton").order());
        // COO keeps every level a mode: its singletons sit under non-unique parents.
        assertEquals(0, FormatParser.parse("compressed(nonunique),singleton").slots());
    }

    @Test
    void rangeAndOffsetStandOnlyWhereTheirOffsetsAreKeyed() {
        error("dense,dense,offset", "an offset level needs a range or compressed parent (under any other level a diagonal"
                + " leaves the matrix), not dense", 13);
        error("offset", "an offset level needs a range or compressed parent", 1);
        error("compressed,offset", "an offset level needs a grandparent, the diagonal level", 12);
        error("range,offset", "a range level needs a parent, the diagonal", 1);
        error("dense,range", "a range level needs an offset level right below it", 7);
        error("dense,range,compressed", "a range level needs an offset level right below it", 7);
        error("compressed,range,offset", "the slot level (level 0, the diagonals or the slots of a row) must be dense", 12);
        error("dense,dense,range,offset", "its offsets are keyed by level 1, but the slot level of a format is its top level", 13);
        error("dense,range,offset,singleton", "one slot level serves either DIA's diagonals", 7);
        error("dense,range,offset;order=0,1,2", "mode order [0, 1, 2] has 3 entries for 2 modes", 26);
    }

    @Test
    void dynamicLevelNeedsAUniqueParent() {
        error("compressed(nonunique), list", "a dynamic level needs a unique parent level", 24);
    }

    @Test
    void junkAfterALevel() {
        error("dense compressed", "unexpected 'c'", 7);
        error("dense,compressed)", "unexpected ')'", 17);
    }

    @Test
    void unknownOrMissingOption() {
        error("dense;colour=red", "unknown option 'colour'; known options: order", 7);
        error("dense;", "expected an option after ';'", 7);
        error("dense;order 0", "expected '=' after order, found '0'", 13);
    }

    @Test
    void badModeOrders() {
        error("dense,compressed;order=1", "has 1 entries for 2 modes", 24);
        error("dense,compressed;order=1,1", "is not a permutation of 0..1", 24);
        error("dense,compressed;order=0,2", "is not a permutation", 24);
        error("dense,compressed;order=1,x", "expected a mode number", 26);
        error("dense;order=99999999999", "too large", 13);
        error("dense;order=0;order=0", "given twice", 15);
    }

    @Test
    void vbyteIsALastLevelUnderADenseRowLevel() {
        assertEquals(List.of(StaticLevelFormat.DENSE, StaticLevelFormat.VBYTE), FormatParser.parse("dense,vbyte").levels());
        FormatException e = assertThrows(FormatException.class, () -> FormatParser.parse("vbyte,dense"));
        assertTrue(e.getMessage().contains("column 1") && e.getMessage().contains("a vbyte level is a last level"),
                e.getMessage());
        e = assertThrows(FormatException.class, () -> FormatParser.parse("compressed,vbyte"));
        assertTrue(e.getMessage().contains("column 12") && e.getMessage().contains("under a dense row level"), e.getMessage());
        e = assertThrows(FormatException.class, () -> FormatParser.parse("dense,vbyte(unordered)"));
        assertTrue(e.getMessage().contains("vbyte levels are always ordered"), e.getMessage());
    }
}
