package org.stag.engine.front;

/**
 * A program that does not lex, parse or check. The message is one line, {@code FILE:LINE:COLUMN: reason},
 * so a command line can print it as it is; {@link #snippet()} adds the offending source line with a caret
 * under the column. Unchecked because programs are compile-time input: callers show the message or fail.
 */
public final class ProgramException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final SourcePos pos;
    private final String reason;
    private final String sourceLine;

    /** A problem at {@code pos} of {@code source}; {@code reason} says what is wrong, without the location. */
    public ProgramException(Source source, SourcePos pos, String reason) {
        super(format(source.name(), pos, reason), null, false, false);
        this.file = source.name();
        this.pos = pos;
        this.reason = reason.replace('\n', ' ').replace('\r', ' ');
        this.sourceLine = source.line(pos.line());
    }

    private static String format(String file, SourcePos pos, String reason) {
        return file + ":" + pos.line() + ":" + pos.column() + ": " + reason.replace('\n', ' ').replace('\r', ' ');
    }

    /** The name the program was read under. */
    public String file() {
        return file;
    }

    /** 1-based line of the problem. */
    public int line() {
        return pos.line();
    }

    /** 1-based column of the problem. */
    public int column() {
        return pos.column();
    }

    /** Line and column together. */
    public SourcePos pos() {
        return pos;
    }

    /** What is wrong, without the location. */
    public String reason() {
        return reason;
    }

    /**
     * Two lines: the source line of the problem and a caret under its column. Tabs before the column are
     * copied so the caret lines up however the terminal expands them.
     */
    public String snippet() {
        StringBuilder caret = new StringBuilder();
        for (int i = 0; i < pos.column() - 1; i++) {
            caret.append(i < sourceLine.length() && sourceLine.charAt(i) == '\t' ? '\t' : ' ');
        }
        return sourceLine + "\n" + caret + "^";
    }
}
