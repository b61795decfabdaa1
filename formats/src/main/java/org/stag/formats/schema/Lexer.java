package org.stag.formats.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Splits schema text into tokens. Whitespace (newlines included) only separates tokens: the grammar
 * needs no line breaks, so schemas may be laid out freely. {@code //} starts a comment to the end of the line.
 */
final class Lexer {

    /** Reserved words; they cannot name types or fields, which keeps every construct LL(2). */
    static final Set<String> KEYWORDS = Set.of(
            "def", "supertype", "root", "elem", "size", "in", "parent", "nonempty", "varint", "seq",
            "bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64");

    private final String source;
    private final String text;
    private int offset;
    private int line = 1;
    private int column = 1;

    private Lexer(String source, String text) {
        this.source = source;
        this.text = text;
    }

    /** Tokenizes {@code text}; the list always ends with one {@link TokenKind#EOF} token. */
    static List<Token> tokenize(String source, String text) {
        return new Lexer(source, text).run();
    }

    private List<Token> run() {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            skipBlanksAndComments();
            SourcePos pos = new SourcePos(line, column);
            if (offset >= text.length()) {
                tokens.add(new Token(TokenKind.EOF, "", pos));
                return tokens;
            }
            char c = text.charAt(offset);
            int start = offset;
            if (Character.isLetter(c) || c == '_') {
                while (offset < text.length() && isIdentPart(text.charAt(offset))) {
                    advance();
                }
                String word = text.substring(start, offset);
                tokens.add(new Token(KEYWORDS.contains(word) ? TokenKind.KEYWORD : TokenKind.IDENT, word, pos));
            } else if (isDigit(c) || (c == '-' && offset + 1 < text.length() && isDigit(text.charAt(offset + 1)))) {
                tokens.add(number(start, pos));
            } else {
                TokenKind kind = punctuation(c);
                if (kind == null) {
                    throw new SchemaException(source, pos, "unexpected character '" + printable(c) + "'");
                }
                advance();
                tokens.add(new Token(kind, String.valueOf(c), pos));
            }
        }
    }

    /** Integers, optionally negative; decimals are lexed whole so the parser can say they are not integers. */
    private Token number(int start, SourcePos pos) {
        advance();
        while (offset < text.length() && isDigit(text.charAt(offset))) {
            advance();
        }
        TokenKind kind = TokenKind.INT;
        if (offset + 1 < text.length() && text.charAt(offset) == '.' && isDigit(text.charAt(offset + 1))) {
            kind = TokenKind.DECIMAL;
            advance();
            while (offset < text.length() && isDigit(text.charAt(offset))) {
                advance();
            }
        }
        return new Token(kind, text.substring(start, offset), pos);
    }

    private void skipBlanksAndComments() {
        while (offset < text.length()) {
            char c = text.charAt(offset);
            if (Character.isWhitespace(c)) {
                advance();
            } else if (c == '/' && offset + 1 < text.length() && text.charAt(offset + 1) == '/') {
                while (offset < text.length() && text.charAt(offset) != '\n') {
                    advance();
                }
            } else {
                return;
            }
        }
    }

    private void advance() {
        char c = text.charAt(offset++);
        if (c == '\n') {
            line++;
            column = 1;
        } else if (c != '\r') {
            column++;
        }
    }

    private static TokenKind punctuation(char c) {
        return switch (c) {
            case '{' -> TokenKind.LBRACE;
            case '}' -> TokenKind.RBRACE;
            case '[' -> TokenKind.LBRACKET;
            case ']' -> TokenKind.RBRACKET;
            case ':' -> TokenKind.COLON;
            case ',' -> TokenKind.COMMA;
            case '=' -> TokenKind.EQUALS;
            case '+' -> TokenKind.PLUS;
            case '*' -> TokenKind.STAR;
            default -> null;
        };
    }

    private static boolean isIdentPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static String printable(char c) {
        return Character.isISOControl(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c);
    }
}
