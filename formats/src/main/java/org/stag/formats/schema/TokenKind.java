package org.stag.formats.schema;

/** Kinds of lexical tokens of the node-schema language. */
enum TokenKind {
    IDENT, KEYWORD, INT, DECIMAL, LBRACE, RBRACE, LBRACKET, RBRACKET, COLON, COMMA, EQUALS, PLUS, STAR, EOF
}
