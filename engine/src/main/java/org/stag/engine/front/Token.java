package org.stag.engine.front;

/** One token: its kind, its text as written and where it starts. */
record Token(TokenKind kind, String text, SourcePos pos) {

    boolean is(TokenKind k) {
        return kind == k;
    }

    boolean isKeyword(String word) {
        return kind == TokenKind.KEYWORD && text.equals(word);
    }

    /** How an error message names this token, e.g. {@code 'x'}, {@code '=='} or {@code end of line}. */
    String describe() {
        return switch (kind) {
            case NEWLINE, EOF -> kind.description();
            case KEYWORD -> "keyword '" + text + "'";
            default -> "'" + text + "'";
        };
    }
}
