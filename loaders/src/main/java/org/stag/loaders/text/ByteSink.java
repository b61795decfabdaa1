package org.stag.loaders.text;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/** A buffered writer of ASCII numbers and text that formats integers without creating strings. */
public final class ByteSink implements AutoCloseable {
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int pos;

    private ByteSink(OutputStream out) {
        this.out = out;
    }

    /** Opens {@code path} for writing, gzip-compressed when its name ends in {@code .gz}. */
    public static ByteSink create(Path path) throws IOException {
        OutputStream raw = Files.newOutputStream(path);
        if (path.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".gz")) {
            raw = new GZIPOutputStream(raw, 1 << 16);
        }
        return new ByteSink(raw);
    }

    /** Wraps a stream (not closed by {@link #close()} beyond flushing if it is {@code System.out}). */
    public static ByteSink wrap(OutputStream out) {
        return new ByteSink(out);
    }

    public ByteSink text(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        for (byte x : b) {
            put(x);
        }
        return this;
    }

    public ByteSink put(byte c) throws IOException {
        if (pos == buf.length) {
            flushBuffer();
        }
        buf[pos++] = c;
        return this;
    }

    public ByteSink space() throws IOException {
        return put((byte) ' ');
    }

    public ByteSink newline() throws IOException {
        return put((byte) '\n');
    }

    /** Writes a decimal integer. */
    public ByteSink number(long v) throws IOException {
        if (pos + 20 > buf.length) {
            flushBuffer();
        }
        if (v == Long.MIN_VALUE) {
            return text(Long.toString(v));
        }
        if (v < 0) {
            buf[pos++] = '-';
            v = -v;
        }
        int start = pos;
        do {
            buf[pos++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        for (int i = start, j = pos - 1; i < j; i++, j--) {
            byte t = buf[i];
            buf[i] = buf[j];
            buf[j] = t;
        }
        return this;
    }

    /**
     * Writes a value so that reading it back gives the same double: integers (up to 2^53) without a
     * point, anything else as {@link Double#toString}.
     */
    public ByteSink value(double v) throws IOException {
        if (v == Math.rint(v) && Math.abs(v) <= 9007199254740992.0 && !(v == 0 && 1 / v < 0)) {
            return number((long) v);
        }
        return text(Double.toString(v));
    }

    private void flushBuffer() throws IOException {
        out.write(buf, 0, pos);
        pos = 0;
    }

    public void flush() throws IOException {
        flushBuffer();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
        if (out != System.out && out != System.err) {
            out.close();
        }
    }
}
