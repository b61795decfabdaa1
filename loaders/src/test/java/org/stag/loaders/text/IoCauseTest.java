package org.stag.loaders.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/** I/O failures are named by their cause, without the path. */
class IoCauseTest {
    @Test
    void plainWords() {
        assertEquals("no such file or directory", IoCause.of(new NoSuchFileException("/x/y")));
        assertEquals("permission denied", IoCause.of(new AccessDeniedException("/x")));
        assertEquals("is a directory", IoCause.of(new FileSystemException("/tmp", null, "Is a directory")));
        assertEquals("disk full (no space left on device)", IoCause.of(new IOException("No space left on device")));
        // Never a class name or the JVM's raw words (issue 30, defect 11).
        assertEquals("input/output error", IoCause.of(new IOException()));
        assertEquals("already exists", IoCause.of(new java.nio.file.FileAlreadyExistsException("/x")));
        assertEquals("unexpected end of file", IoCause.of(new java.io.EOFException()));
        assertEquals("cannot seek in it (a pipe or a device; read it through standard input, -)",
                IoCause.of(new IOException("Illegal seek")));
    }
}
