package org.stag.formats.dynamic;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.stag.formats.schema.Field;
import org.stag.formats.schema.NodeType;
import org.stag.formats.schema.Schema;

/**
 * Test helpers for block linked lists that know nothing of the formats' code: they read and corrupt a
 * structure through the schema's fields alone, the way generated code walks it ([Chou 2021], Figure 10b:
 * {@code while (b) { for (p < b->B) ...; b = b->n; }}).
 */
final class BlockLists {
    private BlockLists() {
    }

    /** One block as stored: its used slots (coordinate -1 = empty) and their values (DOUBLE stores). */
    record Block(int handle, int[] crd, double[] val) {
        int live() {
            int n = 0;
            for (int c : crd) {
                n += c == -1 ? 0 : 1;
            }
            return n;
        }
    }

    /** The shipped schema text of {@code name}. */
    static String shippedText(String name) {
        try (InputStream in = Schema.class.getResourceAsStream(name + ".schema")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shipped schema {@code name} with its block capacity set to {@code capacity}. */
    static Schema withCapacity(String name, int capacity) {
        String text = shippedText(name)
                .replaceAll("size in \\[0, \\d+\\]", "size in [0, " + capacity + "]")
                .replaceAll("elem\\[\\d+\\]", "elem[" + capacity + "]");
        return Schema.parse(name, text);
    }

    private static NodeType blockType(Schema schema) {
        Field link = schema.root().childFields().get(0);
        return schema.nodeType(link.target().orElseThrow()).orElseThrow();
    }

    private static Field elems(Schema schema) {
        return blockType(schema).elementFields().get(0);
    }

    /** The pool of the block node type. */
    static NodePool blockPool(NodeStore s) {
        return s.pool(blockType(s.schema()).name());
    }

    /** The blocks of structure {@code root}, first to last, read through the schema's fields. */
    static List<Block> blocks(NodeStore s, int root) {
        Schema schema = s.schema();
        NodeType bt = blockType(schema);
        Field e = elems(schema);
        NodePool rp = s.rootPool();
        NodePool bp = s.pool(bt.name());
        FieldLayout el = bp.layout(e.name());
        String sizeField = e.arraySize().orElseThrow().sizeField().orElse(null);
        int[] next = bp.ints(bp.layout(bt.chain().orElseThrow().link().name()));
        List<Block> out = new ArrayList<>();
        int h = rp.ints(rp.layout(schema.root().childFields().get(0).name()))[root];
        while (h != 0) {
            if (out.size() > bp.live()) {
                throw new AssertionError("cycle");
            }
            int used = sizeField != null ? bp.ints(bp.layout(sizeField))[h] : el.stride();
            int base = el.inArena() ? bp.ints(el)[h] : h * el.stride();
            int[] crd = el.inArena() ? s.arena().crd() : bp.ints(el);
            double[] val = el.inArena() ? s.arena().val() : bp.values(el);
            out.add(new Block(h, Arrays.copyOfRange(crd, base, base + used),
                    val == null ? null : Arrays.copyOfRange(val, base, base + used)));
            h = next[h];
        }
        return out;
    }

    /** The coordinates of all non-empty slots, in schema traversal order. */
    static int[] coordinates(NodeStore s, int root) {
        return blocks(s, root).stream().flatMapToInt(b -> Arrays.stream(b.crd()).filter(c -> c != -1)).toArray();
    }

    /** Overwrites slot {@code k} of block {@code h}'s element array. */
    static void setSlot(NodeStore s, int h, int k, int c) {
        Schema schema = s.schema();
        NodePool bp = s.pool(blockType(schema).name());
        FieldLayout el = bp.layout(elems(schema).name());
        if (el.inArena()) {
            s.arena().crd()[bp.ints(el)[h] + k] = c;
        } else {
            bp.ints(el)[h * el.stride() + k] = c;
        }
    }

    /** Overwrites the int field {@code field} of block {@code h}. */
    static void setField(NodeStore s, int h, String field, int value) {
        NodePool bp = s.pool(blockType(s.schema()).name());
        bp.ints(bp.layout(field))[h] = value;
    }

    /** Overwrites the arena capacity of block {@code h}. */
    static void setCapacity(NodeStore s, int h, int value) {
        Schema schema = s.schema();
        NodePool bp = s.pool(blockType(schema).name());
        bp.capacities(bp.layout(elems(schema).name()))[h] = value;
    }

    /** Sorted, unique random coordinates below {@code range}, about {@code n} of them. */
    static int[] randomSorted(java.util.SplittableRandom rnd, int n, int range) {
        return rnd.ints(n, 0, range).sorted().distinct().toArray();
    }
}
