package org.stag.loaders;

/**
 * Bad input: a malformed file, an unknown vertex, a value not allowed where it stands. The message is
 * always one line, {@code FILE:LINE: cause} (or {@code FILE: cause} where no line applies), so that the
 * command line can print it as it is and exit with status 2.
 */
public class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long line;
    private final String reason;

    /**
     * @param file   the file as the user named it (or a description such as {@code <stdin>})
     * @param line   1-based line number, or 0 when the problem is not tied to one line
     * @param reason what is wrong, without the location
     */
    public BadInputException(String file, long line, String reason) {
        super(format(file, line, reason), null, false, false);
        this.file = file;
        this.line = line;
        this.reason = reason;
    }

    /** An error about a value or usage that is not tied to a file. */
    public BadInputException(String reason) {
        this(null, 0, reason);
    }

    private static String format(String file, long line, String reason) {
        String oneLine = reason.replace('\n', ' ').replace('\r', ' ');
        if (file == null) {
            return oneLine;
        }
        return line > 0 ? file + ":" + line + ": " + oneLine : file + ": " + oneLine;
    }

    /** The file named in the message, or {@code null}. */
    public String file() {
        return file;
    }

    /** The 1-based line number, or 0. */
    public long line() {
        return line;
    }

    /** The cause without the location. */
    public String reason() {
        return reason;
    }
}
