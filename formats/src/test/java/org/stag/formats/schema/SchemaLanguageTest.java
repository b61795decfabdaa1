package org.stag.formats.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Language features beyond the shipped schemas, and the pretty-printer round trip. */
class SchemaLanguageTest {

    /** Uses every construct: supertype, B + 1 arrays, explicit parent, all metadata types, open bounds. */
    private static final String EVERYTHING = String.join("\n",
            "// a B-tree whose internal nodes hold B keys and B + 1 children in one array",
            "def supertype node",
            "def inner : node {",
            "  k : elem[B] nonempty",
            "  c : node[B + 1] nonempty   // children interleave with keys",
            "  B : size in [1, 7]",
            "  up : parent inner",
            "  flags : uint8",
            "  count : int64",
            "  seq = {c, k}",
            "}",
            "def leaf : node { k : elem[B] nonempty  B : size in [2, *]  up : parent inner  dirty : bool  seq = {k} }",
            "def root handle { top : node  n : uint64  m : int8  h : int16  i : uint16  j : int32  l : uint32 }",
            "");

    @Test
    void arraysMaySizeByFieldPlusConstant() {
        Schema s = Schema.parse("everything.schema", EVERYTHING);
        NodeType inner = s.nodeType("inner").orElseThrow();
        Field c = inner.field("c").orElseThrow();
        assertEquals(Field.childArray("c", "node", ArraySize.of("B", 1), true), c);
        assertEquals(SizeBounds.of(2, 8), inner.lengthBounds(c));
        Step.ArrayLoop loop = (Step.ArrayLoop) inner.traversal().get(0);
        assertEquals(List.of("c", "k"), loop.members().stream().map(Field::name).toList());
        assertEquals(Optional.of("B"), loop.sizeField());
        assertEquals(1, loop.maxAddend());
    }

    @Test
    void explicitParentAndMetadataTypes() {
        Schema s = Schema.parse("everything.schema", EVERYTHING);
        NodeType leaf = s.nodeType("leaf").orElseThrow();
        assertEquals(Optional.of(Field.parent("up", "inner")), leaf.parentField());
        assertEquals(List.of(Field.metadata("dirty", MetadataType.BOOL)), leaf.metadataFields());
        assertEquals(new SizeBounds(2, OptionalInt.empty()), leaf.field("B").orElseThrow().bounds().orElseThrow());
        NodeType inner = s.nodeType("inner").orElseThrow();
        assertEquals(List.of(MetadataType.UINT8, MetadataType.INT64),
                inner.metadataFields().stream().map(f -> f.metadataType().orElseThrow()).toList());
        assertEquals(List.of(MetadataType.UINT64, MetadataType.INT8, MetadataType.INT16, MetadataType.UINT16,
                MetadataType.INT32, MetadataType.UINT32), s.root().metadataFields().stream()
                .map(f -> f.metadataType().orElseThrow()).toList());
        assertEquals(List.of("inner", "leaf"), s.concreteTypes("node").stream().map(NodeType::name).toList());
    }

    @Test
    void implicitParentOfASubtypeIsItsSupertype() {
        Schema s = Schema.parse("t", String.join("\n",
                "def supertype n",
                "def a : n { e : elem  kids : n[4]  p : parent  seq = e, {kids} }",
                "def b : n { e : elem  p : parent }",
                "def root h { r : n }"));
        assertEquals(Optional.of("n"), s.nodeType("b").orElseThrow().parentField().orElseThrow().target());
        assertFalse(s.nodeType("b").orElseThrow().ordered());
    }

    @Test
    void layoutAndCommentsDoNotMatter() {
        Schema oneLine = Schema.parse("bst", "def bst{e:elem nonempty l:bst r:bst seq=l,e,r}def root bst_root{r:bst n:int32 max_n:int32}");
        assertEquals(Schemas.builtin("bst"), oneLine);
        Schema spaced = Schema.parse("bst.schema", "// c\n\n def  bst // c\n {\n\te : elem nonempty\r\n l : bst\n r : bst\n"
                + " seq = l ,\n e , r }\n def root bst_root { r : bst\n n : int32 max_n : int32 } // end");
        assertEquals(oneLine, spaced);
    }

    @Test
    void chainBeforeElementsAndNoChainWhenElementsSurroundTheChild() {
        NodeType rev = Schema.parse("r", "def rev { e : elem  n : rev  seq = n, e } def root h { f : rev }")
                .nodeType("rev").orElseThrow();
        assertEquals(Optional.of(new Chain(Field.child("n", "rev", false), Chain.Position.BEFORE_ELEMENTS)), rev.chain());

        NodeType split = Schema.parse("s", "def s { a : elem  b : elem  n : s  seq = a, n, b } def root h { f : s }")
                .nodeType("s").orElseThrow();
        assertEquals(Optional.empty(), split.chain());

        NodeType arrayChild = Schema.parse("a", "def s { a : elem  n : s[2]  seq = a, {n} } def root h { f : s }")
                .nodeType("s").orElseThrow();
        assertEquals(Optional.empty(), arrayChild.chain());
    }

    @Test
    void modelEqualityIsStructural() {
        assertNotEquals(Schemas.builtin("blist"), Schemas.builtin("blist-gaps"));
        assertNotEquals(Schemas.builtin("blist").nodeType("blist"), Schemas.builtin("blist-unsorted").nodeType("blist"));
        assertEquals(Schemas.builtin("blist").root(), Schemas.builtin("blist-gaps").root());
    }

    static List<String> builtinNames() {
        return Schemas.builtinNames();
    }

    @ParameterizedTest
    @MethodSource("builtinNames")
    void builtinRoundTripsThroughToSource(String name) {
        Schema s = Schemas.builtin(name);
        String printed = s.toSource();
        Schema again = Schema.parse(name + ".schema", printed);
        assertEquals(s, again);
        assertEquals(printed, again.toSource());
    }

    @Test
    void everythingRoundTrips() {
        Schema s = Schema.parse("everything.schema", EVERYTHING);
        Schema again = Schema.parse("everything", s.toSource());
        assertEquals(s, again);
        assertTrue(s.toSource().contains("  c : node[B + 1] nonempty\n"), s.toSource());
        assertTrue(s.toSource().contains("  B : size in [2, *]\n"), s.toSource());
    }

    @Test
    void printsCanonicalSource() {
        assertEquals(String.join("\n",
                "def rbtree {",
                "  e : elem nonempty",
                "  l : rbtree",
                "  r : rbtree",
                "  p : parent rbtree",
                "  c : bool",
                "  seq = l, e, r",
                "}",
                "",
                "def root rbtree_root {",
                "  r : rbtree",
                "}",
                ""), Schemas.builtin("rbtree").toSource());
    }

    @Test
    void loadsFilesAndNamesThemInMessages(@TempDir Path dir) throws IOException {
        Path good = dir.resolve("mine.schema");
        Files.writeString(good, "def root h { r : t }\ndef t { e : elem }\n");
        assertEquals("mine", Schemas.load(good).name());
        Path bad = dir.resolve("bad.schema");
        Files.writeString(bad, "def root h { r : t }\n");
        SchemaException e = assertThrows(SchemaException.class, () -> Schemas.load(bad));
        assertEquals(bad + ":1:18: field 'r' points to unknown type 't'", e.getMessage());
    }
}
