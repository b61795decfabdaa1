package org.stag.loaders.text;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.stag.loaders.BadInputException;

/**
 * Reads the first lines of a file one at a time, counting lines and bytes, so that the bulk of the file
 * can then be handed to the {@link ParallelParser} from the exact point where the header ends.
 */
public final class HeaderReader {
    private static final int MAX_HEADER_LINE = 1 << 16;

    private final InputStream in;
    private final String file;
    private final byte[] buf = new byte[8192];
    private int pos;
    private int lim;
    private long line;
    private long bytes;
    private boolean sawAnything;

    public HeaderReader(InputStream in, String file) {
        this.in = in;
        this.file = file;
    }

    /** Reads the next line without its terminator (CR LF or LF), or returns {@code null} at the end. */
    public String next() {
        StringBuilder sb = new StringBuilder();
        try {
            int c;
            while ((c = read()) >= 0) {
                bytes++;
                sawAnything = true;
                if (c == '\n') {
                    line++;
                    return stripCr(sb);
                }
                if (sb.length() >= MAX_HEADER_LINE) {
                    throw new BadInputException(file, line + 1, "header line longer than 64 KiB (is this a text file?)");
                }
                sb.append((char) c);
            }
        } catch (IOException e) {
            throw new BadInputException(file, line + 1, InputFiles.describe(e));
        }
        if (sb.length() == 0) {
            return null;
        }
        line++;
        return stripCr(sb);
    }

    private int read() throws IOException {
        if (pos == lim) {
            int r = in.read(buf, 0, buf.length);
            if (r <= 0) {
                return -1;
            }
            pos = 0;
            lim = r;
        }
        return buf[pos++] & 0xff;
    }

    /** Bytes read from the stream but not yet returned as lines; they come before the rest of the stream. */
    public byte[] leftover() {
        return java.util.Arrays.copyOfRange(buf, pos, lim);
    }

    private static String stripCr(StringBuilder sb) {
        int n = sb.length();
        return n > 0 && sb.charAt(n - 1) == '\r' ? sb.substring(0, n - 1) : sb.toString();
    }

    /** The number of the line last returned (1-based), or 0 before the first. */
    public long line() {
        return line;
    }

    /** Bytes consumed so far. */
    public long bytes() {
        return bytes;
    }

    /** Whether the stream held any byte at all. */
    public boolean sawAnything() {
        return sawAnything;
    }

    /** A piece of a line fit for a message: shortened, with non-printing characters escaped. */
    public static String quote(String text) {
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        StringBuilder sb = new StringBuilder("'");
        for (int i = 0; i < b.length && i < 40; i++) {
            int c = b[i] & 0xff;
            if (c >= 0x20 && c < 0x7f) {
                sb.append((char) c);
            } else {
                sb.append(String.format("\\x%02x", c));
            }
        }
        if (b.length > 40) {
            sb.append("...");
        }
        return sb.append('\'').toString();
    }
}
