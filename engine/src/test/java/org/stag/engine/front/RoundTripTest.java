package org.stag.engine.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Printing a tree and parsing the text gives a tree of the same shape, and printing is a fixed point. */
class RoundTripTest {
    private static final List<String> FUNCTIONS = Builtin.functionNames();


    static final List<String> EXAMPLES = List.of("pagerank", "bfs", "sssp", "wcc");

    static String resource(String name) {
        try (InputStream in = RoundTripTest.class.getResourceAsStream("/programs/" + name + ".stag")) {
            if (in == null) {
                throw new IllegalStateException("missing test resource programs/" + name + ".stag");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void assertRoundTrip(String text) {
        Program p = Parser.parse(new Source("original", text));
        String printed = Printer.print(p);
        Program q = Parser.parse(new Source("printed", printed));
        assertTrue(Trees.sameShape(p, q), () -> "printed program differs:\n" + printed);
        assertEquals(printed, Printer.print(q), "printing is not a fixed point");
    }

    /** One program per construct group; together they use every construct of the language. */
    static Stream<String> constructs() {
        return Stream.of(
                "N int\nM int = 4\ndamping double = 0.85\nflag bool = true\nbig long = 3000000000\n"
                        + "t float = 1.5e-7\nd double = N / 2 + 1\n",
                "N int\nA float[Dense[N]][CTree[N]]\nB bool[N][compressed[N]]\nC int[hashed[N]][singleton[N]] fill -1\n"
                        + "D double[bitmap[N]] fill inf\nE long[N][blist[N]][N] fill 9223372036854775807L\n"
                        + "F bool[vblist[N]][ttree[N]][bst[N]][rbtree[N]][btree[N]][list[N]] fill true\nG int[1]\n",
                "N int\nLet F(x double[N], n int) -> (y double[N], c int)\n  y[i] = x[i] * n\n  c = n\nEnd\n"
                        + "Let Main() -> (r double[N])\n  s double[N]\n  s[i] = 1.0\n  r, _ = F(s, 3)\nEnd\n",
                "Let Main() -> (r int)\n  y[i] = A[i][j] * x[j] | j:(+, 0.0)\n"
                        + "  z[i] = A[i][j] * x[j] * B[j][k] | j:(+, 0), k:(MIN, inf) Ord k, i, j\n"
                        + "  w[i] = A[i][j] | j:(*, 1), k:(MAX, -inf), l:(OR, false), m:(AND, true), n:(CHOOSE, w0[i])\n"
                        + "  cnt = f[i] | i:(+, 0)\n  r = cnt\nEnd\n",
                "Let Main() -> (r int)\n  a[i] = ifelse(!m[i], x[i] + 1, fill)\n  b[i] = MIN(x[i], y[i]) - MAX(x[i], 2)\n"
                        + "  c[i] = CHOOSE(p[i], q[i]) * OR(u[i], v[i]) * AND(true, u[i])\n"
                        + "  d[j] = e[j][k] * k | k:(CHOOSE, 0)\n  e[i] = p[p[i]] + Q[b + 1][i] + -x[i] % 3 / 2\n"
                        + "  f = double(n) / float(m) + int(x) + long(y) + bool(z)\n"
                        + "  g = (a < b) == (c >= d) || a != b && !(c <= d) || a > b\n  r = 7L + 3000000000\nEnd\n",
                "Let F(a int, b bool[list[N]]) -> (c int, d bool[list[N]])\n  c = a + 1\n  d[i] = b[i]\nEnd\n"
                        + "Let Main() -> (r int)\n  f bool[list[N]]\n  f[i] = i == 0\n"
                        + "  FormatRule #2 list -> bitmap @ #1 > N / 5\n"
                        + "  FormatRule #2 List -> Dense, Compressed @ #2[0] && #1 < 3\n"
                        + "  r, _ = F*(0, f) | #1 == 10 || #2[#1]\n  q, _ = F*(0, f) | 20\n  _, _ = F*(1, f) | (n)\nEnd\n");
    }

    @ParameterizedTest
    @MethodSource("constructs")
    void everyConstructRoundTrips(String program) {
        assertRoundTrip(program);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pagerank", "bfs", "sssp", "wcc"})
    void examplesRoundTrip(String name) {
        assertRoundTrip(resource(name));
    }

    @Test
    void longSignaturesWrapBeforeTheArrowAndStillParse() {
        String text = "Let F(aaaaaaaaaaaaaaaa double[N], bbbbbbbbbbbbbbbbbbbbbbbb double[N], cccccccccccccccc int)"
                + " -> (dddddddddddddddddddd double[N], eeeeeeeeeeeeeee int)\n  dddddddddddddddddddd[i] = 1.0\n"
                + "  eeeeeeeeeeeeeee = 1\nEnd\n";
        String printed = Printer.print(Parser.parse(new Source("t", text)));
        assertTrue(printed.contains(")\n      -> ("), printed);
        assertRoundTrip(text);
    }

    @Test
    void commentsAndLayoutAreNotKept() {
        Program p = Parser.parse(new Source("t", "# header\nN   int  # size\n\n\nLet Main()->(r int)\n r=N\nEnd"));
        assertEquals("N int\n\nLet Main() -> (r int)\n    r = N\nEnd\n", Printer.print(p));
    }

    @Test
    void denseDimensionsPrintWithoutTheirLevel() {
        Program p = Parser.parse(new Source("t", "A int[Dense[N]][DENSE[4]] fill -2\n"));
        assertEquals("A int[N][4] fill -2\n", Printer.print(p));
    }

    @Test
    void randomExpressionsRoundTrip() {
        Random rnd = new Random(20240501);
        for (int n = 0; n < 3000; n++) {
            Expr e = new ExprGenerator(rnd).expr(4);
            String text = Printer.print(e);
            Expr back = Parser.parseExpression(new Source("gen", text));
            int attempt = n;
            assertTrue(Trees.sameShape(e, back), () -> "case " + attempt + ": " + text + " parsed as " + back);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pagerank", "bfs", "sssp", "wcc"})
    void everyNodeHasAPositionInsideTheSource(String name) {
        String text = resource(name);
        long lines = text.lines().count();
        Program p = Parser.parse(new Source(name, text));
        List<Node> nodes = Trees.nodes(p);
        assertTrue(nodes.size() > 100);
        for (Node n : nodes) {
            SourcePos pos = n.pos();
            assertTrue(pos.line() <= lines, () -> n + " at " + pos);
            assertTrue(pos.column() <= new Source(name, text).line(pos.line()).length() + 1, () -> n + " at " + pos);
        }
    }

    /** Random expression trees of every kind, with placeholder positions. */
    static final class ExprGenerator {
        private static final SourcePos P = new SourcePos(1, 1);
        private final Random rnd;

        ExprGenerator(Random rnd) {
            this.rnd = rnd;
        }

        Expr expr(int depth) {
            int kind = depth <= 0 ? rnd.nextInt(6) : rnd.nextInt(13);
            return switch (kind) {
                case 0 -> new Expr.IntLiteral(P, rnd.nextBoolean() ? rnd.nextInt(100) : 3_000_000_000L + rnd.nextInt(9),
                        rnd.nextInt(4) == 0);
                case 1 -> new Expr.FloatLiteral(P, rnd.nextInt(5) == 0 ? Double.POSITIVE_INFINITY
                        : rnd.nextInt(3) == 0 ? rnd.nextDouble() * 1e-12 : rnd.nextDouble() * 100);
                case 2 -> new Expr.BoolLiteral(P, rnd.nextBoolean());
                case 3 -> new Expr.Name(P, "v" + rnd.nextInt(3));
                case 4 -> new Expr.OutputRef(P, 1 + rnd.nextInt(4));
                case 5 -> new Expr.Fill(P);
                case 6, 7, 8 -> new Expr.Binary(P, BinaryOp.values()[rnd.nextInt(BinaryOp.values().length)],
                        expr(depth - 1), expr(depth - 1));
                case 9 -> new Expr.Unary(P, rnd.nextBoolean() ? UnaryOp.NEG : UnaryOp.NOT, expr(depth - 1));
                case 10 -> new Expr.IfElse(P, expr(depth - 1), expr(depth - 1), expr(depth - 1));
                case 11 -> rnd.nextBoolean()
                        ? new Expr.BuiltinCall(P, FUNCTIONS.get(rnd.nextInt(FUNCTIONS.size())),
                                List.of(expr(depth - 1), expr(depth - 1)))
                        : new Expr.Convert(P, ScalarType.values()[rnd.nextInt(ScalarType.values().length)],
                                expr(depth - 1));
                default -> {
                    List<Expr> idx = new ArrayList<>();
                    int k = 1 + rnd.nextInt(3);
                    for (int i = 0; i < k; i++) {
                        idx.add(expr(depth - 1));
                    }
                    Expr base = rnd.nextInt(4) == 0 ? new Expr.OutputRef(P, 1 + rnd.nextInt(3))
                            : new Expr.Name(P, "T" + rnd.nextInt(2));
                    yield new Expr.Access(P, base, idx);
                }
            };
        }
    }
}
