package org.stag.formats.graph;

/**
 * A batch that {@link DynamicGraph#apply} refused whole, naming the first bad update by the line it came from:
 * nothing changed. The message is {@code line L: cause}; a caller that knows the file prints
 * {@code FILE:LINE: cause} from {@link #line()} and {@link #cause()}.
 */
public final class BatchRefusedException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final long line;
    private final String why;

    public BatchRefusedException(long line, String why) {
        super("line " + line + ": " + why);
        this.line = line;
        this.why = why;
    }

    /** The line of the first bad update in its file (as the batch recorded it). */
    public long line() {
        return line;
    }

    /** What is wrong with it, without the line. */
    public String why() {
        return why;
    }
}
