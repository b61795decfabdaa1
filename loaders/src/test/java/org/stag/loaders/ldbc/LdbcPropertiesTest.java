package org.stag.loaders.ldbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stag.loaders.BadInputException;

/**
 * An LDBC Graphalytics {@code .properties} file as {@link LdbcProperties} reads it: {@code key = value} and
 * {@code key: value} lines, comments, typed values (absent ones null), and each refusal naming the key's line.
 */
class LdbcPropertiesTest {
    @TempDir
    Path dir;

    private LdbcProperties read(String text) throws IOException {
        Path p = dir.resolve("g.properties");
        Files.writeString(p, text);
        return LdbcProperties.read(p);
    }

    @Test
    void keysValuesAndTheirLines() throws IOException {
        LdbcProperties p = read("# comment\n! also a comment\n\ngraph.g.vertex-file = g.v\n  graph.g.bfs.source-vertex: 7\n"
                + "graph.g.pr.damping-factor=0.85\ngraph.g.directed = TRUE\nempty =\n");
        assertEquals(dir.resolve("g.properties").toString(), p.file());
        assertEquals("g.v", p.get("graph.g.vertex-file"));
        assertEquals(4, p.lineOf("graph.g.vertex-file"));
        assertEquals(5, p.lineOf("graph.g.bfs.source-vertex"));
        assertEquals(0, p.lineOf("absent"));
        assertEquals(7L, p.getLong("graph.g.bfs.source-vertex"));
        assertEquals(0.85, p.getDouble("graph.g.pr.damping-factor"));
        assertEquals(7.0, p.getDouble("graph.g.bfs.source-vertex"));
        assertEquals(Boolean.TRUE, p.getBoolean("graph.g.directed"));
        assertEquals("", p.get("empty"));
        assertNull(p.getLong("absent"));
        assertNull(p.getDouble("absent"));
        assertNull(p.getBoolean("absent"));
        assertNull(p.get("absent"));
        assertEquals("both = x", read("key:with=both = x\n").get("key:with"), "an '=' separates before any ':'");
    }

    @Test
    void badValuesNameTheirLine() throws IOException {
        LdbcProperties p = read("a = 1\nn = x1\nd = 1.5.2\nb = yes\n");
        BadInputException n = assertThrows(BadInputException.class, () -> p.getLong("n"));
        assertEquals(2, n.line());
        assertEquals("n must be a whole number, found 'x1'", n.reason());
        assertThrows(BadInputException.class, () -> p.getLong("d"));
        BadInputException d = assertThrows(BadInputException.class, () -> p.getDouble("d"));
        assertEquals(3, d.line());
        assertEquals("d must be a number, found '1.5.2'", d.reason());
        BadInputException b = assertThrows(BadInputException.class, () -> p.getBoolean("b"));
        assertEquals(4, b.line());
        assertEquals(0, p.bad("absent", "why").line());
        assertEquals(2, p.bad("n", "why").line());
    }

    @Test
    void aLineWithoutAKeyIsRefused() {
        BadInputException noSeparator = assertThrows(BadInputException.class, () -> read("a = 1\njust words\n"));
        assertEquals(2, noSeparator.line());
        assertEquals("expected 'key = value', found 'just words'", noSeparator.reason());
        assertEquals(1, assertThrows(BadInputException.class, () -> read("= 5\n")).line());
        assertEquals(1, assertThrows(BadInputException.class, () -> read(": 5\n")).line());
        assertEquals(1, assertThrows(BadInputException.class, () -> read("=: 5\n")).line(), "an empty key before '='");
    }
}
