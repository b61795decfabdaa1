package org.stag.formats.dynamic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The varint byte code of chunks: lengths at the 2^7, 2^14, 2^21 and 2^28 boundaries, round trips, and refusals. */
class ChunkCodesTest {
    @ParameterizedTest(name = "{0} takes {1} bytes")
    @CsvSource({"0,1", "127,1", "128,2", "16383,2", "16384,3", "2097151,3", "2097152,4", "268435455,4", "268435456,5",
        "2147483647,5"})
    void aDifferenceTakesOneByteForEachSevenBits(int v, int bytes) {
        assertEquals(bytes, ChunkCodes.length(v));
        byte[] b = new byte[8];
        assertEquals(1 + bytes, ChunkCodes.put(b, 1, v));
        for (int k = 1; k < bytes; k++) {
            assertTrue(b[k] < 0, "continuation bit on every byte but the last");
        }
        assertTrue(b[bytes] >= 0, "no continuation bit on the last byte");
        int[] out = new int[1];
        assertEquals(1 + bytes, ChunkCodes.decode(b, 1, 1, out, 0));
        assertEquals(v, out[0]);
    }

    @ParameterizedTest(name = "{0} decodes word-wise")
    @CsvSource({"0", "1", "127", "128", "300", "16383", "16384", "2097151", "2097152", "268435455", "268435456",
        "2147483647"})
    void theWordWiseDecodeIgnoresTheBytesAfterTheCodeAndTheArrayEnd(int v) {
        int bytes = ChunkCodes.length(v);
        for (int after = 0; after <= 4; after++) {
            for (byte fill : new byte[] {0, -1, 0x55, (byte) 0xaa}) {
                byte[] b = new byte[2 + bytes + after];
                java.util.Arrays.fill(b, fill);
                ChunkCodes.put(b, 2, v);
                int w = ChunkCodes.word(b, 2);
                int s = ChunkCodes.stop(w);
                assertEquals(bytes, ChunkCodes.bytes(s), "bytes, " + after + " after");
                assertEquals(v, s < 32 ? ChunkCodes.value(w, s) : ChunkCodes.value5(w, b, 2), "value, " + after + " after");
                assertEquals((long) v << 32 | (2 + bytes), ChunkCodes.next(b, 2), "next, " + after + " after");
            }
        }
    }

    @Test
    void runsAcrossEveryBoundaryRoundTrip() {
        int[] crd = {0, 127, 255, 256, 16639, 16640, 2113791, 2113792, 270549247, 270549248, Integer.MAX_VALUE};
        // differences: 127, 128, 1, 16383, 1, 2097151, 1, 268435455, 1, 1876934399
        int len = ChunkCodes.length(crd, 0, crd.length);
        byte[] b = new byte[len + 3];
        assertEquals(3 + len, ChunkCodes.encode(b, 3, crd, 0, crd.length));
        ChunkCodes.check(b, 3, 3 + len, crd.length);
        int[] out = new int[crd.length + 2];
        assertEquals(3 + len, ChunkCodes.decode(b, 3, crd.length, out, 2));
        for (int k = 0; k < crd.length; k++) {
            assertEquals(crd[k], out[2 + k], "element " + k);
        }
        assertEquals(1 + 1 + 2 + 1 + 2 + 1 + 3 + 1 + 4 + 1 + 5, len);
    }

    @Test
    void randomRunsRoundTrip() {
        SplittableRandom rnd = new SplittableRandom(27);
        for (int round = 0; round < 200; round++) {
            int bound = 1 << rnd.nextInt(4, 31);
            int[] crd = rnd.ints(rnd.nextInt(1, 300), 0, bound).distinct().sorted().toArray();
            byte[] b = new byte[ChunkCodes.length(crd, 0, crd.length)];
            ChunkCodes.encode(b, 0, crd, 0, crd.length);
            ChunkCodes.check(b, 0, b.length, crd.length);
            int[] out = new int[crd.length];
            ChunkCodes.decode(b, 0, crd.length, out, 0);
            assertArrayEquals(crd, out, "round " + round);
        }
    }

    @Test
    void valuesAreStoredRawLittleEndian() {
        byte[] b = new byte[16];
        ChunkCodes.putDouble(b, 3, -0.0);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(ChunkCodes.doubleAt(b, 3)));
        ChunkCodes.putInt(b, 11, 0x01020304);
        assertEquals(4, b[11]);
        assertEquals(0x01020304, ChunkCodes.intAt(b, 11));
        assertEquals(8, ChunkCodes.width(ValueMode.DOUBLE));
        assertEquals(4, ChunkCodes.width(ValueMode.POSITION));
        assertEquals(0, ChunkCodes.width(ValueMode.NONE));
    }

    @Test
    void encodingRefusesNegativeAndUnorderedCoordinates() {
        byte[] b = new byte[32];
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ChunkCodes.encode(b, 0, new int[] {-1}, 0, 1))
                .getMessage().contains("negative"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ChunkCodes.encode(b, 0, new int[] {4, 4}, 0, 2))
                .getMessage().contains("does not follow 4"));
        assertThrows(IllegalArgumentException.class, () -> ChunkCodes.encode(b, 0, new int[] {9, 3}, 0, 2));
    }

    @Test
    void checkNamesTruncatedOverlongRepeatedAndTrailingCodes() {
        byte[] runsPast = {(byte) 0x81};
        assertTrue(assertThrows(IllegalStateException.class, () -> ChunkCodes.check(runsPast, 0, 1, 1)).getMessage()
                .contains("past the end"));
        byte[] overlong = {(byte) 0x81, (byte) 0x81, (byte) 0x81, (byte) 0x81, (byte) 0x81, 1};
        assertTrue(assertThrows(IllegalStateException.class, () -> ChunkCodes.check(overlong, 0, 6, 1)).getMessage()
                .contains("longer than 5"));
        byte[] repeated = {5, 0};
        assertTrue(assertThrows(IllegalStateException.class, () -> ChunkCodes.check(repeated, 0, 2, 2)).getMessage()
                .contains("repeated"));
        byte[] trailing = {5, 1, 7};
        assertTrue(assertThrows(IllegalStateException.class, () -> ChunkCodes.check(trailing, 0, 3, 2)).getMessage()
                .contains("1 bytes after"));
        byte[] wide = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f, (byte) 0xff, (byte) 0xff, (byte) 0xff,
            (byte) 0xff, 0x07};
        assertTrue(assertThrows(IllegalStateException.class, () -> ChunkCodes.check(wide, 0, 10, 2)).getMessage()
                .contains("past 2^31"));
    }

    @Test
    void aCodedArenaHandsOutByteRuns() {
        ChunkArena a = new ChunkArena(ValueMode.DOUBLE, true);
        assertTrue(a.coded());
        assertEquals(null, a.crd());
        int off = a.allocExact(100);
        a.bytes()[off + 99] = 42;
        int run = a.alloc(256);
        assertTrue(run >= off + 100);
        assertEquals(356, a.liveSlots());
        a.free(off, 100);
        assertEquals(256, a.liveSlots());
        ChunkArena copy = a.copy();
        assertEquals(42, copy.bytes()[off + 99]);
        a.trim();
        assertTrue(a.memoryBytes() < 4 * 356, "one byte a slot");
    }
}
