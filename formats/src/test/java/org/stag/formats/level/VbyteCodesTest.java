package org.stag.formats.level;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The byte code of a vbyte row: sizes at the 2^7, 2^14, 2^21 and 2^28 boundaries, ids up to 2^31 - 1, empty rows,
 * random rows decoded back, and {@link VbyteCodes#locate} of every present id and of the absent ones around them.
 */
class VbyteCodesTest {

    @Test
    void gapsAtEveryByteBoundaryTakeTheirSizeAndDecode() {
        int[] gaps = {0, 1, 127, 128, 16383, 16384, (1 << 21) - 1, 1 << 21, (1 << 28) - 1, 1 << 28, Integer.MAX_VALUE};
        int[] sizes = {1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5};
        for (int k = 0; k < gaps.length; k++) {
            assertEquals(sizes[k], VbyteCodes.size(gaps[k]), "size of " + gaps[k]);
            byte[] b = new byte[8];
            assertEquals(sizes[k] + 1, VbyteCodes.put(b, 1, gaps[k]));
            long w = VbyteCodes.next(b, 1);
            assertEquals(gaps[k], (int) (w >>> 32), "gap " + gaps[k]);
            assertEquals(sizes[k] + 1, (int) w);
        }
    }

    @Test
    void rowsWithIdsAcrossTheBoundariesRoundTrip() {
        int[][] rows = {
            {},
            {0},
            {Integer.MAX_VALUE},
            {0, Integer.MAX_VALUE},
            ids(127, 0, 127, 128, 16383, 16384, (1 << 21) - 1, 1 << 21, (1 << 28) - 1, 1 << 28),
            ids(0, (1 << 28) + 5, 1 << 30),
        };
        for (int[] row : rows) {
            assertArrayEquals(row, decoded(row), Arrays.toString(row));
        }
    }

    @Test
    void randomRowsOfEveryLengthRoundTripAndLocateEveryId() {
        SplittableRandom rnd = new SplittableRandom(27);
        int[] shifts = {3, 7, 8, 14, 15, 21, 22, 28, 30};
        for (int t = 0; t < 300; t++) {
            int degree = t < 200 ? t : rnd.nextInt(2000);
            int bound = 1 << shifts[t % shifts.length];
            TreeSet<Integer> ids = new TreeSet<>();
            int limit = t % 7 == 0 ? Integer.MAX_VALUE : Math.max(bound, degree * 2);
            while (ids.size() < Math.min(degree, limit)) {
                ids.add(t % 11 == 0 ? Integer.MAX_VALUE - rnd.nextInt(Math.max(1, degree * 3)) : rnd.nextInt(limit));
            }
            int[] row = ids.stream().mapToInt(Integer::intValue).toArray();
            byte[] b = encoded(row, 3);
            int codes = 3 + VbyteCodes.tableBytes(row.length);
            int[] out = new int[row.length];
            VbyteCodes.decodeRow(b, codes, row.length, out);
            assertArrayEquals(row, out, "row of " + row.length);
            for (int i = 0; i < row.length; i++) {
                assertEquals(i, VbyteCodes.locate(b, codes, row.length, row[i]), "id " + row[i] + " of " + row.length);
                int below = row[i] - 1;
                if (below >= 0 && (i == 0 || row[i - 1] != below)) {
                    assertEquals(-1, VbyteCodes.locate(b, codes, row.length, below), "absent " + below);
                }
            }
            int after = row.length == 0 ? 0 : row[row.length - 1] + 1;
            if (after >= 0) {
                assertEquals(-1, VbyteCodes.locate(b, codes, row.length, after));
            }
            assertEquals(-1, VbyteCodes.locate(b, codes, row.length, -1));
        }
    }

    @Test
    void aLongRowCarriesOneSkipEntryPerChunkButTheFirst() {
        assertEquals(0, VbyteCodes.tableBytes(0));
        assertEquals(0, VbyteCodes.tableBytes(VbyteCodes.CHUNK));
        assertEquals(VbyteCodes.ENTRY, VbyteCodes.tableBytes(VbyteCodes.CHUNK + 1));
        assertEquals(VbyteCodes.ENTRY, VbyteCodes.tableBytes(2 * VbyteCodes.CHUNK));
        assertEquals(2 * VbyteCodes.ENTRY, VbyteCodes.tableBytes(2 * VbyteCodes.CHUNK + 1));
        int[] row = new int[1000];
        for (int i = 0; i < row.length; i++) {
            row[i] = 3 * i;
        }
        assertEquals(VbyteCodes.tableBytes(1000) + 1L + 999, VbyteCodes.rowBytes(row, 0, row.length));
        assertEquals(-1L, VbyteCodes.rowBytes(new int[] {4, 4}, 0, 2));
        assertEquals(-1L, VbyteCodes.rowBytes(new int[] {-2}, 0, 1));
    }

    /** The ids whose gaps (each minus one) are {@code gaps}, the first from -1. */
    private static int[] ids(int... gaps) {
        int[] out = new int[gaps.length];
        long prev = -1;
        for (int k = 0; k < gaps.length; k++) {
            prev += gaps[k] + 1L;
            out[k] = Math.toIntExact(prev);
        }
        return out;
    }

    private static int[] decoded(int[] row) {
        byte[] b = encoded(row, 0);
        int[] out = new int[row.length];
        VbyteCodes.decodeRow(b, VbyteCodes.tableBytes(row.length), row.length, out);
        return out;
    }

    private static byte[] encoded(int[] row, int start) {
        long n = VbyteCodes.rowBytes(row, 0, row.length);
        byte[] b = new byte[(int) (start + n)];
        int end = VbyteCodes.encodeRow(b, start, row, 0, row.length);
        assertEquals(start + n, end, "bytes of " + Arrays.toString(row));
        return b;
    }
}
