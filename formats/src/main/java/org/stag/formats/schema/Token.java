package org.stag.formats.schema;

/** One token: its kind, its exact text and where it starts. */
record Token(TokenKind kind, String text, SourcePos pos) {

    boolean isKeyword(String word) {
        return kind == TokenKind.KEYWORD && text.equals(word);
    }

    /** How error messages show this token, e.g. {@code identifier 'foo'} or {@code '{'}. */
    String describe() {
        return switch (kind) {
            case IDENT -> "identifier '" + text + "'";
            case KEYWORD -> "keyword '" + text + "'";
            case INT, DECIMAL -> "number " + text;
            case EOF -> "end of input";
            default -> "'" + text + "'";
        };
    }
}
