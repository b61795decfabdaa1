package org.stag.algorithms.stream;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;
import org.stag.loaders.updates.UpdateBatch;

/**
 * One segment of a checkpoint's log of applied batches: append-only, one record per batch, each forced to the
 * disk before {@link #append} returns. A record is {@code magic, length, CRC-32C} and then its payload: the version
 * the batch made, the input line and the update count it reached, the vertex counts before and after, and the
 * updates in internal ids (op, source, destination, weight bits). A record cut short by a crash, or whose CRC does
 * not match, ends the log: {@link #read} stops before it and {@link #openForAppend} cuts it off.
 */
final class BatchLog implements AutoCloseable {
    /** "STGB": each record starts with it. */
    static final int MAGIC = 0x53544742;
    private static final int HEADER = 12;
    /** Payload bytes before the updates. */
    private static final int FIXED = 8 + 8 + 8 + 4 + 4 + 4;
    /** Payload bytes per update. */
    private static final int PER_UPDATE = 1 + 4 + 4 + 8;

    /** A batch as the log holds it. */
    record Entry(long version, long linesThrough, long updatesThrough, UpdateBatch batch) {
    }

    /** Where reading a segment stopped: at its end, or at a torn or corrupt record (then {@code tornBytes > 0}). */
    record End(long validBytes, long tornBytes) {
    }

    /** What reading does with each whole record. */
    @FunctionalInterface
    interface Reader {
        void entry(Entry e);
    }

    private final FileChannel channel;
    private ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
    private final CRC32C crc = new CRC32C();

    private BatchLog(FileChannel channel) {
        this.channel = channel;
    }

    /** Opens {@code file} for appending after its first {@code validBytes} (what follows is cut off), creating it. */
    static BatchLog openForAppend(Path file, long validBytes) throws IOException {
        boolean created = !Files.exists(file);
        FileChannel c = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            c.truncate(validBytes);
            c.position(validBytes);
            c.force(true);
        } catch (IOException e) {
            c.close();
            throw e;
        }
        if (created) {
            DurableFiles.forceDirectory(file.toAbsolutePath().getParent());
        }
        return new BatchLog(c);
    }

    /** Appends the record of {@code b} and forces it to the disk. */
    void append(long version, long linesThrough, long updatesThrough, UpdateBatch b) throws IOException {
        int n = b.size();
        long bytes = HEADER + FIXED + (long) n * PER_UPDATE;
        if (bytes > Integer.MAX_VALUE - 64) {
            throw new IOException("a batch of " + n + " updates is too large for one log record");
        }
        if (buffer.capacity() < bytes) {
            buffer = ByteBuffer.allocate((int) Math.max(bytes, 2L * buffer.capacity()));
        }
        ByteBuffer p = buffer;
        p.clear();
        p.position(HEADER);
        p.putLong(version).putLong(linesThrough).putLong(updatesThrough)
                .putInt(b.verticesBefore()).putInt(b.verticesAfter()).putInt(n);
        for (int i = 0; i < n; i++) {
            p.put(b.op[i]);
        }
        for (int i = 0; i < n; i++) {
            p.putInt(b.src[i]);
        }
        for (int i = 0; i < n; i++) {
            p.putInt(b.dst[i]);
        }
        for (int i = 0; i < n; i++) {
            p.putLong(Double.doubleToRawLongBits(b.weight[i]));
        }
        int end = p.position();
        crc.reset();
        crc.update(p.array(), HEADER, end - HEADER);
        p.putInt(0, MAGIC).putInt(4, end - HEADER).putInt(8, (int) crc.getValue());
        p.flip();
        while (p.hasRemaining()) {
            channel.write(p);
        }
        channel.force(false);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /** Reads the whole records of {@code file} in order, handing each to {@code to}; where it stopped. */
    static End read(Path file, Reader to) throws IOException {
        long size = Files.size(file);
        long valid = 0;
        CRC32C crc = new CRC32C();
        try (InputStream s = Files.newInputStream(file);
             DataInputStream in = new DataInputStream(new BufferedInputStream(s, 1 << 16))) {
            byte[] payload = new byte[0];
            while (valid < size) {
                if (size - valid < HEADER) {
                    break;
                }
                int magic = in.readInt();
                int length = in.readInt();
                int sum = in.readInt();
                if (magic != MAGIC || length < FIXED || length > size - valid - HEADER) {
                    break;
                }
                if (payload.length < length) {
                    payload = new byte[length];
                }
                in.readFully(payload, 0, length);
                crc.reset();
                crc.update(payload, 0, length);
                if ((int) crc.getValue() != sum) {
                    break;
                }
                Entry e = entry(ByteBuffer.wrap(payload, 0, length));
                if (e == null) {
                    break;
                }
                to.entry(e);
                valid += HEADER + length;
            }
        } catch (EOFException e) {
            // Cut short: what was read whole stands.
        }
        return new End(valid, size - valid);
    }

    /** The entry in a payload whose CRC matched, or null when its counts do not fit its length. */
    private static Entry entry(ByteBuffer p) {
        long version = p.getLong();
        long lines = p.getLong();
        long updates = p.getLong();
        int before = p.getInt();
        int after = p.getInt();
        int n = p.getInt();
        if (n < 0 || (long) n * PER_UPDATE != p.remaining() || before < 0 || after < before) {
            return null;
        }
        byte[] op = new byte[n];
        int[] src = new int[n];
        int[] dst = new int[n];
        double[] w = new double[n];
        long[] line = new long[n];
        p.get(op);
        for (int i = 0; i < n; i++) {
            src[i] = p.getInt();
        }
        for (int i = 0; i < n; i++) {
            dst[i] = p.getInt();
        }
        for (int i = 0; i < n; i++) {
            w[i] = Double.longBitsToDouble(p.getLong());
            line[i] = lines;
        }
        try {
            return new Entry(version, lines, updates, UpdateBatch.of(op, src, dst, w, line, before, after));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
