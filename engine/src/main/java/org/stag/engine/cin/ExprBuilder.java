package org.stag.engine.cin;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.ops.Constant;
import org.stag.engine.ops.Operator;

/**
 * Turns a checked right-hand side into a typed {@link IndexExpr} for {@link KernelSpec}: types from the checker,
 * every tensor read registered as a {@link KernelSpec.Access} (ids in order of appearance, an access before the
 * reads in its indices), scalars registered with their types, a decided uniform {@code ifelse} replaced by its
 * taken branch (the other is not part of the kernel), {@code fill} by the target's fill value.
 */
final class ExprBuilder {
    private final CheckedProgram program;
    private final KernelSpec spec;
    private final Map<Expr.IfElse, Boolean> uniform;
    private final java.util.Set<String> params;

    ExprBuilder(CheckedProgram program, KernelSpec spec, Map<Expr.IfElse, Boolean> uniform) {
        this(program, spec, uniform, java.util.Set.of());
    }

    /** A builder for a {@code Def}'s body, whose parameters {@code params} are scalar variables. */
    ExprBuilder(CheckedProgram program, KernelSpec spec, Map<Expr.IfElse, Boolean> uniform, java.util.Set<String> params) {
        this.program = program;
        this.spec = spec;
        this.uniform = uniform;
        this.params = params;
    }

    /** {@code e} in its checked type. */
    IndexExpr build(Expr e) {
        ScalarType t = program.typeOf(e);
        if (e instanceof Expr.IntLiteral i) {
            return new IndexExpr.Literal(t.isIntegral() ? Constant.ofInteger(t, i.value())
                    : Constant.ofReal(t.isFloating() ? t : ScalarType.DOUBLE, i.value()));
        }
        if (e instanceof Expr.FloatLiteral f) {
            return new IndexExpr.Literal(Constant.ofReal(t, f.value()));
        }
        if (e instanceof Expr.BoolLiteral b) {
            return new IndexExpr.Literal(Constant.ofBool(b.value()));
        }
        if (e instanceof Expr.Fill) {
            return new IndexExpr.Literal(spec.targetFill());
        }
        if (e instanceof Expr.Name n) {
            if (params.contains(n.name())) {
                return new IndexExpr.ScalarVar(n.name(), t);
            }
            if (program.symbolOf(n).isPresent()) {
                spec.addScalar(n.name(), program.symbolOf(n).get().type().elem());
                return new IndexExpr.ScalarVar(n.name(), t);
            }
            IndexExpr v = new IndexExpr.IndexVar(n.name());
            return t == ScalarType.INT ? v : new IndexExpr.Cast(v, t);
        }
        if (e instanceof Expr.Access a) {
            return access(a);
        }
        if (e instanceof Expr.Unary u) {
            return new IndexExpr.Unary(u.op(), build(u.operand()), u.op() == UnaryOp.NOT ? ScalarType.BOOL : t);
        }
        if (e instanceof Expr.Binary b) {
            IndexExpr l = build(b.left());
            IndexExpr r = build(b.right());
            ScalarType ot = b.op().isLogical() ? ScalarType.BOOL
                    : b.op().isComparison() ? ExprTypes.comparison(program, b) : t;
            return new IndexExpr.Binary(b.op(), l, r, t, ot);
        }
        if (e instanceof Expr.IfElse i) {
            Boolean u = uniform.get(i);
            if (u != null) {
                scalars(i.condition());
                IndexExpr taken = build(u ? i.then() : i.otherwise());
                return taken.type() == t ? taken : new IndexExpr.Cast(taken, t);
            }
            return new IndexExpr.IfElse(build(i.condition()), build(i.then()), build(i.otherwise()), t);
        }
        if (e instanceof Expr.BuiltinCall c) {
            Operator op = program.operator(c.function());
            List<IndexExpr> args = new ArrayList<>();
            c.args().forEach(x -> args.add(build(x)));
            return new IndexExpr.Call(op, args, t);
        }
        if (e instanceof Expr.Convert c) {
            return new IndexExpr.Cast(build(c.value()), c.type());
        }
        throw new IllegalArgumentException("cannot compile " + e);
    }

    private IndexExpr access(Expr.Access a) {
        String name = ((Expr.Name) a.tensor()).name();
        KernelSpec.Operand op = spec.operand(name, program.symbolOf((Expr.Name) a.tensor()).orElseThrow().tensor());
        int id = spec.reserveAccess();
        List<String> vars = new ArrayList<>();
        for (int k = 0; k < op.format().depth(); k++) {
            if (op.format().isSlot(k)) {
                // A slot level (DIA's diagonals, ELL's slots) stores no mode: its own index, reduced (KernelSpec).
                vars.add(spec.slotVar(id, k));
                continue;
            }
            Expr ix = a.indices().get(op.format().modeOfLevel(k));
            vars.add(ix instanceof Expr.Name n && program.symbolOf(n).isEmpty() ? n.name() : null);
        }
        // Index expressions in source order (their reads take the next ids), then in level order.
        IndexExpr[] built = new IndexExpr[a.indices().size()];
        for (int m = 0; m < built.length; m++) {
            built[m] = build(a.indices().get(m));
        }
        List<IndexExpr> levelIndex = new ArrayList<>();
        for (int k = 0; k < op.format().depth(); k++) {
            levelIndex.add(op.format().isSlot(k) ? new IndexExpr.IndexVar(vars.get(k)) : built[op.format().modeOfLevel(k)]);
        }
        KernelSpec.Access acc = new KernelSpec.Access(id, op, levelIndex, vars);
        spec.setAccess(acc);
        return new IndexExpr.Read(acc);
    }

    /** Registers the scalars a uniform condition reads (it reads no tensor and no index). */
    private void scalars(Expr e) {
        if (e instanceof Expr.Name n) {
            program.symbolOf(n).ifPresent(s -> spec.addScalar(s.name(), s.type().elem()));
        } else if (e instanceof Expr.Unary u) {
            scalars(u.operand());
        } else if (e instanceof Expr.Binary b) {
            scalars(b.left());
            scalars(b.right());
        } else if (e instanceof Expr.IfElse i) {
            scalars(i.condition());
            scalars(i.then());
            scalars(i.otherwise());
        } else if (e instanceof Expr.BuiltinCall c) {
            c.args().forEach(this::scalars);
        } else if (e instanceof Expr.Convert c) {
            scalars(c.value());
        }
    }
}
