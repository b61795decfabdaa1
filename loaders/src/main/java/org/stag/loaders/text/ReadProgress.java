package org.stag.loaders.text;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Told how far the reading of an input file has got, for a progress line. One listener per process (a
 * command line reads one graph at a time); {@link InputFiles#open} reports to it. Called on the thread
 * that reads the file, once per buffer read (64 KiB or more), so it must be quick and must not throw.
 */
@FunctionalInterface
public interface ReadProgress {
    /**
     * @param file  the file being read
     * @param done  bytes of the file read so far (compressed bytes for a gzip file)
     * @param total the file's size in bytes, or -1 when unknown
     */
    void bytesRead(Path file, long done, long total);

    /** A stream that reports the bytes read from {@code in} to {@code to}. */
    static InputStream counting(InputStream in, Path file, long total, ReadProgress to) {
        return new FilterInputStream(in) {
            private long done;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    to.bytesRead(file, ++done, total);
                }
                return b;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                int n = super.read(buf, off, len);
                if (n > 0) {
                    done += n;
                    to.bytesRead(file, done, total);
                }
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                long s = super.skip(n);
                done += s;
                return s;
            }
        };
    }
}
