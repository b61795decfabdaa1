package org.stag.formats.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every shipped schema loads and its model says exactly what the paper's figures say. */
class BuiltinSchemasTest {

    private static NodeType type(Schema s, String name) {
        return s.nodeType(name).orElseThrow();
    }

    private static Field field(NodeType t, String name) {
        return t.field(name).orElseThrow();
    }

    private static Step.ArrayLoop loop(Field... members) {
        return new Step.ArrayLoop(List.of(members));
    }

    private static List<String> names(List<NodeType> types) {
        return types.stream().map(NodeType::name).toList();
    }

    @Test
    void list() {
        Schema s = Schemas.builtin("list");
        assertEquals("list", s.name());
        assertEquals("list_head", s.root().name());
        assertEquals(List.of("list", "list_head"), names(s.nodeTypes()));
        NodeType list = type(s, "list");
        Field e = Field.element("e", true);
        Field n = Field.child("n", "list", false);
        assertEquals(List.of(e), list.elementFields());
        assertEquals(List.of(n), list.childFields());
        assertTrue(list.ordered());
        assertEquals(List.of(new Step.Element(e), new Step.Child(n)), list.traversal());
        assertEquals(Optional.of(new Chain(n, Chain.Position.AFTER_ELEMENTS)), list.chain());
        assertFalse(list.isRoot());

        NodeType head = s.root();
        assertEquals(List.of(Field.child("h", "list", false)), head.fields());
        assertEquals(List.of(), head.elementFields());
        assertEquals(Optional.empty(), head.chain()); // its child is another type
        assertFalse(head.ordered());
        assertEquals(List.of(new Step.Child(Field.child("h", "list", false))), head.traversal());
    }

    @Test
    void blistDefaultHasContiguousSortedBlocksOfAtMostSixteen() {
        Schema s = Schemas.builtin("blist");
        assertEquals("blist_head", s.root().name());
        NodeType b = type(s, "blist");
        Field e = Field.elementArray("e", ArraySize.of("B", 0), true);
        Field n = Field.child("n", "blist", false);
        assertEquals(List.of(e, n, Field.size("B", SizeBounds.of(0, 16))), b.fields());
        assertEquals(FieldKind.ELEMENT_ARRAY, e.kind());
        assertEquals(SizeBounds.of(0, 16), b.lengthBounds(e));
        assertEquals(List.of(loop(e), new Step.Child(n)), b.traversal());
        assertEquals(Optional.of("B"), ((Step.ArrayLoop) b.traversal().get(0)).sizeField());
        assertEquals(Optional.of(new Chain(n, Chain.Position.AFTER_ELEMENTS)), b.chain());
        assertTrue(b.ordered());
    }

    @Test
    void blistGapsAllowsEmptySlotsBelowB() {
        NodeType b = type(Schemas.builtin("blist-gaps"), "blist");
        Field e = field(b, "e");
        assertFalse(e.nonempty());
        assertEquals(Optional.of(ArraySize.of("B", 0)), e.arraySize());
        assertEquals(SizeBounds.of(0, 16), b.lengthBounds(e));
        assertTrue(b.ordered());
        assertEquals(List.of(loop(e), new Step.Child(field(b, "n"))), b.traversal());
    }

    @Test
    void blistFixedHasSixteenSlotsAndNoSizeField() {
        NodeType b = type(Schemas.builtin("blist-fixed"), "blist");
        Field e = field(b, "e");
        assertEquals(Field.elementArray("e", ArraySize.constant(16), false), e);
        assertEquals(List.of(), b.sizeFields());
        assertEquals(SizeBounds.of(16, 16), b.lengthBounds(e));
        Step.ArrayLoop l = (Step.ArrayLoop) b.traversal().get(0);
        assertEquals(Optional.empty(), l.sizeField());
        assertEquals(16, l.maxAddend());
    }

    @Test
    void blistUnsortedHasNoOrderButStillChains() {
        NodeType b = type(Schemas.builtin("blist-unsorted"), "blist");
        assertFalse(b.ordered());
        Field e = field(b, "e");
        Field n = field(b, "n");
        assertTrue(e.nonempty());
        assertEquals(List.of(loop(e), new Step.Child(n)), b.traversal());
        assertEquals(Optional.of(new Chain(n, Chain.Position.AFTER_ELEMENTS)), b.chain());
    }

    @Test
    void vblistBlocksAreUnbounded() {
        Schema s = Schemas.builtin("vblist");
        assertEquals("vblist_head", s.root().name());
        NodeType v = type(s, "vblist");
        assertEquals(Optional.of(SizeBounds.UNBOUNDED), field(v, "B").bounds());
        SizeBounds len = v.lengthBounds(field(v, "e"));
        assertFalse(len.isBounded());
        assertEquals(0, len.lower());
        assertEquals(Chain.Position.AFTER_ELEMENTS, v.chain().orElseThrow().position());
    }

    @Test
    void ttree() {
        Schema s = Schemas.builtin("ttree");
        assertEquals("ttree_root", s.root().name());
        NodeType t = type(s, "ttree");
        Field e = Field.elementArray("e", ArraySize.of("B", 0), true);
        Field l = Field.child("l", "ttree", false);
        Field r = Field.child("r", "ttree", false);
        assertEquals(List.of(e), t.elementFields());
        assertEquals(List.of(l, r), t.childFields());
        assertEquals(List.of(new Step.Child(l), loop(e), new Step.Child(r)), t.traversal());
        assertEquals(SizeBounds.of(1, 32), t.lengthBounds(e)); // the figure's [1, 4] is illustrative
        assertEquals(List.of(Field.metadata("ht", MetadataType.INT8)), t.metadataFields());
        assertEquals(Optional.empty(), t.chain()); // two children
    }

