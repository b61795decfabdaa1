package org.stag.engine.cin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Definition;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.Source;
import org.stag.engine.jit.DefinitionCompiler;
import org.stag.engine.pass.CommonSubexpressions;
import org.stag.formats.tensor.Format;
import org.stag.formats.tensor.FormatParser;

/**
 * The concrete index notation of single kernels: the typed expression {@link KernelSpec} builds, the statement
 * tree {@link Concretize} builds for a loop order, as {@link CinPrinter} prints it, and the tree the lowering
 * walks (the {@code cin} note of a compiled kernel).
 */
class ConcretizeTest {
    private static final String PROGRAM = """
            N int
            alpha double
            flag bool
            A double[N][compressed[N]]
            x double[N]
            d long[N]
            m bool[compressed[N]]
            Let Main() -> (y double[N], s double, z long[N], w double[N], c double[N], g double[N])
                y[i] = A[i][j] * x[j] | j:(+, 0.0)
                s = A[i][j] | j:(+, 0.0), i:(MAX, -inf)
                z[i] = ifelse(m[i], d[i] + 1, d[i])
                w[i] = (x[i] * 2.0 + 1.0) * (x[i] * 2.0 + 1.0) + i
                c[j] = A[i][j] * x[i] | i:(+, 0.0)
                g[i] = ifelse(flag, alpha * x[i], 0.0)
            End
            """;
    private static final CheckedProgram P = new Checker().check(new Source("cin.stag", PROGRAM));

    private static Definition def(int k) {
        return (Definition) P.main().decl().body().get(k);
    }

    private static Map<String, Format> formats() {
        Map<String, Format> f = new HashMap<>();
        for (String n : List.of("x", "d", "y", "z", "w", "c", "g")) {
            f.put(n, FormatParser.parse("dense"));
        }
        f.put("A", FormatParser.parse("dense,compressed"));
        f.put("m", FormatParser.parse("compressed"));
        return f;
    }

    private static KernelSpec spec(int k) {
        return new KernelSpec(P, def(k), formats(), Map.of());
    }

    @Test
    void spmvIsAForallWithAnAccumulatorWhereTheRowLoopProducesIt() {
        IndexStmt s = Concretize.of(spec(0), List.of("i", "j"));
        assertEquals("forall i (y[i] = acc0 where (acc0 = 0.0; forall j acc0 += A[i][j] * x[j]))", CinPrinter.print(s));
        // The lowering walks the same tree, with the loop order it planned.
        String lowered = new DefinitionCompiler().compile(P, def(0), formats(), Map.of(), Map.of(), null, false)
                .plan().notes().get("cin");
        assertEquals(CinPrinter.print(s), lowered);
    }

    @Test
    void aTwoLevelReductionNestsTwoWheres() {
        IndexStmt s = Concretize.of(spec(1), List.of("i", "j"));
        assertEquals("(s = acc1 where (acc1 = -inf; forall i (acc1 MAX= acc0 where (acc0 = 0.0; forall j acc0 += A[i][j]))))",
                CinPrinter.print(s));
    }

    @Test
    void anIfelseIsATypedExpression() {
        KernelSpec spec = spec(2);
        IndexExpr.IfElse rhs = (IndexExpr.IfElse) spec.rhs();
        assertEquals(ScalarType.LONG, rhs.type());
        assertEquals(ScalarType.BOOL, rhs.condition().type());
        IndexExpr.Binary plus = (IndexExpr.Binary) rhs.then();
        assertEquals(ScalarType.INT, plus.right().type());
        assertEquals(ScalarType.LONG, plus.operandType(), "the literal is converted to the sum's type");
        // Two reads of d are two accesses, yet equal as expressions (what CSE compares).
        IndexExpr.Read d1 = (IndexExpr.Read) plus.left();
        IndexExpr.Read d2 = (IndexExpr.Read) rhs.otherwise();
        assertNotEquals(d1.access().id(), d2.access().id());
        assertEquals(d1, d2);
        assertEquals("forall i z[i] = ifelse(m[i], d[i] + 1, d[i])", CinPrinter.print(Concretize.of(spec, List.of("i"))));
    }

    @Test
    void commonSubexpressionsBecomeAWhereOfTemporaries() {
        IndexStmt s = CommonSubexpressions.rewrite(Concretize.of(spec(3), List.of("i")));
        assertEquals("forall i (w[i] = t1 * t1 + i where (t0 = x[i] * 2.0; t1 = t0 + 1.0))", CinPrinter.print(s));
        String lowered = new DefinitionCompiler().compile(P, def(3), formats(), Map.of(), Map.of(), null, true)
                .plan().notes().get("cin");
        assertEquals(CinPrinter.print(s), lowered);
    }

    @Test
    void aScatteredFreeIndexAccumulatesIntoAWorkspace() {
        IndexStmt s = Concretize.of(spec(4), List.of("i", "j"));
        assertEquals("(c[j] = ws[j] where forall i forall j ws[j] += A[i][j] * x[i])", CinPrinter.print(s));
    }

    @Test
    void aDecidedUniformConditionIsItsTakenBranch() {
        Expr.IfElse cond = KernelSpec.uniformConditions(P, def(5)).get(0);
        KernelSpec on = new KernelSpec(P, def(5), formats(), Map.of(cond, true));
        KernelSpec off = new KernelSpec(P, def(5), formats(), Map.of(cond, false));
        assertEquals("alpha * x[i]", CinPrinter.print(on.rhs()));
        assertEquals("0.0", CinPrinter.print(off.rhs()));
        assertEquals(List.of("x"), List.copyOf(on.operands().keySet()));
        assertEquals(List.of(), List.copyOf(off.operands().keySet()), "the branch not taken reads nothing");
    }

    @Test
    void aLoopOrderMustNameEveryIndexOnce() {
        assertThrows(IllegalArgumentException.class, () -> Concretize.of(spec(0), List.of("i")));
    }
}
