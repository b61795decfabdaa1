package org.stag.loaders.text;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.stag.loaders.Parallel;

/**
 * A byte range of a file cut into chunks of whole lines, with each chunk's line count, found on several
 * threads. A chunk owns the lines that start in it; its nominal boundaries are moved to just after the next
 * newline. Reads use positional I/O, so any thread can read any chunk.
 */
final class FileChunks {
    /** Chunk {@code k} is {@code [start[k], start[k + 1])}. */
    final long[] start;
    /** Lines in each chunk (newlines, plus one for a last line without a newline). */
    final long[] lines;
    private final FileChannel ch;
    private final ConcurrentLinkedQueue<byte[]> buffers = new ConcurrentLinkedQueue<>();
    /**
     * Each chunk mapped once: its lines are counted in place, and its bytes copied out once for parsing,
     * where reading through the channel copies them twice (into a direct buffer, then into the array).
     */
    private final MappedByteBuffer[] maps;

    private FileChunks(FileChannel ch, long[] start, long[] lines) {
        this.ch = ch;
        this.start = start;
        this.lines = lines;
        this.maps = new MappedByteBuffer[lines.length];
    }

    int count() {
        return lines.length;
    }

    int length(int k) {
        return (int) (start[k + 1] - start[k]);
    }

    /**
     * Cuts {@code [from, to)} of {@code ch} into chunks of about {@code chunkSize} bytes.
     *
     * A chunk holding a line of half {@link ChunkReader#MAX_LINE} or more gets the line count -1.
     */
    static FileChunks cut(FileChannel ch, long from, long to, int chunkSize, int threads) throws IOException {
        int k = (int) Math.max(1, (to - from + chunkSize - 1) / chunkSize);
        long[] start = new long[k + 1];
        start[0] = from;
        start[k] = to;
        FileChunks chunks = new FileChunks(ch, start, new long[k]);
        run(threads, k - 1, i -> start[i + 1] = chunks.afterNewline(from + (long) (i + 1) * chunkSize, to));
        for (int i = 1; i < k; i++) {
            start[i] = Math.max(start[i], start[i - 1]);
        }
        run(threads, k, i -> {
            if (start[i + 1] - start[i] > (long) chunkSize + ChunkReader.MAX_LINE) {
                chunks.lines[i] = -1;
                return;
            }
            int len = chunks.length(i);
            if (len >= ChunkReader.MAX_LINE / 2) {
                byte[] b = chunks.read(i);
                // Very long lines are left to the stream reader, which decides exactly where its limit is.
                boolean tooLong = longestLine(b, len) >= ChunkReader.MAX_LINE / 2;
                chunks.release(b);
                if (tooLong) {
                    chunks.lines[i] = -1;
                    return;
                }
            }
            ByteBuffer m = chunks.map(i);
            try {
                chunks.lines[i] = countNewlines(m, len) + (len > 0 && m.get(len - 1) != '\n' ? 1 : 0);
            } catch (InternalError e) {
                throw shrank(e);
            }
        });
        return chunks;
    }

    /** Reads chunk {@code k} into a pooled buffer (hand it back with {@link #release}). */
    byte[] read(int k) throws IOException {
        int len = length(k);
        byte[] b = buffers.poll();
        if (b == null || b.length < len) {
            b = new byte[Math.max(len, 16)];
        }
        try {
            map(k).get(0, b, 0, len);
        } catch (InternalError e) {
            throw shrank(e);
        }
        return b;
    }

    /** Chunk {@code k}'s bytes, mapped on first use. */
    private ByteBuffer map(int k) throws IOException {
        MappedByteBuffer m = maps[k];
        if (m == null) {
            m = ch.map(FileChannel.MapMode.READ_ONLY, start[k], length(k));
            maps[k] = m;
        }
        return m;
    }

    /**
     * A mapped page past the end of a file that shrank after it was mapped faults, which the JVM reports as an
     * {@link InternalError}: it is the same failure as a short read.
     */
    private static EOFException shrank(InternalError e) {
        EOFException eof = new EOFException("the file shrank while it was read");
        eof.initCause(e);
        return eof;
    }

    void release(byte[] b) {
        buffers.add(b);
    }

    /** The position just after the first newline at or after {@code p}, or {@code to}. */
    private long afterNewline(long p, long to) throws IOException {
        ByteBuffer window = ByteBuffer.allocate(1 << 16);
        long at = p;
        while (at < to) {
            window.clear().limit((int) Math.min(window.capacity(), to - at));
            int r = ch.read(window, at);
            if (r <= 0) {
                return to;
            }
            byte[] w = window.array();
            for (int i = 0; i < r; i++) {
                if (w[i] == '\n') {
                    return at + i + 1;
                }
            }
            at += r;
            if (at - p > ChunkReader.MAX_LINE) {
                // The chunk holding this line will be found too long.
                return Math.min(to, at);
            }
        }
        return to;
    }

    private static int longestLine(byte[] b, int len) {
        int longest = 0;
        int from = 0;
        for (int i = 0; i < len; i++) {
            if (b[i] == '\n') {
                longest = Math.max(longest, i - from);
                from = i + 1;
            }
        }
        return Math.max(longest, len - from);
    }

    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;

    /** As {@link #countNewlines(byte[], int)}, in place in a buffer (whose byte order does not matter). */
    static long countNewlines(ByteBuffer b, int len) {
        long n = 0;
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            long x = b.getLong(i) ^ NEWLINES;
            long zero = ~(((x & LOW7) + LOW7) | x | LOW7);
            n += Long.bitCount(zero);
        }
        for (; i < len; i++) {
            if (b.get(i) == '\n') {
                n++;
            }
        }
        return n;
    }

    /** Counts newlines eight bytes at a time: a byte equal to '\n' becomes zero, and zero bytes are counted exactly. */
    static long countNewlines(byte[] b, int len) {
        long n = 0;
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            long x = (long) LONGS.get(b, i) ^ NEWLINES;
            // High bit of each byte set exactly when the byte is zero (no borrow between bytes).
            long zero = ~(((x & LOW7) + LOW7) | x | LOW7);
            n += Long.bitCount(zero);
        }
        for (; i < len; i++) {
            if (b[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    /** A task over chunk indices that may do I/O. */
    interface ChunkTask {
        void run(int k) throws IOException;
    }

    /** Runs {@code task} for every index in {@code [0, n)} on {@code threads} threads, rethrowing I/O failures. */
    static void run(int threads, int n, ChunkTask task) throws IOException {
        try {
            Parallel.forEachBlock(threads, n, k -> {
                try {
                    task.run(k);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
