package org.stag.engine.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LexerTest {

    private static List<Token> lex(String text) {
        return Lexer.tokenize(new Source("t.stag", text));
    }

    /** Kinds and texts in one string, e.g. {@code IDENT:x ASSIGN:=}, for compact assertions. */
    private static String show(String text) {
        return lex(text).stream().map(t -> t.kind() + (t.kind() == TokenKind.NEWLINE ? "" : ":" + t.text()))
                .collect(Collectors.joining(" "));
    }

    @Test
    void tokensCarryLineAndColumn() {
        List<Token> ts = lex("N int\n  y[i] = 2");
        assertEquals(new SourcePos(1, 1), ts.get(0).pos());
        assertEquals(new SourcePos(1, 3), ts.get(1).pos());
        assertEquals(new SourcePos(1, 6), ts.get(2).pos()); // the line end
        assertEquals(new SourcePos(2, 3), ts.get(3).pos());
        assertEquals(new SourcePos(2, 10), ts.get(8).pos());
    }

    @Test
    void tabsCountAsOneColumn() {
        assertEquals(new SourcePos(1, 3), lex("\t\tx").get(0).pos());
    }

    @Test
    void keywordsAreNotNames() {
        assertEquals("KEYWORD:Let IDENT:F KEYWORD:MIN IDENT:min KEYWORD:inf UNDERSCORE:_ IDENT:_x EOF:",
                show("Let F MIN min inf _ _x"));
    }

    @Test
    void numbers() {
        assertEquals("INT:12 INT:9223372036854775807L FLOAT:0.85 FLOAT:1e-9 FLOAT:2.5E+3 EOF:",
                show("12 9223372036854775807L 0.85 1e-9 2.5E+3"));
    }

    @Test
    void aDotWithoutDigitsIsNotPartOfANumber() {
        ProgramException e = assertThrows(ProgramException.class, () -> lex("x = 1."));
        assertEquals("t.stag:1:6: unexpected character '.'", e.getMessage());
    }

    @Test
    void operatorsLongestFirst() {
        assertEquals("ARROW:-> MINUS:- EQ:== ASSIGN:= NE:!= NOT:! LE:<= LT:< GE:>= GT:> AND:&& OR:|| PIPE:| EOF:",
                show("-> - == = != ! <= < >= > && || |"));
    }

    @Test
    void hashWithDigitIsAnOutputReferenceOtherwiseAComment() {
        assertEquals("PIPE:| OUTREF:#12 EQ:== INT:0 NEWLINE IDENT:x EOF:", show("| #12 == 0 # stop #when\nx"));
        assertEquals("IDENT:x EOF:", show("# 1 is not a reference here\nx"));
    }

    @Test
    void lineEndsEndStatementsButNotInsideBrackets() {
        assertEquals("IDENT:a ASSIGN:= IDENT:f LPAREN:( IDENT:x COMMA:, IDENT:y RPAREN:) NEWLINE IDENT:b EOF:",
                show("a = f(x,\n  y)\nb"));
        assertEquals("IDENT:a LBRACK:[ IDENT:i RBRACK:] NEWLINE EOF:", show("a[\ni\n]\n"));
    }

    @Test
    void lineEndsAfterAnOperatorContinueTheStatement() {
        assertEquals("IDENT:a ASSIGN:= IDENT:b PLUS:+ IDENT:c NEWLINE IDENT:d EOF:", show("a =\n b +\n c\nd"));
        assertEquals("IDENT:y ASSIGN:= IDENT:x PIPE:| IDENT:j EOF:", show("y = x |\n j"));
    }

    @Test
    void blankLinesAndCommentLinesMakeOneLineEnd() {
        assertEquals("IDENT:a NEWLINE IDENT:b EOF:", show("a\n\n# note\n   \nb"));
        assertEquals("IDENT:a NEWLINE IDENT:b EOF:", show("a\r\n\r\nb"));
    }

    @Test
    void noLineEndBeforeTheFirstToken() {
        assertEquals("IDENT:a EOF:", show("\n\n# header\na"));
    }

    @Test
    void unexpectedCharacter() {
        ProgramException e = assertThrows(ProgramException.class, () -> lex("x = $y"));
        assertEquals("t.stag:1:5: unexpected character '$'", e.getMessage());
    }

    @Test
    void nonPrintableCharacterIsEscaped() {
        ProgramException e = assertThrows(ProgramException.class, () -> lex("x\u0007"));
        assertEquals("t.stag:1:2: unexpected character '\\u0007'", e.getMessage());
    }

    @Test
    void singleAmpersand() {
        ProgramException e = assertThrows(ProgramException.class, () -> lex("a & b"));
        assertEquals("t.stag:1:3: '&' is not an operator; logical and is '&&'", e.getMessage());
    }

    @Test
    void malformedNumber() {
        ProgramException e = assertThrows(ProgramException.class, () -> lex("\n y = 2x"));
        assertEquals("t.stag:2:6: malformed number '2x'", e.getMessage());
    }
}
