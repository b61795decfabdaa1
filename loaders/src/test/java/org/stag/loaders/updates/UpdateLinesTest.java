package org.stag.loaders.updates;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.stag.loaders.VertexIds;

/**
 * The line parser's ids, read eight bytes at a time where they fit ({@code UpdateLines.digits}), against
 * {@link Long#parseLong}: ids of 1 to 12 digits (leading zeros too), every line form, pieces placed anywhere
 * in their array with 0 to 9 bytes after them (digits or not), and a piece cut in the middle of a number.
 */
class UpdateLinesTest {
    private static final int KNOWN = 1 << 20;

    /** The id as the parser reports it: internal when known, else as written. */
    private static long id(ParsedUpdates u, int k, boolean source) {
        int internal = source ? u.src[k] : u.dst[k];
        return internal >= 0 ? internal : source ? u.rawSrc[k] : u.rawDst[k];
    }

    private static String number(SplittableRandom rnd) {
        int digits = 1 + rnd.nextInt(12);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < digits; i++) {
            b.append((char) ('0' + (i == 0 && rnd.nextInt(4) != 0 ? 1 + rnd.nextInt(9) : rnd.nextInt(10))));
        }
        return b.toString();
    }

    @Test
    void idsOfEveryLengthAndPlaceReadAsParseLongDoes() {
        SplittableRandom rnd = new SplittableRandom(3);
        UpdateIds ids = new UpdateIds(VertexIds.offset(0), KNOWN);
        UpdateLines lines = new UpdateLines();
        ParsedUpdates out = new ParsedUpdates();
        for (int round = 0; round < 2000; round++) {
            StringBuilder text = new StringBuilder();
            List<long[]> want = new ArrayList<>();
            List<Double> weights = new ArrayList<>();
            int n = 1 + rnd.nextInt(12);
            for (int i = 0; i < n; i++) {
                String u = number(rnd);
                String v = number(rnd);
                int form = rnd.nextInt(4);
                double w = Double.NaN;
                if (form == 0) {
                    text.append("+ ");
                } else if (form == 1) {
                    text.append("- ");
                }
                text.append(u).append(' ').append(v);
                if (form != 1 && rnd.nextInt(3) == 0) {
                    w = rnd.nextInt(1000) / 8.0;
                    text.append(' ').append(w);
                }
                if (i + 1 < n || rnd.nextBoolean()) {
                    text.append('\n');
                }
                want.add(new long[] {form == 1 ? UpdateBatch.DELETE : UpdateBatch.INSERT, Long.parseLong(u),
                        Long.parseLong(v), i + 1});
                weights.add(w);
            }
            byte[] piece = text.toString().getBytes(StandardCharsets.US_ASCII);
            int before = rnd.nextInt(9);
            int after = rnd.nextInt(10);
            byte[] b = new byte[before + piece.length + after];
            Arrays.fill(b, (byte) (rnd.nextBoolean() ? '7' : 'x'));
            System.arraycopy(piece, 0, b, before, piece.length);
            lines.parse(b, before, before + piece.length, out, ids, KNOWN);
            assertEquals(null, out.error, "round " + round + ": " + text);
            assertEquals(n, out.size, "round " + round);
            for (int k = 0; k < n; k++) {
                long[] w = want.get(k);
                String what = "round " + round + " line " + (k + 1) + " of\n" + text;
                assertEquals(w[0], out.op[k], what);
                assertEquals(w[1], id(out, k, true), what);
                assertEquals(w[2], id(out, k, false), what);
                assertEquals(w[3], out.line[k], what);
                assertEquals(weights.get(k), out.weight[k], what);
            }
        }
    }

    @Test
    void aPieceCutInsideANumberEndsThere() {
        byte[] b = "1 2\n12 345678\n".getBytes(StandardCharsets.US_ASCII);
        ParsedUpdates out = new ParsedUpdates();
        new UpdateLines().parse(b, 0, 10, out, new UpdateIds(VertexIds.offset(0), KNOWN), KNOWN);
        assertEquals(null, out.error);
        assertEquals(2, out.size);
        assertEquals(12, out.src[1]);
        assertEquals(345, out.dst[1]);
        // Cut after the first id's digits: the line has no target.
        new UpdateLines().parse(b, 4, 6, out, new UpdateIds(VertexIds.offset(0), KNOWN), KNOWN);
        assertEquals("missing target vertex", out.error);
    }
}
