package org.stag.formats.schema;

import java.util.List;

/**
 * A schema that does not lex, parse or validate. The message is one line,
 * {@code SOURCE:LINE:COLUMN: reason}, e.g. {@code ctree.schema:4:12: seq names unknown field 'chunk'},
 * so a command line can print it as it is. When validation finds several problems the exception
 * reports the first in source order and {@link #problems()} lists them all.
 * Unchecked because schemas are compile-time input: callers either show the message or let it fail the build.
 */
public class SchemaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final int column;
    private final String reason;
    private final List<String> problems;

    SchemaException(String source, SourcePos pos, String reason) {
        this(source, pos, reason, List.of(format(source, pos, reason)));
    }

    SchemaException(String source, SourcePos pos, String reason, List<String> problems) {
        super(format(source, pos, reason), null, false, false);
        this.source = source;
        this.line = pos.line();
        this.column = pos.column();
        this.reason = reason;
        this.problems = List.copyOf(problems);
    }

    static String format(String source, SourcePos pos, String reason) {
        return source + ":" + pos.line() + ":" + pos.column() + ": " + reason.replace('\n', ' ').replace('\r', ' ');
    }

    /** The source name the schema was parsed under, e.g. {@code ctree.schema}. */
    public String source() {
        return source;
    }

    /** 1-based line of the problem. */
    public int line() {
        return line;
    }

    /** 1-based column of the problem. */
    public int column() {
        return column;
    }

    /** What is wrong, without the location. */
    public String reason() {
        return reason;
    }

    /** Every problem found, each formatted like {@link #getMessage()}, in source order; the first is this one. */
    public List<String> problems() {
        return problems;
    }
}
