package org.stag.loaders.updates;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.stag.loaders.BadInputException;
import org.stag.loaders.VertexIds;

/**
 * The chunked, parallel reader against a plain line-by-line reference written with strings, on random
 * update files with every line form, random buffer sizes (so lines, pieces and batches split everywhere),
 * and now and then a bad line: same updates, same batches, same line of the error.
 */
class UpdateParserDifferentialTest {
    private static final int VERTICES = 40;

    /** What the reference reads: updates up to the first bad line, and that line (0 if none). */
    private record Expected(List<long[]> updates, List<Double> weights, long errorLine) {
    }

    private static Expected reference(String text) {
        List<long[]> ups = new ArrayList<>();
        List<Double> ws = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        int count = text.endsWith("\n") ? lines.length - 1 : lines.length;
        long n = VERTICES;
        for (int i = 0; i < count; i++) {
            String l = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            String t = l.strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("%")) {
                continue;
            }
            String[] f = t.split("[ \t]+");
            int at = 0;
            long op = 0;
            if (f[0].equals("+") || f[0].equals("-")) {
                op = f[0].equals("-") ? 1 : 0;
                at = 1;
            }
            int fields = f.length - at;
            boolean ok = fields == 2 || fields == 3 && op == 0;
            long s = 0;
            long d = 0;
            double w = Double.NaN;
            if (ok) {
                ok = f[at].matches("[0-9]{1,18}") && f[at + 1].matches("[0-9]{1,18}");
            }
            if (ok) {
                s = Long.parseLong(f[at]);
                d = Long.parseLong(f[at + 1]);
                ok = s - n < UpdateIds.MAX_JUMP;
                n = ok ? Math.max(n, s + 1) : n;
                ok = ok && d - n < UpdateIds.MAX_JUMP;
                n = ok ? Math.max(n, d + 1) : n;
            }
            if (ok && fields == 3) {
                try {
                    w = Double.parseDouble(f[at + 2]);
                    ok = Double.isFinite(w);
                } catch (NumberFormatException e) {
                    ok = false;
                }
            }
            if (!ok) {
                return new Expected(ups, ws, i + 1);
            }
            ups.add(new long[] {op, s, d, i + 1});
            ws.add(w);
        }
        return new Expected(ups, ws, 0);
    }

    private static final String[] BAD = {"x 1 2", "+ 1", "1 2 3 4", "- 1 2 0.5", "1 2 nan", "1 -2", "+ 1 2 1e", "1 99999999999"};

    private static String randomFile(Random rnd, int lines, boolean withError) {
        StringBuilder sb = new StringBuilder();
        int bad = withError ? rnd.nextInt(lines) : -1;
        for (int i = 0; i < lines; i++) {
            if (i == bad) {
                sb.append(BAD[rnd.nextInt(BAD.length)]);
            } else {
                switch (rnd.nextInt(10)) {
                    case 0 -> sb.append("# note ").append(i);
                    case 1 -> sb.append(rnd.nextBoolean() ? "" : "  % x");
                    case 2 -> sb.append("- ").append(rnd.nextInt(60)).append('\t').append(rnd.nextInt(60));
                    case 3 -> sb.append("+ ").append(rnd.nextInt(60)).append(' ').append(rnd.nextInt(60)).append(' ').append(rnd.nextInt(1000) / 8.0);
                    case 4 -> sb.append(" ").append(rnd.nextInt(60)).append("  ").append(rnd.nextInt(60)).append(" 2.5e-3 ");
                    default -> sb.append(rnd.nextInt(60)).append(' ').append(rnd.nextInt(60));
                }
            }
            sb.append(rnd.nextInt(8) == 0 ? "\r\n" : "\n");
        }
        if (rnd.nextBoolean()) {
            sb.append(rnd.nextInt(60)).append(' ').append(rnd.nextInt(60));
        }
        return sb.toString();
    }

    @Test
    void theParallelReaderReadsWhatTheReferenceReads() {
        Random rnd = new Random(12);
        for (int round = 0; round < 300; round++) {
            String text = randomFile(rnd, 1 + rnd.nextInt(200), rnd.nextInt(3) == 0);
            Expected want = reference(text);
            int k = 1 + rnd.nextInt(20);
            UpdateBatchReader r = new UpdateBatchReader("r.txt", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                    new UpdateIds(VertexIds.offset(0), VERTICES), k, 1 + rnd.nextInt(2), 0,
                    1 + rnd.nextInt(64), 1 + rnd.nextInt(512), 1 + rnd.nextInt(64));
            int full = want.updates.size() / k;
            int handedOut = want.errorLine == 0 ? want.updates.size() : full * k;
            int seen = 0;
            int vertices = VERTICES;
            while (seen < handedOut) {
                UpdateBatch b = r.next();
                assertEquals(Math.min(k, handedOut - seen), b.size(), "round " + round);
                assertEquals(vertices, b.verticesBefore());
                for (int i = 0; i < b.size(); i++) {
                    long[] u = want.updates.get(seen + i);
                    assertArrayEquals(u, new long[] {b.op[i], b.src[i], b.dst[i], b.line[i]}, "round " + round);
                    assertEquals(want.weights.get(seen + i), b.weight[i], "round " + round);
                    vertices = Math.max(vertices, Math.max(b.src[i], b.dst[i]) + 1);
                }
                assertEquals(vertices, b.verticesAfter());
                seen += b.size();
            }
            if (want.errorLine == 0) {
                assertEquals(null, r.next(), "round " + round);
            } else {
                BadInputException e = assertThrows(BadInputException.class, r::next, "round " + round);
                assertEquals(want.errorLine, e.line(), "round " + round + ": " + e.getMessage());
                assertTrue(e.getMessage().startsWith("r.txt:" + want.errorLine + ": "));
            }
            r.close();
        }
    }
}
