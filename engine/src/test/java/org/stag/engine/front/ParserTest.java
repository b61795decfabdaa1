package org.stag.engine.front;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.stag.engine.ops.Operator;
import org.stag.engine.ops.Operators;
import org.junit.jupiter.api.Test;

class ParserTest {

    static Program parse(String... lines) {
        return Parser.parse(new Source("t.stag", String.join("\n", lines) + "\n"));
    }

    static Expr expr(String text) {
        return Parser.parseExpression(new Source("e", text));
    }

    /** The statements of the only function of a program whose body is {@code body}. */
    static List<Stmt> body(String... body) {
        String[] lines = new String[body.length + 2];
        lines[0] = "Let Main() -> (r int)";
        System.arraycopy(body, 0, lines, 1, body.length);
        lines[body.length + 1] = "End";
        return parse(lines).functions().get(0).body();
    }

    private static SourcePos pos(int line, int column) {
        return new SourcePos(line, column);
    }

    @Test
    void scalarGlobalsWithAndWithoutDefaults() {
        Program p = parse("N int", "damping double = 0.85");
        VarDecl n = p.globals().get(0);
        assertEquals("N", n.name());
        assertEquals(new TypeRef.Scalar(pos(1, 3), ScalarType.INT), n.type());
        assertEquals(Optional.empty(), n.init());
        VarDecl d = p.globals().get(1);
        assertEquals(Optional.of(new Expr.FloatLiteral(pos(2, 18), 0.85)), d.init());
    }

    @Test
    void tensorTypeWithLevelsSizesAndFill() {
        TypeRef.Tensor t = (TypeRef.Tensor) parse("A float[Dense[N]][CTree[N]][4] fill -inf").globals().get(0).type();
        assertEquals(ScalarType.FLOAT, t.elem());
        assertEquals(List.of("dense", "ctree", "dense"), t.levels());
        assertEquals(new Size.Named(pos(1, 15), "N"), t.dims().get(0).size());
        assertEquals(new Size.Fixed(pos(1, 29), 4), t.dims().get(2).size());
        assertEquals(new Ident(pos(1, 19), "ctree"), t.dims().get(1).level());
        assertEquals(new Ident(pos(1, 28), "dense"), t.dims().get(2).level()); // implicit: the bracket's position
        assertEquals(Optional.of(new Expr.Unary(pos(1, 37), UnaryOp.NEG, new Expr.FloatLiteral(pos(1, 38),
                Double.POSITIVE_INFINITY))), t.fill());
    }

    @Test
    void functionSignatureAndBody() {
        Program p = parse("Let F(x double[N], n int)", "    -> (y double[N])", "  y[i] = x[i] * n", "End");
        FunctionDecl f = p.function("F");
        assertEquals(pos(1, 1), f.pos());
        assertEquals(List.of("x", "n"), f.inputs().stream().map(Param::name).toList());
        assertEquals(pos(2, 9), f.outputs().get(0).pos());
        assertEquals(1, f.body().size());
        assertEquals(pos(4, 1), f.end());
    }

    @Test
    void definitionWithReductionsAndOrder() {
        Definition d = (Definition) body("y[i] = A[i][j] * x[j] | j:(+, 0.0), k:(MIN, inf) Ord i, j").get(0);
        assertEquals(new Target(pos(2, 1), "y", List.of(new Ident(pos(2, 3), "i"))), d.target());
        assertEquals(2, d.reductions().size());
        Reduction r = d.reductions().get(1);
        assertEquals("MIN", r.op());
        assertEquals(new Ident(pos(2, 37), "k"), r.index());
        assertEquals(new Expr.FloatLiteral(pos(2, 45), Double.POSITIVE_INFINITY), r.init());
        assertEquals(List.of("i", "j"), d.order().orElseThrow().indices().stream().map(Ident::name).toList());
        assertEquals(pos(2, 50), d.order().orElseThrow().pos());
    }

    @Test
    void everyReductionOperator() {
        Definition d = (Definition) body("c = x[a] * x[b] * x[c] * x[d] * x[e] * x[f] * x[g] | a:(+, 0), b:(*, 1),"
                + " c:(MIN, 0), d:(MAX, 0), e:(OR, false), f:(AND, true), g:(CHOOSE, 0)").get(0);
        assertEquals(Operators.reductions().stream().map(Operator::name).toList(), d.reductions().stream().map(Reduction::op).toList());
    }

    @Test
    void scalarDefinition() {
        Definition d = (Definition) body("cnt = f[i] | i:(+, 0)").get(0);
        assertTrue(d.target().indices().isEmpty());
        assertInstanceOf(Expr.Access.class, d.value());
    }

    @Test
    void localDeclaration() {
        VarDecl v = (VarDecl) body("t bool[list[N]]").get(0);
        assertEquals("t", v.name());
        assertEquals(List.of("list"), ((TypeRef.Tensor) v.type()).levels());
    }

    @Test
    void callsWithSeveralOutputsAndWildcards() {
        Call c = (Call) body("a, _, b = F(x, n + 1)").get(0);
        assertEquals(List.of("a", "_", "b"), c.outputs().stream().map(Ident::name).toList());
        assertTrue(c.outputs().get(1).isWildcard());
        assertEquals(new Ident(pos(2, 11), "F"), c.function());
        assertEquals(2, c.args().size());
        Call single = (Call) body("a = G()").get(0);
        assertEquals(List.of(), single.args());
        Call ignored = (Call) body("_ = G(1)").get(0);
        assertTrue(ignored.outputs().get(0).isWildcard());
    }

