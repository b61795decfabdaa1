package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.impl.BlistFormat;
import org.stag.formats.schema.Schema;
import org.stag.formats.schema.Schemas;

/** The four block linked lists, each against the contracts, with blocks of 3 as the small variant. */
class BlistFormatTest {
    static final int SMALL = 3;

    @Test
    void theShippedSchemasGiveTheFourVariants() {
        assertEquals(BlistFormat.Variant.SORTED, BlistFormat.builtin("blist").variant());
        assertEquals(BlistFormat.Variant.GAPS, BlistFormat.builtin("blist-gaps").variant());
        assertEquals(BlistFormat.Variant.FIXED, BlistFormat.builtin("blist-fixed").variant());
        assertEquals(BlistFormat.Variant.UNSORTED, BlistFormat.builtin("blist-unsorted").variant());
        assertEquals("blist-gaps", BlistFormat.builtin("blist-gaps").name());
        assertFalse(BlistFormat.builtin("blist-unsorted").ordered());
        assertTrue(new BlistFormat().ordered());
    }

    @Test
    void theShippedBlocksHoldSixteenElements() {
        for (String name : List.of("blist", "blist-gaps", "blist-fixed", "blist-unsorted")) {
            assertEquals(16, BlistFormat.builtin(name).blockCapacity(), name);
        }
    }

    @Test
    void theSchemaDecidesTheCapacity() {
        BlistFormat f = new BlistFormat(BlockLists.withCapacity("blist", 7));
        assertEquals(7, f.blockCapacity());
        NodeStore s = f.newStore(ValueMode.NONE);
        int root = f.newRoot(s);
        int[] c = BlockLists.randomSorted(new java.util.SplittableRandom(1), 500, 5000);
        f.insert(s, root, c, null, 0, c.length);
        f.check(s, root);
        assertEquals(7, BlockLists.blockPool(s).layout("e").stride());
        for (BlockLists.Block b : BlockLists.blocks(s, root)) {
            assertTrue(b.crd().length <= 7);
        }
        assertEquals(c.length / 7 + (c.length % 7 == 0 ? 0 : 1), BlockLists.blocks(s, root).size(), "a build fills blocks");
    }

