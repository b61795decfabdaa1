package org.stag.loaders.binary;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/**
 * Moves sections between a file and primitive arrays through direct buffers, with positional I/O (so
 * several threads can share one channel) and CRC32C checksums. A section is written whole; it is read in
 * blocks, whose checksums the reader combines. Padding up to a section's length is zero on writing and
 * checksummed on reading.
 */
final class SectionIo {
    /** Bytes per transfer: large enough for bulk copies, small enough to stay in cache-friendly chunks. */
    private static final int BLOCK = 4 << 20;

    private SectionIo() {
    }

    /** Which primitive array a section holds. */
    private enum Kind { INT, DOUBLE, LONG }

    /** Bytes per block a reader thread takes at a time; a multiple of 8 so no element straddles two blocks. */
    static final int READ_BLOCK = 8 << 20;

    /** Each reading thread's buffer of {@link #READ_BLOCK} bytes, reused by its every read. */
    private static final ThreadLocal<ByteBuffer> BUFFER = ThreadLocal.withInitial(
            () -> ByteBuffer.allocateDirect(READ_BLOCK).order(ByteOrder.LITTLE_ENDIAN));

    /**
     * Reads {@code bytes} bytes at file offset {@code at} and copies the whole elements among them
     * into {@code array} from element {@code first} on (at most {@code count} elements: a section's tail may be
     * padding). Returns the CRC32C of the bytes.
     */
    static int readBlock(FileChannel ch, long at, int bytes, Object array, int first, int count) throws IOException {
        ByteBuffer buf = read(ch, at, bytes);
        int crc = crc(buf);
        copy(buf, array, first, count);
        return crc;
    }

    /**
     * A little-endian buffer of the {@code bytes} bytes at file offset {@code at}, read with positional reads into this
     * thread's buffer: valid until the thread's next read (more than {@link #READ_BLOCK} bytes get a buffer of their
     * own). Reads, not mappings: a mapped piece stays resident until the garbage collector finds its buffer, so a load
     * that mapped a file piece by piece held most of the file in the process's memory beside the arrays it filled.
     */
    static ByteBuffer read(FileChannel ch, long at, int bytes) throws IOException {
        ByteBuffer buf = bytes <= READ_BLOCK ? BUFFER.get() : ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
        buf.clear().limit(bytes);
        while (buf.hasRemaining()) {
            if (ch.read(buf, at + buf.position()) < 0) {
                throw new EOFException("the file ended inside a section");
            }
        }
        return buf.flip();
    }

    /** The CRC32C of the whole view (its position is left as it is). */
    static int crc(ByteBuffer buf) {
        CRC32C crc = new CRC32C();
        crc.update(buf.duplicate().rewind());
        return (int) crc.getValue();
    }

    /** Copies the whole elements of the view into {@code array} from element {@code first} on (at most up to {@code count}). */
    static void copy(ByteBuffer buf, Object array, int first, int count) {
        ByteBuffer b = buf.duplicate().rewind().order(ByteOrder.LITTLE_ENDIAN);
        int bytes = b.limit();
        if (array instanceof int[] a) {
            get(b, a, Kind.INT, first, Math.min(bytes / 4, count - first));
        } else if (array instanceof double[] a) {
            get(b, a, Kind.DOUBLE, first, Math.min(bytes / 8, count - first));
        } else {
            get(b, array, Kind.LONG, first, Math.min(bytes / 8, count - first));
        }
    }

    static int writeInts(FileChannel ch, long at, long bytes, int[] src, int count) throws IOException {
        return transfer(ch, at, bytes, src, Kind.INT, count);
    }

    static int writeDoubles(FileChannel ch, long at, long bytes, double[] src, int count) throws IOException {
        return transfer(ch, at, bytes, src, Kind.DOUBLE, count);
    }

    static int writeLongs(FileChannel ch, long at, long bytes, long[] src, int count) throws IOException {
        return transfer(ch, at, bytes, src, Kind.LONG, count);
    }

    private static int transfer(FileChannel ch, long at, long bytes, Object array, Kind kind, int count) throws IOException {
        if (bytes == 0) {
            return 0;
        }
        int width = kind == Kind.INT ? 4 : 8;
        ByteBuffer buf = ByteBuffer.allocateDirect((int) Math.min(BLOCK, bytes)).order(ByteOrder.LITTLE_ENDIAN);
        CRC32C crc = new CRC32C();
        long done = 0;
        int element = 0;
        while (done < bytes) {
            int chunk = (int) Math.min(buf.capacity(), bytes - done);
            // Whole elements in this chunk (the section's tail may be padding).
            int elements = Math.min(chunk / width, count - element);
            buf.clear().limit(chunk);
            put(buf, array, kind, element, elements);
            while (buf.hasRemaining()) {
                buf.put((byte) 0);
            }
            buf.flip();
            crc.update(buf);
            buf.flip();
            while (buf.hasRemaining()) {
                ch.write(buf, at + done + buf.position());
            }
            element += elements;
            done += chunk;
        }
        return (int) crc.getValue();
    }

    private static void put(ByteBuffer buf, Object array, Kind kind, int from, int n) {
        switch (kind) {
            case INT -> buf.asIntBuffer().put((int[]) array, from, n);
            case DOUBLE -> buf.asDoubleBuffer().put((double[]) array, from, n);
            case LONG -> buf.asLongBuffer().put((long[]) array, from, n);
        }
        buf.position(n * (kind == Kind.INT ? 4 : 8));
    }

    private static void get(ByteBuffer buf, Object array, Kind kind, int from, int n) {
        switch (kind) {
            case INT -> buf.asIntBuffer().get((int[]) array, from, n);
            case DOUBLE -> buf.asDoubleBuffer().get((double[]) array, from, n);
            case LONG -> buf.asLongBuffer().get((long[]) array, from, n);
        }
    }
}
