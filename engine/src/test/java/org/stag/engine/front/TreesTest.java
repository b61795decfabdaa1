package org.stag.engine.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TreesTest {

    private static Program parse(String text) {
        return Parser.parse(new Source("t", text));
    }

    @Test
    void sameShapeIgnoresPositionsButRecordEqualityDoesNot() {
        Program a = parse("N int\nx double = 1.5");
        Program b = parse("\n\n  N    int\n\nx double=1.5");
        assertTrue(Trees.sameShape(a, b));
        assertNotEquals(a, b);
    }

    @Test
    void sameShapeSeesEveryDifference() {
        Program base = parse("Let Main() -> (r int)\n  y[i] = A[i][j] * 2 | j:(+, 0) Ord i, j\nEnd");
        List<String> variants = List.of(
                "Let Main() -> (r int)\n  y[i] = A[i][j] * 3 | j:(+, 0) Ord i, j\nEnd",
                "Let Main() -> (r int)\n  y[i] = A[i][j] + 2 | j:(+, 0) Ord i, j\nEnd",
                "Let Main() -> (r int)\n  y[i] = A[i][k] * 2 | j:(+, 0) Ord i, j\nEnd",
                "Let Main() -> (r int)\n  y[i] = A[i][j] * 2 | j:(MIN, 0) Ord i, j\nEnd",
                "Let Main() -> (r int)\n  y[i] = A[i][j] * 2 | j:(+, 0) Ord j, i\nEnd",
                "Let Main() -> (r int)\n  y[i] = A[i][j] * 2 | j:(+, 0)\nEnd",
                "Let Main() -> (r int)\n  y[i] = A[i][j] * 2 | j:(+, 0), k:(+, 0) Ord i, j\nEnd",
                "Let Main() -> (r int)\n  y[i] = A[i][j] * 2L | j:(+, 0) Ord i, j\nEnd",
                "Let Main() -> (r int)\n  y[i] = A[i][j] * 2.0 | j:(+, 0) Ord i, j\nEnd",
                "Let Main() -> (s int)\n  y[i] = A[i][j] * 2 | j:(+, 0) Ord i, j\nEnd",
                "Let Main() -> (r long)\n  y[i] = A[i][j] * 2 | j:(+, 0) Ord i, j\nEnd");
        for (String v : variants) {
            assertFalse(Trees.sameShape(base, parse(v)), v);
        }
    }

    @Test
    void nodesListsTheWholeTreeInSourceOrder() {
        Expr e = Parser.parseExpression(new Source("t", "a + b[c]"));
        List<Node> nodes = Trees.nodes(e);
        assertEquals(5, nodes.size()); // a + b[c]: the sum, a, the access, b, c
        assertEquals(e, nodes.get(0));
        assertEquals("a", ((Expr.Name) nodes.get(1)).name());
        assertEquals("c", ((Expr.Name) nodes.get(4)).name());
    }

    @Test
    void startIsTheLeftmostToken() {
        Expr e = Parser.parseExpression(new Source("t", "  (x + 1) * 2 - y"));
        assertEquals(new SourcePos(1, 4), Trees.start(e));
    }
}
