package org.stag.loaders.text;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * A gzip decoder that refuses bytes after the last member. The JDK's decoder reads concatenated members
 * (as gzip does) but takes anything else after a member's trailer for the end of the data, so a damaged or
 * joined file would load silently short; gzip itself says "trailing garbage".
 */
public final class StrictGzipInputStream extends GZIPInputStream {
    /** The 8-byte trailer (CRC32 and size) each member ends with. */
    private static final int TRAILER = 8;
    private final InputStream raw;
    private boolean checked;

    public StrictGzipInputStream(InputStream raw, int size) throws IOException {
        super(raw, size);
        this.raw = raw;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n < 0 && !checked) {
            checked = true;
            // At the end the inflater still counts the bytes it was given after the member's data: the trailer
            // and whatever follows it; a refused next header leaves them counted, and the rest is still unread.
            if (inf.getRemaining() > TRAILER || raw.read() >= 0) {
                throw new java.util.zip.ZipException("trailing bytes after the compressed data");
            }
        }
        return n;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }
}
