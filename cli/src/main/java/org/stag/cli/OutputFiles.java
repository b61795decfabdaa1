package org.stag.cli;

import java.io.BufferedWriter;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.stag.algorithms.stream.DurableFiles;
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

    /**
     * Writes {@code file} through a PrintWriter. A PrintWriter swallows write errors; the writer under it
     * keeps the first one, so the message names the real cause (disk full...).
     */
    static void print(Path file, Consumer<PrintWriter> content) {
        write(file, w -> {
            FirstFailure keep = new FirstFailure(w);
            PrintWriter p = new PrintWriter(keep);
            content.accept(p);
            p.flush();
            if (p.checkError()) {
                throw keep.first != null ? keep.first : new IOException("the write failed");
            }
        });
    }

    /** Passes everything on, remembering the first IOException it passes up. */
    private static final class FirstFailure extends FilterWriter {
        IOException first;

        FirstFailure(Writer out) {
            super(out);
        }

        private IOException keep(IOException e) {
            if (first == null) {
                first = e;
            }
            return e;
        }

        @Override
        public void write(int c) throws IOException {
            try {
                super.write(c);
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            try {
                super.write(buf, off, len);
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void write(String str, int off, int len) throws IOException {
            try {
                super.write(str, off, len);
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                super.flush();
            } catch (IOException e) {
                throw keep(e);
            }
        }
    }

    /**
     * Writes {@code file} (ASCII/UTF-8 text) with {@code content}, whole or not at all: under a temporary name,
     * renamed once complete ({@link DurableFiles}), so a crash never leaves half a result under its name.
     */
    static void write(Path file, Content content) {
        try {
            DurableFiles.replace(file, temp -> {
                try (Writer w = new BufferedWriter(Files.newBufferedWriter(temp, StandardCharsets.UTF_8), 1 << 16)) {
                    content.writeTo(w);
                }
            });
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot write: " + IoCause.of(e));
        }
    }
}
