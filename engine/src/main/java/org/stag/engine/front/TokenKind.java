package org.stag.engine.front;

/** Kinds of tokens; keywords are {@link #KEYWORD} tokens told apart by their text. */
enum TokenKind {
    IDENT("a name"),
    KEYWORD("a keyword"),
    INT("an integer"),
    FLOAT("a number"),
    OUTREF("an output reference"),
    UNDERSCORE("'_'"),
    LPAREN("'('"),
    RPAREN("')'"),
    LBRACK("'['"),
    RBRACK("']'"),
    COMMA("','"),
    COLON("':'"),
    ASSIGN("'='"),
    ARROW("'->'"),
    AT("'@'"),
    PIPE("'|'"),
    PLUS("'+'"),
    MINUS("'-'"),
    STAR("'*'"),
    SLASH("'/'"),
    PERCENT("'%'"),
    EQ("'=='"),
    NE("'!='"),
    LT("'<'"),
    LE("'<='"),
    GT("'>'"),
    GE("'>='"),
    AND("'&&'"),
    OR("'||'"),
    NOT("'!'"),
    NEWLINE("end of line"),
    EOF("end of file");

    private final String description;

    TokenKind(String description) {
        this.description = description;
    }

    /** How messages name a token of this kind when its text is not shown. */
    String description() {
        return description;
    }

    /**
     * Whether a line break right after this token continues the statement: the token cannot end one
     * (an operator, a comma, an opening bracket), so long expressions may be wrapped after it.
     */
    boolean continuesLine() {
        return switch (this) {
            case LPAREN, LBRACK, COMMA, COLON, ASSIGN, ARROW, AT, PIPE, PLUS, MINUS, STAR, SLASH, PERCENT,
                    EQ, NE, LT, LE, GT, GE, AND, OR, NOT -> true;
            default -> false;
        };
    }
}
