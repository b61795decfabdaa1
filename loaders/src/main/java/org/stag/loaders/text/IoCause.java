package org.stag.loaders.text;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * The cause of an I/O failure in a few plain words for a one-line message ({@code no such file or directory},
 * {@code permission denied}, {@code is a directory}, {@code disk full}), without the path, which the message
 * names already.
 */
public final class IoCause {
    private IoCause() {
    }

    /** What went wrong, lower case. */
    public static String of(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof java.nio.file.DirectoryNotEmptyException) {
            return "a directory that is not empty";
        }
        String m = e instanceof FileSystemException f ? f.getReason() : e.getMessage();
        if (m == null || m.isBlank()) {
            return e instanceof java.io.EOFException ? "unexpected end of file" : "input/output error";
        }
        String l = m.strip().toLowerCase(Locale.ROOT);
        if (l.equals("illegal seek")) {
            return "cannot seek in it (a pipe or a device; read it through standard input, -)";
        }
        if (l.contains("no space left on device") || l.contains("disk quota exceeded")) {
            return "disk full (" + l + ")";
        }
        return Character.isUpperCase(m.charAt(0)) && m.length() > 1 && Character.isLowerCase(m.charAt(1))
                ? Character.toLowerCase(m.charAt(0)) + m.substring(1) : m;
    }
}
