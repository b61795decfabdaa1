package org.stag.formats.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Values over a prefix of a longer array: their size is the prefix's, and a size outside the array is refused. */
class ValuesPrefixTest {
    @Test
    void aPrefixHasItsOwnSize() {
        assertEquals(2, new BoolValues(new boolean[5], 2, false).size());
        assertEquals(0, new IntValues(new int[5], 0, 0).size());
        assertEquals(5, new LongValues(new long[5], 5, 0L).size());
        assertEquals(3, new FloatValues(new float[5], 3, 0f).size());
        DoubleValues d = new DoubleValues(new double[] {1.0, 2.0, 3.0}, 2, 0.0);
        assertEquals(2, d.size());
        assertEquals(3, d.array().length);
        assertEquals(16, d.memoryBytes());
    }

    @Test
    void aSizeOutsideTheArrayIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new BoolValues(new boolean[2], 3, false));
        assertThrows(IllegalArgumentException.class, () -> new IntValues(new int[2], -1, 0));
        assertThrows(IllegalArgumentException.class, () -> new LongValues(new long[0], 1, 0L));
        assertThrows(IllegalArgumentException.class, () -> new FloatValues(new float[2], 3, 0f));
        assertThrows(IllegalArgumentException.class, () -> new DoubleValues(new double[2], 3, 0.0));
    }

    @Test
    void aSortedVectorReadsOnlyThePrefixes() {
        Tensor t = Tensor.sortedVector(FormatParser.parse("compressed"), 10, new int[] {2, 7, 9, 0}, 2,
                new LongValues(new long[] {5, 6, 7, 8}, 2, 0L));
        assertEquals(2, t.componentCount());
        assertEquals(6, t.getAsLong(7));
        assertEquals(0, t.getAsLong(9));
        t.check();
        Tensor b = t.convert(FormatParser.parse("bitmap"));
        assertEquals(2, b.componentCount());
        assertEquals(5, b.getAsLong(2));
        assertEquals(0, b.getAsLong(9));
    }
}
