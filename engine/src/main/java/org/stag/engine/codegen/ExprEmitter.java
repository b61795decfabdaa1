package org.stag.engine.codegen;

import org.stag.engine.check.CheckedProgram;
import org.stag.engine.cin.ExprTypes;
import org.stag.engine.cin.KernelSpec;
import org.stag.engine.front.Expr;
import org.stag.engine.front.ScalarDef;
import org.stag.engine.front.ScalarType;
import org.stag.engine.front.UnaryOp;
import org.stag.engine.check.Constant;
import org.stag.engine.ops.Operator;

/**
 * Emits a right-hand-side expression as one Java expression of its checked type. Index variables are the
 * loop variables {@code i_NAME}, scalars the locals {@code s_NAME}; an access reads its values array at the
 * resolved position, or its fill value where the position may be or is absent.
 */
final class ExprEmitter {
    private final KernelSpec spec;
    private final CheckedProgram program;
    private final AccessState[] st;

    private final String prefix;
    private final java.util.Map<Expr.Access, String> overrides;
    /** While a Def's body is emitted: its parameters, bound to the Java of its arguments. */
    private java.util.Map<String, String> params = java.util.Map.of();

    /** An emitter of expressions without accesses: a {@code Def}'s body, applied in accumulator updates. */
    private ExprEmitter(CheckedProgram program) {
        this.spec = null;
        this.program = program;
        this.st = new AccessState[0];
        this.prefix = "a";
        this.overrides = java.util.Map.of();
    }

    /**
     * Java for {@code op(x, y)} in type {@code t}: the descriptor's template for a built-in, the body with its
     * parameters bound to {@code x} and {@code y} for a {@code Def}. Both may be used more than once, so they
     * must be side-effect free (variables or reads).
     */
    static String apply(CheckedProgram program, Operator op, String x, String y, ScalarType t) {
        return new ExprEmitter(program).applyOp(op, x, y, t);
    }

    private String applyOp(Operator op, String x, String y, ScalarType t) {
        if (op.def() == null) {
            return op.java(x, y, t);
        }
        ScalarDef d = op.def();
        java.util.Map<String, String> saved = params;
        params = java.util.Map.of(d.params().get(0).name(), "(" + x + ")", d.params().get(1).name(), "(" + y + ")");
        try {
            return JavaTypes.convert(emit(d.body(), op.declaredType()), op.declaredType(), t);
        } finally {
            params = saved;
        }
    }

    ExprEmitter(KernelSpec spec, AccessState[] st) {
        this(spec, st, "a", java.util.Map.of());
    }

    /**
     * An emitter whose values arrays are named {@code prefix + id + "_vals"} and where the reads in
     * {@code overrides} (by identity) are replaced by the given Java expressions — a fused kernel's values
     * computed earlier in the same iteration.
     */
    ExprEmitter(KernelSpec spec, AccessState[] st, String prefix, java.util.Map<Expr.Access, String> overrides) {
        this.spec = spec;
        this.program = spec.program();
        this.st = st;
        this.prefix = prefix;
        this.overrides = overrides;
    }

    /** {@code e} converted to {@code to}. */
    String emit(Expr e, ScalarType to) {
        return JavaTypes.convert(emit(e), program.typeOf(e), to);
    }

    /** {@code e} in its checked type. */
    String emit(Expr e) {
        ScalarType t = program.typeOf(e);
        if (e instanceof Expr.IntLiteral i) {
            return t.isIntegral() ? JavaTypes.literal(Constant.ofInteger(t, i.value()))
                    : JavaTypes.literal(Constant.ofReal(t.isFloating() ? t : ScalarType.DOUBLE, i.value()));
        }
        if (e instanceof Expr.FloatLiteral f) {
            return JavaTypes.literal(Constant.ofReal(t, f.value()));
        }
        if (e instanceof Expr.BoolLiteral b) {
            return Boolean.toString(b.value());
        }
        if (e instanceof Expr.Fill) {
            return JavaTypes.literal(spec.targetFill());
        }
        if (e instanceof Expr.Name n) {
            String bound = params.get(n.name());
            if (bound != null) {
                return bound;
            }
            return program.symbolOf(n).isPresent() ? "s_" + n.name() : JavaTypes.convert("i_" + n.name(), ScalarType.INT, t);
        }
        if (e instanceof Expr.Access a) {
            return access(spec.access(a));
        }
        if (e instanceof Expr.Unary u) {
            return u.op() == UnaryOp.NOT ? "(!" + emit(u.operand()) + ")" : "(-" + emit(u.operand(), t) + ")";
        }
        if (e instanceof Expr.Binary b) {
            if (b.op().isLogical()) {
                return "(" + emit(b.left()) + " " + b.op().symbol() + " " + emit(b.right()) + ")";
            }
            ScalarType ot = b.op().isComparison() ? ExprTypes.comparison(program, b) : t;
            return "(" + emit(b.left(), ot) + " " + b.op().symbol() + " " + emit(b.right(), ot) + ")";
        }
        if (e instanceof Expr.IfElse i) {
            Boolean u = spec == null ? null : spec.uniformValue(i);
            if (u != null) {
                return emit(u ? i.then() : i.otherwise(), t);
            }
            return "(" + emit(i.condition()) + " ? " + emit(i.then(), t) + " : " + emit(i.otherwise(), t) + ")";
        }
        if (e instanceof Expr.BuiltinCall c) {
            Operator op = program.operator(c.function());
            ScalarType at = op.typing() == Operator.Typing.LOGICAL ? ScalarType.BOOL : t;
            return applyOp(op, emit(c.args().get(0), at), emit(c.args().get(1), at), at);
        }
        if (e instanceof Expr.Convert c) {
            return emit(c.value(), c.type());
        }
        throw new IllegalArgumentException("cannot compile " + e);
    }

    /** The value an access reads at the current point of the loop nest. */
    String access(KernelSpec.Access a) {
        String o = overrides.get(a.node());
        if (o != null) {
            return o;
        }
        AccessState s = st[a.id()];
        String fill = JavaTypes.literal(a.tensor().fill());
        if (s.absent) {
            return fill;
        }
        if (s.resolved != a.levels()) {
            throw new IllegalStateException("internal error: access " + a.node() + " read before its levels are resolved");
        }
        if (s.val != null) {
            String v = JavaTypes.convert(s.val, ScalarType.DOUBLE, a.tensor().elem());
            return s.maybeAbsent ? "(" + s.ok + " ? " + v + " : " + fill + ")" : v;
        }
        String read = prefix + a.id() + "_vals[" + s.pos + "]";
        return s.maybeAbsent ? "(" + s.pos + " >= 0 ? " + read + " : " + fill + ")" : read;
    }
}
