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

    @Test
    void tokensStopAtTheirSeparatorAndAreCutAt24Bytes() {
        assertEquals("'ab'", ByteScanner.token(b("ab cd"), 0, 5));
        assertEquals("'ab'", ByteScanner.token(b("ab\tcd"), 0, 5));
        assertEquals("'ab'", ByteScanner.token(b("ab\r\n"), 0, 4));
        assertEquals("'ab'", ByteScanner.token(b("ab\ncd"), 0, 5));
        assertEquals("'\\x0d'", ByteScanner.token(b("\r"), 0, 1));
        assertEquals("'~'", ByteScanner.token(b("~"), 0, 1));
        assertEquals("'\\x7f'", ByteScanner.token(new byte[] {0x7f}, 0, 1));
        assertEquals("' x'", ByteScanner.token(b(" x"), 0, 2));
        assertEquals("' '", ByteScanner.token(b("  "), 0, 2));
        assertEquals("'abc'", ByteScanner.token(b("abcdef"), 0, 3));
        String x24 = "x".repeat(24);
        assertEquals("'" + x24 + "'", ByteScanner.token(b(x24), 0, 24));
        assertEquals("'" + x24 + "'", ByteScanner.token(b(x24 + " y"), 0, 26));
        assertEquals("'" + x24 + "...'", ByteScanner.token(b(x24 + "y"), 0, 25));
        assertEquals("'" + "x".repeat(23) + "'", ByteScanner.token(b("x".repeat(23) + " "), 0, 24));
        assertEquals("'bc'", ByteScanner.token(b("abc"), 1, 3));
    }

    @Test
    void blanksLinesAndFieldEnds() {
        assertTrue(ByteScanner.isBlank((byte) ' '));
        assertTrue(ByteScanner.isBlank((byte) '\t'));
        assertFalse(ByteScanner.isBlank((byte) '\n'));
        assertFalse(ByteScanner.isBlank((byte) 'a'));
        assertEquals(3, ByteScanner.skipLine(b("ab\ncd"), 0, 5));
        assertEquals(5, ByteScanner.skipLine(b("abcde"), 0, 5));
        assertEquals(2, ByteScanner.skipLine(b("ab\ncd"), 0, 2));
        assertEquals(1, ByteScanner.skipLine(b("\nx"), 0, 2));
        assertEquals(4, ByteScanner.skipLine(b("\nx\n\n"), 3, 5));
        assertEquals(2, ByteScanner.skipBlanks(b(" \tx"), 0, 3));
        assertEquals(1, ByteScanner.skipBlanks(b("  x"), 0, 1));
        assertTrue(ByteScanner.atFieldEnd(b("a"), 1, 1));
        assertTrue(ByteScanner.atFieldEnd(b("a\r"), 1, 2));
        assertFalse(ByteScanner.atFieldEnd(b("ab"), 1, 2));
    }

    /** Each parser reads only up to {@code end}, and says whether it was a number too large or not a number. */
    @Test
    void parsersStopAtTheEndGiven() {
        ByteScanner sc = new ByteScanner();
        byte[] digits = b("12345");
        assertEquals(2, sc.parseDouble(digits, 0, 2));
        assertEquals(12.0, sc.doubleValue);
        assertEquals(3, sc.parseDouble(b("1.5x"), 0, 3));
        assertEquals(1.5, sc.doubleValue);
        assertEquals(3, sc.parseDouble(b("1e2x"), 0, 3));
        assertEquals(100.0, sc.doubleValue);
        assertEquals(2, sc.parseUnsignedLong(digits, 0, 2));
        assertEquals(12, sc.longValue);
        assertEquals(3, sc.parseLong(digits, 0, 3));
        assertEquals(123, sc.longValue);
        assertEquals(2, sc.parseUnsigned(digits, 0, 2));
        assertEquals(12, sc.longValue);
        sc.failure = "stale";
        assertEquals(-1, sc.parseUnsignedLong(b("12a"), 0, 3));
        assertEquals(null, sc.failure);
        assertEquals(-1, sc.parseUnsignedLong(b(""), 0, 0));
        assertEquals(-1, sc.parseUnsignedLong(b("+"), 0, 1));
        assertEquals(2, sc.parseUnsignedLong(b("+7"), 0, 2));
        assertEquals(7, sc.longValue);
        assertEquals(-1, sc.parseUnsignedLong(b("-7"), 0, 2));
    }

    @Test
    void unsignedLongsCoverAll64Bits() {
        ByteScanner sc = new ByteScanner();
        byte[] max = b("18446744073709551615");
        assertEquals(20, sc.parseUnsignedLong(max, 0, max.length));
        assertEquals(-1L, sc.longValue);
        byte[] top = b("9223372036854775808");
        assertEquals(19, sc.parseUnsignedLong(top, 0, top.length));
        assertEquals(Long.MIN_VALUE, sc.longValue);
        byte[] tenth = b("1844674407370955161");
        assertEquals(19, sc.parseUnsignedLong(tenth, 0, tenth.length));
        assertEquals(1844674407370955161L, sc.longValue);
        for (String s : new String[] {"18446744073709551616", "18446744073709551620", "18446744073709551625",
            "100000000000000000000", "99999999999999999999"}) {
            byte[] over = b(s);
            assertEquals(-1, sc.parseUnsignedLong(over, 0, over.length), s);
            assertEquals("number too large: '" + s + "'", sc.failure, s);
        }
    }

    @Test
    void signedLongsAtTheirEnds() {
        ByteScanner sc = new ByteScanner();
        for (String s : new String[] {"9223372036854775807", "-9223372036854775808", "-9223372036854775807",
            "922337203685477580", "-922337203685477580", "+9223372036854775807", "0", "-0"}) {
            byte[] ok = b(s);
            assertEquals(ok.length, sc.parseLong(ok, 0, ok.length), s);
            assertEquals(Long.parseLong(s), sc.longValue, s);
        }
        for (String s : new String[] {"9223372036854775808", "9223372036854775810", "-9223372036854775810",
            "92233720368547758070"}) {
            byte[] over = b(s);
            assertEquals(-1, sc.parseLong(over, 0, over.length), s);
            assertEquals("number too large: '" + s + "'", sc.failure, s);
        }
        assertEquals(-1, sc.parseLong(b("-"), 0, 1));
        assertEquals(null, sc.failure);
    }

    /** Whether a number is integral: written without point or exponent, and exact in a double. */
    @Test
    void integralMeansAWholeNumberADoubleHoldsExactly() {
        ByteScanner sc = new ByteScanner();
        String[][] cases = {{"3", "true"}, {"-3", "true"}, {"3.0", "false"}, {"3.", "false"}, {"1e2", "false"},
            {"9007199254740992", "true"}, {"9007199254740993", "false"}, {"90071992547409930", "false"},
            {"inf", "false"}, {"nan", "false"}};
        for (String[] c : cases) {
            byte[] x = b(c[0]);
            sc.integral = !Boolean.parseBoolean(c[1]);
            assertEquals(x.length, sc.parseDouble(x, 0, x.length), c[0]);
            assertEquals(Boolean.parseBoolean(c[1]), sc.integral, c[0]);
            assertEquals(Double.doubleToRawLongBits(Double.parseDouble(c[0].replace("inf", "Infinity").replace("nan", "NaN"))),
                    Double.doubleToRawLongBits(sc.doubleValue), c[0]);
        }
    }

    @Test
    void exponentsAtTheFastPathsEdgesAndBeyond() {
        for (String s : new String[] {"1e22", "1e23", "1e-22", "1e-23", "9007199254740992e22", "9007199254740993e1",
            "1.0000000000000000000001", "0.1e-22", "123456789.123456789e-5", "1e100000", "1e-100000", "1e99999",
            "4.9e-324", "2e-324", "1.7976931348623157e308", "1.8e308", "12345678901234567.5"}) {
            assertEquals(Double.doubleToRawLongBits(Double.parseDouble(s)), Double.doubleToRawLongBits(parse(s)), s);
        }
        assertEquals(Double.doubleToRawLongBits(-1e-5), Double.doubleToRawLongBits(parse("-1e-5")));
        assertEquals(Double.doubleToRawLongBits(1e5), Double.doubleToRawLongBits(parse("1E+5")));
        assertEquals(Double.doubleToRawLongBits(1e5), Double.doubleToRawLongBits(parse("+1d5")));
    }
}
