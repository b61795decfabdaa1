package org.stag.loaders.text;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.stag.loaders.BadInputException;

/** Opens input files, decompressing gzip transparently (recognised by its magic bytes, not its name). */
public final class InputFiles {
    private static final int BUFFER = 1 << 16;
    private static volatile ReadProgress progress;

    private InputFiles() {
    }

    /** Opens {@code path} for reading, through a gzip decoder when the file starts with gzip's magic bytes. */
    public static InputStream open(Path path) {
        try {
            InputStream file = Files.newInputStream(path);
            ReadProgress p = progress;
            if (p != null) {
                file = ReadProgress.counting(file, path, Files.isRegularFile(path) ? Files.size(path) : -1, p);
            }
            InputStream raw = new BufferedInputStream(file, BUFFER);
            raw.mark(2);
            int b0 = raw.read();
            int b1 = raw.read();
            raw.reset();
            if (b0 == 0x1f && b1 == 0x8b) {
                try {
                    // Not buffered on the decoded side: a buffer would swallow the lines decoded just before
                    // a failure, and the chunk reader reads large blocks anyway.
                    return new StrictGzipInputStream(raw, BUFFER);
                } catch (IOException e) {
                    raw.close();
                    throw new BadInputException(path.toString(), 0, e instanceof java.io.EOFException || e.getMessage() == null
                            ? "truncated gzip header" : "corrupt gzip header: " + e.getMessage());
                }
            }
            return raw;
        } catch (NoSuchFileException e) {
            throw new BadInputException(path.toString(), 0, "no such file");
        } catch (IOException e) {
            throw new BadInputException(path.toString(), 0, "cannot read: " + IoCause.of(e));
        }
    }

    /** Reports the reading of every file opened from now on to {@code p}; null stops reporting. */
    public static void progress(ReadProgress p) {
        progress = p;
    }

    /** The file name without a trailing {@code .gz}, lower-cased, for telling formats apart. */
    public static String baseName(Path path) {
        return org.stag.loaders.GraphFileFormat.baseName(path);
    }

    /** The file name that means standard input. */
    public static final String STDIN = "-";

    /** Whether {@code path} names standard input. */
    public static boolean isStdin(Path path) {
        return path.toString().equals(STDIN);
    }

    /** Describes an I/O failure in the middle of a file as a one-line cause. */
    public static String describe(IOException e) {
        if (e instanceof java.io.EOFException) {
            return "truncated gzip stream (unexpected end of compressed data)";
        }
        if (e instanceof java.util.zip.ZipException) {
            return "corrupt gzip stream (" + e.getMessage() + ")";
        }
        return IoCause.of(e);
    }
}