    @Test
    void starCallWithCountAndWithCondition() {
        Program p = parse("Let F(x int) -> (y int)", "  y = x", "End", "Let Main() -> (r int)",
                "  r = F*(0) | 20", "  _ = F*(1) | (#1 == 0)", "End");
        List<Stmt> b = p.function("Main").body();
        StarCall count = (StarCall) b.get(0);
        assertEquals(new Expr.IntLiteral(pos(5, 15), 20, false), count.stop());
        StarCall cond = (StarCall) b.get(1);
        assertEquals(BinaryOp.EQ, ((Expr.Binary) cond.stop()).op());
        assertEquals(new Expr.OutputRef(pos(6, 16), 1), ((Expr.Binary) cond.stop()).left());
    }

    @Test
    void starNeedsADeclaredFunctionOtherwiseItIsMultiplication() {
        Definition d = (Definition) body("x = s*(y)").get(0);
        Expr.Binary b = (Expr.Binary) d.value();
        assertEquals(BinaryOp.MUL, b.op());
    }

    @Test
    void formatRulesAttachToTheStarCallBelow() {
        Program p = parse("Let F(x bool[list[N]]) -> (y bool[list[N]])", "  y[i] = x[i]", "End",
                "Let Main() -> (r bool[list[N]])", "  f bool[list[N]]",
                "  FormatRule #1 list -> bitmap @ #1[0]", "", "  FormatRule #1 Dense, Compressed -> list @ true",
                "  r = F*(f) | 3", "End");
        StarCall s = (StarCall) p.function("Main").body().get(1);
        assertEquals(2, s.rules().size());
        FormatRule r = s.rules().get(0);
        assertEquals(pos(6, 3), r.pos());
        assertEquals(new Expr.OutputRef(pos(6, 14), 1), r.argument());
        assertEquals(List.of("list"), r.from().names());
        assertEquals(List.of("bitmap"), r.to().names());
        assertEquals(List.of("dense", "compressed"), s.rules().get(1).from().names());
        assertEquals(pos(9, 3), s.pos());
    }

    @Test
    void precedenceClimbing() {
        assertEquals("a + (b * c)", grouped(expr("a + b * c")));
        assertEquals("(a - b) - c", grouped(expr("a - b - c")));
        assertEquals("a || (b && c)", grouped(expr("a || b && c")));
        assertEquals("((a + b) < c) == d", grouped(expr("a + b < c == d")));
        assertEquals("(!a) == b", grouped(expr("!a == b")));
        assertEquals("(-a) * b", grouped(expr("-a * b")));
        assertEquals("a * (b + c)", grouped(expr("a * (b + c)")));
        assertEquals("((a / b) % c) * d", grouped(expr("a / b % c * d")));
    }

    /** The expression with every operation parenthesised, to make the parse visible. */
    private static String grouped(Expr e) {
        if (e instanceof Expr.Binary b) {
            return wrap(b.left()) + " " + b.op().symbol() + " " + wrap(b.right());
        }
        if (e instanceof Expr.Unary u) {
            return u.op().symbol() + wrap(u.operand());
        }
        return Printer.print(e);
    }

    private static String wrap(Expr e) {
        return e instanceof Expr.Binary || e instanceof Expr.Unary ? "(" + grouped(e) + ")" : grouped(e);
    }

    @Test
    void operatorExpressionsArePositionedAtTheOperator() {
        Expr.Binary b = (Expr.Binary) expr("alpha  *  beta");
        assertEquals(pos(1, 8), b.pos());
        assertEquals(pos(1, 1), Trees.start(b));
    }

    @Test
    void primaries() {
        assertEquals(new Expr.IntLiteral(pos(1, 1), 7, true), expr("7L"));
        assertEquals(new Expr.IntLiteral(pos(1, 1), 3_000_000_000L, false), expr("3000000000"));
        assertEquals(new Expr.BoolLiteral(pos(1, 1), false), expr("false"));
        assertEquals(new Expr.Fill(pos(1, 1)), expr("fill"));
        Expr.IfElse i = (Expr.IfElse) expr("ifelse(!m[i], x[i], fill)");
        assertInstanceOf(Expr.Unary.class, i.condition());
        Expr.BuiltinCall c = (Expr.BuiltinCall) expr("CHOOSE(a, b)");
        assertEquals("CHOOSE", c.function());
        Expr.Convert v = (Expr.Convert) expr("double(n)");
        assertEquals(ScalarType.DOUBLE, v.type());
    }

    @Test
    void accessesWithComputedCoordinatesAndOutputReferences() {
        Expr.Access a = (Expr.Access) expr("p[p[i]]");
        assertInstanceOf(Expr.Access.class, a.indices().get(0));
        Expr.Access q = (Expr.Access) expr("#2[#3 - 1]");
        assertEquals(new Expr.OutputRef(pos(1, 1), 2), q.tensor());
        Expr.Access r = (Expr.Access) expr("Q[b + 1][j]");
        assertEquals(2, r.indices().size());
    }

    @Test
    void wrappedStatements() {
        Definition d = (Definition) body("y[i] = ifelse(c[i],", "     1,", "     2) +", "     3").get(0);
        assertInstanceOf(Expr.Binary.class, d.value());
        assertFalse(body("a = 1", "", "b = 2").isEmpty());
    }

    @Test
    void emptyProgram() {
        assertEquals(List.of(), Parser.parse(new Source("e", "# nothing\n")).items());
    }
}
