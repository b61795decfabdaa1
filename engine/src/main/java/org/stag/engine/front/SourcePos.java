package org.stag.engine.front;

/**
 * A 1-based line and column in program text. Columns count characters, so a tab is one column;
 * {@link ProgramException#snippet()} copies tabs into the caret line to keep the caret aligned.
 */
public record SourcePos(int line, int column) implements Comparable<SourcePos> {

    /** Checks that both coordinates are 1-based. */
    public SourcePos {
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("positions are 1-based: " + line + ":" + column);
        }
    }

    @Override
    public int compareTo(SourcePos o) {
        return line != o.line ? Integer.compare(line, o.line) : Integer.compare(column, o.column);
    }

    /** {@code LINE:COLUMN}, as in error messages. */
    @Override
    public String toString() {
        return line + ":" + column;
    }
}
