package org.stag.engine.front;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Splits program text into tokens. Statements end at line ends, but a line end is not a token inside
 * parentheses or brackets, or after a token that cannot end a statement (an operator, {@code ,},
 * {@code =}, {@code ->}, {@code |}, {@code @}), so long statements wrap naturally. {@code #} followed by
 * a digit is an output reference such as {@code #1}; any other {@code #} starts a comment to the end of the line.
 */
final class Lexer {

    /** Reserved words: they cannot name variables, which keeps every statement decidable from two tokens. */
    static final Set<String> KEYWORDS = keywords();

    private static Set<String> keywords() {
        Set<String> k = new java.util.HashSet<>(Set.of("Let", "Def", "End", "FormatRule", "Ord", "ifelse", "fill", "inf",
                "true", "false", "bool", "int", "long", "float", "double"));
        // The built-in functions' names are reserved too.
        k.addAll(Builtin.functionNames());
        return Set.copyOf(k);
    }

    private final Source source;
    private final String text;
    private final List<Token> tokens = new ArrayList<>();
    private int offset;
    private int line = 1;
    private int column = 1;
    /** Open parentheses and brackets; line ends inside them are blanks. */
    private int depth;

    private Lexer(Source source) {
        this.source = source;
        this.text = source.text();
    }

    /** Tokenizes {@code source}; the list ends with one {@link TokenKind#EOF} token. */
    static List<Token> tokenize(Source source) {
        return new Lexer(source).run();
    }

    private List<Token> run() {
        while (true) {
            skipBlanksAndComments();
            SourcePos pos = new SourcePos(line, column);
            if (offset >= text.length()) {
                tokens.add(new Token(TokenKind.EOF, "", pos));
                return tokens;
            }
            char c = text.charAt(offset);
            if (c == '\n') {
                advance();
                lineEnd(pos);
            } else if (Character.isLetter(c) || c == '_') {
                word(pos);
            } else if (isDigit(c)) {
                number(pos);
            } else if (c == '#') {
                outputRef(pos);
            } else {
                operator(c, pos);
            }
        }
    }

    private void lineEnd(SourcePos pos) {
        if (depth > 0 || tokens.isEmpty()) {
            return;
        }
        TokenKind last = tokens.get(tokens.size() - 1).kind();
        if (last != TokenKind.NEWLINE && !last.continuesLine()) {
            tokens.add(new Token(TokenKind.NEWLINE, "\n", pos));
        }
    }

    private void word(SourcePos pos) {
        int start = offset;
        while (offset < text.length() && isIdentPart(text.charAt(offset))) {
            advance();
        }
        String w = text.substring(start, offset);
        TokenKind kind = w.equals("_") ? TokenKind.UNDERSCORE
                : KEYWORDS.contains(w) ? TokenKind.KEYWORD : TokenKind.IDENT;
        tokens.add(new Token(kind, w, pos));
    }

    /** Decimal integers with an optional {@code L}, and decimals with an optional fraction and exponent. */
    private void number(SourcePos pos) {
        int start = offset;
        digits();
        TokenKind kind = TokenKind.INT;
        if (peek(0) == '.' && isDigit(peek(1))) {
            kind = TokenKind.FLOAT;
            advance();
            digits();
        }
        if ((peek(0) == 'e' || peek(0) == 'E')
                && (isDigit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
            kind = TokenKind.FLOAT;
            advance();
            if (!isDigit(peek(0))) {
                advance();
            }
            digits();
        }
        if (peek(0) == 'L' && kind == TokenKind.INT) {
            advance();
        }
        if (offset < text.length() && isIdentPart(text.charAt(offset))) {
            while (offset < text.length() && isIdentPart(text.charAt(offset))) {
                advance();
            }
            throw new ProgramException(source, pos, "malformed number '" + text.substring(start, offset) + "'");
        }
        tokens.add(new Token(kind, text.substring(start, offset), pos));
    }

    private void outputRef(SourcePos pos) {
        int start = offset;
        advance();
        digits();
        tokens.add(new Token(TokenKind.OUTREF, text.substring(start, offset), pos));
    }

    private void operator(char c, SourcePos pos) {
        char n = peek(1);
        TokenKind kind;
        int length = 1;
        switch (c) {
            case '(' -> kind = TokenKind.LPAREN;
            case ')' -> kind = TokenKind.RPAREN;
            case '[' -> kind = TokenKind.LBRACK;
            case ']' -> kind = TokenKind.RBRACK;
            case ',' -> kind = TokenKind.COMMA;
            case ':' -> kind = TokenKind.COLON;
            case '@' -> kind = TokenKind.AT;
            case '+' -> kind = TokenKind.PLUS;
            case '*' -> kind = TokenKind.STAR;
            case '/' -> kind = TokenKind.SLASH;
            case '%' -> kind = TokenKind.PERCENT;
            case '-' -> {
                kind = n == '>' ? TokenKind.ARROW : TokenKind.MINUS;
                length = n == '>' ? 2 : 1;
            }
            case '=' -> {
                kind = n == '=' ? TokenKind.EQ : TokenKind.ASSIGN;
                length = n == '=' ? 2 : 1;
            }
            case '!' -> {
                kind = n == '=' ? TokenKind.NE : TokenKind.NOT;
                length = n == '=' ? 2 : 1;
            }
            case '<' -> {
                kind = n == '=' ? TokenKind.LE : TokenKind.LT;
                length = n == '=' ? 2 : 1;
            }
            case '>' -> {
                kind = n == '=' ? TokenKind.GE : TokenKind.GT;
                length = n == '=' ? 2 : 1;
            }
            case '|' -> {
                kind = n == '|' ? TokenKind.OR : TokenKind.PIPE;
                length = n == '|' ? 2 : 1;
            }
            case '&' -> {
                if (n != '&') {
                    throw new ProgramException(source, pos, "'&' is not an operator; logical and is '&&'");
                }
                kind = TokenKind.AND;
                length = 2;
            }
            default -> throw new ProgramException(source, pos, "unexpected character '" + printable(c) + "'");
        }
        for (int i = 0; i < length; i++) {
            advance();
        }
        switch (kind) {
            case LPAREN, LBRACK -> depth++;
            case RPAREN, RBRACK -> depth = Math.max(0, depth - 1);
            default -> {
            }
        }
        tokens.add(new Token(kind, text.substring(offset - length, offset), pos));
    }

    private void skipBlanksAndComments() {
        while (offset < text.length()) {
            char c = text.charAt(offset);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                advance();
            } else if (c == '#' && !isDigit(peek(1))) {
                while (offset < text.length() && text.charAt(offset) != '\n') {
                    advance();
                }
            } else {
                return;
            }
        }
    }

    private void digits() {
        while (isDigit(peek(0))) {
            advance();
        }
    }

    private char peek(int ahead) {
        int i = offset + ahead;
        return i < text.length() ? text.charAt(i) : '\0';
    }

    private void advance() {
        if (text.charAt(offset) == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        offset++;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static String printable(char c) {
        return c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c);
    }
}
