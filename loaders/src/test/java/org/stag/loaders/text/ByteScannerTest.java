package org.stag.loaders.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ByteScannerTest {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static double parse(String s) {
        ByteScanner sc = new ByteScanner();
        byte[] bytes = b(s);
        int q = sc.parseDouble(bytes, 0, bytes.length);
        assertEquals(bytes.length, q, () -> "did not read all of " + s);
        return sc.doubleValue;
    }

    @Test
    void doublesMatchTheJdkExactly() {
        SplittableRandom rnd = new SplittableRandom(42);
        for (int i = 0; i < 200_000; i++) {
            String s;
            switch (i % 5) {
                case 0 -> s = Double.toString(rnd.nextDouble() * Math.pow(10, rnd.nextInt(-30, 30)));
                case 1 -> s = String.format(Locale.ROOT, "%." + rnd.nextInt(0, 18) + "f", rnd.nextDouble(-1e6, 1e6));
                case 2 -> s = String.format(Locale.ROOT, "%." + rnd.nextInt(0, 18) + "e", rnd.nextDouble(-1, 1) * Math.pow(10, rnd.nextInt(-300, 300)));
                case 3 -> s = Long.toString(rnd.nextLong(-10_000_000_000L, 10_000_000_000L));
                default -> s = rnd.nextInt(0, 1000) + "." + rnd.nextInt(0, 1000) + "e" + rnd.nextInt(-25, 25);
            }
            double expected = Double.parseDouble(s);
            assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(parse(s)), s);
        }
    }

    @Test
    void specialValuesAndFortranExponents() {
        assertEquals(Double.POSITIVE_INFINITY, parse("inf"));
        assertEquals(Double.NEGATIVE_INFINITY, parse("-Infinity"));
        assertTrue(Double.isNaN(parse("NaN")));
        assertEquals(1.5e3, parse("1.5D3"));
        assertEquals(-0.0, parse("-0.0"));
        assertEquals(0.1, parse(".1"));
        assertEquals(5.0, parse("5."));
        assertEquals(123456789012345678901234567890.0, parse("123456789012345678901234567890"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "abc", "1.2.3", "1e", "1e+", "12x", "--1", "0x10", "1,5"})
    void rejectsNonNumbers(String s) {
        ByteScanner sc = new ByteScanner();
        byte[] bytes = b(s);
        assertEquals(-1, sc.parseDouble(bytes, 0, bytes.length), s);
    }

    @Test
    void integersAndTheirLimits() {
        ByteScanner sc = new ByteScanner();
        byte[] ok = b("999999999999999999 ");
        assertEquals(18, sc.parseUnsigned(ok, 0, ok.length));
        assertEquals(999_999_999_999_999_999L, sc.longValue);
        byte[] max = b("9223372036854775807");
        assertEquals(19, sc.parseUnsigned(max, 0, max.length));
        assertEquals(Long.MAX_VALUE, sc.longValue);
        byte[] tooLarge = b("9223372036854775808");
        assertEquals(-1, sc.parseUnsigned(tooLarge, 0, tooLarge.length));
        assertTrue(sc.failure.startsWith("number too large"));
        byte[] min = b("-9223372036854775808");
        assertEquals(20, sc.parseLong(min, 0, min.length));
        assertEquals(Long.MIN_VALUE, sc.longValue);
        byte[] belowMin = b("-9223372036854775809");
        assertEquals(-1, sc.parseLong(belowMin, 0, belowMin.length));
        assertEquals("number too large: '-9223372036854775809'", sc.failure);
        byte[] twenty = b("12345678901234567890");
        assertEquals(-1, sc.parseUnsigned(twenty, 0, twenty.length));
        byte[] neg = b("-42\n");
        assertEquals(-1, sc.parseUnsigned(neg, 0, neg.length));
        assertEquals(3, sc.parseLong(neg, 0, neg.length));
        assertEquals(-42, sc.longValue);
        byte[] glued = b("12ab");
        assertEquals(-1, sc.parseUnsigned(glued, 0, glued.length));
    }

    @Test
    void tokensAreQuotedAndEscaped() {
        byte[] garbage = {(byte) 0x8f, 'a', 0, ' ', 'b'};
        assertEquals("'\\x8fa\\x00'", ByteScanner.token(garbage, 0, garbage.length));
        assertFalse(ByteScanner.token(b("x".repeat(100)), 0, 100).length() > 40);
    }
}
