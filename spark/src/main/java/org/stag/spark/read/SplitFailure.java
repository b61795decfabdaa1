package org.stag.spark.read;

/**
 * Bad input found by a task in its split of a text file: the loader's one-line reason, and the line counted from
 * the split's first line, which the driver turns into the file's line.
 */
final class SplitFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final long splitStart;
    final long line;
    final String reason;

    /** Marks the message, so that the driver finds it in a job failure's text when Spark drops the cause. */
    static final String MARK = "stag-split-failure@";

    SplitFailure(long splitStart, long line, String reason) {
        super(MARK + splitStart + ":" + line + ":" + reason, null, false, false);
        this.splitStart = splitStart;
        this.line = line;
        this.reason = reason;
    }
}
