package org.stag.loaders.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The fast path reads exactly what the general path reads, and leaves every other shape of line to it. */
class SimpleLinesTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void valuesAreBitForBitThoseOfTheGeneralParser() {
        Random rnd = new Random(11);
        ByteScanner num = new ByteScanner();
        for (int i = 0; i < 200_000; i++) {
            String value = switch (i % 6) {
                case 0 -> Integer.toString(rnd.nextInt(1000));
                case 1 -> rnd.nextInt(100) + "." + rnd.nextInt(1000);
                case 2 -> "0." + String.format("%014d", Math.abs(rnd.nextLong()) % 100_000_000_000_000L)
                        .substring(0, 1 + rnd.nextInt(14));
                case 3 -> Long.toString(Math.abs(rnd.nextLong()) % 1_000_000_000_000_000L);
                case 4 -> rnd.nextInt(10) + ".";
                default -> Double.toString(rnd.nextDouble());
            };
            byte[] line = bytes(rnd.nextInt(1000) + " " + rnd.nextInt(1000) + " " + value + "\n");
            ChunkOut out = new ChunkOut(4, true);
            int q = SimpleLines.entry(line, 0, line.length, out, 0, 999, 999, SimpleLines.REAL);
            int v = line.length - 1 - value.length();
            int g = num.parseDouble(line, v, line.length);
            if (q < 0) {
                continue;
            }
            assertEquals(line.length, q, value);
            assertEquals(line.length - 1, g, value);
            assertEquals(Double.doubleToRawLongBits(num.doubleValue), Double.doubleToRawLongBits(out.weights[0]), value);
            assertEquals(num.integral, out.allIntegral, value);
        }
    }

    @Test
    void typicalLinesTakeTheFastPath() {
        for (String s : new String[] {"0 891888\n", "1\t6380\r\n", "999999999 0", "12 345 0.5\n", "3 4 35\n", "3 4 7.\n"}) {
            byte[] b = bytes(s);
            ChunkOut out = new ChunkOut(4, true);
            int values = s.split("[ \t]").length > 2 ? SimpleLines.REAL : SimpleLines.NONE;
            assertEquals(b.length, SimpleLines.entry(b, 0, b.length, out, 0, Integer.MAX_VALUE - 2, Integer.MAX_VALUE - 2, values), s);
            assertEquals(1, out.size(), s);
        }
        byte[] b = bytes("7 8 12\n");
        ChunkOut out = new ChunkOut(4, true);
        SimpleLines.entry(b, 0, b.length, out, 1, 10, 10, SimpleLines.INTEGER);
        assertEquals(6, out.src[0]);
        assertEquals(7, out.dst[0]);
        assertEquals(12.0, out.weights[0]);
        assertEquals(8, out.maxId);
    }

    @Test
    void everyOtherShapeIsLeftToTheGeneralPath() {
        String[] lines = {"", "\n", "# c\n", "% c\n", " 1 2\n", "1  2\n", "1 2 \n", "1 2\r", "1 2\rx", "-1 2\n", "1 -2\n",
            "1 2 -0.5\n", "1 2 1e3\n", "1 2 nan\n", "1 2 inf\n", "1234567890 2\n", "1 2 3 4\n", "1 2x\n", "1x 2\n",
            "1 2 0.1234567890123456\n", "1 2 1234567890123456\n", "11 2\n", "1 11\n", "0 2\n", "1 2 .5\n", "1\n", "1 \n"};
        for (String s : lines) {
            byte[] b = bytes(s);
            ChunkOut out = new ChunkOut(4, true);
            // Bounds 1..10, so 0 and 11 are out of range.
            int values = s.startsWith("1 2 ") ? SimpleLines.REAL : SimpleLines.NONE;
            assertEquals(-1, SimpleLines.entry(b, 0, b.length, out, 1, 10, 10, values), "'" + s + "'");
            assertEquals(0, out.size(), s);
            assertFalse(!out.allIntegral, s);
        }
        byte[] b = bytes("1 2 12.5\n");
        assertEquals(-1, SimpleLines.entry(b, 0, b.length, new ChunkOut(4, true), 1, 10, 10, SimpleLines.INTEGER));
    }
}