    @Test
    void schemasOfOtherShapesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new BlistFormat(Schemas.builtin("vblist")));
        assertThrows(IllegalArgumentException.class, () -> new BlistFormat(Schemas.builtin("list")));
        assertThrows(IllegalArgumentException.class, () -> new BlistFormat(Schemas.builtin("ttree")));
        // Every slot in use and never empty: a list of exactly full blocks, which no update could keep.
        assertThrows(IllegalArgumentException.class, () -> new BlistFormat(Schema.parse("full",
                "def b { e : elem[4] nonempty n : b seq = {e}, n } def root h { f : b }")));
        // Unordered with empty slots.
        assertThrows(IllegalArgumentException.class, () -> new BlistFormat(Schema.parse("loose",
                "def b { e : elem[B] n : b B : size in [0, 4] } def root h { f : b }")));
        // Extra metadata the format would not maintain.
        assertThrows(IllegalArgumentException.class, () -> new BlistFormat(Schema.parse("meta",
                "def b { e : elem[B] nonempty n : b B : size in [0, 4] c : bool seq = {e}, n } def root h { f : b }")));
    }

    @Test
    void fieldNamesComeFromTheSchema() {
        Schema renamed = Schema.parse("renamed", """
                def chunk {
                  xs : elem[len] nonempty
                  after : chunk
                  len : size in [0, 5]
                  seq = {xs}, after
                }
                def root row { first : chunk }
                """);
        BlistFormat f = new BlistFormat(renamed);
        NodeStore s = f.newStore(ValueMode.DOUBLE);
        int root = f.newRoot(s);
        int[] c = {5, 9, 12, 40, 41, 42, 99};
        double[] v = {1, 2, 3, 4, 5, 6, 7};
        f.insert(s, root, c, v, 0, c.length);
        f.check(s, root);
        assertEquals(2, BlockLists.blocks(s, root).size());
        assertEquals(6.0, f.get(s, root, 42));
    }

    /** Shape of the default variant: compact blocks, those between the first and the last half full. */
    static void assertCompactShape(List<BlockLists.Block> blocks, int capacity) {
        for (int i = 0; i < blocks.size(); i++) {
            int[] crd = blocks.get(i).crd();
            assertTrue(crd.length >= 1 && crd.length <= capacity, "block " + i + " holds " + crd.length);
            for (int c : crd) {
                assertNotEquals(-1, c, "empty slot in a compact block");
            }
            if (i > 0 && i < blocks.size() - 1) {
                assertTrue(crd.length >= (capacity + 1) / 2, "middle block " + i + " holds only " + crd.length);
            }
        }
    }

    @Nested
    class Sorted extends BlockListContract {
        private final BlistFormat format = new BlistFormat();
        private final BlistFormat small = new BlistFormat(BlockLists.withCapacity("blist", SMALL));

        @Override
        protected DynamicFormat format() {
            return format;
        }

        @Override
        protected DynamicFormat smallNodeFormat() {
            return small;
        }

        @Override
        protected int smallCapacity() {
            return SMALL;
        }

        @Override
        protected void assertShape(List<BlockLists.Block> blocks, int capacity) {
            assertCompactShape(blocks, capacity);
        }

        @Test
        void ascendingInsertionsFillEveryBlock() {
            NodeStore s = small.newStore(ValueMode.NONE);
            int root = small.newRoot(s);
            for (int i = 0; i < 100; i++) {
                small.insert(s, root, new int[] {i}, null, 0, 1);
            }
            small.check(s, root);
            assertEquals(34, BlockLists.blocks(s, root).size());
        }

        @Test
        void aSplitGivesTwoHalfFullBlocks() {
            NodeStore s = small.newStore(ValueMode.NONE);
            int root = small.newRoot(s);
            small.build(s, root, new int[] {10, 20, 30, 40, 50, 60}, null, 0, 6);
            small.insert(s, root, new int[] {15}, null, 0, 1);
            List<BlockLists.Block> blocks = BlockLists.blocks(s, root);
            assertEquals(3, blocks.size());
            assertEquals(List.of(2, 2, 3), blocks.stream().map(b -> b.crd().length).toList());
        }

        @Test
        void checkFindsAnUnderfullMiddleBlock() {
            int[] root = new int[1];
            NodeStore s = sample(30, root);
            BlockLists.setField(s, BlockLists.blocks(s, root[0]).get(3).handle(), "B", 1);
            assertBroken(s, root[0], "fewer than 2");
        }

        @Test
        void checkFindsAnEmptySlot() {
            int[] root = new int[1];
            NodeStore s = sample(30, root);
            BlockLists.setSlot(s, BlockLists.blocks(s, root[0]).get(3).handle(), 1, -1);
            assertBroken(s, root[0], "empty slot");
        }
    }

    @Nested
    class Gaps extends BlockListContract {
        private final BlistFormat format = BlistFormat.builtin("blist-gaps");
        private final BlistFormat small = new BlistFormat(BlockLists.withCapacity("blist-gaps", SMALL));

        @Override
        protected DynamicFormat format() {
            return format;
        }

        @Override
        protected DynamicFormat smallNodeFormat() {
            return small;
        }

        @Override
        protected int smallCapacity() {
            return SMALL;
        }

        @Override
        protected void assertShape(List<BlockLists.Block> blocks, int capacity) {
            for (BlockLists.Block b : blocks) {
                assertTrue(b.crd().length <= capacity);
                assertTrue(b.live() >= 1, "empty block");
                assertNotEquals(-1, b.crd()[b.crd().length - 1], "the last used slot is empty");
            }
        }

        @Test
        void deletionsLeaveTheOtherElementsInPlace() {
            int[] root = new int[1];
            NodeStore s = sample(30, root);
            List<BlockLists.Block> before = BlockLists.blocks(s, root[0]);
            int[] odd = {2, 6, 10, 14, 18, 22, 26, 30, 34, 38, 42, 46, 50, 54, 58};
            assertEquals(15, small.delete(s, root[0], odd, 0, odd.length));
            small.check(s, root[0]);
            List<BlockLists.Block> after = BlockLists.blocks(s, root[0]);
            assertEquals(before.size(), after.size(), "no block was emptied, so none was unlinked");
            for (int i = 0; i < before.size(); i++) {
                int[] was = before.get(i).crd();
                int[] is = after.get(i).crd();
                assertEquals(before.get(i).handle(), after.get(i).handle());
                for (int k = 0; k < is.length; k++) {
                    assertTrue(is[k] == was[k] || is[k] == -1, "slot " + k + " of block " + i + " moved");
                }
            }
            assertTrue(after.stream().anyMatch(b -> b.live() < b.crd().length), "some slot is now empty");
        }

        @Test
        void anInsertionCompactsTheBlockItLandsIn() {
            NodeStore s = small.newStore(ValueMode.NONE);
            int root = small.newRoot(s);
            small.build(s, root, new int[] {10, 20, 30, 40, 50, 60}, null, 0, 6);
            small.delete(s, root, new int[] {10}, 0, 1);
            assertEquals(-1, BlockLists.blocks(s, root).get(0).crd()[0]);
            small.insert(s, root, new int[] {25}, null, 0, 1);
            small.check(s, root);
            List<BlockLists.Block> blocks = BlockLists.blocks(s, root);
            assertEquals(2, blocks.size(), "the hole made room");
            assertEquals(List.of(20, 25, 30), java.util.Arrays.stream(blocks.get(0).crd()).boxed().toList());
        }

        @Test
        void checkFindsAnUntrimmedSize() {
            int[] root = new int[1];
            NodeStore s = sample(30, root);
            BlockLists.setSlot(s, BlockLists.blocks(s, root[0]).get(2).handle(), SMALL - 1, -1);
            assertBroken(s, root[0], "not trimmed");
        }
    }

    @Nested
    class Fixed extends BlockListContract {
        private final BlistFormat format = BlistFormat.builtin("blist-fixed");
        private final BlistFormat small = new BlistFormat(BlockLists.withCapacity("blist-fixed", SMALL));

        @Override
        protected DynamicFormat format() {
            return format;
        }

        @Override
        protected DynamicFormat smallNodeFormat() {
            return small;
        }

        @Override
        protected int smallCapacity() {
            return SMALL;
        }

        @Override
        protected void assertShape(List<BlockLists.Block> blocks, int capacity) {
            for (BlockLists.Block b : blocks) {
                assertEquals(capacity, b.crd().length, "every slot is in use");
                assertTrue(b.live() >= 1, "empty block");
            }
        }

        /** A fixed block has no size field; its count is its live slots, so emptying every slot breaks it. */
        @Override
        protected String breakBlockCount(NodeStore s, BlockLists.Block b) {
            for (int slot = 0; slot < b.crd().length; slot++) {
                BlockLists.setSlot(s, b.handle(), slot, -1);
            }
            return "empty block";
        }

        @Test
        void deletionsLeaveEmptySlotsAnywhere() {
            NodeStore s = small.newStore(ValueMode.NONE);
            int root = small.newRoot(s);
            small.build(s, root, new int[] {10, 20, 30, 40, 50, 60, 70}, null, 0, 7);
            List<BlockLists.Block> built = BlockLists.blocks(s, root);
            assertEquals(List.of(70, -1, -1), java.util.Arrays.stream(built.get(2).crd()).boxed().toList(),
                    "slots after the last element are empty");
            small.delete(s, root, new int[] {10, 50}, 0, 2);
            small.check(s, root);
            List<BlockLists.Block> blocks = BlockLists.blocks(s, root);
            assertEquals(List.of(-1, 20, 30), java.util.Arrays.stream(blocks.get(0).crd()).boxed().toList());
            assertEquals(List.of(40, -1, 60), java.util.Arrays.stream(blocks.get(1).crd()).boxed().toList());
            small.delete(s, root, new int[] {70}, 0, 1);
            assertEquals(2, BlockLists.blocks(s, root).size(), "the emptied block is unlinked");
        }

        /** No size field to get wrong: the schema has none, and every block has exactly its C slots. */
        @Test
        void hasNoSizeFieldAndFullSlotCounts() {
            assertTrue(small.schema().nodeTypes().stream().noneMatch(t -> t.field("B").isPresent()), "a size field");
            int[] root = new int[1];
            NodeStore s = sample(20, root);
            for (BlockLists.Block b : BlockLists.blocks(s, root[0])) {
                assertEquals(SMALL, b.crd().length, "slots of block " + b.handle());
            }
        }

        @Test
        void checkFindsAnInvalidCoordinate() {
            int[] root = new int[1];
            NodeStore s = sample(30, root);
            BlockLists.setSlot(s, BlockLists.blocks(s, root[0]).get(2).handle(), 1, -5);
            assertBroken(s, root[0], "coordinate -5");
        }
    }

    @Nested
    class Unsorted extends BlockListContract {
        private final BlistFormat format = BlistFormat.builtin("blist-unsorted");
        private final BlistFormat small = new BlistFormat(BlockLists.withCapacity("blist-unsorted", SMALL));

        @Override
        protected DynamicFormat format() {
            return format;
        }

        @Override
        protected DynamicFormat smallNodeFormat() {
            return small;
        }

        @Override
        protected int smallCapacity() {
            return SMALL;
        }

        @Override
        protected void assertShape(List<BlockLists.Block> blocks, int capacity) {
            for (int i = 0; i < blocks.size(); i++) {
                int[] crd = blocks.get(i).crd();
                assertTrue(crd.length >= 1 && crd.length <= capacity);
                if (i > 0) {
                    assertEquals(capacity, crd.length, "block " + i + " after the first is not full");
                }
            }
        }

        @Test
        void newElementsGoToTheFirstBlock() {
            NodeStore s = small.newStore(ValueMode.NONE);
            int root = small.newRoot(s);
            small.build(s, root, new int[] {10, 20, 30, 40}, null, 0, 4);
            assertEquals(List.of(1, 3), BlockLists.blocks(s, root).stream().map(b -> b.crd().length).toList());
            small.insert(s, root, new int[] {5, 20, 35}, null, 0, 3);
            List<BlockLists.Block> blocks = BlockLists.blocks(s, root);
            assertEquals(List.of(3, 3), blocks.stream().map(b -> b.crd().length).toList());
            assertEquals(List.of(10, 5, 35), java.util.Arrays.stream(blocks.get(0).crd()).boxed().toList());
        }

        @Test
        void aDeletedSlotTakesTheFirstBlocksLastElement() {
            NodeStore s = small.newStore(ValueMode.NONE);
            int root = small.newRoot(s);
            small.build(s, root, new int[] {10, 20, 30, 40, 50}, null, 0, 5);
            assertEquals(1, small.delete(s, root, new int[] {40}, 0, 1));
            List<BlockLists.Block> blocks = BlockLists.blocks(s, root);
            assertEquals(List.of(10), java.util.Arrays.stream(blocks.get(0).crd()).boxed().toList());
            assertEquals(List.of(30, 20, 50), java.util.Arrays.stream(blocks.get(1).crd()).boxed().toList());
        }

        @Test
        void checkFindsAShortBlockAfterTheFirst() {
            int[] root = new int[1];
            NodeStore s = sample(30, root);
            BlockLists.setField(s, BlockLists.blocks(s, root[0]).get(2).handle(), "B", SMALL - 1);
            assertBroken(s, root[0], "is not the first");
        }

        @Test
        void matricesComeOutSorted() {
            DynamicMatrix m = new DynamicMatrix(format, 3, 100, true);
            m.insertBatch(new int[] {1, 1, 1}, new int[] {50, 7, 30}, new double[] {5, 0.7, 3}, 3, 1);
            m.insertBatch(new int[] {1, 1}, new int[] {2, 90}, new double[] {0.2, 9}, 2, 1);
            org.stag.loaders.Graph g = m.toGraph();
            assertEquals(List.of(2, 7, 30, 50, 90), java.util.Arrays.stream(g.colIdx()).boxed().toList());
            assertEquals(List.of(0.2, 0.7, 3.0, 5.0, 9.0), java.util.Arrays.stream(g.weights()).boxed().toList());
        }
    }
}
