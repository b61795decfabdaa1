package org.stag.engine.jit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.stag.engine.front.ScalarType;
import org.stag.engine.ops.Constant;
import org.stag.engine.kernellib.CooBuffer;
import org.stag.engine.kernellib.Frame;
import org.stag.engine.kernellib.Sorts;
import org.stag.formats.level.CompressedLevel;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;
import org.stag.formats.tensor.IntValues;
import org.stag.formats.tensor.Tensor;

/**
 * {@link MatrixAssembly}: entries that come row by row, columns in any order within a row (some repeated), become a
 * CSR matrix equal to a map built entry by entry (the last of equal coordinates wins), over the storage of the dead
 * matrix passed in, which is itself refilled when it has the format and dimensions; rows out of order are left to
 * {@link Tensor#build}. Also the allocation-free sort of packed keys.
 */
class MatrixAssemblyTest {
    private static final Format CSR = FormatParser.parse("dense,compressed");
    private final Frame scratch = new Frame();

    /** Entries of a {@code rows × cols} int matrix row by row over {@code chunks} buffers; a few rows are long. */
    private static CooBuffer[] chunks(Random r, int chunks, int rows, int cols) {
        CooBuffer[] coo = new CooBuffer[chunks];
        for (int c = 0; c < chunks; c++) {
            coo[c] = new CooBuffer(2, ScalarType.INT);
        }
        for (int row = 0; row < rows; row++) {
            CooBuffer b = coo[row * chunks / rows];
            int n = r.nextInt(10) == 0 ? r.nextInt(6000) : r.nextInt(12);
            boolean ordered = r.nextBoolean();
            for (int k = 0; k < n; k++) {
                int e = b.next();
                b.crd[0][e] = row;
                b.crd[1][e] = ordered ? Math.min(cols - 1, k) : r.nextInt(k < 5 ? 8 : cols);
                b.iv[e] = 1 + r.nextInt(1000);
            }
        }
        return coo;
    }

    private Tensor check(CooBuffer[] coo, int rows, int cols, Tensor dead) {
        TreeMap<Long, Integer> want = new TreeMap<>();
        for (CooBuffer b : coo) {
            for (int e = 0; e < b.size; e++) {
                want.put((long) b.crd[0][e] << 32 | b.crd[1][e], b.iv[e]);
            }
        }
        Tensor t = MatrixAssembly.assemble(CSR, rows, cols, coo, coo.length, ScalarType.INT, Constant.zero(ScalarType.INT),
                scratch, dead);
        CompressedLevel l = (CompressedLevel) t.level(1);
        assertEquals(want.size(), l.size());
        assertEquals(want.size(), t.values().size());
        int q = 0;
        int[] vals = ((IntValues) t.values()).array();
        for (Map.Entry<Long, Integer> e : want.entrySet()) {
            int row = (int) (e.getKey() >>> 32);
            assertTrue(l.posBegin(row) <= q && q < l.posEnd(row), "entry " + q + " in row " + row);
            assertEquals((int) (long) e.getKey(), l.coord(q), "column of entry " + q);
            assertEquals(e.getValue(), vals[q], "value of entry " + q);
            q++;
        }
        t.check();
        return t;
    }

    @Test
    void rowsComeOutSortedAndTheLastOfEqualColumnsWins() {
        Random r = new Random(1);
        Tensor dead = null;
        for (int round = 0; round < 20; round++) {
            int chunks = 1 + r.nextInt(4);
            Tensor t = check(chunks(r, chunks, 40, 10_000), 40, 10_000, dead);
            if (dead != null) {
                assertSame(dead, t); // refilled, over new arrays where its own were too short
            }
            dead = t;
        }
    }

    @Test
    void aDeadMatrixOfTheTypeIsRefilledAndOneOfOtherDimensionsOnlyLendsItsArrays() {
        Random r = new Random(2);
        Tensor first = check(chunks(r, 2, 30, 500), 30, 500, null);
        CooBuffer[] few = new CooBuffer[] {new CooBuffer(2, ScalarType.INT)};
        int e = few[0].next();
        few[0].crd[0][e] = 3;
        few[0].crd[1][e] = 7;
        few[0].iv[e] = 9;
        int[] crd = ((CompressedLevel) first.level(1)).crd();
        assertSame(first, check(few, 30, 500, first));
        assertSame(crd, ((CompressedLevel) first.level(1)).crd());
        assertEquals(9, first.getAsLong(3, 7));
        Tensor other = check(few, 30, 400, first);
        assertNotSame(first, other);
        assertSame(crd, ((CompressedLevel) other.level(1)).crd());
    }

    @Test
    void rowsOutOfOrderAreLeftToTheGeneralAssembly() {
        CooBuffer[] coo = {new CooBuffer(2, ScalarType.INT), new CooBuffer(2, ScalarType.INT)};
        int e = coo[0].next();
        coo[0].crd[0][e] = 5;
        e = coo[1].next();
        coo[1].crd[0][e] = 4;
        assertNull(MatrixAssembly.assemble(CSR, 10, 10, coo, 2, ScalarType.INT, Constant.zero(ScalarType.INT), scratch, null));
    }

    @Test
    void onlyDenseOverCompressedMatricesApply() {
        assertTrue(MatrixAssembly.applies(CSR));
        assertFalse(MatrixAssembly.applies(FormatParser.parse("compressed")));
        assertFalse(MatrixAssembly.applies(FormatParser.parse("dense,dense")));
        assertFalse(MatrixAssembly.applies(FormatParser.parse("compressed,compressed")));
        assertTrue(CompiledDefinition.assemblesOverDead(CSR));
        assertTrue(CompiledDefinition.assemblesOverDead(FormatParser.parse("compressed")));
        assertFalse(CompiledDefinition.assemblesOverDead(FormatParser.parse("bitmap")));
    }

    @Test
    void theQuicksortSortsLikeArraysSort() {
        Random r = new Random(3);
        for (int round = 0; round < 300; round++) {
            int n = r.nextInt(300);
            long[] keys = new long[n + 2];
            for (int k = 0; k < n; k++) {
                // distinct: an entry index in the low half, few distinct coordinates in the high half
                keys[k + 1] = (long) r.nextInt(round % 2 == 0 ? 5 : 1 << 20) << 32 | k;
            }
            if (round % 3 == 0) {
                Arrays.sort(keys, 1, n + 1); // already sorted
            }
            long[] want = keys.clone();
            Arrays.sort(want, 1, n + 1);
            Sorts.sort(keys, 1, n + 1);
            assertArrayEquals(want, keys);
        }
    }
}