    @Test
    void bst() {
        Schema s = Schemas.builtin("bst");
        assertEquals("bst_root", s.root().name());
        NodeType b = type(s, "bst");
        assertEquals(List.of(new Step.Child(field(b, "l")), new Step.Element(field(b, "e")), new Step.Child(field(b, "r"))),
                b.traversal());
        assertEquals(Optional.empty(), b.parentField());
        assertEquals(Optional.empty(), b.chain());
    }

    @Test
    void rbtreeHasParentAndColour() {
        Schema s = Schemas.builtin("rbtree");
        assertEquals("rbtree_root", s.root().name());
        NodeType t = type(s, "rbtree");
        assertEquals(Optional.of(Field.parent("p", "rbtree")), t.parentField());
        assertEquals(List.of(Field.metadata("c", MetadataType.BOOL)), t.metadataFields());
        assertEquals(List.of(Field.element("e", true)), t.elementFields());
        assertEquals(List.of("l", "r"), t.childFields().stream().map(Field::name).toList());
        assertEquals(List.of("l", "e", "r"), t.traversal().stream()
                .map(st -> st instanceof Step.Element el ? el.field().name() : ((Step.Child) st).field().name()).toList());
    }

    @Test
    void vctreeIsCtreesShapeWithVarintChunks() {
        Schema s = Schemas.builtin("vctree");
        assertEquals(List.of("vctree", "vprefix"), names(s.nodeTypes()));
        assertTrue(s.varint());
        assertFalse(Schemas.builtin("ctree").varint());
        Field t = type(s, "vctree").field("t").orElseThrow();
        assertTrue(t.varint());
        assertEquals("t : elem[N] nonempty varint", t.toString());
        assertFalse(type(s, "vctree").field("h").orElseThrow().varint());
        assertTrue(type(s, "vprefix").field("e").orElseThrow().varint());
        assertEquals(s.toSource(), Schema.parse("again.schema", s.toSource()).toSource());
    }

    @Test
    void ctreeWithPrefixAsRoot() {
        Schema s = Schemas.builtin("ctree");
        assertEquals("prefix", s.root().name());
        assertEquals(List.of("ctree", "prefix"), names(s.nodeTypes()));
        NodeType c = type(s, "ctree");
        Field h = Field.element("h", true);
        Field t = Field.elementArray("t", ArraySize.of("N", 0), true);
        assertEquals(List.of(h, t), c.elementFields());
        assertEquals(List.of(new Step.Child(field(c, "l")), new Step.Element(h), loop(t), new Step.Child(field(c, "r"))),
                c.traversal());
        assertFalse(c.lengthBounds(t).isBounded());

        NodeType p = s.root();
        Field pe = Field.elementArray("e", ArraySize.of("N", 0), true);
        Field pr = Field.child("r", "ctree", false);
        assertEquals(List.of(loop(pe), new Step.Child(pr)), p.traversal());
        assertEquals(Optional.empty(), p.chain()); // its one child is a ctree, not a prefix
    }

    @Test
    void btreeInternalAndLeafShareASupertype() {
        Schema s = Schemas.builtin("btree");
        assertEquals("btree_root", s.root().name());
        assertEquals(List.of(new Supertype("btree", List.of("btree_internal", "btree_leaf"))), s.supertypes());
        assertEquals(List.of("btree_internal", "btree_leaf"), names(s.concreteTypes("btree")));
        assertEquals(List.of("btree_root"), names(s.concreteTypes("btree_root")));

        NodeType in = type(s, "btree_internal");
        assertEquals(Optional.of("btree"), in.supertype());
        Field e = Field.elementArray("e", ArraySize.of("B", 0), true);
        Field c = Field.childArray("c", "btree", ArraySize.of("B", 0), true);
        Field cl = Field.child("cl", "btree", true);
        assertEquals(List.of(c, cl), in.childFields());
        assertEquals(List.of(loop(c, e), new Step.Child(cl)), in.traversal());
        assertEquals(Optional.of("B"), ((Step.ArrayLoop) in.traversal().get(0)).sizeField());
        assertEquals(SizeBounds.of(1, 31), in.lengthBounds(c)); // the figure's [1, 3] is illustrative
        assertEquals(Optional.empty(), in.chain());

        NodeType leaf = type(s, "btree_leaf");
        assertEquals(List.of(), leaf.childFields());
        assertEquals(List.of(loop(e)), leaf.traversal());
        assertEquals(SizeBounds.of(1, 31), leaf.lengthBounds(field(leaf, "e")));
    }

    @Test
    void builtinLookupAcceptsExtensionAndCaches() {
        assertSame(Schemas.builtin("ctree"), Schemas.builtin("ctree.schema"));
        assertEquals(12, Schemas.builtinNames().size());
        for (String name : Schemas.builtinNames()) {
            assertEquals(name, Schemas.builtin(name).name());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Schemas.builtin("skiplist"));
        assertTrue(e.getMessage().startsWith("no built-in schema 'skiplist'"), e.getMessage());
    }

    @Test
    void lengthBoundsRejectsScalars() {
        NodeType list = type(Schemas.builtin("list"), "list");
        assertThrows(IllegalArgumentException.class, () -> list.lengthBounds(field(list, "e")));
    }
}
