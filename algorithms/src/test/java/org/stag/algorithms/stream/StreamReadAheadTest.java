package org.stag.algorithms.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stag.loaders.BadInputException;
import org.stag.loaders.VertexIds;
import org.stag.loaders.updates.UpdateBatch;
import org.stag.loaders.updates.UpdateBatchReader;
import org.stag.loaders.updates.UpdateIds;

/**
 * The reading thread of {@code stag stream}: batches come out in the input's order, a bad line found while
 * earlier batches are still waiting to be applied is thrown only after them, the look-ahead is bounded, and
 * closing stops the thread.
 */
class StreamReadAheadTest {
    private static UpdateBatchReader reader(String text, int batch) {
        return reader(new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)), batch);
    }

    private static UpdateBatchReader reader(InputStream in, int batch) {
        return new UpdateBatchReader("u.txt", in, new UpdateIds(VertexIds.offset(0), 100), batch, 1, 0);
    }

    private static String lines(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i % 50).append(' ').append((i + 1) % 50).append('\n');
        }
        return sb.toString();
    }

    /** Waits (without a clock) until the reading thread has queued its last batch or stopped. */
    private static void untilRead(StreamReadAhead r) throws InterruptedException {
        while (!r.readerEnded()) {
            Thread.sleep(1);
        }
    }

    @Test
    void batchesComeOutInOrderThenTheEnd() throws InterruptedException {
        try (UpdateBatchReader in = reader(lines(25), 10);
             StreamReadAhead r = new StreamReadAhead(in, "u.txt", false, 1 << 20)) {
            List<Integer> sizes = new ArrayList<>();
            long expectLine = 1;
            UpdateBatch b;
            while ((b = r.next()) != null) {
                sizes.add(b.size());
                for (long line : b.line) {
                    assertEquals(expectLine++, line);
                }
            }
            assertEquals(List.of(10, 10, 5), sizes);
            assertNull(r.next());
            assertTrue(r.available());
        }
    }

    @Test
    void aBadLineFoundAheadIsThrownOnlyAfterTheBatchesBeforeIt() throws InterruptedException {
        // Batch 3 holds the bad line 23; the reader has found it before batch 1 is taken.
        String text = lines(22) + "3 x\n" + lines(5);
        try (UpdateBatchReader in = reader(text, 10);
             StreamReadAhead r = new StreamReadAhead(in, "u.txt", false, 1 << 20)) {
            untilRead(r);
            assertEquals(10, r.next().size());
            assertEquals(10, r.next().size());
            BadInputException e = assertThrows(BadInputException.class, r::next);
            assertTrue(e.getMessage().startsWith("u.txt:23: bad target vertex 'x'"), e.getMessage());
        }
    }

    @Test
    void aNegativeWeightIsRefusedAtItsBatchWhenAsked() throws InterruptedException {
        String text = lines(10) + "1 2 -3\n" + lines(3);
        try (UpdateBatchReader in = reader(text, 10);
             StreamReadAhead r = new StreamReadAhead(in, "u.txt", true, 1 << 20)) {
            assertEquals(10, r.next().size());
            BadInputException e = assertThrows(BadInputException.class, r::next);
            assertTrue(e.getMessage().startsWith("u.txt:11: negative weight -3"), e.getMessage());
        }
        try (UpdateBatchReader in = reader(text, 10);
             StreamReadAhead r = new StreamReadAhead(in, "u.txt", false, 1 << 20)) {
            assertEquals(10, r.next().size());
            assertEquals(4, r.next().size());
            assertNull(r.next());
        }
    }

    @Test
    void theLookAheadIsBounded() throws InterruptedException {
        try (UpdateBatchReader in = reader(lines(1000), 10);
             StreamReadAhead r = new StreamReadAhead(in, "u.txt", false, 35)) {
            while (!r.readerWaiting()) {
                Thread.sleep(1);
            }
            // Three batches of 10 wait; a fourth would pass the limit of 35.
            assertEquals(30, r.queuedUpdates());
            assertFalse(r.readerEnded());
            int n = 0;
            UpdateBatch b;
            while ((b = r.next()) != null) {
                n += b.size();
                assertTrue(r.queuedUpdates() <= 35);
            }
            assertEquals(1000, n);
        }
    }

    @Test
    void aBatchLargerThanTheLimitStillPasses() throws InterruptedException {
        try (UpdateBatchReader in = reader(lines(100), 40);
             StreamReadAhead r = new StreamReadAhead(in, "u.txt", false, 5)) {
            assertEquals(40, r.next().size());
            assertEquals(40, r.next().size());
            assertEquals(20, r.next().size());
            assertNull(r.next());
        }
    }

    @Test
    void closingStopsTheThreadWaitingForRoomOrForInput() throws InterruptedException {
        StreamReadAhead full;
        try (UpdateBatchReader in = reader(lines(1000), 10)) {
            full = new StreamReadAhead(in, "u.txt", false, 10);
            while (!full.readerWaiting()) {
                Thread.sleep(1);
            }
            full.close();
            full.join();
            assertTrue(full.readerEnded());
            assertNull(full.next());
        }
        // An input that never ends (a pipe left open): close() ends the read.
        InputStream open = new InputStream() {
            @Override
            public int read() throws IOException {
                return read(new byte[1], 0, 1);
            }

            @Override
            public synchronized int read(byte[] b, int off, int len) throws IOException {
                try {
                    wait();
                } catch (InterruptedException e) {
                    throw new IOException("interrupted", e);
                }
                return -1;
            }
        };
        try (UpdateBatchReader in = reader(open, 10)) {
            StreamReadAhead r = new StreamReadAhead(in, "u.txt", false, 100);
            r.close();
            r.join();
            assertNull(r.next());
        }
    }

    @Test
    void anUnexpectedFailureOfTheReaderReachesTheApplyingThreadAfterTheBatchesBeforeIt() throws InterruptedException {
        UpdateBatch one = UpdateBatch.of(new byte[1], new int[1], new int[] {1}, new double[] {Double.NaN}, new long[] {1},
                2, 2);
        for (Throwable failure : new Throwable[] {new IllegalStateException("boom"), new OutOfMemoryError("Java heap space")}) {
            int[] calls = {0};
            try (StreamReadAhead r = new StreamReadAhead(starved -> {
                if (calls[0]++ == 0) {
                    return one;
                }
                if (failure instanceof Error e) {
                    throw e;
                }
                throw (RuntimeException) failure;
            }, () -> { }, "u.txt", false, 100)) {
                untilRead(r);
                assertTrue(one == r.next());
                Throwable thrown = assertThrows(Throwable.class, r::next);
                assertTrue(failure == thrown, thrown.toString());
                // Thrown again by any later call: the stream stops there.
                assertThrows(Throwable.class, r::next);
            }
        }
    }
}
