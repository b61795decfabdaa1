package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Conversion between formats through the sorted component stream. */
class TensorConvertTest {

    /** Every static format of this order in every mode order. */
    private static List<Format> allFormats(int order) {
        List<Format> out = new ArrayList<>();
        for (Format f : Model.formats(order, Model.STATIC)) {
            for (int[] p : Model.permutations(order)) {
                out.add(f.withOrder(p));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "order {0}")
    @ValueSource(ints = {1, 2})
    void roundTripsBetweenAllStaticFormats(int order) {
        SplittableRandom rnd = new SplittableRandom(order);
        List<Format> formats = allFormats(order);
        int i = 0;
        for (Format from : formats) {
            ValueType type = ValueType.values()[i++ % ValueType.values().length];
            int[] dims = order == 1 ? new int[] {40} : new int[] {7, 9};
            Model m = Model.random(from, dims, type, i % 2 == 0, 45, rnd);
            Tensor t = m.build();
            for (Format to : formats) {
                String what = from + " -> " + to + " (" + type + ")";
                Tensor u = t.convert(to);
                assertEquals(to, u.format());
                m.verify(u, false, what);
                m.verify(u.convert(from), false, what + " -> back");
            }
        }
    }

    @Test
    void orderThreeFormatsConvertThroughCsfCooAndDense() {
        SplittableRandom rnd = new SplittableRandom(3);
        Format[] hubs = {FormatParser.parse("compressed,compressed,compressed"), Format.coo(3),
            FormatParser.parse("dense,dense,dense;order=2,1,0"), FormatParser.parse("hashed,bitmap,compressed;order=1,2,0")};
        int i = 0;
        for (Format from : allFormats(3)) {
            ValueType type = ValueType.values()[i++ % ValueType.values().length];
            Model m = Model.random(from, new int[] {5, 4, 6}, type, i % 2 == 1, 50, rnd);
            Tensor t = m.build();
            Format hub = hubs[i % hubs.length];
            Tensor u = t.convert(hub);
            m.verify(u, false, from + " -> " + hub);
            m.verify(u.convert(from), false, from + " -> " + hub + " -> back");
        }
    }

    @Test
    void convertingToTheSameFormatKeepsComponentsAndDropsExplicitFills() {
        SplittableRandom rnd = new SplittableRandom(8);
        Format csr = Format.csr();
        Model m = Model.random(csr, new int[] {50, 60}, ValueType.LONG, true, 900, rnd);
        Tensor t = m.build();
        Tensor u = t.convert(csr);
        long defined = m.entries.values().stream().filter(v -> v != m.fill).count();
        assertEquals(m.entries.size(), t.componentCount());
        assertEquals(defined, u.componentCount());
        m.verify(u, false, "csr -> csr");
        assertSame(t.values().type(), u.values().type());
        assertEquals(t.values().fillAsLong(), u.values().fillAsLong());
    }

    @Test
    void cscAndCsrOfTheSameMatrixAgree() {
        SplittableRandom rnd = new SplittableRandom(12);
        Model m = Model.random(Format.csr(), new int[] {300, 200}, ValueType.DOUBLE, false, 5000, rnd);
        Tensor csr = m.build();
        Tensor csc = csr.convert(Format.csc());
        m.verify(csc, false, "csr -> csc");
        // Column-major stream: the columns come out in increasing order.
        TensorCursor c = csc.cursor();
        int lastCol = -1;
        while (c.next()) {
            assertEquals(true, c.coordinate(1) >= lastCol);
            lastCol = c.coordinate(1);
        }
        m.verify(csc.convert(Format.coo(2)), false, "csc -> coo");
    }
}
