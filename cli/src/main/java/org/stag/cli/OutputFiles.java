package org.stag.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.stag.loaders.BadInputException;
import org.stag.loaders.text.IoCause;

/** Writes a result file; a failure is one line naming the file and the cause (no such directory, disk full...). */
final class OutputFiles {
    private OutputFiles() {
    }

    /** What writes the content. */
    @FunctionalInterface
    interface Content {
        void writeTo(Writer w) throws IOException;
    }

    /** Writes {@code file} (ASCII/UTF-8 text) with {@code content}. */
    static void write(Path file, Content content) {
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
            content.writeTo(w);
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot write: " + IoCause.of(e));
        }
    }
}
