package org.stag.engine.jit;

import java.nio.file.Path;

/**
 * Generated Java that Janino rejects: always a stag bug, never a user error, so it is unchecked. The message
 * names the generated class, the first error with its line and column, the offending source line with a
 * caret, and the file the complete source was written to, so the failure can be reproduced from a log.
 */
public final class KernelCompileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String className;
    private final int line;
    private final int column;
    private final String sourceFile;

    KernelCompileException(String message, String className, int line, int column, Path sourceFile,
            Throwable cause) {
        super(message, cause);
        this.className = className;
        this.line = line;
        this.column = column;
        this.sourceFile = sourceFile == null ? null : sourceFile.toString();
    }

    /** Qualified name of the generated class that failed. */
    public String className() {
        return className;
    }

    /** 1-based line of the first error in the generated source, or 0 if Janino gave none. */
    public int line() {
        return line;
    }

    /** 1-based column of the first error, or 0 if Janino gave none. */
    public int column() {
        return column;
    }

    /** Where the complete generated source was written, or {@code null} if writing it failed too. */
    public Path sourceFile() {
        return sourceFile == null ? null : Path.of(sourceFile);
    }
}
