package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.stag.formats.dynamic.FieldLayout;
import org.stag.formats.dynamic.NodePool;
import org.stag.formats.dynamic.ValueMode;
import org.stag.formats.dynamic.impl.ListFormat;
import org.stag.formats.level.DynamicLevel;
import org.stag.formats.level.DynamicLevelFormat;
import org.stag.formats.level.LevelFormat;
import org.stag.formats.level.StaticLevelFormat;

/** Tensors with dynamic levels, assembled through the DynamicFormat interface (with ListFormat). */
class DynamicTensorTest {
    private static final LevelFormat LIST = new DynamicLevelFormat(new ListFormat());

    @Test
    void listLevelsAnywhereAUniqueParentAllows() {
        LevelFormat[] choices = {LIST, StaticLevelFormat.DENSE, StaticLevelFormat.COMPRESSED,
            StaticLevelFormat.COMPRESSED_NONUNIQUE, StaticLevelFormat.SINGLETON, StaticLevelFormat.HASHED,
            StaticLevelFormat.BITMAP};
        SplittableRandom rnd = new SplittableRandom(21);
        int tested = 0;
        for (int order = 1; order <= 3; order++) {
            for (Format levels : Model.formats(order, choices)) {
                if (!levels.levels().contains(LIST)) {
                    continue;
                }
                for (int[] p : Model.permutations(order)) {
                    Format f = levels.withOrder(p);
                    ValueType type = ValueType.values()[tested % ValueType.values().length];
                    int[] dims = new int[order];
                    for (int m = 0; m < order; m++) {
                        dims[m] = 1 + rnd.nextInt(8);
                    }
                    Model m = Model.random(f, dims, type, tested % 3 == 0, rnd.nextInt(70), rnd);
                    Tensor t = m.build();
                    m.verify(t, true, f + " " + type);
                    m.verify(t.convert(Format.coo(order)), false, f + " -> coo");
                    tested++;
                }
            }
        }
        assertTrue(tested > 300, "tested " + tested);
    }

    @Test
    void doubleValuesLiveInTheLastListOthersArePositions() {
        int[][] c = {{0, 0, 2, 2, 2}, {4, 1, 3, 0, 4}};
        Format f = FormatParser.parse("list,list");
        Tensor d = Tensor.build(f, new int[] {3, 5}, c, Values.ofDoubles(new double[] {1.5, 2.5, 3.5, 4.5, 5.5}));
        DynamicLevel rows = (DynamicLevel) d.level(0);
        DynamicLevel cols = (DynamicLevel) d.level(1);
        assertEquals(ValueMode.POSITION, rows.mode());
        assertEquals(ValueMode.DOUBLE, cols.mode());
        assertTrue(d.valuesInLastLevel());
        assertEquals(0, d.values().size());
        assertEquals(4.5, d.getAsDouble(2, 0));
        assertEquals(0.0, d.getAsDouble(1, 0));
        // Rows 0 and 2 got positions 0 and 1; the columns of row 2 are in sorted order with their values.
        assertEquals(1, rows.locate(0, 2));
        int[] crd = new int[3];
        double[] val = new double[3];
        assertEquals(3, cols.collect(1, crd, val, 0));
        assertArrayEquals(new int[] {0, 3, 4}, crd);
        assertArrayEquals(new double[] {4.5, 3.5, 5.5}, val);

        Tensor l = Tensor.build(f, new int[] {3, 5}, c, Values.ofLongs(new long[] {1, 2, 3, 4, 5}, -7));
        DynamicLevel lcols = (DynamicLevel) l.level(1);
        assertEquals(ValueMode.POSITION, lcols.mode());
        assertFalse(l.valuesInLastLevel());
        assertArrayEquals(new long[] {2, 1, 4, 3, 5}, ((LongValues) l.values()).array());
        assertEquals(4, l.getAsLong(2, 0));
        assertEquals(-7, l.getAsLong(1, 1));
    }

    @Test
    void theStoredListsFollowTheSchema() {
        // Generated code reads the pools as the schema says: list_head.h, then list.e and list.n.
        Tensor t = Tensor.build(FormatParser.parse("dense,list"), new int[] {2, 10}, new int[][] {{1, 1, 1}, {7, 2, 5}},
                Values.ofDoubles(new double[] {7, 2, 5}));
        DynamicLevel d = (DynamicLevel) t.level(1);
        NodePool heads = d.storeOf(0).rootPool();
        NodePool nodes = d.storeOf(1).pool("list");
        FieldLayout e = nodes.layout("e");
        int[] crd = nodes.ints(e);
        double[] val = nodes.values(e);
        int[] next = nodes.ints(nodes.layout("n"));
        assertEquals(0, heads.ints(heads.layout("h"))[d.roots()[0]]);
        List<Integer> seen = new ArrayList<>();
        for (int h = heads.ints(heads.layout("h"))[d.roots()[1]]; h != 0; h = next[h]) {
            seen.add(crd[h]);
            assertEquals(crd[h], val[h]);
        }
        assertEquals(List.of(2, 5, 7), seen);
    }

    @Test
    void largeListTensorsConvertToAndFromCsr() {
        SplittableRandom rnd = new SplittableRandom(4);
        Model m = Model.random(Format.csr(), new int[] {1000, 3000}, ValueType.DOUBLE, false, 20_000, rnd);
        Tensor csr = m.build();
        for (String s : new String[] {"dense,list", "list,list", "compressed,list", "list,compressed", "hashed,list"}) {
            Tensor t = csr.convert(FormatParser.parse(s));
            m.verify(t, false, s);
            m.verify(t.convert(Format.csr()), false, s + " -> csr");
        }
    }

    @Test
    void aDynamicLevelNeedsAUniqueParent() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Format.of(StaticLevelFormat.COMPRESSED_NONUNIQUE, LIST));
        assertTrue(e.getMessage().contains("unique parent"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Format.of(LIST, StaticLevelFormat.SINGLETON));
        assertTrue(e.getMessage().contains("singleton"), e.getMessage());
    }
}
