package org.stag.spark.read;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.stag.loaders.BadInputException;

/**
 * Reads a graph file's bytes through Hadoop's file systems, so that a task reads its split of a local file, an
 * HDFS or an object-store path alike: its length, whether it is gzipped (by its magic bytes, as stag's readers),
 * the lines that start in a byte range, and the count of lines before an offset (for an error's line number).
 */
final class FileBytes {
    private FileBytes() {
    }

    static FileSystem fs(String path) throws IOException {
        return new Path(path).getFileSystem(new Configuration());
    }

    /** Refuses a path that does not exist (a file or a directory). */
    static void exists(String path) {
        try {
            if (!fs(path).exists(new Path(path))) {
                throw new BadInputException(path, 0, "no such file or directory");
            }
        } catch (IOException e) {
            throw new BadInputException(path, 0, "cannot read: " + e.getMessage());
        }
    }

    /** The file's length; a missing or unreadable path is bad input naming it. */
    static long length(String path) {
        try {
            FileSystem fs = fs(path);
            Path p = new Path(path);
            if (!fs.exists(p)) {
                throw new BadInputException(path, 0, "no such file or directory");
            }
            if (fs.getFileStatus(p).isDirectory()) {
                throw new BadInputException(path, 0, "is a directory");
            }
            return fs.getFileStatus(p).getLen();
        } catch (IOException e) {
            throw new BadInputException(path, 0, "cannot read: " + e.getMessage());
        }
    }

    /** Whether the file starts with gzip's magic bytes. */
    static boolean gzipped(String path) throws IOException {
        try (FSDataInputStream in = fs(path).open(new Path(path))) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /** The file as a stream of its (un-gzipped) bytes. */
    static InputStream open(String path) throws IOException {
        InputStream in = fs(path).open(new Path(path));
        return gzipped(path) ? new GZIPInputStream(in, 1 << 16) : in;
    }

    /**
     * The whole lines that start in {@code [start, end)} of a plain file whose first line starts at {@code first}:
     * a line belongs to the split it starts in, so splits cut anywhere read every line once.
     */
    static byte[] lines(String path, long first, long start, long end) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(1 << 26, end - start + 256));
        try (FSDataInputStream in = fs(path).open(new Path(path))) {
            long pos = start;
            if (start > first) {
                // Skip the end of the line that started in the previous split.
                in.seek(start - 1);
                int c;
                pos = start - 1;
                while ((c = in.read()) >= 0) {
                    pos++;
                    if (c == '\n') {
                        break;
                    }
                }
                if (c < 0) {
                    return new byte[0];
                }
            } else {
                in.seek(start);
            }
            byte[] buf = new byte[1 << 16];
            boolean done = pos >= end;
            while (!done) {
                int n = in.read(buf);
                if (n < 0) {
                    break;
                }
                int take = n;
                if (pos + n >= end) {
                    // The last line starting before end ends at the first newline at or after end - 1.
                    int from = (int) Math.max(0, end - 1 - pos);
                    for (int k = from; k < n; k++) {
                        if (buf[k] == '\n') {
                            take = k + 1;
                            done = true;
                            break;
                        }
                    }
                }
                out.write(buf, 0, take);
                pos += n;
            }
        }
        return out.toByteArray();
    }

    /** Lines before byte {@code offset} of a plain file (only on an error's path). */
    static long linesBefore(String path, long offset) {
        long lines = 0;
        try (InputStream in = fs(path).open(new Path(path))) {
            byte[] buf = new byte[1 << 16];
            long pos = 0;
            while (pos < offset) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, offset - pos));
                if (n < 0) {
                    break;
                }
                for (int k = 0; k < n; k++) {
                    if (buf[k] == '\n') {
                        lines++;
                    }
                }
                pos += n;
            }
        } catch (IOException e) {
            return 0;
        }
        return lines;
    }
}
