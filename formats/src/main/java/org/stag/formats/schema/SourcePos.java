package org.stag.formats.schema;

/** A 1-based line and column in schema source text; columns count characters (a tab is one). */
record SourcePos(int line, int column) implements Comparable<SourcePos> {

    @Override
    public int compareTo(SourcePos o) {
        return line != o.line ? Integer.compare(line, o.line) : Integer.compare(column, o.column);
    }

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
