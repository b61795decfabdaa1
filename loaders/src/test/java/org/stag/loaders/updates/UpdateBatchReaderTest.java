package org.stag.loaders.updates;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.BadInputException;
import org.stag.loaders.VertexIds;

/** Every rule of the update-line format, every error path, gzip, stdin and the flush timeout of an open pipe. */
class UpdateBatchReaderTest {
    @TempDir
    Path dir;

    private static UpdateBatchReader reader(String text, VertexIds ids, int n, int batch) {
        return new UpdateBatchReader("u.txt", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                new UpdateIds(ids, n), batch, 2, 0, 7, 13, 5);
    }

    private static List<UpdateBatch> all(UpdateBatchReader r) {
        List<UpdateBatch> out = new ArrayList<>();
        UpdateBatch b;
        while ((b = r.next()) != null) {
            out.add(b);
        }
        r.close();
        return out;
    }

    @Test
    void everyFormOfLineIsRead() {
        String text = "# comment\n% also a comment\n\n+ 1 2 0.5\n- 3 4\n5 6\n  +\t7 8 2 \r\n9 10 1e3\n- 0 1";
        List<UpdateBatch> batches = all(reader(text, VertexIds.offset(0), 20, 100));
        assertEquals(1, batches.size());
        UpdateBatch b = batches.get(0);
        assertEquals(6, b.size());
        assertArrayEquals(new byte[] {0, 1, 0, 0, 0, 1}, b.op);
        assertArrayEquals(new int[] {1, 3, 5, 7, 9, 0}, b.src);
        assertArrayEquals(new int[] {2, 4, 6, 8, 10, 1}, b.dst);
        assertArrayEquals(new long[] {4, 5, 6, 7, 8, 9}, b.line);
        assertEquals(0.5, b.weight[0]);
        assertTrue(Double.isNaN(b.weight[1]) && Double.isNaN(b.weight[2]) && Double.isNaN(b.weight[5]));
        assertEquals(2.0, b.weight[3]);
        assertEquals(1000.0, b.weight[4]);
        assertEquals(4, b.inserts());
        assertEquals(2, b.deletes());
        assertEquals(0, b.newVertices());
    }

