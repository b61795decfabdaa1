package org.stag.engine.front;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProgramExceptionTest {

    @Test
    void messageIsFileLineColumnReason() {
        ProgramException e = new ProgramException(new Source("p.stag", "a\nbb cc\n"), new SourcePos(2, 4), "bad");
        assertEquals("p.stag:2:4: bad", e.getMessage());
        assertEquals("p.stag", e.file());
        assertEquals(2, e.line());
        assertEquals(4, e.column());
        assertEquals("bad", e.reason());
    }

    @Test
    void snippetPutsACaretUnderTheColumn() {
        ProgramException e = new ProgramException(new Source("p.stag", "a\nbb cc\n"), new SourcePos(2, 4), "bad");
        assertEquals("bb cc\n   ^", e.snippet());
    }

    @Test
    void snippetKeepsTabsSoTheCaretLinesUp() {
        ProgramException e = new ProgramException(new Source("p.stag", "\tx = \ty\r\n"), new SourcePos(1, 7), "bad");
        assertEquals("\tx = \ty\n\t    \t^", e.snippet());
    }

    @Test
    void reasonStaysOnOneLine() {
        ProgramException e = new ProgramException(new Source("p.stag", "x"), new SourcePos(1, 1), "two\nlines");
        assertEquals("p.stag:1:1: two lines", e.getMessage());
    }

    @Test
    void positionPastTheEndHasAnEmptySourceLine() {
        ProgramException e = new ProgramException(new Source("p.stag", "x\n"), new SourcePos(3, 1), "eof");
        assertEquals("\n^", e.snippet());
    }
}
