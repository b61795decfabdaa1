package org.stag.loaders.binary;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/**
 * Writes one section of a {@code .stagb} file piece by piece, from file offset {@code at} on, and checksums it: for
 * sections whose content comes in parts (a graph's row blocks, a generator's row ranges). The buffer is direct and
 * written with positional I/O, so other sections may be written through the same channel at the same time.
 */
final class SectionWriter implements AutoCloseable {
    private static final int BUFFER = 4 << 20;
    private final FileChannel ch;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C crc = new CRC32C();
    private long at;
    private long written;

    SectionWriter(FileChannel ch, long at) {
        this.ch = ch;
        this.at = at;
    }

    /** Bytes put so far (flushed or not). */
    long bytes() {
        return written + buf.position();
    }

    void putInts(int[] a, int from, int count) throws IOException {
        for (int done = 0; done < count; ) {
            int n = Math.min(count - done, buf.remaining() / 4);
            if (n == 0) {
                flush();
                continue;
            }
            buf.asIntBuffer().put(a, from + done, n);
            buf.position(buf.position() + 4 * n);
            done += n;
        }
    }

    void putLongs(long[] a, int from, int count) throws IOException {
        for (int done = 0; done < count; ) {
            int n = Math.min(count - done, buf.remaining() / 8);
            if (n == 0) {
                flush();
                continue;
            }
            buf.asLongBuffer().put(a, from + done, n);
            buf.position(buf.position() + 8 * n);
            done += n;
        }
    }

    void putDoubles(double[] a, int from, int count) throws IOException {
        for (int done = 0; done < count; ) {
            int n = Math.min(count - done, buf.remaining() / 8);
            if (n == 0) {
                flush();
                continue;
            }
            buf.asDoubleBuffer().put(a, from + done, n);
            buf.position(buf.position() + 8 * n);
            done += n;
        }
    }

    /** Pads with zeros to {@code sectionBytes}, writes what is buffered and returns the section's CRC32C. */
    int finish(long sectionBytes) throws IOException {
        if (bytes() > sectionBytes) {
            throw new IllegalStateException("section overflow: " + bytes() + " bytes for " + sectionBytes);
        }
        while (bytes() < sectionBytes) {
            if (!buf.hasRemaining()) {
                flush();
            }
            buf.put((byte) 0);
        }
        flush();
        return (int) crc.getValue();
    }

    private void flush() throws IOException {
        buf.flip();
        crc.update(buf.duplicate());
        while (buf.hasRemaining()) {
            at += ch.write(buf, at);
        }
        written += buf.limit();
        buf.clear();
    }

    @Override
    public void close() {
        // The buffer is direct and freed by the collector; nothing else is held.
    }
}
