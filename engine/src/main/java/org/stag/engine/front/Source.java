package org.stag.engine.front;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Program text and the name it is reported under (usually a file name).
 *
 * @param name shown at the start of every error message
 * @param text the program; line ends may be {@code \n} or {@code \r\n}
 */
public record Source(String name, String text) {

    /** Checks that both parts are present. */
    public Source {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(text, "text");
    }

    /** Reads a UTF-8 file; messages name it as given. */
    public static Source read(Path file) throws IOException {
        return new Source(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Line {@code n} (1-based) without its line terminator; empty past the end of the text. */
    public String line(int n) {
        int start = 0;
        for (int i = 1; i < n; i++) {
            int nl = text.indexOf('\n', start);
            if (nl < 0) {
                return "";
            }
            start = nl + 1;
        }
        int end = text.indexOf('\n', start);
        String line = end < 0 ? text.substring(start) : text.substring(start, end);
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }
}
