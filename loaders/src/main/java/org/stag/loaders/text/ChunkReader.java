package org.stag.loaders.text;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Cuts a byte stream into chunks of whole lines, so that chunks can be parsed independently. The
 * partial line at the end of a read is carried over to the next chunk.
 */
final class ChunkReader {
    /** Longest line accepted; binary garbage without newlines must not grow a buffer without bound. */
    static final int MAX_LINE = 16 << 20;

    private final InputStream in;
    private byte[] carry = new byte[256];
    private int carryLen;
    private boolean eof;
    /** Bytes handed out so far, for messages. */
    private long consumed;

    ChunkReader(InputStream in) {
        this(new byte[0], in);
    }

    /** Reads {@code prefix} first, then {@code in}. */
    ChunkReader(byte[] prefix, InputStream in) {
        this.in = in;
        if (prefix.length > 0) {
            carry = prefix.clone();
            carryLen = prefix.length;
        }
    }

    /** Whole lines read into a buffer that may be larger than the one passed in. */
    record Chunk(byte[] buf, int length) {
    }

    /**
     * Fills {@code buf} with the carried-over partial line followed by fresh bytes, up to the last newline.
     * Returns {@code null} at the end of the stream.
     *
     * @throws LineTooLongException when a single line exceeds {@link #MAX_LINE}
     */
    Chunk next(byte[] buf) throws IOException {
        if (eof && carryLen == 0) {
            return null;
        }
        if (buf.length < carryLen * 2) {
            buf = new byte[carryLen * 2];
        }
        System.arraycopy(carry, 0, buf, 0, carryLen);
        int len = carryLen;
        carryLen = 0;
        int scanFrom = 0;
        while (true) {
            while (!eof && len < buf.length) {
                int r;
                try {
                    r = in.read(buf, len, buf.length - len);
                } catch (IOException e) {
                    throw new ReadFailure(e, countNewlines(buf, len));
                }
                if (r < 0) {
                    eof = true;
                } else {
                    len += r;
                }
            }
            int last = lastNewline(buf, scanFrom, len);
            if (last >= 0 || eof) {
                int end = eof ? len : last + 1;
                int rest = len - end;
                if (rest > 0) {
                    if (carry.length < rest) {
                        carry = new byte[Math.max(rest, carry.length * 2)];
                    }
                    System.arraycopy(buf, end, carry, 0, rest);
                    carryLen = rest;
                }
                consumed += end;
                return end == 0 ? null : new Chunk(buf, end);
            }
            if (buf.length >= MAX_LINE) {
                throw new LineTooLongException();
            }
            scanFrom = len;
            buf = Arrays.copyOf(buf, Math.min(MAX_LINE, buf.length * 2));
        }
    }

    /** Bytes handed out in chunks so far. */
    long consumed() {
        return consumed;
    }

    private static long countNewlines(byte[] b, int to) {
        long n = 0;
        for (int i = 0; i < to; i++) {
            if (b[i] == '\n') {
                n++;
            }
        }
        return n;
    }

    private static int lastNewline(byte[] b, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * The stream failed (a truncated or corrupt gzip stream) after {@code newlines} more complete lines
     * than the chunks already handed out, so the message can name the line where decoding stopped.
     */
    static final class ReadFailure extends IOException {
        private static final long serialVersionUID = 1L;
        final long newlines;

        ReadFailure(IOException cause, long newlines) {
            super(cause.getMessage(), cause);
            this.newlines = newlines;
        }
    }

    /** A line longer than {@link #MAX_LINE}. */
    static final class LineTooLongException extends IOException {
        private static final long serialVersionUID = 1L;

        LineTooLongException() {
            super("line longer than " + (MAX_LINE >> 20) + " MiB (is this a text file?)");
        }
    }
}
