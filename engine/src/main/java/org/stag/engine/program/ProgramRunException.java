package org.stag.engine.program;

import org.stag.engine.front.Source;
import org.stag.engine.front.SourcePos;

/**
 * A program that checked but cannot run as asked: a parameter value that does not parse or names no
 * parameter, an input tensor that is missing or has the wrong shape, a computed coordinate out of range, a
 * negative iteration count. The message is one line, {@code FILE:LINE:COLUMN: reason} when the problem has
 * a place in the program (the statement or declaration concerned), else {@code FILE: reason}, so a command
 * line can print it as it is.
 */
public final class ProgramRunException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final transient SourcePos pos;
    private final String reason;

    /** A problem at {@code pos} of {@code source} (null when it has no place in the program). */
    public ProgramRunException(Source source, SourcePos pos, String reason) {
        this(source, pos, reason, null);
    }

    /** A problem at {@code pos} caused by {@code cause} (such as an index out of bounds in a kernel). */
    public ProgramRunException(Source source, SourcePos pos, String reason, Throwable cause) {
        super(source.name() + (pos == null ? "" : ":" + pos.line() + ":" + pos.column()) + ": "
                + reason.replace('\n', ' ').replace('\r', ' '), cause);
        this.file = source.name();
        this.pos = pos;
        this.reason = reason;
    }

    /** The name the program was read under. */
    public String file() {
        return file;
    }

    /** Where in the program, or null. */
    public SourcePos pos() {
        return pos;
    }

    /** What is wrong, without the location. */
    public String reason() {
        return reason;
    }
}