    @Test
    void batchesHoldAtMostKUpdatesAndCountNewVertices() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            sb.append(i).append(' ').append(i + 1).append('\n');
        }
        List<UpdateBatch> batches = all(reader(sb.toString(), VertexIds.offset(0), 5, 4));
        assertEquals(3, batches.size());
        assertEquals(4, batches.get(0).size());
        assertEquals(2, batches.get(2).size());
        assertEquals(5, batches.get(0).verticesBefore());
        assertEquals(5, batches.get(0).verticesAfter());
        assertEquals(5, batches.get(1).verticesBefore());
        assertEquals(9, batches.get(1).verticesAfter());
        assertEquals(4, batches.get(1).newVertices());
        assertEquals(11, batches.get(2).verticesAfter());
    }

    @Test
    void matrixMarketIdsAreOneBased() {
        UpdateBatch b = all(reader("+ 1 3\n- 3 1\n", VertexIds.offset(1), 3, 10)).get(0);
        assertArrayEquals(new int[] {0, 2}, b.src);
        assertArrayEquals(new int[] {2, 0}, b.dst);
        BadInputException e = assertThrows(BadInputException.class, () -> all(reader("1 2\n0 1\n", VertexIds.offset(1), 3, 10)));
        assertEquals("u.txt:2: vertex id 0 is below the first id 1", e.getMessage());
    }

    @Test
    void explicitIdsGrowInOrderOfAppearance() {
        UpdateIds ids = new UpdateIds(VertexIds.explicit(new long[] {100, 7, 933}), 3);
        UpdateBatchReader r = new UpdateBatchReader("u", new ByteArrayInputStream("7 100\n+ 555 933\n- 7 42\n555 42 1\n"
                .getBytes(StandardCharsets.UTF_8)), ids, 10, 1, 0);
        UpdateBatch b = all(r).get(0);
        assertArrayEquals(new int[] {1, 3, 1, 3}, b.src);
        assertArrayEquals(new int[] {0, 2, 4, 4}, b.dst);
        assertEquals(2, b.newVertices());
        assertEquals(555, ids.external(3));
        assertEquals(42, ids.vertexIds().external(4));
        assertEquals(4, ids.vertexIds().internal(42, 5));
    }

    /** Each bad line: the message names the file and line; the batches before the one holding it were handed out. */
    @Test
    void everyBadLineIsReportedWithItsLineAfterTheEarlierBatches() {
        String[][] cases = {
            {"* 1 2", "bad operation '*' (expected '+ u v [w]', '- u v' or 'u v [w]')"},
            {"+1 2", "bad operation '+1' (expected '+ u v [w]', '- u v' or 'u v [w]')"},
            {"+ 1", "missing target vertex"},
            {"-", "missing source vertex"},
            {"1 x", "bad target vertex 'x' (expected a non-negative integer)"},
            {"1.5 2", "bad source vertex '1.5' (expected a non-negative integer)"},
            {"-3 2", "negative vertex id '-3'"},
            {"+ 3 -2", "negative target vertex '-2'"},
            {"1 2 abc", "bad weight 'abc'"},
            {"1 2 inf", "weight must be finite, got 'inf'"},
            {"+ 1 2 NaN", "weight must be finite, got 'NaN'"},
            {"- 1 2 3", "a delete takes no weight ('- u v'), got '3'"},
            {"1 2 3 4", "too many fields: '4' (an insert is '+ u v [w]')"},
            {"1 1234567890123456789", "target vertex too large: '1234567890123456789'"},
            {"1 99999999999", "vertex id 99999999999 is absurd: the graph has 10 vertices and one new id may add at most 67108864"},
        };
        for (String[] c : cases) {
            // Seven good lines, batches of 3: two batches come out, the third holds the bad line 9.
            StringBuilder sb = new StringBuilder("# header\n");
            for (int i = 0; i < 7; i++) {
                sb.append("+ ").append(i).append(' ').append(i + 1).append('\n');
            }
            sb.append(c[0]).append("\n5 6\n");
            UpdateBatchReader r = reader(sb.toString(), VertexIds.offset(0), 10, 3);
            assertEquals(3, r.next().size(), c[0]);
            UpdateBatch second = r.next();
            assertArrayEquals(new long[] {5, 6, 7}, second.line, c[0]);
            BadInputException e = assertThrows(BadInputException.class, r::next, c[0]);
            assertEquals("u.txt:9: " + c[1], e.getMessage(), c[0]);
            assertEquals(9, e.line());
            r.close();
        }
    }

    @Test
    void aLineTooLongIsRefused() {
        byte[] big = new byte[UpdateBatchReader.MAX_LINE + 10];
        java.util.Arrays.fill(big, (byte) '1');
        byte[] text = ("1 2\n").getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[text.length + big.length];
        System.arraycopy(text, 0, all, 0, text.length);
        System.arraycopy(big, 0, all, text.length, big.length);
        UpdateBatchReader r = new UpdateBatchReader("u", new ByteArrayInputStream(all), new UpdateIds(VertexIds.offset(0), 3), 10, 1, 0);
        BadInputException e = assertThrows(BadInputException.class, r::next);
        assertEquals("u:2: line longer than 16 MiB (is this a text file?)", e.getMessage());
        r.close();
    }

    @Test
    void aTruncatedGzipStreamIsReportedAtTheLineWhereItStops() throws IOException {
        byte[] gz = gzip("1 2\n2 3\n3 4\n".repeat(2000));
        Path f = dir.resolve("cut.gz");
        Files.write(f, java.util.Arrays.copyOf(gz, gz.length - 20));
        UpdateBatchReader r = UpdateBatchReader.open(f, new UpdateIds(VertexIds.offset(0), 5), 1_000_000, 2, 0);
        BadInputException e = assertThrows(BadInputException.class, r::next);
        assertTrue(e.getMessage().startsWith(f + ":") && e.getMessage().contains("truncated gzip stream"), e.getMessage());
        assertTrue(e.line() > 1, e.getMessage());
        r.close();
    }

    @Test
    void aMissingFileIsOneLine() {
        Path f = dir.resolve("none.txt");
        BadInputException e = assertThrows(BadInputException.class,
                () -> UpdateBatchReader.open(f, new UpdateIds(VertexIds.offset(0), 5), 10, 1, 0));
        assertEquals(f + ": no such file", e.getMessage());
    }

    @Test
    void gzipFilesAndStdinReadTheSameAsPlainText() throws IOException {
        String text = "+ 1 2 3\n- 2 1\n4 0\n";
        Path plain = dir.resolve("u.txt");
        Files.writeString(plain, text);
        Path gz = dir.resolve("u.txt.gz");
        Files.write(gz, gzip(text));
        UpdateBatch a = all(UpdateBatchReader.open(plain, new UpdateIds(VertexIds.offset(0), 5), 10, 2, 0)).get(0);
        UpdateBatch b = all(UpdateBatchReader.open(gz, new UpdateIds(VertexIds.offset(0), 5), 10, 2, 0)).get(0);
        InputStream saved = System.in;
        UpdateBatch c;
        try {
            System.setIn(new ByteArrayInputStream(gzip(text)));
            UpdateBatchReader r = UpdateBatchReader.open(Path.of("-"), new UpdateIds(VertexIds.offset(0), 5), 10, 2, 0);
            c = all(r).get(0);
        } finally {
            System.setIn(saved);
        }
        for (UpdateBatch x : List.of(b, c)) {
            assertArrayEquals(a.op, x.op);
            assertArrayEquals(a.src, x.src);
            assertArrayEquals(a.dst, x.dst);
            assertArrayEquals(a.weight, x.weight);
            assertArrayEquals(a.line, x.line);
        }
        assertEquals(3, a.size());
    }

    @Test
    void stdinErrorsNameStdin() {
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream("1 2\nx\n".getBytes(StandardCharsets.UTF_8)));
            UpdateBatchReader r = UpdateBatchReader.open(Path.of("-"), new UpdateIds(VertexIds.offset(0), 5), 10, 1, 0);
            BadInputException e = assertThrows(BadInputException.class, r::next);
            assertEquals("<stdin>:2: bad operation 'x' (expected '+ u v [w]', '- u v' or 'u v [w]')", e.getMessage());
            r.close();
        } finally {
            System.setIn(saved);
        }
    }

    /** A pipe that stays open: a partial batch comes out after the flush time, the rest at the end; nothing hangs. */
    @Test
    void anOpenPipeIsFlushedAfterTheQuietTime() throws IOException {
        PipedOutputStream writer = new PipedOutputStream();
        PipedInputStream pipe = new PipedInputStream(writer, 1 << 16);
        UpdateBatchReader r = new UpdateBatchReader("pipe", pipe, new UpdateIds(VertexIds.offset(0), 10), 1000, 2, 300);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            writer.write("+ 1 2\n- 3 4\n5 6".getBytes(StandardCharsets.UTF_8));
            writer.flush();
            UpdateBatch first = r.next();
            // The unterminated "5 6" is not a line yet.
            assertEquals(2, first.size());
            writer.write(" 7.5\n+ 7 8\n".getBytes(StandardCharsets.UTF_8));
            writer.flush();
            UpdateBatch second = r.next();
            assertEquals(2, second.size());
            assertEquals(7.5, second.weight[0]);
            assertArrayEquals(new long[] {3, 4}, second.line);
            writer.write("9 1\n".getBytes(StandardCharsets.UTF_8));
            writer.close();
            UpdateBatch last = r.next();
            assertEquals(1, last.size());
            assertNull(r.next());
        });
        r.close();
    }

    @Test
    void withoutAFlushTimeOnlyFullBatchesComeOutOfAnOpenPipe() throws IOException {
        PipedOutputStream writer = new PipedOutputStream();
        PipedInputStream pipe = new PipedInputStream(writer, 1 << 16);
        UpdateBatchReader r = new UpdateBatchReader("pipe", pipe, new UpdateIds(VertexIds.offset(0), 10), 2, 1, 0);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            writer.write("1 2\n3 4\n5 6\n".getBytes(StandardCharsets.UTF_8));
            writer.flush();
            assertEquals(2, r.next().size());
            writer.close();
            assertEquals(1, r.next().size());
            assertNull(r.next());
        });
        r.close();
    }

    /** endInput from another thread: the complete lines come out (a partial batch last), the unfinished one does not. */
    @Test
    void endInputHandsOutTheCompleteLinesOfAPipeThatStaysOpen() throws IOException {
        PipedOutputStream writer = new PipedOutputStream();
        PipedInputStream pipe = new PipedInputStream(writer, 1 << 16);
        UpdateBatchReader r = new UpdateBatchReader("pipe", pipe, new UpdateIds(VertexIds.offset(0), 10), 2, 1, 0);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            writer.write("1 2\n3 4\n- 5 6\n7".getBytes(StandardCharsets.UTF_8));
            writer.flush();
            assertEquals(2, r.next().size());
            Thread stop = new Thread(() -> {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                r.endInput();
            });
            stop.start();
            // Blocks (no flush time, the pipe open) until endInput, then hands out the one complete line.
            UpdateBatch last = r.next();
            assertEquals(1, last.size());
            assertEquals(UpdateBatch.DELETE, last.op[0]);
            assertArrayEquals(new long[] {3}, last.line);
            assertNull(r.next());
            stop.join();
        });
        writer.close();
    }

    @Test
    void badArgumentsAreRefused() {
        UpdateIds ids = new UpdateIds(VertexIds.offset(0), 1);
        InputStream in = new ByteArrayInputStream(new byte[0]);
        assertThrows(IllegalArgumentException.class, () -> new UpdateBatchReader("u", in, ids, 0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new UpdateBatchReader("u", in, ids, 1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new UpdateBatchReader("u", in, ids, 1, 1, -1));
    }

    static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(bytes)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    /**
     * Batches handed back ({@link UpdateBatchReader#recycle}) are filled again with later lines: a stream read
     * recycling every batch at once (and its blocks of input reused, blocks of 4 KiB) gives exactly the batches
     * of the same stream read without recycling (ops, ids, weights, lines, new vertices), the last partial batch
     * included; a batch of another size, or a partial one, is not taken.
     */
    @Test
    void recycledBatchesReadTheSameAsFreshOnes() {
        StringBuilder sb = new StringBuilder();
        int n = 8 * UpdateBatchReader.RECYCLE_MIN + 123;
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
        for (int i = 0; i < n; i++) {
            int u = rnd.nextInt(3000);
            int v = rnd.nextInt(3000);
            switch (rnd.nextInt(4)) {
                case 0 -> sb.append("- ").append(u).append(' ').append(v);
                case 1 -> sb.append("+ ").append(u).append(' ').append(v).append(' ').append(rnd.nextInt(100));
                case 2 -> sb.append(u).append(' ').append(v);
                default -> sb.append("# comment ").append(i);
            }
            sb.append('\n');
        }
        byte[] text = sb.toString().getBytes(StandardCharsets.US_ASCII);
        int batch = UpdateBatchReader.RECYCLE_MIN;
        List<UpdateBatch> fresh = all(new UpdateBatchReader("u.txt", new ByteArrayInputStream(text),
                new UpdateIds(VertexIds.offset(0), 1000), batch, 2, 0, 4096, 1 << 16, 1 << 12));
        UpdateBatchReader r = new UpdateBatchReader("u.txt", new ByteArrayInputStream(text),
                new UpdateIds(VertexIds.offset(0), 1000), batch, 2, 0, 4096, 1 << 16, 1 << 12);
        int i = 0;
        int reused = 0;
        java.util.Set<Object> arrays = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (UpdateBatch b = r.next(); b != null; b = r.next(), i++) {
            UpdateBatch want = fresh.get(i);
            String where = "batch " + i;
            assertArrayEquals(want.op, b.op, where);
            assertArrayEquals(want.src, b.src, where);
            assertArrayEquals(want.dst, b.dst, where);
            assertArrayEquals(want.weight, b.weight, where);
            assertArrayEquals(want.line, b.line, where);
            assertEquals(want.verticesBefore(), b.verticesBefore(), where);
            assertEquals(want.verticesAfter(), b.verticesAfter(), where);
            reused += arrays.add(b.src) ? 0 : 1;
            r.recycle(b);
            r.recycle(UpdateBatch.of(new byte[3], new int[3], new int[3], new double[3], new long[3], 0, 0));
        }
        r.close();
        assertEquals(fresh.size(), i);
        assertTrue(fresh.get(fresh.size() - 1).size() < batch, "a partial batch last");
        assertTrue(reused > 0, "no batch was filled into recycled arrays");
    }

    @Test
    void theFirstBatchesAreHandedOutBeforeAWholeUnitIsParsed() {
        // 200,000 lines (about 2.5 MB) that arrive at once: the first parse takes FIRST_PARSE bytes, not a unit.
        StringBuilder sb = new StringBuilder();
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            sb.append(i % 1000).append(' ').append((i * 7) % 1000).append('\n');
        }
        byte[] text = sb.toString().getBytes(StandardCharsets.US_ASCII);
        UpdateBatchReader r = new UpdateBatchReader("u.txt", new ByteArrayInputStream(text), new UpdateIds(VertexIds.offset(0), 1000),
                10, 2, 0, text.length, UpdateBatchReader.UNIT, 1 << 16);
        UpdateBatch first = r.next();
        assertEquals(10, first.size());
        assertTrue(r.lines() <= UpdateBatchReader.FIRST_PARSE / 4, "parsed " + r.lines() + " lines for the first batch");
        long seen = first.size();
        long line = first.line[first.size() - 1];
        UpdateBatch b;
        int batches = 1;
        while ((b = r.next()) != null) {
            seen += b.size();
            for (long l : b.line) {
                assertEquals(++line, l);
                assertEquals((l - 1) % 1000, b.src[(int) ((l - 1) % 10)]);
            }
            // The parse's threads may change between calls, from any thread, without changing what is read.
            r.useThreads(++batches % 3 == 0 ? 1 : batches % 3 == 1 ? 0 : 64);
        }
        assertEquals(n, seen);
        assertEquals(n, r.lines());
        r.close();
    }
}
