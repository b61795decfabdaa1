package org.stag.formats.tensor;

/** A format string that {@link FormatParser} rejects: the message names the column and shows a caret under it. */
public final class FormatException extends IllegalArgumentException {
    private final String input;
    private final int column;
    private final String reason;

    FormatException(String input, int column, String reason) {
        super("format \"" + input + "\", column " + column + ": " + reason + "\n  " + input + "\n  "
                + " ".repeat(Math.max(0, column - 1)) + "^");
        this.input = input;
        this.column = column;
        this.reason = reason;
    }

    /** The text that was parsed. */
    public String input() {
        return input;
    }

    /** 1-based column where the problem is. */
    public int column() {
        return column;
    }

    /** The problem, without position. */
    public String reason() {
        return reason;
    }
}
